import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import KineticDynamics
import KineticScenes
import NIOCore
import NIOFoundationCompat
import Testing
import WSClient

@testable import KineticPlayground

extension LiveServerTests {
    /// The real server on a free port, talked to by a real WebSocket client.
    @Suite("Playground server", .serialized)
    struct PlaygroundServerTests {
        @Test func servesThePageAndAWorldPerConnection() async throws {
            let app = PlaygroundServer.application(port: 0)
            try await app.test(.live) { client in
                // The page and every file it names: its style and scripts (each module's imports
                // too) and its icon, each with its type; the canvas keeps touch drags.
                var files = ["/"]
                var served: [String: String] = [:]
                while let path = files.popLast() {
                    guard served[path] == nil else { continue }
                    try await client.execute(uri: path, method: .get) { response in
                        #expect(response.status == .ok, "\(path)")
                        let text = String(buffer: response.body)
                        served[path] = text
                        let type = response.headers[.contentType] ?? ""
                        let expected =
                            path == "/"
                            ? "text/html" : PageFiles.contentTypes[String(path.split(separator: ".").last ?? "")] ?? "?"
                        #expect(type.hasPrefix(expected.split(separator: ";")[0]), "\(path): \(type)")
                        // Each reference resolved as the browser resolves it, from this file's folder.
                        for pattern in [#"(?:src|href)="([^"]+)""#, #"from "(\.{1,2}/[^"]+)""#] {
                            for match in text.matches(of: try! Regex(pattern)) {
                                let name = String(match.output[1].substring ?? "")
                                let base = URL(string: "http://page" + path)
                                if let resolved = URL(string: name, relativeTo: base)?.path { files.append(resolved) }
                            }
                        }
                    }
                }
                #expect(served.count >= 9, "\(served.keys.sorted())")
                #expect(served["/style.css"]?.contains("touch-action: none") == true)
                // The code view's sources are the repository's files; nothing else is served.
                try await client.execute(uri: "/code/toss", method: .get) { response in
                    let sources = try JSONDecoder().decode(
                        [SceneSources.Source].self, from: Data(buffer: response.body))
                    #expect(sources.map(\.path) == InteractiveSceneName.toss.about.sources)
                    for source in sources {
                        let url = SceneSources.repositoryRoot.appendingPathComponent(source.path)
                        #expect(source.text == (try String(contentsOf: url, encoding: .utf8)))
                    }
                }
                for missing in ["/code/nowhere", "/Package.swift", "/../Package.swift", "/js/../../Package.swift"] {
                    try await client.execute(uri: missing, method: .get) { response in
                        #expect(response.status == .notFound, "\(missing)")
                    }
                }
                let close = try await client.ws("/ws") { inbound, outbound, _ in
                    var messages = inbound.messages(maxSize: 1 << 22).makeAsyncIterator()
                    guard case .text(let hello)? = try await messages.next() else {
                        Issue.record("no hello")
                        return
                    }
                    #expect(hello.contains("\"type\":\"hello\"") && hello.contains("\"scene\":\"drag\""))
                    guard case .text(let frame)? = try await messages.next() else {
                        Issue.record("no first frame")
                        return
                    }
                    #expect(frame.contains("\"type\":\"frame\"") && frame.contains("\"kind\":\"cell\""))
                    try await outbound.write(.text("{\"type\":\"scene\",\"name\":\"toss\"}"))
                    var switched = false
                    while let message = try await messages.next() {
                        if case .text(let text) = message, text.contains("\"type\":\"hello\""),
                            text.contains("\"scene\":\"toss\"")
                        {
                            switched = true
                            break
                        }
                    }
                    #expect(switched)
                    try await outbound.close(.normalClosure, reason: nil)
                }
                #expect(close?.closeCode == .normalClosure)
            }
        }

