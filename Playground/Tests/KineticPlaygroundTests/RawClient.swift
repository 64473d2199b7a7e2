import Foundation
import NIOCore
import NIOPosix

/// A TCP client that sends exactly the bytes it is given — malformed HTTP, unmasked or
/// fragmented WebSocket frames — and reports what came back, for tests of a live server.
enum RawClient {
    /// What a connection received, and whether the server closed it.
    struct Exchange {
        var bytes: [UInt8] = []
        var closedByServer = false
        var text: String { String(decoding: bytes, as: UTF8.self) }
        /// The status code of the HTTP response received, if any.
        var status: Int? {
            guard text.hasPrefix("HTTP/1.1 "), text.count >= 12 else { return nil }
            return Int(text.dropFirst(9).prefix(3))
        }
    }

    /// Connects to `port` on loopback, sends `chunks` (after waiting `pause` between them), and
    /// reads until the server closes, `until` says the bytes so far are enough, or `timeout`.
    static func exchange(
        port: Int, sending chunks: [[UInt8]], pause: Duration = .zero, timeout: Duration = .seconds(5),
        until enough: @escaping @Sendable ([UInt8]) -> Bool = { _ in false }
    ) async throws -> Exchange {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        let received = Received()
        var ending = Ending.closed
        do {
            ending = try await Self.run(
                channel, sending: chunks, pause: pause, timeout: timeout, into: received, until: enough)
        } catch ChannelError.ioOnClosedChannel {
            // Closing what the server closed already.
        }
        return Exchange(bytes: received.bytes, closedByServer: ending == .closed)
    }

    private static func run(
        _ channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>, sending chunks: [[UInt8]], pause: Duration,
        timeout: Duration, into received: Received, until enough: @escaping @Sendable ([UInt8]) -> Bool
    ) async throws -> Ending {
        try await channel.executeThenClose { inbound, outbound in
            try await withThrowingTaskGroup(of: Ending.self) { group in
                group.addTask {
                    // The server may close before everything is sent: that is its answer.
                    for (index, chunk) in chunks.enumerated() {
                        if index > 0, pause > .zero { try? await Task.sleep(for: pause) }
                        do { try await outbound.write(ByteBuffer(bytes: chunk)) } catch { break }
                    }
                    return .sent
                }
                group.addTask {
                    do {
                        for try await buffer in inbound where received.append(buffer, enough: enough) {
                            return .enough
                        }
                    } catch {
                        // Reset by the server: closed too.
                    }
                    return .closed
                }
                group.addTask {
                    try? await Task.sleep(for: timeout)
                    return .timedOut
                }
                var ending = Ending.sent
                while ending == .sent, let next = try await group.next() { ending = next }
                group.cancelAll()
                return ending
            }
        }
    }

    private enum Ending: Sendable { case sent, enough, closed, timedOut }

    /// The bytes a connection received so far, shared by its reader and the caller.
    private final class Received: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [UInt8] = []
        var bytes: [UInt8] { lock.withLock { storage } }
        /// Appends `buffer`; true when `enough` says the bytes so far suffice.
        func append(_ buffer: ByteBuffer, enough: ([UInt8]) -> Bool) -> Bool {
            lock.withLock {
                storage += buffer.readableBytesView
                return enough(storage)
            }
        }
    }

    /// A WebSocket opening handshake for `/ws` with `key` (a fresh valid one by default).
    static func handshake(key: String? = nil, path: String = "/ws") -> [UInt8] {
        let key = key ?? Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        return Array(
            ("GET \(path) HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: \(key)\r\n\r\n").utf8)
    }

    /// One WebSocket frame as a client sends it (RFC 6455 §5.2): masked unless told otherwise.
    static func frame(opcode: UInt8, _ payload: [UInt8], fin: Bool = true, masked: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        let mask: UInt8 = masked ? 0x80 : 0
        switch payload.count {
        case ..<126: bytes.append(mask | UInt8(payload.count))
        case ..<65536: bytes += [mask | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: bytes += [mask | 127] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: payload.count >> ($0 * 8)) }
        }
        guard masked else { return bytes + payload }
        let key = (0..<4).map { _ in UInt8.random(in: 0...255) }
        return bytes + key + payload.enumerated().map { $0.element ^ key[$0.offset % 4] }
    }

    /// The server frames after the 101 response in `bytes` (server frames are unmasked), as
    /// (opcode, payload) pairs; an incomplete last frame is left out.
    static func serverFrames(in bytes: [UInt8]) -> [(opcode: UInt8, payload: [UInt8])] {
        guard let end = headerEnd(bytes) else { return [] }
        var frames: [(UInt8, [UInt8])] = []
        var i = end
        while i + 2 <= bytes.count {
            var length = Int(bytes[i + 1] & 0x7F)
            var start = i + 2
            if length == 126, i + 4 <= bytes.count {
                length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
                start = i + 4
            } else if length == 127, i + 10 <= bytes.count {
                length = (2..<10).reduce(0) { $0 << 8 | Int(bytes[i + $1]) }
                start = i + 10
            } else if length >= 126 {
                break
            }
            guard start + length <= bytes.count else { break }
            frames.append((bytes[i] & 0x0F, Array(bytes[start..<start + length])))
            i = start + length
        }
        return frames
    }

    /// The close frame's code and reason in `bytes`, if the server sent one.
    static func closeFrame(in bytes: [UInt8]) -> (code: UInt16, reason: String)? {
        guard let close = serverFrames(in: bytes).first(where: { $0.opcode == 8 }), close.payload.count >= 2 else {
            return nil
        }
        return (
            UInt16(close.payload[0]) << 8 | UInt16(close.payload[1]),
            String(decoding: close.payload.dropFirst(2), as: UTF8.self)
        )
    }

    /// Where the HTTP head in `bytes` ends, if it has.
    static func headerEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for i in 0...(bytes.count - 4)
        where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 {
            return i + 4
        }
        return nil
    }
}
