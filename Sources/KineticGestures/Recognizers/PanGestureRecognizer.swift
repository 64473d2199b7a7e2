import KineticDynamics
import KineticPlatform

/// Recognizes fingers dragging (UIKit's `UIPanGestureRecognizer`): a continuous gesture.
///
/// **Beginning.** The pan stays `.possible` until the centroid of its fingers has moved
/// ``hysteresis`` points (10, UIKit's figure) from where they touched down, with between
/// `minimumNumberOfTouches` and `maximumNumberOfTouches` fingers down; it fails if every
/// finger lifts first.
///
/// **Translation** is measured from the touch-down point, not from where the hysteresis was
/// crossed, so an item moved by the translation stays under the finger (it jumps by the
/// hysteresis at `.began`). Fingers joining or leaving shift the centroid; the pan re-bases so
/// the translation continues without a jump.
///
/// **Velocity** is the slope of a least-squares line through the translation samples of the
/// last 100 ms (``VelocityTracker``). A finger that rests before lifting therefore reports a
/// velocity near zero, as on iOS.
///
/// **Ending.** `.ended` when fewer than `minimumNumberOfTouches` fingers remain; `.cancelled`
/// when touches are cancelled, or when more than `maximumNumberOfTouches` fingers come down
/// while it runs (before it begins, that fails it).
open class PanGestureRecognizer: GestureRecognizer {
    /// The fewest fingers that pan. Default 1; values below 1 count as 1.
    public var minimumNumberOfTouches = 1

    /// The most fingers that pan. Default `Int.max` (UIKit's `NSUIntegerMax`).
    public var maximumNumberOfTouches = Int.max

    /// How far, in points, the fingers must move before the pan begins. Default 10, the
    /// distance iOS waits for; UIKit keeps it private. Negative or NaN is 0.
    public var hysteresis: CGFloat = 10

    /// The centroid minus the translation, in the arena's space.
    private var origin: CGPoint?
    /// The centroid after the last event, to re-base when fingers join or leave.
    private var lastCentroid: CGPoint?
    /// Translation samples for the velocity fit.
    private var tracker = VelocityTracker(window: 0.1)

    /// Creates a recognizer for a pan with any number of fingers.
    public override init() {
        super.init()
    }

    private var minimumTouches: Int { max(minimumNumberOfTouches, 1) }
    private var maximumTouches: Int { max(maximumNumberOfTouches, minimumTouches) }
    private var threshold: Double { hysteresis.isNaN ? 0 : max(Double(hysteresis), 0) }

    /// The translation in the arena's space.
    private var rawTranslation: CGPoint {
        guard let origin, let lastCentroid else { return .zero }
        return CGPoint(x: lastCentroid.x - origin.x, y: lastCentroid.y - origin.y)
    }

    /// How far the fingers' centroid has moved since they touched down, in `view`'s
    /// coordinates (only its rotation and scale matter; nil: the arena's space).
    public func translation(in view: (any DynamicItem)?) -> CGPoint {
        convertVector(rawTranslation, to: view)
    }

    /// Sets the translation, given in `view`'s coordinates; later movement adds to it. As in
    /// UIKit, this resets the velocity: the fit starts over from this instant. A non-finite
    /// translation is ignored; a component beyond ±``GestureArena/maximumCoordinate`` counts as
    /// that, as a touch's does, with one log line per call (through the arena's logger).
    public func setTranslation(_ translation: CGPoint, in view: (any DynamicItem)?) {
        guard translation.isFinite else { return }
        let limit = GestureArena.maximumCoordinate
        let converted = convertVector(translation, from: view)
        if abs(converted.x) > limit || abs(converted.y) > limit {
            (arena?.logger ?? GestureArena.detachedLogger).warning(
                "PanGestureRecognizer.setTranslation(_:in:): clamped \(translation) to ±1e12 pt")
        }
        let t = CGPoint(x: min(max(converted.x, -limit), limit), y: min(max(converted.y, -limit), limit))
        let centroid = lastCentroid ?? .zero
        lastCentroid = centroid
        origin = CGPoint(x: centroid.x - t.x, y: centroid.y - t.y)
        tracker.reset()
        tracker.addSample(t, at: currentTime)
    }

    /// The velocity of the fingers' centroid, in points per second in `view`'s coordinates.
    public func velocity(in view: (any DynamicItem)?) -> CGPoint {
        let v = tracker.velocity
        return convertVector(CGPoint(x: v.dx, y: v.dy), to: view)
    }

    /// Sets the origin on the first finger, re-bases for later ones; too many fingers fail (or
    /// cancel) the pan.
    open override func touchesBegan(_ touches: [Touch]) {
        guard let centroid = touchCentroid else { return }
        if let lastCentroid, let origin {
            // More fingers: keep the translation where it was.
            self.origin = CGPoint(x: origin.x + centroid.x - lastCentroid.x, y: origin.y + centroid.y - lastCentroid.y)
        } else {
            origin = centroid
            tracker.reset()
            tracker.addSample(.zero, at: currentTime)
        }
        lastCentroid = centroid
        switch effectiveState {
        case .possible: if numberOfTouches > maximumTouches { state = .failed }
        case .began, .changed: if numberOfTouches > maximumTouches { state = .cancelled }
        default: break
        }
    }

    /// Samples the translation; begins past the hysteresis, then reports `.changed` on every movement.
    open override func touchesMoved(_ touches: [Touch]) {
        let moved = follow()
        switch effectiveState {
        case .possible:
            let t = rawTranslation
            let count = numberOfTouches
            if count >= minimumTouches, count <= maximumTouches,
                (Double(t.x) * Double(t.x) + Double(t.y) * Double(t.y)).squareRoot() >= threshold
            {
                state = .began
            }
        case .began, .changed:
            if moved { state = .changed }
        default:
            break
        }
    }

    /// Samples the lift; ends below `minimumNumberOfTouches`, fails if it never began, else re-bases.
    open override func touchesEnded(_ touches: [Touch]) {
        // The lift is the last sample: its position, and its time for the velocity fit.
        _ = follow()
        let remaining = numberOfTouches - touches.count
        switch effectiveState {
        case .possible:
            if remaining == 0 { state = .failed } else { rebase(excluding: touches) }
        case .began, .changed:
            if remaining < minimumTouches { state = .ended } else { rebase(excluding: touches) }
        default:
            break
        }
    }

    /// Fails a pan not yet begun; cancels one that has.
    open override func touchesCancelled(_ touches: [Touch]) {
        switch effectiveState {
        case .possible: state = .failed
        case .began, .changed: state = .cancelled
        default: break
        }
    }

    /// Forgets the origin and the velocity samples.
    open override func reset() {
        super.reset()
        origin = nil
        lastCentroid = nil
        tracker.reset()
    }

    /// Updates the centroid from the tracked touches and records a velocity sample; returns
    /// whether the centroid moved.
    private func follow() -> Bool {
        guard let centroid = touchCentroid else { return false }
        let moved = centroid != lastCentroid
        lastCentroid = centroid
        if origin == nil { origin = centroid }
        tracker.addSample(rawTranslation, at: currentTime)
        return moved
    }

    /// Fingers left but the pan goes on: move the origin with the centroid of those remaining.
    private func rebase(excluding touches: [Touch]) {
        guard let remaining = centroid(excluding: touches), let lastCentroid, let origin else { return }
        self.origin = CGPoint(x: origin.x + remaining.x - lastCentroid.x, y: origin.y + remaining.y - lastCentroid.y)
        self.lastCentroid = remaining
    }
}
