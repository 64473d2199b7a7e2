import KineticPlatform

/// A damped spring, the timing of spring animations: a unit mass pulled to the target by
/// stiffness k and slowed by damping c,
///
///     x″ = −k·(x − target) − c·x′,   ω₀ = √k = 2π / response,   ζ = c / (2ω₀),
///
/// solved in closed form (under-, critically and over-damped), so an animation's value at any
/// time is exact however the animator is stepped.
///
/// Three ways to specify one:
/// - ``init(response:dampingRatio:)``: the undamped period and the damping ratio (SwiftUI's
///   `spring(response:dampingFraction:)`).
/// - ``init(duration:bounce:)``: iOS 17's perceptual duration and bounce; duration is the
///   response and bounce b maps to ζ = 1 − b for b ≥ 0, ζ = 1 / (1 + b) for b < 0.
/// - ``init(settlingDuration:dampingRatio:epsilon:)``: the spring that, released from rest,
///   stays within `epsilon` of the distance after `settlingDuration`. This is Kinetic's reading
///   of UIKit's `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`,
///   whose animation lasts exactly `duration` whatever the damping (Apple does not publish its
///   constants): see ``ViewAnimator``.
public struct Spring: Hashable, Sendable {
    /// The period of the undamped oscillation, in seconds; 0 is infinitely stiff (the value
    /// jumps to the target).
    public let response: Double
    /// The damping ratio ζ: below 1 it oscillates, 1 is critical, above 1 creeps in.
    public let dampingRatio: Double

    /// Creates a spring from its undamped period and damping ratio. A negative or NaN response
    /// is 0; a negative damping ratio is 0 and a NaN one 1.
    public init(response: Double = 0.55, dampingRatio: Double = 0.825) {
        self.response = response.isNaN ? 0 : max(response, 0)
        self.dampingRatio = dampingRatio.isNaN ? 1 : max(dampingRatio, 0)
    }

    /// Creates a spring from a perceptual duration and a bounce in −1…1 (iOS 17's
    /// `Spring(duration:bounce:)`): response = duration; ζ = 1 − bounce for bounce ≥ 0 and
    /// 1 / (1 + bounce) below (bounce is clamped to −0.99…1).
    public init(duration: Double, bounce: Double = 0) {
        let b = bounce.isNaN ? 0 : min(max(bounce, -0.99), 1)
        self.init(response: duration, dampingRatio: b >= 0 ? 1 - b : 1 / (1 + b))
    }

