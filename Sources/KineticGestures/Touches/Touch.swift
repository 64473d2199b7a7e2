import KineticPlatform

/// One finger's state at one instant, the input every recognizer consumes. Whoever has input
/// (the playground, a test, a recorded trace) produces these and feeds them to a
/// ``GestureArena``.
public struct Touch: Hashable, Sendable, Codable {
    /// Where a touch is in its life.
    public enum Phase: String, Hashable, Sendable, Codable {
        /// The finger touched down.
        case began
        /// The finger moved.
        case moved
        /// The finger is still down and did not move; a sample of "still here at this time"
        /// (it feeds velocity estimates, which decay while a finger rests).
        case stationary
        /// The finger lifted.
        case ended
        /// The system took the touch away (an alert, a lost tracking signal).
        case cancelled
    }

    /// Identifies the finger across events. An id may be reused once its touch has ended.
    public var id: Int
    /// The phase of this event.
    public var phase: Phase
    /// Location in the arena's coordinate space (the window's), in points.
    public var location: CGPoint
    /// Time of the event in seconds, on the clock that drives the arena and the animators.
    public var timestamp: TimeInterval

    /// Creates a touch event.
    public init(id: Int, phase: Phase, location: CGPoint, timestamp: TimeInterval) {
        self.id = id
        self.phase = phase
        self.location = location
        self.timestamp = timestamp
    }
}

extension Touch.Phase {
    /// Whether the finger leaves with this event.
    var isTerminal: Bool { self == .ended || self == .cancelled }
}
