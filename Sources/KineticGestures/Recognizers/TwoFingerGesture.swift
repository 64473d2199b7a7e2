import KineticDynamics
import KineticPlatform

/// The two fingers a pinch or a rotation follows: the first two of the recognizer's touches, in
/// the order they came down, and the vector from the first to the second.
struct FingerPair: Equatable {
    let first: UInt64
    let second: UInt64
}

/// Below this distance, in points, two fingers count as one place: a pinch measures its scale
/// from at least this span and a rotation holds its angle (their direction is noise). Our
/// choice: a tenth of a point, far below any two real fingertips (≈ 8 mm apart at least).
let minimumFingerSpan = 0.1

extension GestureRecognizer {
    /// The first two tracked touches other than `excluded`, and the vector between them.
    final func fingerPair(excluding excluded: [Touch] = []) -> (pair: FingerPair, dx: Double, dy: Double)? {
        let gone = Set(excluded.map { $0.id })
        var found: [TrackedTouch] = []
        for t in trackedTouches where !gone.contains(t.touch.id) {
            found.append(t)
            if found.count == 2 { break }
        }
        guard found.count == 2 else { return nil }
        let a = found[0].touch.location, b = found[1].touch.location
        return (FingerPair(first: found[0].serial, second: found[1].serial), Double(b.x - a.x), Double(b.y - a.y))
    }
}

/// What a pinch and a rotation hold alike: the pair of fingers they follow and the samples of
/// their value for its velocity (the last 100 ms, a least-squares slope). A member of each rather
/// than a shared superclass: a struct is all the Embedded build needs.
struct TwoFingerTracking {
    /// The pair followed: nil until two fingers are down, and again once one of them lifts.
    var pair: FingerPair?
    private var tracker = VelocityTracker(window: 0.1)

    /// A hysteresis as a threshold: negative or NaN is 0.
    static func threshold(_ hysteresis: CGFloat) -> Double {
        hysteresis.isNaN ? 0 : max(Double(hysteresis), 0)
    }

    /// The value's rate of change, per second.
    var velocity: CGFloat { tracker.velocity.dx }

    /// Records the gesture's value at `time`.
    mutating func sample(_ value: Double, at time: TimeInterval) {
        tracker.addSample(CGPoint(x: value, y: 0), at: time)
    }

    /// Starts the velocity over at `value`, at `time` (a value set by code re-bases it).
    mutating func restart(at value: Double, time: TimeInterval) {
        tracker.reset()
        sample(value, at: time)
    }

    /// Forgets the velocity samples.
    mutating func forgetSamples() {
        tracker.reset()
    }

    /// Forgets the pair and the samples.
    mutating func reset() {
        pair = nil
        tracker.reset()
    }
}

extension GestureRecognizer {
    /// `touches` lift from a two-finger gesture: with no finger left it ends (fails if it never
    /// began); with one left it holds, `forgetPair` dropping the pair so the next one re-bases.
    final func twoFingerTouchesEnded(_ touches: [Touch], forgetPair: () -> Void) {
        let remaining = numberOfTouches - touches.count
        switch effectiveState {
        case .possible:
            if remaining == 0 { state = .failed } else { forgetPair() }
        case .began, .changed:
            if remaining == 0 { state = .ended } else { forgetPair() }
        default:
            break
        }
    }

    /// Touches cancelled: a two-finger gesture not yet begun fails, one that has is cancelled.
    final func twoFingerTouchesCancelled() {
        switch effectiveState {
        case .possible: state = .failed
        case .began, .changed: state = .cancelled
        default: break
        }
    }

    /// Reports clamped or ignored input through the arena's logger (or the detached one).
    final func warn(_ message: String) {
        (arena?.logger ?? GestureArena.detachedLogger).warning("\(message)")
    }
}
