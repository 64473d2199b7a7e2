import Foundation
import Logging
import Synchronization

/// Collects what the library logs, so a property can check that bad input was reported (and
/// that nothing else was).
final class LogCapture: LogHandler, Sendable {
    private let storage = Mutex<[String]>([])

    var metadata: Logger.Metadata {
        get { [:] }
        set {}
    }
    var logLevel: Logger.Level {
        get { .trace }
        set {}
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { nil }
        set {}
    }

    func log(event: LogEvent) {
        storage.withLock { $0.append("\(event.level): \(event.message)") }
    }

    /// Every message so far, as "level: message".
    var messages: [String] { storage.withLock { $0 } }

    /// Forgets every message.
    func clear() { storage.withLock { $0.removeAll() } }

    /// A logger writing into this capture.
    var logger: Logger { Logger(label: "property") { _ in self } }
}
