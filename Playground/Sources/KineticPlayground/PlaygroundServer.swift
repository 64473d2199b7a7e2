import Foundation
import Hummingbird
import HummingbirdWebSocket
import KineticScenes
import Logging
import NIOCore

/// The playground's web server: the page at `/`, one world per WebSocket at `/ws`, frames at
/// 120 Hz carrying only what changed. A client that sends oversized, malformed or too many
/// messages is closed with the reason; the others are unaffected.
public enum PlaygroundServer {
    /// The page, served at `/`.
    static let page: String = {
        guard let url = Bundle.module.url(forResource: "index", withExtension: "html", subdirectory: "Page"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return "<!doctype html><p>Kinetic's page is missing from this build.</p>" }
        return text
    }()

    /// An application serving the playground on `host`:`port` (0 picks a free port);
    /// `onServerRunning` is told the port once it listens.
    public static func application(
        host: String = "127.0.0.1", port: Int = 8080, logger: Logger = Logger(label: "Kinetic.Playground"),
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let router = Router()
        router.get("/") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: page)))
        }
        router.get("/health") { _, _ in "ok" }

        let sockets = Router(context: BasicWebSocketRequestContext.self)
        sockets.ws("/ws") { _, _ in
            .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            let scene = InteractiveSceneName.drag
            let connection = PlaygroundConnection(scene: scene, seed: UInt64.random(in: 1...UInt64.max))
            for text in await connection.greet() { try await outbound.write(.text(text)) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                // Frames: at most one per 1/120 s, and only when something changed. Ticks keep to
                // a fixed grid (sleeping a whole period after each tick's work would run slow); a
                // tick that is late by more than a period skips the missed ones.
                group.addTask {
                    let clock = ContinuousClock()
                    let period = Duration.nanoseconds(1_000_000_000 / 120)
                    var deadline = clock.now
                    while !Task.isCancelled {
                        deadline = max(deadline + period, clock.now - period)
                        try await clock.sleep(until: deadline, tolerance: nil)
                        if let frame = await connection.tick() { try await outbound.write(.text(frame)) }
                    }
                }
                // Input: every message is checked; a bad client is closed with the reason.
                group.addTask {
                    do {
                        for try await message in inbound.messages(maxSize: PlaygroundSession.maximumMessageBytes) {
                            guard case .text(let text) = message else {
                                throw PlaygroundError.malformed("binary messages are not part of the protocol")
                            }
                            for answer in try await connection.receive(text) { try await outbound.write(.text(answer)) }
                        }
                    } catch let error as PlaygroundError {
                        // Client text in the reason is escaped and bounded already: no forged lines.
                        context.logger.info("dropping client: \(error.closeReason)")
                        try await outbound.close(
                            error == .flooding
                                ? .policyViolation
                                : (error.isTooLarge ? .messageTooLarge : .dataInconsistentWithMessage),
                            reason: error.closeReason)
                    }
                }
                // Whichever ends first (the client left, or was dropped) ends the connection.
                try await group.next()
                group.cancelAll()
            }
        }

        return Application(
            router: router,
            server: .http1WebSocketUpgrade(
                webSocketRouter: sockets,
                configuration: .init(ws: .init(maxFrameSize: PlaygroundSession.maximumMessageBytes))),
            configuration: .init(address: .hostname(host, port: port), serverName: "Kinetic"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
            logger: logger
        )
    }
}

extension PlaygroundError {
    var isTooLarge: Bool {
        if case .messageTooLarge = self { return true }
        return false
    }
}
