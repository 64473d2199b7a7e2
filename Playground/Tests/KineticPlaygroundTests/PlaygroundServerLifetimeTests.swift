import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
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
    }
}
