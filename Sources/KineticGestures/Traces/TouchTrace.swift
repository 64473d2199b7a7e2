import KineticPlatform

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

    /// The highest frame rate a trace may name, in Hz: above any display's, and it bounds the
    /// frames a replay steps.
    public static let maximumFrameRate: Double = 1000
    /// The latest time an event may have, in seconds (an hour): a replay steps its scene up to
    /// the last event, so this bounds its work whatever the file says.
    public static let maximumDuration: TimeInterval = 3600

    /// Why a trace could not be read.
    public enum ReadError: Error, CustomStringConvertible, Equatable {
        /// The format's version is not one this build reads.
        case unsupportedVersion(Int)
        /// The frame rate is not finite, positive and at most ``TouchTrace/maximumFrameRate``.
        case invalidFrameRate(Double)
        /// An event is not finite, comes before the one preceding it, or after
        /// ``TouchTrace/maximumDuration``.
        case invalidEvent(index: Int)

        public var description: String {
            switch self {
            case .unsupportedVersion(let version): "unsupported trace version \(version) (this build reads version 1)"
            case .invalidFrameRate(let rate):
                "invalid frame rate \(rate): it must be finite, positive and at most "
                    + "\(Int(TouchTrace.maximumFrameRate)) Hz"
            case .invalidEvent(let index):
                "event \(index) has a non-finite location or timestamp, goes back in time, or comes after "
                    + "\(Int(TouchTrace.maximumDuration)) s"
            }
        }
    }

    /// Checks what JSON cannot: the version, the frame rate (finite, positive, at most
    /// ``maximumFrameRate``), finite events in time order up to ``maximumDuration``.
    public func validate() throws(ReadError) {
        guard version == 1 else { throw .unsupportedVersion(version) }
        guard frameRate.isFinite, frameRate > 0, frameRate <= Self.maximumFrameRate else {
            throw .invalidFrameRate(frameRate)
        }
        var last = -Double.infinity
        for (index, event) in events.enumerated() {
            guard event.location.x.isFinite, event.location.y.isFinite, event.timestamp.isFinite,
                event.timestamp >= last, event.timestamp <= Self.maximumDuration
            else {
                throw .invalidEvent(index: index)
            }
            last = event.timestamp
        }
    }

    /// Records `touch` at the end of the trace, as it is delivered. An event that could not be
    /// replayed (non-finite, earlier than the last one, or after ``maximumDuration``) is left
    /// out; returns whether it was recorded.
    @discardableResult
    public mutating func record(_ touch: Touch) -> Bool {
        guard touch.location.x.isFinite, touch.location.y.isFinite, touch.timestamp.isFinite,
            touch.timestamp >= (events.last?.timestamp ?? -.infinity), touch.timestamp <= Self.maximumDuration
        else { return false }
        events.append(touch)
        return true
    }

    /// The time of the last event, or 0.
    public var duration: TimeInterval { events.last?.timestamp ?? 0 }
}
