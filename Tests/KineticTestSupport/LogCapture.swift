import Foundation
import Logging

/// Collects log messages so tests can assert that bad input was reported.
public final class LogCapture: LogHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .trace

    /// A capture of nothing yet.
    public init() {}

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        lock.lock()
        storage.append("\(event.level): \(event.message)")
        lock.unlock()
    }

    /// The messages so far, each as "level: message".
    public var messages: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    /// A logger writing into this capture.
    public var logger: Logger { Logger(label: "test") { _ in self } }
}
