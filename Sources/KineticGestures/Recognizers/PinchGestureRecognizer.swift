import KineticDynamics
import KineticPlatform

/// Recognizes two fingers moving apart or together (UIKit's `UIPinchGestureRecognizer`): a
/// continuous gesture.
///
/// **Beginning.** It stays `.possible` until two fingers are down and the distance between
/// them has changed by ``hysteresis`` points (8: UIKit does not document its threshold; ours is
/// a little below the pan's 10 pt, since two fingers each move about half the change). It fails
/// if every finger lifts first.
///
/// **Scale** is the distance between the fingers over the distance when they came down, so a
/// view scaled by it stays under the fingers (it jumps by the hysteresis at `.began`); setting
/// ``scale`` re-bases it, and later movement multiplies it. When the pair of fingers changes
/// (one lifts and another comes down), the scale continues from where it was.
///
/// **Velocity** is the scale factor's rate, per second: the slope of the least-squares line
/// through the scale samples of the last 100 ms (``VelocityTracker``, as the pan's).
///
/// **Ending.** As Apple documents, `.changed` as either finger moves with both down, and
/// `.ended` when both have lifted (one finger left down holds it, unchanged); `.cancelled`
/// when touches are cancelled.
///
/// **Bad input.** Fingers that touch down at one place (closer than 0.1 pt) would make every
/// scale infinite: the span is measured from at least 0.1 pt, with one log line through the
/// arena's logger naming ``scale``. A non-finite or non-positive ``scale`` set is ignored,
/// logged; one above 10¹² is clamped to it, logged.
open class PinchGestureRecognizer: GestureRecognizer {
    /// How far, in points, the distance between the fingers must change before the pinch
    /// begins. Default 8 (our choice; see above). Negative or NaN is 0.
    public final var hysteresis: CGFloat = 8

    /// The scale at `baseSpan`.
    private final var baseScale = 1.0
    /// The span at which the scale is `baseScale`, and the pair it belongs to.
    private final var baseSpan: Double?
    /// The span when the first pair came down, for the hysteresis.
    private final var initialSpan = 0.0
    private final var currentScale = 1.0
    /// The pair followed and the velocity samples.
    private final var fingers = TwoFingerTracking()

    /// Creates a pinch recognizer.
    public override init() {
        super.init()
    }

    /// The scale factor relative to the fingers' first distance (1 before any change). Setting
    /// it re-bases: later movement multiplies the value set, and the velocity starts over.
    public final var scale: CGFloat {
        get { CGFloat(currentScale) }
        set {
            var value = Double(newValue)
            guard value.isFinite, value > 0 else {
                warn("PinchGestureRecognizer.scale: ignored \(newValue) (must be positive and finite)")
                return
            }
            if value > 1e12 {
                // Beyond this a velocity fit over the samples would overflow.
                warn("PinchGestureRecognizer.scale: clamped \(newValue) to 1e12")
                value = 1e12
            }
            currentScale = value
            baseScale = value
            if let current = fingerPair() {
                baseSpan = max((current.dx * current.dx + current.dy * current.dy).squareRoot(), minimumFingerSpan)
            }
            fingers.restart(at: value, time: currentTime)
        }
    }

    /// The scale factor's rate of change, per second.
    public final var velocity: CGFloat { fingers.velocity }

    /// Takes the pair's span when the second finger comes down.
    open override func touchesBegan(_ touches: [Touch]) {
        follow(excluding: [])
    }

    /// Follows the span; begins past the hysteresis, then reports `.changed`.
    open override func touchesMoved(_ touches: [Touch]) {
        let moved = follow(excluding: [])
        switch effectiveState {
        case .possible:
            guard let span = currentSpan() else { return }
            if abs(span - initialSpan) >= TwoFingerTracking.threshold(hysteresis), baseSpan != nil { state = .began }
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

    /// Fails a pinch not yet begun; cancels one that has.
    open override func touchesCancelled(_ touches: [Touch]) {
        twoFingerTouchesCancelled()
    }

    /// Forgets the scale, the pair and the velocity samples.
    open override func reset() {
        super.reset()
        baseScale = 1
        currentScale = 1
        baseSpan = nil
        initialSpan = 0
        fingers.reset()
    }

    private final func currentSpan() -> Double? {
        guard let current = fingerPair() else { return nil }
        return (current.dx * current.dx + current.dy * current.dy).squareRoot()
    }

    /// Updates the scale from the pair's span (re-basing when the pair changed) and records a
    /// velocity sample; returns whether the scale changed.
    @discardableResult
    private final func follow(excluding excluded: [Touch]) -> Bool {
        guard let current = fingerPair(excluding: excluded) else { return false }
        let span = (current.dx * current.dx + current.dy * current.dy).squareRoot()
        if current.pair != fingers.pair || baseSpan == nil {
            let isFirst = fingers.pair == nil && baseSpan == nil && baseScale == 1 && currentScale == 1
            if span < minimumFingerSpan {
                warn("PinchGestureRecognizer.scale: the fingers are \(span) pt apart; measuring from 0.1 pt")
            }
            fingers.pair = current.pair
            baseScale = currentScale
            baseSpan = max(span, minimumFingerSpan)
            if isFirst {
                initialSpan = span
                fingers.forgetSamples()
            }
            fingers.sample(currentScale, at: currentTime)
            return false
        }
        let old = currentScale
        currentScale = baseScale * span / (baseSpan ?? span)
        fingers.sample(currentScale, at: currentTime)
        return currentScale != old
    }

    /// A finger of the pair lifted: the next pair re-bases, keeping the scale.
    private final func forgetPair(excluding touches: [Touch]) {
        fingers.pair = nil
        baseSpan = nil
        follow(excluding: touches)
    }
}
