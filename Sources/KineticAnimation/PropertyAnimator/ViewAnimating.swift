import KineticPlatform

/// Where an animator is in its life (UIKit's `UIViewAnimatingState`, with its raw values).
///
/// An animator starts ``inactive``; starting, pausing or scrubbing it makes it ``active``
/// (running or paused); `stopAnimation(false)` makes it ``stopped`` until `finishAnimation(at:)`,
/// and finishing or `stopAnimation(true)` makes it inactive again.
public enum ViewAnimatingState: Int, Hashable, Sendable {
    /// No animation is in progress: the animations have not run, or they have finished.
    case inactive = 0
    /// The animations have run and are in progress, running or paused.
    case active = 1
    /// The animations were stopped and wait for `finishAnimation(at:)`.
    case stopped = 2
}

/// Where an animation ended (UIKit's `UIViewAnimatingPosition`, with its raw values): what a
/// completion is told, and what `finishAnimation(at:)` is asked for.
public enum ViewAnimatingPosition: Int, Hashable, Sendable {
    /// At the values the animations set.
    case end = 0
    /// At the values before the animations.
    case start = 1
    /// Wherever the animation was when it was stopped.
    case current = 2
}

/// An object that runs an interruptible animation (UIKit's `UIViewAnimating`): started,
/// paused, scrubbed, reversed, stopped and finished, through ``ViewAnimatingState``.
public protocol ViewAnimating: AnyObject {
    /// The animator's state.
    var state: ViewAnimatingState { get }
    /// Whether the animation is running (active and not paused).
    var isRunning: Bool { get }
    /// Whether the animation runs back towards its start values.
    var isReversed: Bool { get set }
    /// How far the animation has run, 0…1; settable while paused, to scrub it.
    var fractionComplete: CGFloat { get set }
    /// Starts (or resumes) the animation.
    func startAnimation()
    /// Starts the animation after `delay` seconds.
    func startAnimation(afterDelay delay: TimeInterval)
    /// Pauses the animation where it is.
    func pauseAnimation()
    /// Stops the animation where it is: inactive with no completion when
    /// `withoutFinishing` is true, stopped (waiting for ``finishAnimation(at:)``) otherwise.
    func stopAnimation(_ withoutFinishing: Bool)
    /// Finishes a stopped animation at `finalPosition` and runs its completions.
    func finishAnimation(at finalPosition: ViewAnimatingPosition)
}

/// An animator that takes animation blocks and completions while it exists, and can be carried
/// on with new timing (UIKit's `UIViewImplicitlyAnimating`; its optional methods are required
/// here).
public protocol ViewImplicitlyAnimating: ViewAnimating {
    /// Adds animations that run over the rest of the animation.
    func addAnimations(_ animation: @escaping () -> Void)
    /// Adds animations that start `delayFactor` of the way through the rest of the animation.
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
    /// Adds a block to run when the animation finishes, told where it ended.
    func addCompletion(_ completion: @escaping (ViewAnimatingPosition) -> Void)
    /// Resumes a paused animation with new timing (nil: the animator's own) and a duration
    /// factor.
    func continueAnimation(withTimingParameters parameters: (any TimingCurveProvider)?, durationFactor: CGFloat)
}