        /// A malformed message drops that client with the reason; a second client is unaffected.
        @Test func aBadClientIsDroppedWithAReasonAndOthersCarryOn() async throws {
            let app = PlaygroundServer.application(port: 0)
            try await app.test(.live) { client in
                let bad = try await client.ws("/ws") { inbound, outbound, _ in
                    try await outbound.write(.text("{this is not json"))
                    for try await _ in inbound.messages(maxSize: 1 << 22) {}
                }
                #expect(bad?.closeCode == .dataInconsistentWithMessage)
                #expect(bad?.reason?.contains("malformed message") == true)

                // A message type of 1000 characters: the close reason is cut to fit a control frame
                // (RFC 6455 §5.5), not echoed whole.
                let long = try await client.ws("/ws") { inbound, outbound, _ in
                    try await outbound.write(.text("{\"type\":\"\(String(repeating: "q", count: 1000))\"}"))
                    for try await _ in inbound.messages(maxSize: 1 << 22) {}
                }
                #expect(long?.closeCode == .dataInconsistentWithMessage)
                #expect((long?.reason?.utf8.count ?? 999) <= 123, "\(long?.reason ?? "no reason")")

                let oversized = try await client.ws("/ws") { inbound, outbound, _ in
                    try await outbound.write(
                        .text(String(repeating: " ", count: PlaygroundSession.maximumMessageBytes + 10)))
                    for try await _ in inbound.messages(maxSize: 1 << 22) {}
                }
                #expect(oversized?.closeCode == .messageTooLarge)

                let good = try await client.ws("/ws") { inbound, outbound, _ in
                    var messages = inbound.messages(maxSize: 1 << 22).makeAsyncIterator()
                    guard case .text(let hello)? = try await messages.next() else {
                        Issue.record("no hello")
                        return
                    }
                    #expect(hello.contains("\"type\":\"hello\""))
                    try await outbound.close(.normalClosure, reason: nil)
                }
                #expect(good?.closeCode == .normalClosure)
            }
        }

        /// Fuzzing over real WebSockets: 60 clients, each sending a few random, mutated, binary or
        /// oversized messages and some leaving abruptly. Whatever they send, the server keeps
        /// running: afterwards `/health` answers and a new client gets its hello and frames.
        @Test func randomAndMalformedMessagesNeverCrashTheServer() async throws {
            let app = PlaygroundServer.application(port: 0)
            try await app.test(.live) { client in
                var random = SeededRandom(seed: 2026)
                let valid = [
                    touchJSON("began", 100, 100), touchJSON("moved", 150, 300), touchJSON("ended", 150, 300),
                    "{\"type\":\"scene\",\"name\":\"sandbox\"}", "{\"type\":\"debug\",\"on\":true}",
                    "{\"type\":\"parameter\",\"name\":\"gravity\",\"value\":2}", "{\"type\":\"record\",\"on\":true}",
                ]
                for _ in 0..<60 {
                    var messages: [WebSocketMessage] = []
                    for _ in 0..<Int(1 + random.next() % 6) {
                        var bytes = Array(valid[Int(random.next() % UInt64(valid.count))].utf8)
                        switch random.next() % 5 {
                        case 0: messages.append(.text(String(decoding: bytes, as: UTF8.self)))
                        case 1:
                            for _ in 0..<Int(1 + random.next() % 4) {
                                bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(
                                    truncatingIfNeeded: random.next())
                            }
                            messages.append(.text(String(decoding: bytes, as: UTF8.self)))
                        case 2:
                            messages.append(
                                .binary(
                                    ByteBuffer(
                                        bytes: (0..<Int(random.next() % 64)).map { _ in
                                            UInt8(truncatingIfNeeded: random.next())
                                        })))
                        case 3: messages.append(.text(String(repeating: "[", count: Int(random.next() % 5000))))
                        default:
                            messages.append(
                                .text(String(repeating: "x", count: PlaygroundSession.maximumMessageBytes + 1)))
                        }
                    }
                    let abrupt = random.next() % 3 == 0
                    let batch = messages
                    // The server may drop such a client at any point, so the client's own errors
                    // (a reset connection) are expected; what matters is the server afterwards.
                    _ = try? await client.ws("/ws") { inbound, outbound, _ in
                        for message in batch {
                            switch message {
                            case .text(let text): try await outbound.write(.text(text))
                            case .binary(let buffer): try await outbound.write(.binary(buffer))
                            }
                        }
                        if abrupt { return }
                        try await outbound.close(.normalClosure, reason: nil)
                        for try await _ in inbound.messages(maxSize: 1 << 22) {}
                    }
                }
                // On a new connection: the test client's own, opened at the start and unused
                // since, may have met the server's header timeout meanwhile.
                let health = try await RawClient.exchange(
                    port: try #require(client.port),
                    sending: [Array("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)])
                #expect(health.status == 200)
                let close = try await client.ws("/ws") { inbound, outbound, _ in
                    var messages = inbound.messages(maxSize: 1 << 22).makeAsyncIterator()
                    guard case .text(let hello)? = try await messages.next() else {
                        Issue.record("no hello")
                        return
                    }
                    #expect(hello.contains("\"type\":\"hello\""))
                    guard case .text(let frame)? = try await messages.next() else {
                        Issue.record("no frame")
                        return
                    }
                    #expect(frame.contains("\"type\":\"frame\""))
                    try await outbound.close(.normalClosure, reason: nil)
                }
                #expect(close?.closeCode == .normalClosure)
            }
        }
    }
}
