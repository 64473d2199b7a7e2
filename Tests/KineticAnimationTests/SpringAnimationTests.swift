import Foundation
import KineticDynamics
import KineticTestSupport
import Testing

@testable import KineticAnimation

/// Spring animations against the damped harmonic oscillator x″ = −ω₀²(x − X) − 2ζω₀x′.
@Suite("Spring animations")
struct SpringAnimationTests {
    /// The textbook solution, written independently of the animator, in the forms a physics
    /// text gives: amplitude and phase for ζ < 1, hyperbolic functions for ζ > 1.
    private func oscillator(y0: Double, v0: Double, omega w: Double, zeta: Double, t: Double) -> Double {
        if zeta < 1 {
            let wd = w * (1 - zeta * zeta).squareRoot()
            let q = (v0 + zeta * w * y0) / wd
            let amplitude = (y0 * y0 + q * q).squareRoot()
            let phase = atan2(q, y0)
            return amplitude * exp(-zeta * w * t) * cos(wd * t - phase)
        } else if zeta == 1 {
            return (y0 + (v0 + w * y0) * t) * exp(-w * t)
        } else {
            let wh = w * (zeta * zeta - 1).squareRoot()
            return exp(-zeta * w * t) * (y0 * cosh(wh * t) + (v0 + zeta * w * y0) / wh * sinh(wh * t))
        }
    }

    /// A fourth-order Runge–Kutta integration of the same equation with a tiny step: a second,
    /// numerical truth that shares no formula with either closed form.
    private func integrate(y0: Double, v0: Double, omega w: Double, zeta: Double, until t: Double) -> Double {
        let h = 1e-4
        var y = y0, v = v0, time = 0.0
        func acceleration(_ y: Double, _ v: Double) -> Double { -w * w * y - 2 * zeta * w * v }
        while time < t - 1e-12 {
            let step = min(h, t - time)
            let k1y = v, k1v = acceleration(y, v)
            let k2y = v + step / 2 * k1v, k2v = acceleration(y + step / 2 * k1y, v + step / 2 * k1v)
            let k3y = v + step / 2 * k2v, k3v = acceleration(y + step / 2 * k2y, v + step / 2 * k2v)
            let k4y = v + step * k3v, k4v = acceleration(y + step * k3y, v + step * k3v)
            y += step / 6 * (k1y + 2 * k2y + 2 * k3y + k4y)
            v += step / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            time += step
        }
        return y
    }

    /// Under-, critically and over-damped springs with an initial velocity, moving `center`
    /// from (0, 0) to (100, −40) at 60 frames per second: every frame until it settles matches
    /// the analytic oscillator to 1e-9 pt, and sampled frames match the RK4 integration to
    /// 1e-6 pt.
    @Test(arguments: [0.3, 1.0, 2.5])
    func springMatchesTheDampedOscillator(zeta: Double) throws {
        let clock = ManualClock()
        let animator = ViewAnimator(clock: clock)
        let view = TestView(center: .zero)
        let spring = Spring(response: 0.4, dampingRatio: zeta)
        let relativeVelocity = 1.5  // UIKit's units: 1.5 distances per second
        var completions: [Bool] = []
        animator.animate(
            with: spring, initialSpringVelocity: relativeVelocity, items: [view],
            animations: {
                view.center = CGPoint(x: 100, y: -40)
            }, completion: { completions.append($0) })

        let w = 2 * Double.pi / 0.4
        let x = { (t: Double) in 100 + oscillator(y0: -100, v0: 1.5 * 100, omega: w, zeta: zeta, t: t) }
        let y = { (t: Double) in -40 + oscillator(y0: 40, v0: 1.5 * -40, omega: w, zeta: zeta, t: t) }
        var worst = 0.0
        for frame in 1...30 {
            let t = Double(frame) / 60
            clock.sleep(until: t)
            animator.update()
            worst = max(worst, abs(Double(view.center.x) - x(t)), abs(Double(view.center.y) - y(t)))
            if frame % 6 == 0 {
                let numeric = 100 + integrate(y0: -100, v0: 150, omega: w, zeta: zeta, until: t)
                #expect(close(Double(view.center.x), numeric, 1e-6), "ζ = \(zeta), t = \(t)")
            }
        }
        #expect(worst < 1e-9, "ζ = \(zeta): worst error \(worst) pt")
        #expect(completions.isEmpty)

        // It runs until settled (the remaining oscillation below 0.001 pt), then lands exactly
        // on the target and completes once.
        var settledAt: Double?
        for frame in 31...600 where settledAt == nil {
            let t = Double(frame) / 60
            clock.sleep(until: t)
            animator.update()
            if completions.isEmpty {
                #expect(close(Double(view.center.x), x(t), 1e-9))
            } else {
                settledAt = t
            }
        }
        let t = try #require(settledAt)
        #expect(abs(x(t) - 100) < 1e-3 && abs(y(t) + 40) < 1e-3)
        #expect(abs(x(t - 1.0 / 60) - 100) > 1e-4 || abs(y(t - 1.0 / 60) + 40) > 1e-4)
        #expect(view.center == CGPoint(x: 100, y: -40))
        #expect(completions == [true])
        #expect(!animator.isAnimating)
    }