    /// Creates a spring from physical constants (`CASpringAnimation`'s): ω₀ = √(k/m),
    /// ζ = c / (2√(k·m)). Non-positive or NaN mass or stiffness give an infinitely stiff spring.
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        guard mass > 0, stiffness > 0, mass.isFinite, stiffness.isFinite else {
            self.init(response: 0, dampingRatio: 1)
            return
        }
        let omega = (stiffness / mass).squareRoot()
        self.init(response: 2 * .pi / omega, dampingRatio: damping / (2 * (stiffness * mass).squareRoot()))
    }

    /// Creates the spring with damping ratio `dampingRatio` (clamped to 0.01…100) whose
    /// displacement, released from rest, has decayed to `epsilon` of the distance (its
    /// envelope, for ζ < 1) after `settlingDuration` seconds. A non-positive duration gives an
    /// infinitely stiff spring.
    public init(settlingDuration: Double, dampingRatio: Double, epsilon: Double = 0.001) {
        let zeta = dampingRatio.isNaN ? 1 : min(max(dampingRatio, 0.01), 100)
        let eps = epsilon.isNaN ? 0.001 : min(max(epsilon, 1e-12), 0.5)
        guard settlingDuration > 0, settlingDuration.isFinite else {
            self.init(response: 0, dampingRatio: zeta)
            return
        }
        let s = Self.dimensionlessSettlingTime(dampingRatio: zeta, epsilon: eps)
        self.init(response: 2 * .pi * settlingDuration / s, dampingRatio: zeta)
    }

    /// s = ω₀·T, the dimensionless time after which a spring of damping ratio `zeta` released
    /// from rest has decayed to `eps` of its distance (its envelope, for ζ < 1).
    static func dimensionlessSettlingTime(dampingRatio zeta: Double, epsilon eps: Double) -> Double {
        if zeta < 1 {
            // e^{−ζs} / √(1 − ζ²) = ε
            return (-Elementary.log(eps) - 0.5 * Elementary.log(1 - zeta * zeta)) / zeta
        }
        // The displacement from rest decays monotonically: bisect for it to equal ε. With ζ ≤ 100
        // and ε ≥ 10⁻¹², it is below ε by s ≈ 2ζ·28 < 2¹³; the doubling stops at 2⁶⁴ whatever
        // the arithmetic does.
        let unit = Spring(response: 2 * .pi, dampingRatio: zeta)
        var low = 0.0, high = 1.0
        for _ in 0..<64 {
            guard unit.evaluate(displacement: 1, velocity: 0, at: high).displacement > eps else { break }
            high *= 2
        }
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if unit.evaluate(displacement: 1, velocity: 0, at: mid).displacement > eps {
                low = mid
            } else {
                high = mid
            }
        }
        return (low + high) / 2
    }

    /// The time after which this spring, released from rest, stays within `epsilon` of its
    /// distance (the inverse of ``init(settlingDuration:dampingRatio:epsilon:)``, with the damping
    /// ratio clamped to 0.01…100 as there): 0 for an infinitely stiff spring.
    public func settlingDuration(epsilon: Double = 0.001) -> Double {
        guard response > 0, response.isFinite else { return 0 }
        let zeta = min(max(dampingRatio, 0.01), 100)
        let eps = epsilon.isNaN ? 0.001 : min(max(epsilon, 1e-12), 0.5)
        return Self.dimensionlessSettlingTime(dampingRatio: zeta, epsilon: eps) / angularFrequency
    }

    /// The undamped angular frequency ω₀ = 2π / response, in radians per second (infinite for
    /// a zero response).
    public var angularFrequency: Double { response > 0 ? 2 * .pi / response : .infinity }

    /// The stiffness k for a unit mass: ω₀².
    public var stiffness: Double { angularFrequency * angularFrequency }

    /// The damping coefficient c for a unit mass: 2ζω₀.
    public var damping: Double { 2 * dampingRatio * angularFrequency }

    /// The displacement from the target and the velocity `time` seconds after starting with
    /// displacement `y0` and velocity `v0` (the closed-form solution of the spring's equation).
    func evaluate(displacement y0: Double, velocity v0: Double, at time: Double) -> (
        displacement: Double, velocity: Double
    ) {
        guard response > 0 else { return (0, 0) }
        let t = max(time, 0)
        let w = angularFrequency
        let zeta = dampingRatio
        if abs(zeta - 1) < 1e-9 {
            // Critical: y = e^{−ωt}(y0 + (v0 + ω·y0)·t)
            let b = v0 + w * y0
            let e = Elementary.exp(-w * t)
            return (e * (y0 + b * t), e * (v0 - w * b * t))
        } else if zeta < 1 {
            // Under-damped: y = e^{−ζωt}(y0·cos ω_d t + (v0 + ζω·y0)/ω_d · sin ω_d t)
            let wd = w * (1 - zeta * zeta).squareRoot()
            let a = y0
            let b = (v0 + zeta * w * y0) / wd
            let e = Elementary.exp(-zeta * w * t)
            let c = Elementary.cos(wd * t), s = Elementary.sin(wd * t)
            let y = e * (a * c + b * s)
            let v = e * ((wd * b - zeta * w * a) * c - (wd * a + zeta * w * b) * s)
            return (y, v)
        } else {
            // Over-damped: y = c1·e^{r1 t} + c2·e^{r2 t}, r1,2 = −ω(ζ ∓ √(ζ² − 1))
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w * (zeta - root)
            let r2 = -w * (zeta + root)
            let c2 = (v0 - r1 * y0) / (r2 - r1)
            let c1 = y0 - c2
            let e1 = Elementary.exp(r1 * t), e2 = Elementary.exp(r2 * t)
            return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        }
    }
}
