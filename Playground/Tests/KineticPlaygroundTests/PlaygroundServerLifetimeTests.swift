import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import KineticScenes
import Testing
import WSClient

@testable import KineticPlayground

extension LiveServerTests {
    /// Sessions on the live server are freed when their connections close (issue 32), however
    /// the client leaves: a normal close, a close after playing, dropped by the server for a bad
    /// message, or gone without a close frame.
    @Suite("Playground session lifetime on the server", .serialized)
    struct PlaygroundServerLifetimeTests {
        /// Every session a closed connection had is freed: once no session is open, none is in
        /// memory. (The server frees a connection's session before it gives its place back, so
        /// this holds at the moment `openSessions` reaches 0; no waiting after that.)
        @Test func closedConnectionsFreeTheirSessions() async throws {
            let statistics = PlaygroundServer.Statistics()
            let app = PlaygroundServer.application(port: 0, statistics: statistics)
            try await app.test(.live) { client in
                let port = try #require(client.port)
                for round in 0..<3 {
                    // A client that reads its hello and closes.
                    let polite = try await client.ws("/ws") { inbound, outbound, _ in
                        var messages = inbound.messages(maxSize: 1 << 22).makeAsyncIterator()
                        _ = try await messages.next()
                        try await outbound.close(.normalClosure, reason: nil)
                    }
                    #expect(polite?.closeCode == .normalClosure)
                    // A client that plays (a long press and a drag), then closes.
                    let player = try await client.ws("/ws") { inbound, outbound, _ in
                        var messages = inbound.messages(maxSize: 1 << 22).makeAsyncIterator()
                        _ = try await messages.next()
                        try await outbound.write(.text(touchJSON("began", 60, 60)))
                        for i in 1...5 {
                            try await outbound.write(.text(touchJSON("moved", 60 + 10 * Double(i), 60)))
                        }
                        try await outbound.write(.text(touchJSON("ended", 110, 60)))
                        try await outbound.write(.text("{\"type\":\"scene\",\"name\":\"sandbox\"}"))
                        _ = try await messages.next()
                        try await outbound.close(.normalClosure, reason: nil)
                    }
                    #expect(player?.closeCode == .normalClosure)
                    // A client the server drops for a malformed message.
                    let dropped = try await client.ws("/ws") { inbound, outbound, _ in
                        try await outbound.write(.text("{not json"))
                        for try await _ in inbound.messages(maxSize: 1 << 22) {}
                    }
                    #expect(dropped?.closeCode == .dataInconsistentWithMessage, "round \(round)")
                    // A client that reads its first frames and leaves without a close frame.
                    let gone = try await RawClient.exchange(port: port, sending: [RawClient.handshake()]) { bytes in
                        RawClient.serverFrames(in: bytes).count >= 2
                    }
                    #expect(RawClient.serverFrames(in: gone.bytes).count >= 2)
                }
                // The server notices the last client's going in its own time: wait for it (a
                // wait, not a measurement; a session that never closes fails the next line).
                for _ in 0..<400 where statistics.openSessions > 0 { try await Task.sleep(for: .milliseconds(25)) }
                #expect(statistics.openSessions == 0, "a connection never closed")
                #expect(statistics.sessionsInMemory == 0, "sessions of closed connections are still in memory")
            }
        }

        /// Nothing a connection had outlives the server: once a server that served WebSockets
        /// has stopped, the statistics it counted into are freed, since only the server and its
        /// connections hold them. With hummingbird-websocket's WebSocket router each connection
        /// left a box behind that held the router's handler (and so these statistics, which it
        /// captures) in a reference cycle with the connection's request context: this test saw
        /// the statistics kept, and LeakSanitizer reported the boxes at exit (issue 32).
        @Test func aStoppedServerKeepsNothingOfItsConnections() async throws {
            weak var counted: PlaygroundServer.Statistics?
            do {
                let statistics = PlaygroundServer.Statistics()
                counted = statistics
                let app = PlaygroundServer.application(port: 0, statistics: statistics)
                try await app.test(.live) { client in
                    for _ in 0..<3 {
                        let close = try await client.ws("/ws") { inbound, outbound, _ in
                            var messages = inbound.messages(maxSize: 1 << 22).makeAsyncIterator()
                            _ = try await messages.next()
                            try await outbound.close(.normalClosure, reason: nil)
                        }
                        #expect(close?.closeCode == .normalClosure)
                    }
                    for _ in 0..<400 where statistics.openSessions > 0 { try await Task.sleep(for: .milliseconds(25)) }
                    #expect(statistics.openSessions == 0, "a connection never closed")
                }
            }
            // The event loops let go of the closed channels in their own time: wait for it (a
            // wait, not a measurement; statistics that stay fail the next line).
            for _ in 0..<200 where counted != nil { try await Task.sleep(for: .milliseconds(25)) }
            #expect(counted == nil, "something the stopped server's connections had still holds its statistics")
        }

        /// Sessions playing at once, for ThreadSanitizer: eight clients, one per scene and one
        /// more, each switching to its scene and dragging while every session ticks at 120 Hz on
        /// the server and the test reads the statistics the sessions write. Each is served its
        /// scene's frames, and when all have gone no session is open or in memory.
        @Test func sessionsPlayingAtOnceAreServedAndFreed() async throws {
            let statistics = PlaygroundServer.Statistics()
            let app = PlaygroundServer.application(port: 0, statistics: statistics)
            try await app.test(.live) { client in
                let port = try #require(client.port)
                let scenes = InteractiveSceneName.allCases.map(\.rawValue) + ["drag"]
                let received = try await withThrowingTaskGroup(of: (String, [String]).self) { group in
                    for scene in scenes {
                        group.addTask {
                            let touches =
                                [touchJSON("began", 120, 200)]
                                + (1...12).map { touchJSON("moved", 120 + 10 * Double($0), 200 + 15 * Double($0)) }
                                + [touchJSON("ended", 240, 380)]
                            let chunks =
                                [RawClient.handshake()]
                                + (["{\"type\":\"scene\",\"name\":\"\(scene)\"}"] + touches).map {
                                    RawClient.frame(opcode: 1, Array($0.utf8))
                                }
                            let exchange = try await RawClient.exchange(
                                port: port, sending: chunks, pause: .milliseconds(15), timeout: .seconds(3))
                            return (
                                scene,
                                RawClient.serverFrames(in: exchange.bytes).map {
                                    String(decoding: $0.payload, as: UTF8.self)
                                }
                            )
                        }
                    }
                    // The statistics, read while the sessions count their steps.
                    var steps = 0
                    for _ in 0..<20 {
                        steps = max(steps, statistics.sceneSteps)
                        _ = statistics.openSessions + statistics.sessionsInMemory
                        try await Task.sleep(for: .milliseconds(10))
                    }
                    #expect(steps >= 0)
                    var all: [(String, [String])] = []
                    for try await result in group { all.append(result) }
                    return all
                }
                for (scene, texts) in received {
                    let afterSwitch = texts.drop { !$0.contains("\"scene\":\"\(scene)\"") }
                    #expect(
                        afterSwitch.contains { $0.contains("\"type\":\"frame\"") }, "\(scene): \(texts.count) texts")
                }
                for _ in 0..<400 where statistics.openSessions > 0 { try await Task.sleep(for: .milliseconds(25)) }
                #expect(statistics.openSessions == 0, "a connection never closed")
                #expect(statistics.sessionsInMemory == 0, "sessions of closed connections are still in memory")
            }
        }
    }
}