    /// The spring's parameterisations: response ↔ ω₀ = 2π/response; iOS 17's bounce;
    /// mass–stiffness–damping.
    @Test func parameterMappings() {
        let s = Spring(response: 0.5, dampingRatio: 0.7)
        #expect(close(s.angularFrequency, 4 * .pi, 1e-12))
        #expect(close(s.stiffness, 16 * .pi * .pi, 1e-9) && close(s.damping, 2 * 0.7 * 4 * .pi, 1e-12))
        let bouncy = Spring(duration: 0.6, bounce: 0.3)
        #expect(bouncy.response == 0.6 && close(bouncy.dampingRatio, 0.7, 1e-15))
        #expect(close(Spring(duration: 0.6, bounce: -0.5).dampingRatio, 2, 1e-15))
        let physical = Spring(mass: 2, stiffness: 200, damping: 20)  // ω₀ = 10, ζ = 20 / (2·√400) = 0.5
        #expect(close(physical.angularFrequency, 10, 1e-12) && close(physical.dampingRatio, 0.5, 1e-12))
        // Bad input: a zero or negative response jumps; NaN damping is critical.
        #expect(Spring(response: -1, dampingRatio: .nan) == Spring(response: 0, dampingRatio: 1))
    }

    /// UIKit's duration-based spring: the spring is stiff enough that, released from rest,
    /// its envelope is 0.1 % of the distance at the duration — for ζ < 1 that is
    /// e^{−ζω₀T}/√(1 − ζ²) = 0.001 — and the animation ends exactly at the duration.
    @Test(arguments: [0.2, 0.5, 0.9])
    func durationSpringSettlesAtItsDuration(zeta: Double) {
        let duration = 0.8
        let spring = Spring(settlingDuration: duration, dampingRatio: zeta)
        let envelope = exp(-zeta * spring.angularFrequency * duration) / (1 - zeta * zeta).squareRoot()
        #expect(close(envelope, 0.001, 1e-12))

        let clock = ManualClock()
        let animator = ViewAnimator(clock: clock)
        let view = TestView(center: .zero)
        var completedAt: Double?
        animator.animate(
            withDuration: duration, usingSpringWithDamping: CGFloat(zeta), initialSpringVelocity: 0,
            items: [view], animations: { view.center = CGPoint(x: 200, y: 0) },
            completion: { _ in completedAt = clock.now })
        clock.sleep(until: 0.3)
        animator.update()
        let expected = 200 + oscillator(y0: -200, v0: 0, omega: spring.angularFrequency, zeta: zeta, t: 0.3)
        #expect(close(Double(view.center.x), expected, 1e-9))
        clock.sleep(until: duration - 1e-6)
        animator.update()
        #expect(abs(Double(view.center.x) - 200) <= 0.001 * 200 + 1e-9)  // within the envelope
        #expect(completedAt == nil)
        clock.sleep(until: duration)
        animator.update()
        #expect(view.center.x == 200 && completedAt == duration)
    }

    /// For ζ ≥ 1 the decay from rest is monotonic and the mapping solves it numerically:
    /// check the definition (displacement 0.1 % at the duration) with the textbook solution.
    @Test(arguments: [1.0, 1.8])
    func durationSpringMappingForHeavyDamping(zeta: Double) {
        let spring = Spring(settlingDuration: 0.5, dampingRatio: zeta)
        let remaining = oscillator(y0: 1, v0: 0, omega: spring.angularFrequency, zeta: zeta, t: 0.5)
        #expect(close(remaining, 0.001, 1e-9))
    }
}
