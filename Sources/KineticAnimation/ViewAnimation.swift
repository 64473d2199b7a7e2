import KineticPlatform

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
    /// How many of its properties are still animating, once started. The tracks hold the
    /// animation, not the other way round (see `AnimationTrack.animation`).
    var runningTrackCount = 0
    var wasInterrupted = false
    var completion: ((Bool) -> Void)?
    /// The animator running the animation, until it finishes. Not owning, and never dangling:
    /// the animator sets it when it adds the animation to its list and clears it when it takes
    /// the animation off (`finish`) and in its `deinit`, so while it is set the animator holds
    /// the animation and is alive. (A strong reference would be a cycle with the animator's
    /// list; `weak` does not exist in Embedded Swift.)
    unowned(unsafe) var animator: ViewAnimator?

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
