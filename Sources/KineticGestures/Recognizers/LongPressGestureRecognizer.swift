import KineticDynamics
import KineticPlatform

/// Recognizes fingers held still for a while (UIKit's `UILongPressGestureRecognizer`): a
/// continuous gesture.
///
/// The press begins on time — ``minimumPressDuration`` after `numberOfTouchesRequired` fingers
/// are down — from the arena's timer, with no further touch event needed. Before that it fails
/// if a finger moves more than ``allowableMovement`` from where it touched down, lifts, or more
/// fingers than required come down. Once begun, any movement reports `.changed` (the long
/// press drag of reordering), the first finger to lift ends it, and an extra finger
/// arriving cancels it.
open class LongPressGestureRecognizer: GestureRecognizer {
    /// How long, in seconds, the fingers must be held. Default 0.5; negative or NaN is 0.
    public var minimumPressDuration: TimeInterval = 0.5

    /// How far, in points, a finger may wander before the press begins. Default 10.
    public var allowableMovement: CGFloat = 10

    /// The number of fingers to hold down. Default 1; values below 1 count as 1.
    public var numberOfTouchesRequired = 1

    private static let pressTimer = 1

    /// Where each finger touched down.
    private var startLocations: [Int: CGPoint] = [:]
    /// The centroid at the last `.began` or `.changed`, so a stationary event changes nothing.
    private var reportedLocation: CGPoint?

    /// Creates a recognizer for a one-finger, half-second press.
    public override init() {
        super.init()
    }

    private var touchesRequired: Int { max(numberOfTouchesRequired, 1) }

    /// Records where the fingers touched down; starts the press timer when the required number is
    /// down, fails on too many (cancels once begun).
    open override func touchesBegan(_ touches: [Touch]) {
        for touch in touches { startLocations[touch.id] = touch.location }
        switch effectiveState {
        case .possible:
            if numberOfTouches > touchesRequired {
                state = .failed
            } else if numberOfTouches == touchesRequired {
                let duration = minimumPressDuration.isNaN ? 0 : max(minimumPressDuration, 0)
                scheduleTimer(Self.pressTimer, at: currentTime + duration)
            }
        case .began, .changed:
            if numberOfTouches > touchesRequired { state = .cancelled }
        default:
            break
        }
    }

    /// Fails on wandering beyond `allowableMovement` before the press begins; reports `.changed` on
    /// movement after.
    open override func touchesMoved(_ touches: [Touch]) {
        switch effectiveState {
        case .possible:
            let limit = Double(allowableMovement.isNaN ? 0 : allowableMovement)
            for touch in touches {
                if let start = startLocations[touch.id], distance(start, touch.location) > limit {
                    state = .failed
                    return
                }
            }
        case .began, .changed:
            if let location = touchCentroid, location != reportedLocation {
                reportedLocation = location
                state = .changed
            }
        default:
            break
        }
    }

    /// Fails a press lifted too early; ends one that has begun.
    open override func touchesEnded(_ touches: [Touch]) {
        switch effectiveState {
        case .possible: state = .failed  // lifted before the press was long enough
        case .began, .changed: state = .ended
        default: break
        }
    }

    /// Fails a press not yet begun; cancels one that has.
    open override func touchesCancelled(_ touches: [Touch]) {
        switch effectiveState {
        case .possible: state = .failed
        case .began, .changed: state = .cancelled
        default: break
        }
    }

    override func timerFired(_ tag: Int) {
        guard tag == Self.pressTimer, effectiveState == .possible, numberOfTouches == touchesRequired else { return }
        reportedLocation = touchCentroid
        state = .began
    }

    /// Forgets the touch-down points.
    open override func reset() {
        super.reset()
        startLocations.removeAll()
        reportedLocation = nil
    }
}
