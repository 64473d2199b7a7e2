import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import Testing
import WSClient

@testable import KineticPlayground

extension LiveServerTests {
    /// The live server under hostile and broken clients, talked to over raw sockets: malformed and
    /// slow HTTP, protocol violations on the WebSocket, floods, idle sessions, more sessions than
    /// allowed. Each gets the answer HTTP or RFC 6455 gives it, and a well-behaved client is served
    /// throughout.
    @Suite("Playground server under hostile clients", .serialized)
    struct PlaygroundServerHardeningTests {
        /// Runs `body` against a live server with `limits`, its statistics and its port.
        private func withServer(
            limits: PlaygroundServer.Limits = PlaygroundServer.Limits(),
            _ body: @escaping @Sendable (Int, PlaygroundServer.Statistics) async throws -> Void
        ) async throws {
            let statistics = PlaygroundServer.Statistics()
            let app = PlaygroundServer.application(port: 0, limits: limits, statistics: statistics)
            try await app.test(.live) { client in
                let port = try #require(client.port)
                try await body(port, statistics)
            }
        }

        /// A well-behaved client: `/health` answers, and a WebSocket gets its hello and first frame.
        private func expectServed(port: Int) async throws {
            let health = try await RawClient.exchange(
                port: port, sending: [Self.request("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")])
            #expect(health.status == 200 && health.text.hasSuffix("ok"), "\(health.text)")
            let greeted = try await RawClient.exchange(port: port, sending: [RawClient.handshake()]) { bytes in
                RawClient.serverFrames(in: bytes).count >= 2
            }
            let texts = RawClient.serverFrames(in: greeted.bytes).map { String(decoding: $0.payload, as: UTF8.self) }
            #expect(texts.first?.contains("\"type\":\"hello\"") == true, "\(greeted.text.prefix(200))")
            #expect(texts.dropFirst().first?.contains("\"type\":\"frame\"") == true)
        }

        private static func request(_ text: String) -> [UInt8] { Array(text.utf8) }

