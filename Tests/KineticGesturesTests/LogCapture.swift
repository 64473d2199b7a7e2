import Foundation
import Logging

/// Collects log messages so tests can assert that bad input was reported.
final class LogCapture: LogHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lock.lock()
        storage.append("\(event.level): \(event.message)")
        lock.unlock()
    }

    var messages: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    /// A logger writing into this capture.
    var logger: Logger { Logger(label: "test") { _ in self } }
}
