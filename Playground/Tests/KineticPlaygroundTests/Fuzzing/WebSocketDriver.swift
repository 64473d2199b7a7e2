// A hostile client's raw bytes after the WebSocket upgrade, through everything the server runs
// on them, into a session: shared by the corpus regression tests (FuzzCorpusTests) and the fuzz
// targets, which compile this file through a symlink (Fuzz/Sources/FuzzWebSocket/).
import Foundation
import NIOCore
import NIOEmbedded
import NIOWebSocket

@testable import KineticPlayground

/// Feeds bytes, as a client's socket delivers them once upgraded, through the server's path:
/// NIO's frame decoder (the server's frame limit) and protocol-error handler with the
/// playground's ``WebSocketFrameGuard`` behind the decoder, as the upgrade installs them; then
/// what Hummingbird's inbound stream does with a frame (a close ends the stream, a fragmented
/// control frame, reserved bits on a data frame or a reserved opcode close it with 1002); then
/// the ``MessageAssembler`` and the session, through a ``SessionDriver`` that checks every
/// answer.
///
/// A ping stands for the client waiting as well: Hummingbird answers pings itself, and here
/// each one also lets time pass before the next frame, 8 ms for each of its first payload
/// byte's units (one frame's 1/120 s when it has none), so the bytes alone decide the run.
final class WebSocketDriver {
    let session: SessionDriver
    private let channel: EmbeddedChannel
    private let frames: FrameCollector
    private var assembler = MessageAssembler(
        maximumBytes: PlaygroundSession.maximumMessageBytes,
        maximumFrames: PlaygroundServer.Limits().maximumFramesPerMessage)
    /// Why the connection ended, once it did.
    private(set) var closed: String?
    private(set) var violations: [String] = []

    /// Plays a fuzz input: its first byte n cuts the rest into socket reads of 16 × n bytes
    /// (all in one read when n is 0), as a client's bytes may arrive.
    static func play(_ input: [UInt8]) -> WebSocketDriver {
        let driver = WebSocketDriver()
        defer { driver.finish() }
        guard let first = input.first else { return driver }
        let size = first == 0 ? max(1, input.count) : Int(first) * 16
        var start = 1
        while start < input.count, driver.read(input[start..<min(start + size, input.count)]) {
            start += size
        }
        return driver
    }

    init() {
        session = SessionDriver()
        frames = FrameCollector()
        channel = EmbeddedChannel()
        let limits = PlaygroundServer.Limits()
        try? channel.pipeline.syncOperations.addHandlers([
            ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: PlaygroundSession.maximumMessageBytes)),
            WebSocketFrameGuard(maximumFramesPerMessage: limits.maximumFramesPerMessage),
            WebSocketProtocolErrorHandler(isServer: true),
            frames,
        ])
    }

    /// The violations of this driver and its session.
    var allViolations: [String] { violations + session.violations }

    /// Feeds one socket read's bytes; false once the connection has ended.
    @discardableResult
    func read(_ bytes: some Collection<UInt8>) -> Bool {
        guard closed == nil else { return false }
        do {
            try channel.writeInbound(channel.allocator.buffer(bytes: bytes))
        } catch {
            end("the pipeline refused the read: \(error)")
        }
        checkOutbound()
        for frame in frames.take() where closed == nil {
            handle(frame)
        }
        if closed == nil, !channel.isActive { end("the pipeline closed the connection") }
        return closed == nil
    }

    /// Closes the pipeline (an embedded channel's handlers and the channel hold each other
    /// until it is finished).
    func finish() {
        end("finished")
        checkOutbound()
        _ = try? channel.finish(acceptAlreadyClosed: true)
    }

    /// Ends the connection: the server stops reading.
    private func end(_ why: String) {
        if closed == nil { closed = why }
    }

    /// What Hummingbird's inbound stream does with one frame, then the assembler and the session.
    private func handle(_ frame: WebSocketFrame) {
        switch frame.opcode {
        case .connectionClose: end("the client closed")
        case .ping, .pong:
            guard frame.fin else { return end("a fragmented control frame (1002)") }
            if frame.opcode == .ping {
                let data = frame.unmaskedData
                let units = data.readableBytes == 0 ? nil : data.getInteger(at: data.readerIndex, as: UInt8.self)
                session.advance(by: units.map { Double($0) * 0.008 } ?? SessionDriver.period)
            }
        case .text, .binary, .continuation:
            guard frame.reservedBits.isEmpty else { return end("reserved bits on a data frame (1002)") }
            let opcode: MessageAssembler.Opcode =
                frame.opcode == .text ? .text : frame.opcode == .binary ? .binary : .continuation
            let text: String?
            do {
                text = try assembler.append(opcode, payload: frame.unmaskedData, fin: frame.fin)
            } catch {
                checkAssemblerRefusal(error)
                return end("the assembler refused: \(error)")
            }
            if let text, !session.receive(text) { end("the session dropped the client: \(session.dropped!)") }
        default: end("a reserved opcode (1002)")
        }
    }

    /// The assembler's refusals are the ones a frame stream can earn, with a close frame's reason.
    private func checkAssemblerRefusal(_ error: PlaygroundError) {
        switch error {
        case .messageTooLarge, .tooManyFrames, .invalidUTF8, .unsupportedData, .protocolViolation: break
        case .malformed, .flooding: violations.append("the assembler refused with \(error)")
        }
        if error.closeReason.utf8.count > 123 { violations.append("close reason over 123 bytes: \(error.closeReason)") }
    }

    /// What the server wrote (a close from the frame guard or the error handler) fits a control
    /// frame and carries a code.
    private func checkOutbound() {
        while let frame = try? channel.readOutbound(as: WebSocketFrame.self) {
            guard frame.opcode == .connectionClose else {
                violations.append("the pipeline wrote a \(frame.opcode) frame")
                continue
            }
            if frame.data.readableBytes > 125 || frame.data.readableBytes < 2 {
                violations.append("a close frame of \(frame.data.readableBytes) bytes")
            }
            if !frame.fin { violations.append("a fragmented close frame") }
        }
    }

    /// Keeps the frames that reach the end of the pipeline.
    private final class FrameCollector: ChannelInboundHandler {
        typealias InboundIn = WebSocketFrame
        private var frames: [WebSocketFrame] = []

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            frames.append(unwrapInboundIn(data))
        }

        func take() -> [WebSocketFrame] {
            defer { frames = [] }
            return frames
        }
    }
}