        /// Malformed requests are answered with the status HTTP gives them (RFC 9110 §15.5.1,
        /// RFC 6585 §5 for 431, RFC 9110 §15.6.6 for 505) and closed, at once; none is left open.
        @Test func malformedHTTPIsAnsweredAndClosed() async throws {
            let cases: [(name: String, bytes: [UInt8], status: Int)] = [
                ("an unknown method", Self.request("FOO / HTTP/1.1\r\nHost: x\r\n\r\n"), 400),
                ("HTTP/9.9", Self.request("GET / HTTP/9.9\r\nHost: x\r\n\r\n"), 505),
                ("a header without a colon", Self.request("GET / HTTP/1.1\r\nHost x\r\n\r\n"), 400),
                ("NUL in the path", Self.request("GET /\u{0}a HTTP/1.1\r\nHost: x\r\n\r\n"), 400),
                (
                    "raw non-ASCII bytes in the path",
                    Array("GET /".utf8) + [0xFF, 0xFE] + Array(" HTTP/1.1\r\n\r\n".utf8), 400
                ),
                (
                    "a negative Content-Length",
                    Self.request("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n"), 400
                ),
                (
                    "20,000 headers",
                    Self.request(
                        "GET / HTTP/1.1\r\nHost: x\r\n" + (0..<20_000).map { "X-\($0): y\r\n" }.joined() + "\r\n"),
                    431
                ),
                (
                    "a 1 MiB header",
                    Self.request("GET / HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: 1 << 20) + "\r\n\r\n"), 431
                ),
            ]
            try await withServer { port, _ in
                for (name, bytes, status) in cases {
                    let answer = try await RawClient.exchange(port: port, sending: [bytes], timeout: .seconds(5))
                    #expect(answer.status == status, "\(name): \(answer.text.prefix(120))")
                    #expect(answer.text.contains("Connection: close"), "\(name)")
                    #expect(answer.closedByServer, "\(name): left open")
                }
                try await expectServed(port: port)
            }
        }

        /// A client that never finishes its request header is answered 408 once the header timeout
        /// passes, even while it trickles bytes; an idle keep-alive connection is closed after the
        /// idle timeout. (Short timeouts, configured for the test.)
        @Test func slowAndIdleConnectionsAreTimedOut() async throws {
            var limits = PlaygroundServer.Limits()
            limits.requestHeaderTimeout = .milliseconds(300)
            limits.idleTimeout = .milliseconds(300)
            try await withServer(limits: limits) { port, _ in
                let trickle = "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ".utf8.map { [$0] }
                let slow = try await RawClient.exchange(port: port, sending: trickle, pause: .milliseconds(20))
                #expect(slow.status == 408, "\(slow.text.prefix(120))")
                #expect(slow.closedByServer)

                let idle = try await RawClient.exchange(
                    port: port, sending: [Self.request("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")], timeout: .seconds(5)
                )
                #expect(idle.status == 200)
                #expect(idle.closedByServer, "an idle keep-alive connection stays open")
                try await expectServed(port: port)
            }
        }

        /// Only `/ws` is a WebSocket (whatever its query): a handshake for another path gets no
        /// upgrade (400), as one with a bad key does.
        @Test func onlyTheWebSocketPathUpgrades() async throws {
            try await withServer { port, _ in
                for path in ["/", "/ws2", "/code/ws", "/health", "/index.html"] {
                    let refused = try await RawClient.exchange(port: port, sending: [RawClient.handshake(path: path)])
                    #expect(refused.status == 400, "\(path): \(refused.text.prefix(80))")
                }
                for path in ["/ws?from=test", "/ws/"] {
                    let greeted = try await RawClient.exchange(port: port, sending: [RawClient.handshake(path: path)]) {
                        RawClient.serverFrames(in: $0).count >= 2
                    }
                    #expect(greeted.status == 101, "\(path): \(greeted.text.prefix(80))")
                    let hello = RawClient.serverFrames(in: greeted.bytes).first.map {
                        String(decoding: $0.payload, as: UTF8.self)
                    }
                    #expect(hello?.contains("\"type\":\"hello\"") == true, "\(path)")
                }
                try await expectServed(port: port)
            }
        }

        /// RFC 6455: a key that is not 16 bytes of base64 gets no upgrade (400); an unmasked client
        /// frame closes with 1002; text that is not UTF-8 with 1007; a binary message with 1003; a
        /// continuation with nothing to continue with 1002; a flood of pings with 1008.
        @Test func webSocketProtocolViolationsCloseWithTheirCodes() async throws {
            try await withServer { port, _ in
                for key in [String(repeating: "A", count: 65536), "c2hvcnQ=", "dGhlIHNhbXBsZSBub25jZTEy"] {
                    let refused = try await RawClient.exchange(port: port, sending: [RawClient.handshake(key: key)])
                    #expect(refused.status == 400, "key of \(key.count) characters: \(refused.text.prefix(80))")
                }
                let pingFrame = RawClient.frame(opcode: 9, [])
                let cases: [(name: String, frame: [UInt8], code: UInt16)] = [
                    (
                        "unmasked",
                        RawClient.frame(opcode: 1, Array("{\"type\":\"debug\",\"on\":true}".utf8), masked: false), 1002
                    ),
                    (
                        "invalid UTF-8",
                        RawClient.frame(opcode: 1, Array("{\"type\":\"scene\",\"name\":\"".utf8) + [0xFF, 0x22, 0x7D]),
                        1007
                    ),
                    ("binary", RawClient.frame(opcode: 2, [1, 2, 3]), 1003),
                    ("a continuation first", RawClient.frame(opcode: 0, Array("{}".utf8)), 1002),
                    // 100,000 pings in one write: far more than 4096 frames reach one read.
                    ("a ping flood", [UInt8](repeating: 0, count: 100_000).indices.flatMap { _ in pingFrame }, 1008),
                ]
                for (name, frame, code) in cases {
                    let answer = try await RawClient.exchange(port: port, sending: [RawClient.handshake(), frame]) {
                        RawClient.closeFrame(in: $0) != nil
                    }
                    let close = RawClient.closeFrame(in: answer.bytes)
                    #expect(close?.code == code, "\(name): \(String(describing: close))")
                    #expect((close?.reason.utf8.count ?? 0) > 0 && (close?.reason.utf8.count ?? 999) <= 123, "\(name)")
                }
                try await expectServed(port: port)
            }
        }

        /// The flood: the first fragment of a message, then empty continuation frames
        /// without end (a million, 6 MB on the wire). Before the frame cap the server kept ~146
        /// bytes for each, +141 MiB for a million, most of it kept after the connection closed; now
        /// the message is closed with 1009 at frame 1025, the client stops there, and the assembler
        /// keeps no storage per frame. Measured on `kinetic serve` in its own process: its resident
        /// memory grows by less than 8 MiB over the flood and after it (a twentieth of the old cost;
        /// the room is for buffers the server's first connections warm up).
        ///
        /// Under AddressSanitizer resident memory says little about what the server keeps: the
        /// sanitizer holds freed blocks in its quarantine (up to 256 MiB) before reusing them, and
        /// adds redzones and shadow memory of its own (measured so: 8 to 14 MiB more after the
        /// flood with the quarantine off, 15 MiB with it on). There the same bound holds for the
        /// bytes the sanitizer's allocator counts as allocated and not yet freed, a server in this
        /// process serving the flood: what the heap keeps, exactly (as long as no other test runs
        /// beside this one, as `Scripts/test`'s `--no-parallel` ensures).
        @Test func aFloodOfEmptyContinuationFramesIsCutAndCostsNoMemory() async throws {
            if Self.sanitizerHeapBytes() != nil {
                try await withServer { port, _ in
                    try await flood(port: port, measure: "heap in use") { Self.sanitizerHeapBytes() }
                }
            } else {
                let log = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-flood-\(getpid()).log")
                let server = try await ServerProcess.start(log: log)
                defer { server.stop() }
                try await flood(port: server.port, measure: "resident memory") { server.residentBytes }
            }
        }

        /// The flood at the server on `port`: closed with its reason, and `memory()` grows by less
        /// than 8 MiB over it and after it.
        private func flood(port: Int, measure: String, memory: () -> Int?) async throws {
            let chunk = [UInt8]((0..<10_000).flatMap { _ in RawClient.frame(opcode: 0, [], fin: false) })
            let first = RawClient.frame(opcode: 1, Array("{\"type\":\"scene\",".utf8), fin: false)
            let flood = [RawClient.handshake(), first] + Array(repeating: chunk, count: 100)
            // Served first, so what a first connection sets up once is not counted.
            try await expectServed(port: port)
            let before = try #require(memory())
            let answer = try await RawClient.exchange(port: port, sending: flood, timeout: .seconds(20)) {
                RawClient.closeFrame(in: $0) != nil
            }
            let during = try #require(memory())
            let close = RawClient.closeFrame(in: answer.bytes)
            #expect(close?.code == 1009, "\(String(describing: close))")
            #expect(close?.reason == "message split into more than 1024 frames")
            #expect(during - before < 8 << 20, "\(measure) grew \((during - before) >> 20) MiB over the flood")
            try await expectServed(port: port)
            let after = try #require(memory())
            #expect(after - before < 8 << 20, "\(measure) kept \((after - before) >> 20) MiB after the flood")
            print(
                "the flood: \(measure) grew \((during - before) >> 10) KiB over it, "
                    + "\((after - before) >> 10) KiB after it"
            )
        }

        /// The bytes this process has allocated and not freed, by AddressSanitizer's count
        /// (`__sanitizer_get_current_allocated_bytes`: without its quarantine, redzones or shadow),
        /// or nil when it does not run under AddressSanitizer (ThreadSanitizer has the function
        /// too, and resident memory still means what it says there).
        static func sanitizerHeapBytes() -> Int? {
            guard dlsym(nil, "__asan_init") != nil,
                let symbol = dlsym(nil, "__sanitizer_get_current_allocated_bytes")
            else { return nil }
            return unsafeBitCast(symbol, to: (@convention(c) () -> Int).self)()
        }

        /// Idle sessions do not step: twenty connected clients that send nothing cost no scene
        /// steps at all once their scenes rest, for a whole second; a touch wakes its session,
        /// which steps and sends frames again.
        @Test func idleSessionsDoNotStep() async throws {
            try await withServer { port, statistics in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<20 {
                        group.addTask {
                            _ = try await RawClient.exchange(
                                port: port, sending: [RawClient.handshake()], timeout: .seconds(4))
                        }
                    }
                    // Connected, greeted, and then quiet for more than a quarter second.
                    for _ in 0..<100 where statistics.openSessions < 20 { try await Task.sleep(for: .milliseconds(20)) }
                    #expect(statistics.openSessions == 20)
                    try await Task.sleep(for: .milliseconds(800))
                    let resting = statistics.sceneSteps
                    try await Task.sleep(for: .seconds(1))
                    #expect(statistics.sceneSteps == resting, "\(statistics.sceneSteps - resting) steps while idle")

                    // Input on another connection wakes that session: a toss scene's card is
                    // dragged, and the frame loop steps and draws it while the finger moves.
                    let moves = (1...6).map { i in
                        RawClient.frame(
                            opcode: 1, Array(touchJSON("moved", 250 + 15 * Double(i), 400 - 10 * Double(i)).utf8))
                    }
                    let chunks =
                        [
                            RawClient.handshake(),
                            RawClient.frame(opcode: 1, Array("{\"type\":\"scene\",\"name\":\"toss\"}".utf8)),
                        ]
                        + [RawClient.frame(opcode: 1, Array(touchJSON("began", 250, 400).utf8))] + moves
                    let woken = try await RawClient.exchange(
                        port: port, sending: chunks, pause: .milliseconds(30), timeout: .seconds(2))
                    let texts = RawClient.serverFrames(in: woken.bytes).map {
                        String(decoding: $0.payload, as: UTF8.self)
                    }
                    let afterSwitch = texts.drop { !$0.contains("\"scene\":\"toss\"") }.dropFirst(2)
                    #expect(statistics.sceneSteps > resting)
                    #expect(
                        afterSwitch.contains { $0.contains("\"type\":\"frame\"") },
                        "no frame after the drag: \(texts.count)")
                    try await group.waitForAll()
                }
                try await expectServed(port: port)
            }
        }

        /// At most `maximumSessions` at once: one more is closed with 1013 and the reason, and a
        /// place frees when a client leaves.
        @Test func aFullServerRefusesWithTheReasonAndRecovers() async throws {
            var limits = PlaygroundServer.Limits()
            limits.maximumSessions = 3
            try await withServer(limits: limits) { port, statistics in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<3 {
                        group.addTask {
                            _ = try await RawClient.exchange(
                                port: port, sending: [RawClient.handshake()], timeout: .seconds(2))
                        }
                    }
                    for _ in 0..<100 where statistics.openSessions < 3 { try await Task.sleep(for: .milliseconds(20)) }
                    let refused = try await RawClient.exchange(port: port, sending: [RawClient.handshake()]) {
                        RawClient.closeFrame(in: $0) != nil
                    }
                    let close = RawClient.closeFrame(in: refused.bytes)
                    #expect(close?.code == 1013, "\(String(describing: close))")
                    #expect(close?.reason.contains("3 sessions at once") == true)
                    #expect(statistics.refusedSessions == 1)
                    try await group.waitForAll()
                }
                for _ in 0..<100 where statistics.openSessions > 0 { try await Task.sleep(for: .milliseconds(20)) }
                try await expectServed(port: port)
            }
        }
    }
}
