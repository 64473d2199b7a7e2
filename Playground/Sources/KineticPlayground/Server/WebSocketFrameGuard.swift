import NIOCore
import NIOWebSocket

/// Checks a client's WebSocket frames as NIO decodes them, before anything is buffered for the
/// session: one socket read can hold up to a mebibyte, that is up to 174,000 empty frames, and
/// everything passed on from here waits in memory until the session reads it. So the frames
/// that must close the connection are stopped here, and everything after them is dropped:
/// - an unmasked frame: 1002 (RFC 6455 §5.1: "a server MUST close the connection upon
///   receiving a frame that is not masked");
/// - a message split into more than `maximumFramesPerMessage` frames: 1009;
/// - more than ``maximumFramesPerRead`` frames in one read, control frames included (a ping
///   flood): 1008.
/// The close frame carries the reason; then the connection closes without waiting for the
/// client's answer.
final class WebSocketFrameGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// The most frames one read may carry: far more than a browser sends at once (it sends each
    /// message as one frame, and at most ``PlaygroundSession/maximumMessagesPerSecond``).
    static let maximumFramesPerRead = 4096

    private let maximumFramesPerMessage: Int
    private var framesThisRead = 0
    private var framesThisMessage = 0
    private var failed = false

    init(maximumFramesPerMessage: Int) {
        self.maximumFramesPerMessage = maximumFramesPerMessage
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !failed else { return }
        let frame = unwrapInboundIn(data)
        framesThisRead += 1
        switch frame.opcode {
        case .text, .binary: framesThisMessage = frame.fin ? 0 : 1
        case .continuation: framesThisMessage = frame.fin ? 0 : framesThisMessage + 1
        default: break
        }
        if frame.maskKey == nil {
            fail(.protocolError, "protocol error: client frames must be masked (RFC 6455 5.1)", context: context)
        } else if framesThisMessage > maximumFramesPerMessage {
            let error = PlaygroundError.tooManyFrames(limit: maximumFramesPerMessage)
            fail(.messageTooLarge, error.closeReason, context: context)
        } else if framesThisRead > Self.maximumFramesPerRead {
            fail(.policyViolation, "too many frames: more than \(Self.maximumFramesPerRead) at once", context: context)
        } else {
            context.fireChannelRead(data)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        framesThisRead = 0
        context.fireChannelReadComplete()
    }

    private func fail(_ code: WebSocketErrorCode, _ reason: String, context: ChannelHandlerContext) {
        failed = true
        var payload = context.channel.allocator.buffer(capacity: 2 + reason.utf8.count)
        payload.write(webSocketErrorCode: code)
        payload.writeString(reason)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: payload)))
            .whenComplete { _ in channel.close(promise: nil) }
    }
}
