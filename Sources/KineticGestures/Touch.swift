import Foundation

/// One finger's state at one instant, the input every recognizer consumes. Whoever has input
/// (the playground, a test, a recorded trace) produces these.
public struct Touch: Hashable, Sendable, Codable {
    /// Where a touch is in its life.
    public enum Phase: String, Hashable, Sendable, Codable {
        case began, moved, stationary, ended, cancelled
    }

    /// Identifies the finger across events.
    public var id: Int
    /// The phase of this event.
    public var phase: Phase
    /// Location in the view's coordinates (points).
    public var location: CGPoint
    /// Time of the event in seconds, on the clock that drives the animator.
    public var timestamp: TimeInterval

    /// Creates a touch event.
    public init(id: Int, phase: Phase, location: CGPoint, timestamp: TimeInterval) {
        self.id = id
        self.phase = phase
        self.location = location
        self.timestamp = timestamp
    }
}
