import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// Hummingbird's HTTP/1 channel with a WebSocket upgrade, plus an ``HTTPRequestGuard`` at the
/// end of every new connection's pipeline.
struct GuardedHTTPChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value

    let base: HTTP1WebSocketUpgradeChannel
    let headerTimeout: TimeAmount
    let maximumFramesPerMessage: Int

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let (headerTimeout, maximumFramesPerMessage) = (headerTimeout, maximumFramesPerMessage)
        return base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            try channel.pipeline.syncOperations.addHandler(
                HTTPRequestGuard(headerTimeout: headerTimeout, maximumFramesPerMessage: maximumFramesPerMessage))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
