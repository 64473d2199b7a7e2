#if hasFeature(Embedded) || KINETIC_STAND_INS
    /// swift-log's `Logger` where swift-log is absent: the same names for the calls Kinetic makes
    /// (`Logger(label:)`, a level, and one method per level taking a `Logger.Message`), writing
    /// each line at or above `logLevel` to ``Logger/sink``.
    ///
    /// A message interpolates strings, numbers and anything `CustomStringConvertible` as swift-log
    /// does; a value of any other type is written as `…`, because Embedded Swift has no
    /// reflection to describe it.
    public struct Logger: Sendable {
        /// swift-log's levels, least severe first.
        public enum Level: Int, Sendable, Comparable {
            case trace, debug, info, notice, warning, error, critical
            /// Orders the levels by severity.
            public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
            /// The level's name, as swift-log prints it.
            public var name: String {
                switch self {
                case .trace: "trace"
                case .debug: "debug"
                case .info: "info"
                case .notice: "notice"
                case .warning: "warning"
                case .error: "error"
                case .critical: "critical"
                }
            }
        }

        /// A logged message: a string built by interpolation.
        public struct Message: ExpressibleByStringInterpolation, Sendable, CustomStringConvertible {
            /// The interpolation that builds a message.
            public struct StringInterpolation: StringInterpolationProtocol {
                var text = ""
                /// Reserves room for the literal text.
                public init(literalCapacity: Int, interpolationCount: Int) { text.reserveCapacity(literalCapacity) }
                /// Appends literal text.
                public mutating func appendLiteral(_ literal: String) { text += literal }
                /// Appends a string.
                public mutating func appendInterpolation(_ value: String) { text += value }
                /// Appends a value's description.
                public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: T) {
                    text += value.description
                }
                /// Appends an optional value's description, or `nil`.
                public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: T?) {
                    text += value.map(\.description) ?? "nil"
                }
                /// Appends a value that cannot describe itself here.
                public mutating func appendInterpolation<T>(_ value: T) { text += "…" }
            }

            /// The message's text.
            public let description: String
            /// A message from a literal string.
            public init(stringLiteral value: String) { description = value }
            /// A message from an interpolated string.
            public init(stringInterpolation: StringInterpolation) { description = stringInterpolation.text }
        }

        /// Where every module's log lines go: by default the standard output, one line each;
        /// the WebAssembly host replaces it (the page's console).
        nonisolated(unsafe) public static var sink: (_ level: Level, _ label: String, _ message: String) -> Void = {
            level, label, message in print("\(level.name) \(label): \(message)")
        }

        /// The logger's label, written before each line.
        public let label: String
        /// The least severe level written.
        public var logLevel: Level = .info

        /// A logger with the given label, writing `info` and above.
        public init(label: String) { self.label = label }

        /// Writes `message` at `level` when `level` is at or above ``logLevel``.
        public func log(level: Level, _ message: @autoclosure () -> Message) {
            if level >= logLevel { Logger.sink(level, label, message().description) }
        }
        /// Writes a trace message.
        public func trace(_ message: @autoclosure () -> Message) { log(level: .trace, message()) }
        /// Writes a debug message.
        public func debug(_ message: @autoclosure () -> Message) { log(level: .debug, message()) }
        /// Writes an informational message.
        public func info(_ message: @autoclosure () -> Message) { log(level: .info, message()) }
        /// Writes a notice.
        public func notice(_ message: @autoclosure () -> Message) { log(level: .notice, message()) }
        /// Writes a warning.
        public func warning(_ message: @autoclosure () -> Message) { log(level: .warning, message()) }
        /// Writes an error.
        public func error(_ message: @autoclosure () -> Message) { log(level: .error, message()) }
        /// Writes a critical message.
        public func critical(_ message: @autoclosure () -> Message) { log(level: .critical, message()) }
    }

    /// Swift's `TaskLocal` where Swift Concurrency is absent: the WebAssembly build runs on one
    /// thread with no tasks, so a task-local value is a value bound for the duration of
    /// `withValue`'s operation, restored afterwards.
    public final class TaskLocal<Value>: @unchecked Sendable {
        private var value: Value
        /// A task-local value whose default is `wrappedValue`.
        public init(wrappedValue: Value) { value = wrappedValue }
        /// The value bound now.
        public func get() -> Value { value }
        /// Binds `newValue` while `operation` runs.
        public func withValue<R, E: Error>(_ newValue: Value, operation: () throws(E) -> R) throws(E) -> R {
            let old = value
            value = newValue
            defer { value = old }
            return try operation()
        }
    }
#endif
