import NIOCore
import NIOHTTP1
import NIOWebSocket

/// Answers what Hummingbird leaves unanswered before a connection's first request is parsed,
/// and watches the WebSocket once it is upgraded.
///
/// It sits at the end of the pipeline while Hummingbird's upgrade handler decides what the
/// connection is; NIO's HTTP decoder reports malformed input as an error that would otherwise
/// reach no one (the connection would stay open, unanswered). The guard answers as HTTP says:
/// 431 for headers too large or too many, 505 for an HTTP version other than 1.x, 400 for
/// anything else the parser refuses (an unknown method, a header without a colon, NUL or raw
/// non-ASCII bytes in the target, a negative Content-Length). A connection that has not sent
/// its first header within the timeout is answered 408. Each answer closes the connection:
/// the guard stops writing, reads and drops what the client still sends for at most
/// ``lingerTime`` (so the client sees the answer instead of a reset), then closes.
///
/// Once the request is an HTTP request, Hummingbird's own handlers take over (with their idle
/// timeout). Once it is a WebSocket, the guard puts a ``WebSocketFrameGuard`` behind the frame
/// decoder and leaves.
final class HTTPRequestGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// How long a refused client may go on sending before the connection is closed.
    static let lingerTime = TimeAmount.seconds(2)

    private let headerTimeout: TimeAmount
    private let maximumFramesPerMessage: Int
    private var timeout: Scheduled<Void>?
    private var answered = false

    init(headerTimeout: TimeAmount, maximumFramesPerMessage: Int) {
        self.headerTimeout = headerTimeout
        self.maximumFramesPerMessage = maximumFramesPerMessage
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        timeout = context.eventLoop.scheduleTask(in: headerTimeout) {
            self.answer(.requestTimeout, reason: "no request header within the time allowed", context: loopBound.value)
        }
    }

    /// Stops the header timer: a request came, or the connection was answered or went.
    private func cancelTimeout() {
        timeout?.cancel()
        timeout = nil
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimeout()
    }

    func channelInactive(context: ChannelHandlerContext) {
        // Closed before any request was negotiated (answered here, or the client left): tell
        // the upgrade handler the input ended, so Hummingbird's negotiation ends as "input
        // closed" (logged at trace level) rather than as an error for every such connection.
        if timeout != nil || answered { Self.endNegotiation(of: context.channel) }
        context.fireChannelInactive()
    }

    private static func endNegotiation(of channel: any Channel) {
        channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !answered else { return }
        // The first part through is the request's head, after Hummingbird chose plain HTTP:
        // its handlers (behind this one) take the connection from here.
        cancelTimeout()
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case HTTPServerUpgradeEvents.upgradeComplete = event {
            cancelTimeout()
            let operations = context.pipeline.syncOperations
            if let decoder = try? operations.handler(type: ByteToMessageHandler<WebSocketFrameDecoder>.self) {
                try? operations.addHandler(
                    WebSocketFrameGuard(maximumFramesPerMessage: maximumFramesPerMessage), position: .after(decoder))
            }
            context.fireUserInboundEventTriggered(event)
            operations.removeHandler(context: context, promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        switch parserError {
        case .headerOverflow: answer(.requestHeaderFieldsTooLarge, reason: "request header too large", context: context)
        case .invalidVersion: answer(.httpVersionNotSupported, reason: "only HTTP/1.x is served", context: context)
        default: answer(.badRequest, reason: "malformed request (\(parserError))", context: context)
        }
    }

    /// Writes `status` with `reason` as a plain-text body, then closes (see the type's notes).
    private func answer(_ status: HTTPResponseStatus, reason: String, context: ChannelHandlerContext) {
        guard !answered else { return }
        answered = true
        cancelTimeout()
        let body = context.channel.allocator.buffer(string: "\(status.code) \(status.reasonPhrase): \(reason)\n")
        var head = HTTPResponseHead(version: .http1_1, status: status)
        head.headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        head.headers.add(name: "Content-Length", value: String(body.readableBytes))
        head.headers.add(name: "Connection", value: "close")
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            channel.close(mode: .output, promise: nil)
            channel.eventLoop.scheduleTask(in: Self.lingerTime) {
                Self.endNegotiation(of: channel)
                channel.close(promise: nil)
            }
        }
    }
}
