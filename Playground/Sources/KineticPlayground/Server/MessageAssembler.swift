import NIOCore

/// Puts a client's WebSocket frames back together into text messages, within bounds: at most
/// ``maximumFrames`` frames and ``maximumBytes`` bytes per message, where every frame is charged
/// ``frameOverheadBytes`` on top of its payload, so a stream of empty continuation frames costs
/// as much as the bytes it took on the wire and cannot grow without bound. The payload goes into
/// one buffer (no per-frame storage is kept), and a text message must be valid UTF-8
/// (RFC 6455 §8.1).
struct MessageAssembler {
    /// A data frame's kind (control frames never reach the assembler).
    enum Opcode: Sendable { case text, binary, continuation }

    /// The most bytes one message may take, payload plus per-frame overhead.
    let maximumBytes: Int
    /// The most frames one message may be split into.
    let maximumFrames: Int
    /// What each frame is charged on top of its payload: the smallest frame header a client can
    /// send (2 bytes) and its mask (4), rounded up to a word pair for the bookkeeping it costs.
    static let frameOverheadBytes = 16

    private var buffer: ByteBuffer?
    private var isText = false
    private var frames = 0
    private var charged = 0

    init(maximumBytes: Int, maximumFrames: Int) {
        self.maximumBytes = maximumBytes
        self.maximumFrames = maximumFrames
    }

    /// Adds one frame. Returns the message when `fin` completes it; throws to close the
    /// connection: a continuation with nothing to continue, a new message before the last one
    /// finished (RFC 6455 §5.4: both protocol errors), too many frames or bytes, a binary
    /// message, or text that is not UTF-8.
    mutating func append(_ opcode: Opcode, payload: ByteBuffer, fin: Bool) throws(PlaygroundError) -> String? {
        switch opcode {
        case .continuation:
            guard buffer != nil else { throw .protocolViolation("a continuation frame with no message to continue") }
        case .text, .binary:
            guard buffer == nil else { throw .protocolViolation("a new message began before the last one finished") }
            buffer = ByteBuffer()
            isText = opcode == .text
            frames = 0
            charged = 0
        }
        frames += 1
        charged += payload.readableBytes + Self.frameOverheadBytes
        guard frames <= maximumFrames else { throw .tooManyFrames(limit: maximumFrames) }
        guard charged <= maximumBytes else { throw .messageTooLarge(bytes: charged) }
        var payload = payload
        buffer?.writeBuffer(&payload)
        guard fin, let message = buffer else { return nil }
        buffer = nil
        guard isText else { throw .unsupportedData("binary messages are not part of the protocol") }
        guard let text = String(validating: message.readableBytesView, as: UTF8.self) else {
            throw .invalidUTF8
        }
        return text
    }
}
