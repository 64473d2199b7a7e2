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
    /// An application serving the playground on `host`:`port` (0 picks a free port) within
    /// `limits`, counting into `statistics`; `onServerRunning` is told the port once it listens.
    public static func application(
        host: String = "127.0.0.1", port: Int = 8080, limits: Limits = Limits(), statistics: Statistics = Statistics(),
        logger: Logger = Logger(label: "Kinetic.Playground"),
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let router = Router()
        // The page's files, `/` for its markup; the sources behind each scene for its code view.
        for (path, file) in PageFiles.bundled.files {
            let respond: @Sendable (Request, BasicRequestContext) -> Response = { _, _ in
                Response(
                    status: .ok, headers: [.contentType: file.contentType, .cacheControl: "no-cache"],
                    body: .init(byteBuffer: ByteBuffer(bytes: file.bytes)))
            }
            router.get(RouterPath(path), use: respond)
            if path == "index.html" { router.get("/", use: respond) }
        }
        router.get("/code/:scene") { _, context in
            guard let name = context.parameters.get("scene"), let scene = InteractiveSceneName(rawValue: name) else {
                throw HTTPError(.notFound, message: "no such scene")
            }
            let json = try JSONEncoder().encode(SceneSources.sources(of: scene))
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(bytes: json)))
        }
        router.get("/health") { _, _ in "ok" }

        // The WebSocket at `/ws`, decided in the upgrade itself rather than by a router of its
        // own: hummingbird-websocket's router hands each connection's handler over in a box that
        // its request context holds and that holds the context (BasicWebSocketRequestContext's
        // `webSocket`), a reference cycle that kept every connection's box, and this closure's
        // captures with it, until the process ended (issue 32; LeakSanitizer found it).
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(idleTimeout: TimeAmount(limits.idleTimeout)),
            ws: .init(maxFrameSize: PlaygroundSession.maximumMessageBytes, validateUTF8: true))
        let shouldUpgrade:
            @Sendable (HTTPRequest, any Channel, Logger) throws -> ShouldUpgradeResult<
                WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>
            > = { request, _, _ in
                // Another path, or a handshake whose key is not 16 bytes of base64, is not
                // upgraded: 400.
                guard isWebSocketPath(request), WebSocketKey.isValid(request.headerFields[.secWebSocketKey]) else {
                    return .dontUpgrade
                }
                return .upgrade([:]) { inbound, outbound, context in
                    try await serveSession(
                        inbound: inbound, outbound: outbound, limits: limits, statistics: statistics,
                        logger: context.logger)
                }
            }
        let headerTimeout = TimeAmount(limits.requestHeaderTimeout)
        return Application(
            router: router,
            server: HTTPServerBuilder { http in
                GuardedHTTPChannel(
                    base: HTTP1WebSocketUpgradeChannel(
                        responder: http, configuration: configuration, shouldUpgrade: shouldUpgrade),
                    headerTimeout: headerTimeout, maximumFramesPerMessage: limits.maximumFramesPerMessage)
            },
            configuration: .init(address: .hostname(host, port: port), serverName: "Kinetic"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
            logger: logger
        )
    }

    /// Whether `request` is a GET of `/ws` (as a router matches it: empty path components and
    /// the query do not count).
    static func isWebSocketPath(_ request: HTTPRequest) -> Bool {
        guard request.method == .get, let target = request.path else { return false }
        let path = target.prefix { $0 != "?" && $0 != "#" }
        return path.split(separator: "/", omittingEmptySubsequences: true) == ["ws"]
    }

    /// One WebSocket's session: a place among ``Limits/maximumSessions`` (or a close with 1013
    /// and the reason if there is none), then the session until the client leaves.
    static func serveSession(
        inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, limits: Limits, statistics: Statistics,
        logger: Logger
    ) async throws {
        guard statistics.openSession(limit: limits.maximumSessions) else {
            logger.info("refusing a session: \(limits.maximumSessions) are open")
            try await outbound.close(
                .unknown(1013),
                reason: "the server is full (\(limits.maximumSessions) sessions at once); try again later")
            return
        }
        defer { statistics.closeSession() }
        // The connection (and its session) goes at the end of this block, before the place is
        // given back: `sessionsInMemory` counts one that something still holds.
        do {
            let connection = PlaygroundConnection(
                scene: .drag, seed: UInt64.random(in: 1...UInt64.max), statistics: statistics)
            try await connection.run(
                inbound: inbound, outbound: outbound, limits: limits, statistics: statistics, logger: logger)
        }
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
