import KineticDynamics
import KineticPlatform

/// Recognizes two fingers turning about each other (UIKit's `UIRotationGestureRecognizer`): a
/// continuous gesture.
///
/// **Beginning.** It stays `.possible` until two fingers are down and the line between them has
/// turned by ``hysteresis`` radians (5°, π/36: UIKit does not document its threshold; ours is
/// the turn at which a card visibly follows the fingers and a pinch's small wobble does not).
/// It fails if every finger lifts first.
///
/// **Rotation** is the angle the line from the first finger to the second has turned since they
/// came down, in radians, counted continuously past ±π (clockwise positive, as UIKit's, in the
/// arena's y-down space); setting ``rotation`` re-bases it. When the pair of fingers changes, the
/// rotation continues from where it was.
///
/// **Velocity** is the rotation's rate, in radians per second: the least-squares slope over the
/// last 100 ms (``VelocityTracker``).
///
/// **Ending.** `.ended` when both fingers have lifted (as the pinch; one finger left down holds
/// it); `.cancelled` when touches are cancelled.
///
/// **Bad input.** While the fingers are at one place (closer than 0.1 pt) the line between them
/// has no direction: the rotation holds, with one log line through the arena's logger naming
/// ``rotation``. A non-finite ``rotation`` set is ignored, logged; one beyond ±10¹² radians is
/// clamped to it, logged.
open class RotationGestureRecognizer: GestureRecognizer {
    /// How far, in radians, the fingers must turn before the rotation begins. Default π/36 (5°,
    /// our choice). Negative or NaN is 0.
    public final var hysteresis: CGFloat = .pi / 36

    private final var currentRotation = 0.0
    /// The turn since the first pair came down, for the hysteresis.
    private final var turned = 0.0
    /// The direction of the pair's line after the last event, or nil while it has none.
    private final var lastAngle: Double?
    private final var hasLoggedCoincidence = false
    /// Whether a pair has come down since the last reset.
    private final var hadPair = false
    /// The pair followed and the velocity samples.
    private final var fingers = TwoFingerTracking()

    /// Creates a rotation recognizer.
    public override init() {
        super.init()
    }

    /// The angle turned since the fingers came down, in radians. Setting it re-bases: later
    /// turning adds to the value set, and the velocity starts over.
    public final var rotation: CGFloat {
        get { CGFloat(currentRotation) }
        set {
            var value = Double(newValue)
            guard value.isFinite else {
                warn("RotationGestureRecognizer.rotation: ignored \(newValue) (must be finite)")
                return
            }
            if abs(value) > 1e12 {
                // Beyond this a velocity fit over the samples would overflow.
                warn("RotationGestureRecognizer.rotation: clamped \(newValue) to ±1e12")
                value = min(max(value, -1e12), 1e12)
            }
            currentRotation = value
            fingers.restart(at: value, time: currentTime)
        }
    }

    /// The rotation's rate, in radians per second.
    public final var velocity: CGFloat { fingers.velocity }

    /// Takes the pair's direction when the second finger comes down.
    open override func touchesBegan(_ touches: [Touch]) {
        follow(excluding: [])
    }

    /// Follows the turn; begins past the hysteresis, then reports `.changed`.
    open override func touchesMoved(_ touches: [Touch]) {
        let moved = follow(excluding: [])
        switch effectiveState {
        case .possible:
            let threshold = TwoFingerTracking.threshold(hysteresis)
            if fingers.pair != nil, abs(turned) >= threshold, lastAngle != nil { state = .began }
        case .began, .changed:
            if moved { state = .changed }
        default:
            break
        }
    }

    /// Ends when both fingers have lifted; fails if it never began.
    open override func touchesEnded(_ touches: [Touch]) {
        _ = follow(excluding: [])
        twoFingerTouchesEnded(touches) { forgetPair(excluding: touches) }
    }

    /// Fails a rotation not yet begun; cancels one that has.
    open override func touchesCancelled(_ touches: [Touch]) {
        twoFingerTouchesCancelled()
    }

    /// Forgets the rotation, the pair and the velocity samples.
    open override func reset() {
        super.reset()
        currentRotation = 0
        turned = 0
        lastAngle = nil
        hasLoggedCoincidence = false
        hadPair = false
        fingers.reset()
    }

    /// Adds the pair's turn since the last event (the wrapped difference of directions, so it
    /// counts past ±π) and records a velocity sample; returns whether the rotation changed.
    @discardableResult
    private final func follow(excluding excluded: [Touch]) -> Bool {
        guard let current = fingerPair(excluding: excluded) else { return false }
        let span = (current.dx * current.dx + current.dy * current.dy).squareRoot()
        let angle: Double?
        if span < minimumFingerSpan {
            if !hasLoggedCoincidence {
                hasLoggedCoincidence = true
                warn("RotationGestureRecognizer.rotation: the fingers are \(span) pt apart; holding the angle")
            }
            angle = nil
        } else {
            angle = Elementary.atan2(current.dy, current.dx)
        }
        if current.pair != fingers.pair {
            if !hadPair {
                hadPair = true
                fingers.forgetSamples()
            }
            fingers.pair = current.pair
            lastAngle = angle
            fingers.sample(currentRotation, at: currentTime)
            return false
        }
        var changed = false
        if let angle {
            if let lastAngle {
                var d = angle - lastAngle
                let turn = 2 * Double.pi
                d -= turn * (d / turn).rounded()
                if d != 0 {
                    currentRotation += d
                    turned += d
                    changed = true
                }
            }
            lastAngle = angle
        }
        fingers.sample(currentRotation, at: currentTime)
        return changed
    }

    /// A finger of the pair lifted: the next pair continues from the rotation reached.
    private final func forgetPair(excluding touches: [Touch]) {
        fingers.pair = nil
        lastAngle = nil
        follow(excluding: touches)
    }
}
