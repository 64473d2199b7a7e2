import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import Testing
import WSClient
@testable import KineticPlayground

/// The real server on a free port, talked to by a real WebSocket client.
@Suite("Playground server", .serialized)
struct PlaygroundServerTests {
    @Test func servesThePageAndAWorldPerConnection() async throws {
        let app = PlaygroundServer.application(port: 0)
        try await app.test(.live) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("touch-action: none"))
            }
            let close = try await client.ws("/ws") { inbound, outbound, _ in
                var messages = inbound.messages(maxSize: 1 << 22).makeAsyncIterator()
                guard case .text(let hello)? = try await messages.next() else { Issue.record("no hello"); return }
                #expect(hello.contains("\"type\":\"hello\"") && hello.contains("\"scene\":\"drag\""))
                guard case .text(let frame)? = try await messages.next() else { Issue.record("no first frame"); return }
                #expect(frame.contains("\"type\":\"frame\"") && frame.contains("\"kind\":\"cell\""))
                try await outbound.write(.text("{\"type\":\"scene\",\"name\":\"toss\"}"))
                var switched = false
                while let message = try await messages.next() {
                    if case .text(let text) = message, text.contains("\"type\":\"hello\""), text.contains("\"scene\":\"toss\"") { switched = true; break }
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

            let oversized = try await client.ws("/ws") { inbound, outbound, _ in
                try await outbound.write(.text(String(repeating: " ", count: PlaygroundSession.maximumMessageBytes + 10)))
                for try await _ in inbound.messages(maxSize: 1 << 22) {}
            }
            #expect(oversized?.closeCode == .messageTooLarge)

            let good = try await client.ws("/ws") { inbound, outbound, _ in
                var messages = inbound.messages(maxSize: 1 << 22).makeAsyncIterator()
                guard case .text(let hello)? = try await messages.next() else { Issue.record("no hello"); return }
                #expect(hello.contains("\"type\":\"hello\""))
                try await outbound.close(.normalClosure, reason: nil)
            }
            #expect(good?.closeCode == .normalClosure)
        }
    }
}
