import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import KineticScenes
import Logging
import NIOCore

/// The playground's web server: the page at `/`, one world per WebSocket at `/ws`, frames at
/// up to 120 Hz carrying only what changed, and nothing at all from a session at rest. A client
/// that sends oversized, malformed, unmasked or too many messages, or malformed or slow HTTP,
/// is answered or closed with the reason; the others are unaffected. ``Limits`` holds the caps.
public enum PlaygroundServer {
    /// The page, served at `/`.
    static let page: String = {
        guard let url = Bundle.module.url(forResource: "index", withExtension: "html", subdirectory: "Page"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return "<!doctype html><p>Kinetic's page is missing from this build.</p>" }
        return text
    }()

    /// An application serving the playground on `host`:`port` (0 picks a free port) within
    /// `limits`, counting into `statistics`; `onServerRunning` is told the port once it listens.
    public static func application(
        host: String = "127.0.0.1", port: Int = 8080, limits: Limits = Limits(), statistics: Statistics = Statistics(),
        logger: Logger = Logger(label: "Kinetic.Playground"),
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
        sockets.ws("/ws") { request, _ in
            // A handshake whose key is not 16 bytes of base64 is not upgraded: 400.
            WebSocketKey.isValid(request.headers[.secWebSocketKey]) ? .upgrade([:]) : .dontUpgrade
        } onUpgrade: { inbound, outbound, context in
            guard statistics.openSession(limit: limits.maximumSessions) else {
                context.logger.info("refusing a session: \(limits.maximumSessions) are open")
                try await outbound.close(
                    .unknown(1013),
                    reason: "the server is full (\(limits.maximumSessions) sessions at once); try again later")
                return
            }
            defer { statistics.closeSession() }
            let connection = PlaygroundConnection(scene: .drag, seed: UInt64.random(in: 1...UInt64.max))
            try await connection.run(
                inbound: inbound, outbound: outbound, limits: limits, statistics: statistics, logger: context.logger)
        }

        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(idleTimeout: TimeAmount(limits.idleTimeout)),
            ws: .init(maxFrameSize: PlaygroundSession.maximumMessageBytes, validateUTF8: true))
        let responder = sockets.buildResponder()
        let headerTimeout = TimeAmount(limits.requestHeaderTimeout)
        return Application(
            router: router,
            server: HTTPServerBuilder { http in
                GuardedHTTPChannel(
                    base: HTTP1WebSocketUpgradeChannel(
                        responder: http, webSocketResponder: responder, configuration: configuration),
                    headerTimeout: headerTimeout, maximumFramesPerMessage: limits.maximumFramesPerMessage)
            },
            configuration: .init(address: .hostname(host, port: port), serverName: "Kinetic"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
            logger: logger
        )
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
