import Foundation

/// One animation started by a ``ViewAnimator``: a handle to watch or cancel it.
///
/// It finishes when all its properties reach their targets (completion `true`), when it is
/// cancelled, or when another animation takes over any of its properties (completion `false`
/// once none of its properties is still animating). The completion runs exactly once, after
/// the animator's step that decided it (or at once on ``cancel()``).
public final class ViewAnimation {
    /// When the animation starts (its creation time plus its delay), on the animator's clock.
    public let startTime: TimeInterval
    /// How long it lasts, in seconds; nil for a spring that runs until it settles.
    public var duration: TimeInterval? { timing.duration }

    let timing: AnimationTiming
    /// UIKit's `initialSpringVelocity`: the start velocity as a fraction of each property's
    /// distance per second, used unless a replaced animation hands over its own velocity.
    let relativeVelocity: Double
    /// The targets captured from the animations block, until the animation starts.
    var targets: [(item: any AnimatableItem, value: AnimatableValue)]
    /// The properties still animating, once started.
    var tracks: [AnimationTrack] = []
    var wasInterrupted = false
    var completion: ((Bool) -> Void)?
    weak var animator: ViewAnimator?

    /// Whether the animation's start time has come and it has taken over its properties.
    public internal(set) var hasStarted = false
    /// Whether the animation is over (its completion has been decided).
    public internal(set) var isFinished = false

    init(
        startTime: TimeInterval, timing: AnimationTiming, relativeVelocity: Double,
        targets: [(item: any AnimatableItem, value: AnimatableValue)], completion: ((Bool) -> Void)?
    ) {
        self.startTime = startTime
        self.timing = timing
        self.relativeVelocity = relativeVelocity
        self.targets = targets
        self.completion = completion
    }

    /// Stops the animation where it is: its items keep their current values, and the
    /// completion runs with `false`. Does nothing to a finished animation.
    public func cancel() {
        animator?.cancel(self)
    }
}
