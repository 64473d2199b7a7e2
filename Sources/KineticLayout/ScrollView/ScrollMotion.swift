import KineticAnimation
import KineticPlatform

/// What moves one axis of a scroll view after the finger lifts, or during an animated scroll:
/// a deceleration, a spring to an edge or page, or a timed ease-in-out. Times are the arena's,
/// in seconds.
struct ScrollMotion {
    enum Kind {
        /// x(t) = start + (target − start)(1 − rateᵗ), t in milliseconds since `began`; when
        /// `edge` is set the content passes it (the fling reached the end) and bounces back to
        /// it on the spring, or, with `bounces` off, stops there.
        case deceleration(start: Double, target: Double, rate: Double, edge: Double?, bounces: Bool)
        /// The critically damped spring to `rest` from `offset` past it at `velocity` (pt/s).
        case spring(rest: Double, offset: Double, velocity: Double)
        /// From `start` to `target` over `duration` seconds on `curve`.
        case timed(start: Double, target: Double, duration: Double, curve: TimingCurve)
    }

    var kind: Kind
    /// When this motion began.
    var began: TimeInterval
    /// Where it ends: the position it reaches exactly.
    var destination: Double {
        switch kind {
        case .deceleration(_, let target, _, let edge, _): edge ?? target
        case .spring(let rest, _, _): rest
        case .timed(_, let target, _, _): target
        }
    }

    /// The position and velocity (points per second) at `time`, and whether the motion is over
    /// (then the position is ``destination`` exactly). A deceleration that reaches its edge
    /// turns into the spring (or stops) here, so the motion may change kind.
    mutating func sample(at time: TimeInterval) -> (position: Double, velocity: Double, done: Bool) {
        let elapsed = max(0, time - began)
        switch kind {
        case .deceleration(let start, let target, let rate, let edge, let bounces):
            let d = min(max(rate, ScrollPhysics.rateRange.lowerBound), ScrollPhysics.rateRange.upperBound)
            let milliseconds = elapsed * 1000
            let travel = target - start
            let position = start + travel * ScrollPhysics.decelerationProgress(milliseconds: milliseconds, rate: d)
            // dx/dt = −travel·dᵗ·ln d per millisecond.
            let velocity = d > 0 ? -travel * Elementary.pow(d, milliseconds) * Elementary.log(d) * 1000 : 0
            if let edge, travel > 0 ? position >= edge : position <= edge {
                // The moment the edge is crossed: t = log_d(1 − (edge − start)/travel).
                let fraction = (edge - start) / travel
                let crossing = fraction < 1 && d > 0 ? Elementary.log(1 - fraction) / Elementary.log(d) / 1000 : elapsed
                let crossingVelocity =
                    d > 0 ? -travel * Elementary.pow(d, crossing * 1000) * Elementary.log(d) * 1000 : 0
                guard bounces else { return (edge, 0, true) }
                kind = .spring(rest: edge, offset: 0, velocity: crossingVelocity)
                began += crossing
                return sample(at: time)
            }
            if abs(target - position) < ScrollPhysics.restDistance || elapsed.isInfinite { return (target, 0, true) }
            return (position, velocity, false)
        case .spring(let rest, let offset, let velocity):
            let (x, v) = ScrollPhysics.spring(offset: offset, velocity: velocity, seconds: elapsed)
            // Never through the rest point: a spring that would cross it ends there.
            if offset != 0 ? (x * offset <= 0) : (elapsed > 0 && x * velocity < 0) { return (rest, 0, true) }
            if abs(x) < ScrollPhysics.restDistance && abs(v) < ScrollPhysics.restSpeed { return (rest, 0, true) }
            return (rest + x, v, false)
        case .timed(let start, let target, let duration, let curve):
            guard duration > 0, elapsed < duration else { return (target, 0, true) }
            let x = elapsed / duration
            return (
                start + (target - start) * curve.value(at: x), (target - start) * curve.slope(at: x) / duration, false
            )
        }
    }

    /// Moves the motion by `delta` along its axis, as the content under it moved: where it starts
    /// and where it heads. A spring's rest is an edge of the content's range and stays (the
    /// range is read again every frame).
    mutating func shift(by delta: Double) {
        switch kind {
        case .deceleration(let start, let target, let rate, let edge, let bounces):
            kind = .deceleration(start: start + delta, target: target + delta, rate: rate, edge: edge, bounces: bounces)
        case .spring: break
        case .timed(let start, let target, let duration, let curve):
            kind = .timed(start: start + delta, target: target + delta, duration: duration, curve: curve)
        }
    }
}
