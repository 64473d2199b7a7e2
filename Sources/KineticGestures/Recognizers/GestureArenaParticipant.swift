import KineticPlatform

/// Something that moves with the arena's time, not only with its touches: a scroll view's
/// deceleration and bounce, an interaction's springs. ``GestureArena/advance(to:)`` advances
/// every participant after the recognizers' timers, in the order they joined, so an app drives
/// a whole screen with one call per frame.
public protocol GestureArenaParticipant: AnyObject {
    /// Moves to the arena's `time` (seconds, never earlier than the last call).
    func arenaDidAdvance(to time: TimeInterval)
}
