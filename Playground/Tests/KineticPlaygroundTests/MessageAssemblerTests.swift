import NIOCore
import Testing

@testable import KineticPlayground

/// Frames back into messages, within the caps (RFC 6455 §5.4 fragmentation, §8.1 UTF-8).
@Suite("Message assembler")
struct MessageAssemblerTests {
    private func assembler(bytes: Int = 1 << 20, frames: Int = 8) -> MessageAssembler {
        MessageAssembler(maximumBytes: bytes, maximumFrames: frames)
    }

    private func buffer(_ bytes: [UInt8]) -> ByteBuffer { ByteBuffer(bytes: bytes) }

    @Test func aWholeTextFrameIsAMessage() throws {
        var a = assembler()
        #expect(try a.append(.text, payload: ByteBuffer(string: "{\"a\":1}"), fin: true) == "{\"a\":1}")
        // And the next message starts afresh.
        #expect(try a.append(.text, payload: ByteBuffer(string: "x"), fin: true) == "x")
    }

    /// A character split across frames is put back together (validity is a property of the
    /// whole message, not of each frame).
    @Test func fragmentsJoinEvenInsideACharacter() throws {
        let bytes = Array("é→🙂".utf8)
        var a = assembler()
        #expect(try a.append(.text, payload: buffer(Array(bytes[0..<1])), fin: false) == nil)
        #expect(try a.append(.continuation, payload: buffer(Array(bytes[1..<5])), fin: false) == nil)
        #expect(try a.append(.continuation, payload: buffer([]), fin: false) == nil)
        #expect(try a.append(.continuation, payload: buffer(Array(bytes[5...])), fin: true) == "é→🙂")
    }

    @Test func fragmentsOutOfOrderAreProtocolErrors() {
        var a = assembler()
        #expect(throws: PlaygroundError.protocolViolation("a continuation frame with no message to continue")) {
            try a.append(.continuation, payload: ByteBuffer(), fin: true)
        }
        var b = assembler()
        _ = try? b.append(.text, payload: ByteBuffer(string: "{"), fin: false)
        #expect(throws: PlaygroundError.protocolViolation("a new message began before the last one finished")) {
            try b.append(.text, payload: ByteBuffer(string: "{}"), fin: true)
        }
        #expect(PlaygroundError.protocolViolation("").closeCode == 1002)
    }

    /// Empty continuation frames are counted: frame number `maximumFrames + 1` closes the
    /// connection with 1009, however few bytes they carry.
    @Test func emptyContinuationFramesHitTheFrameCap() throws {
        var a = assembler(frames: 8)
        #expect(try a.append(.text, payload: ByteBuffer(string: "{"), fin: false) == nil)
        for _ in 2...8 { #expect(try a.append(.continuation, payload: ByteBuffer(), fin: false) == nil) }
        #expect(throws: PlaygroundError.tooManyFrames(limit: 8)) {
            try a.append(.continuation, payload: ByteBuffer(), fin: false)
        }
        #expect(PlaygroundError.tooManyFrames(limit: 8).closeCode == 1009)
    }

    /// Each frame is charged its payload plus ``MessageAssembler/frameOverheadBytes``: with a
    /// budget of 4 frames' overhead plus 10 payload bytes, 4 frames of 2.5 bytes on average fit
    /// and one more byte does not.
    @Test func theByteBudgetCountsEachFramesOverhead() throws {
        let overhead = MessageAssembler.frameOverheadBytes
        var a = assembler(bytes: 4 * overhead + 10, frames: 100)
        #expect(try a.append(.text, payload: buffer([0x7B, 0x22, 0x61]), fin: false) == nil)
        #expect(try a.append(.continuation, payload: buffer([0x22, 0x3A]), fin: false) == nil)
        #expect(try a.append(.continuation, payload: buffer([0x31, 0x2C, 0x22]), fin: false) == nil)
        #expect(try a.append(.continuation, payload: buffer([0x62, 0x22]), fin: false) == nil)
        #expect(throws: PlaygroundError.messageTooLarge(bytes: 5 * overhead + 11)) {
            try a.append(.continuation, payload: buffer([0x3A]), fin: true)
        }
    }

    @Test func binaryAndInvalidUTF8AreRefusedWithTheirCodes() {
        var a = assembler()
        #expect(throws: PlaygroundError.unsupportedData("binary messages are not part of the protocol")) {
            try a.append(.binary, payload: ByteBuffer(string: "{}"), fin: true)
        }
        #expect(PlaygroundError.unsupportedData("").closeCode == 1003)
        // A lone continuation byte, an overlong encoding, a surrogate, a truncated sequence.
        for bad: [UInt8] in [[0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0x7B, 0xE2, 0x82]] {
            var b = assembler()
            #expect(throws: PlaygroundError.invalidUTF8) { try b.append(.text, payload: buffer(bad), fin: true) }
        }
        #expect(PlaygroundError.invalidUTF8.closeCode == 1007)
    }
}

/// RFC 6455 §4.2.1: the key is the base64 encoding of 16 bytes.
@Suite("WebSocket key")
struct WebSocketKeyTests {
    @Test func onlySixteenBytesOfBase64Pass() {
        #expect(WebSocketKey.isValid("dGhlIHNhbXBsZSBub25jZQ=="))  // RFC 6455's example
        #expect(!WebSocketKey.isValid(nil))
        #expect(!WebSocketKey.isValid(""))
        #expect(!WebSocketKey.isValid(String(repeating: "A", count: 65536)))
        #expect(!WebSocketKey.isValid("dGhlIHNhbXBsZSBub25jZQ"))  // 16 bytes, unpadded
        #expect(!WebSocketKey.isValid("dGhlIHNhbXBsZSBub25jZTEy"))  // 18 bytes
        #expect(!WebSocketKey.isValid("dGhlIHNhbXBsZSBub25jZ!=="))  // not base64
    }
}
