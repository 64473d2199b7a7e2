import Foundation

/// A recorded session of touch events: what a person did, replayable bit for bit.
///
/// A trace names the scene it was recorded in and the seed of every random choice the scene
/// makes (a toss's spin), so replaying the same trace on the same machine gives the same frames.
/// It is plain JSON:
///
/// ```json
/// {"version": 1, "scene": "toss", "seed": 7, "frameRate": 120,
///  "events": [{"id": 0, "phase": "began", "location": [120, 300], "timestamp": 0.0}, …]}
/// ```
public struct TouchTrace: Codable, Hashable, Sendable {
    /// The format's version; readers reject versions they do not know.
    public var version = 1
    /// The scene the events were recorded in.
    public var scene: String
    /// The seed of the scene's random choices.
    public var seed: UInt64
    /// The frame rate the scene was stepped at while recording, in Hz.
    public var frameRate: Double
    /// The events, in time order.
    public var events: [Touch]

    /// A trace of `events` in `scene`.
    public init(scene: String, seed: UInt64 = 0, frameRate: Double = 120, events: [Touch] = []) {
        self.scene = scene
        self.seed = seed
        self.frameRate = frameRate
        self.events = events
    }

    /// Why a trace could not be read.
    public enum ReadError: Error, CustomStringConvertible, Equatable {
        /// The format's version is not one this build reads.
        case unsupportedVersion(Int)
        /// A number that must be finite and positive is not.
        case invalidFrameRate(Double)
        /// An event is not finite, or comes before the one preceding it.
        case invalidEvent(index: Int)

        public var description: String {
            switch self {
            case .unsupportedVersion(let version): "unsupported trace version \(version) (this build reads version 1)"
            case .invalidFrameRate(let rate): "invalid frame rate \(rate): it must be finite and positive"
            case .invalidEvent(let index): "event \(index) has a non-finite location or timestamp, or goes back in time"
            }
        }
    }

    /// Reads and checks a trace from JSON.
    public static func decode(from data: Data) throws -> TouchTrace {
        let trace = try JSONDecoder().decode(TouchTrace.self, from: data)
        try trace.validate()
        return trace
    }

    /// The trace as JSON, keys sorted so equal traces give equal bytes.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// Checks what JSON cannot: the version, the frame rate, finite events in time order.
    public func validate() throws(ReadError) {
        guard version == 1 else { throw .unsupportedVersion(version) }
        guard frameRate.isFinite, frameRate > 0 else { throw .invalidFrameRate(frameRate) }
        var last = -Double.infinity
        for (index, event) in events.enumerated() {
            guard event.location.x.isFinite, event.location.y.isFinite, event.timestamp.isFinite,
                event.timestamp >= last
            else {
                throw .invalidEvent(index: index)
            }
            last = event.timestamp
        }
    }

    /// Records `touch` at the end of the trace, as it is delivered. An event that could not be
    /// replayed (non-finite, or earlier than the last one) is left out; returns whether it was
    /// recorded.
    @discardableResult
    public mutating func record(_ touch: Touch) -> Bool {
        guard touch.location.x.isFinite, touch.location.y.isFinite, touch.timestamp.isFinite,
            touch.timestamp >= (events.last?.timestamp ?? -.infinity)
        else { return false }
        events.append(touch)
        return true
    }

    /// The time of the last event, or 0.
    public var duration: TimeInterval { events.last?.timestamp ?? 0 }
}
