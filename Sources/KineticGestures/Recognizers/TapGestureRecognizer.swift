import KineticDynamics
import KineticPlatform

/// Recognizes `numberOfTouchesRequired` fingers tapping `numberOfTapsRequired` times
/// (UIKit's `UITapGestureRecognizer`): a discrete gesture, `.possible → .recognized`.
///
/// It fails when
/// - a finger moves more than ``allowableMovement`` from where it touched down;
/// - more fingers than `numberOfTouchesRequired` come down, or a tap lifts with fewer;
/// - a tap lasts longer than ``maximumTapDuration``;
/// - the next tap does not begin within ``maximumIntervalBetweenSuccessiveTaps`` of the last
///   lift, or lands farther than ``maximumDistanceBetweenTaps`` from the first tap.
///
/// UIKit keeps its tolerances private; Kinetic exposes them with the values it uses.
open class TapGestureRecognizer: GestureRecognizer {
    /// The number of taps needed. Default 1; values below 1 count as 1.
    public var numberOfTapsRequired = 1

    /// The number of fingers each tap needs. Default 1; values below 1 count as 1.
    public var numberOfTouchesRequired = 1

    /// How far, in points, a finger may move from where it touched down. Default 10.
    public var allowableMovement: CGFloat = 10

    /// The longest a single tap may be held, in seconds. Default 0.75.
    public var maximumTapDuration: TimeInterval = 0.75

    /// The longest pause between one tap's lift and the next tap's touch-down, in seconds.
    /// Default 0.35.
    public var maximumIntervalBetweenSuccessiveTaps: TimeInterval = 0.35

    /// How far, in points, a later tap may land from the first tap. Default 45.
    public var maximumDistanceBetweenTaps: CGFloat = 45

    private enum Timer: Int {
        case tapDuration = 1
        case intervalBetweenTaps = 2
    }

    /// Taps completed in this sequence.
    private var tapsCompleted = 0
    /// The most fingers down at once during the current tap.
    private var touchesInCurrentTap = 0
    /// Where each finger of the current tap touched down, in the order they came.
    private var startLocations: [(id: Int, location: CGPoint)] = []
    /// The centroid of the first tap's touch-down locations: the gesture's location. Kept
    /// after the reset, as the base class keeps its last location, until the next tap begins.
    private var firstTapLocation: CGPoint?

    /// Creates a recognizer for a single one-finger tap.
    public override init() {
        super.init()
    }

    private var tapsRequired: Int { max(numberOfTapsRequired, 1) }
    private var touchesRequired: Int { max(numberOfTouchesRequired, 1) }

    /// The location of the tap: the centroid of the first tap's touch-down points (UIKit's
    /// header: "from the first tap in the sequence"), in `view`'s coordinates.
    open override func location(in view: (any DynamicItem)?) -> CGPoint {
        guard let firstTapLocation else { return super.location(in: view) }
        return convert(firstTapLocation, to: view)
    }

    /// Starts a tap (checking the interval and distance from the first), counts its fingers, fails
    /// on too many.
    open override func touchesBegan(_ touches: [Touch]) {
        let startsTap = numberOfTouches == touches.count
        if startsTap {
            if tapsCompleted == 0 { firstTapLocation = nil }
            if tapsCompleted > 0 {
                cancelTimer(Timer.intervalBetweenTaps.rawValue)
                if let first = firstTapLocation, let here = KineticGestures.centroid(touches.map { $0.location }),
                    distance(first, here) > Double(maximumDistanceBetweenTaps)
                {
                    state = .failed
                    return
                }
            }
            touchesInCurrentTap = 0
            startLocations.removeAll()
            scheduleTimer(Timer.tapDuration.rawValue, at: currentTime + max(maximumTapDuration, 0))
        }
        for touch in touches { startLocations.append((touch.id, touch.location)) }
        touchesInCurrentTap = max(touchesInCurrentTap, numberOfTouches)
        if numberOfTouches > touchesRequired { state = .failed }
    }

    /// Fails on movement beyond `allowableMovement`.
    open override func touchesMoved(_ touches: [Touch]) {
        if movedTooFar(touches) { state = .failed }
    }

    /// Completes a tap when its last finger lifts: recognizes after the required count, else waits
    /// for the next.
    open override func touchesEnded(_ touches: [Touch]) {
        if movedTooFar(touches) {
            state = .failed
            return
        }
        guard numberOfTouches == touches.count else { return }  // fingers remain: the tap goes on
        cancelTimer(Timer.tapDuration.rawValue)
        guard touchesInCurrentTap == touchesRequired else {
            state = .failed
            return
        }
        if tapsCompleted == 0 { firstTapLocation = KineticGestures.centroid(startLocations.map { $0.location }) }
        tapsCompleted += 1
        if tapsCompleted >= tapsRequired {
            state = .recognized
        } else {
            scheduleTimer(
                Timer.intervalBetweenTaps.rawValue, at: currentTime + max(maximumIntervalBetweenSuccessiveTaps, 0))
        }
    }

    /// Fails the tap.
    open override func touchesCancelled(_ touches: [Touch]) {
        state = .failed
    }

    override func timerFired(_ tag: Int) {
        // Held too long, or the next tap came too late.
        state = .failed
    }

    /// Forgets the taps counted (the location stays until the next tap begins).
    open override func reset() {
        super.reset()
        tapsCompleted = 0
        touchesInCurrentTap = 0
        startLocations.removeAll()
    }

    private func movedTooFar(_ touches: [Touch]) -> Bool {
        let limit = Double(allowableMovement.isNaN ? 0 : allowableMovement)
        for touch in touches {
            guard let start = startLocations.first(where: { $0.id == touch.id }) else { continue }
            if distance(start.location, touch.location) > limit { return true }
        }
        return false
    }
}
