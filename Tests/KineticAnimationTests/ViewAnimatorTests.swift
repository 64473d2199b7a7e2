import Foundation
import KineticDynamics
import KineticLayout
import KineticTestSupport
import Testing

@testable import KineticAnimation

@Suite("View animator")
struct ViewAnimatorTests {
    /// The animations block's values become targets: the item is put back as it was until
    /// time moves; then a curve animation follows from + (to − from)·curve(elapsed/duration).
    @Test func curveTweenFollowsTheCurve() {
        let clock = ManualClock(at: 10)
        let animator = ViewAnimator(clock: clock)
        let view = TestView(center: CGPoint(x: 0, y: 100))
        animator.animate(withDuration: 2, options: .curveEaseIn, items: [view]) {
            view.center = CGPoint(x: 200, y: 0)
            view.alpha = 0.5
        }
        #expect(view.center == CGPoint(x: 0, y: 100) && view.alpha == 1)
        for elapsed in [0.25, 0.5, 1.0, 1.5] {
            clock.sleep(until: 10 + elapsed)
            animator.update()
            let progress = bezierProgress(elapsed / 2, 0.42, 0, 1, 1)
            #expect(close(Double(view.center.x), 200 * progress, 1e-9))
            #expect(close(Double(view.center.y), 100 - 100 * progress, 1e-9))
            #expect(close(Double(view.alpha), 1 - 0.5 * progress, 1e-9))
        }
        clock.sleep(until: 12)
        animator.update()
        #expect(view.center == CGPoint(x: 200, y: 0) && view.alpha == 0.5)
    }

    @Test func linearAndDefaultCurves() {
        let clock = ManualClock()
        let animator = ViewAnimator(clock: clock)
        let a = TestView(center: .zero)
        let b = TestView(center: .zero)
        animator.animate(withDuration: 1, options: .curveLinear, items: [a]) { a.center.x = 100 }
        animator.animate(withDuration: 1, items: [b]) { b.center.x = 100 }  // ease-in-out by default
        clock.sleep(until: 0.3)
        animator.update()
        #expect(close(Double(a.center.x), 30, 1e-9))
        #expect(close(Double(b.center.x), 100 * bezierProgress(0.3, 0.42, 0, 0.58, 1), 1e-9))
        #expect(b.center.x < a.center.x)
    }

    /// A delay holds the animation back; it starts from the item's value at its start time.
    @Test func delayStartsLater() {
        let clock = ManualClock()
        let animator = ViewAnimator(clock: clock)
        let view = TestView(center: .zero)
        let animation = animator.animate(withDuration: 1, delay: 0.5, options: .curveLinear, items: [view]) {
            view.center.x = 100
        }
        clock.sleep(until: 0.4)
        animator.update()
        #expect(view.center.x == 0 && !animation.hasStarted)
        clock.sleep(until: 1.0)
        animator.update()
        #expect(animation.hasStarted && close(Double(view.center.x), 50, 1e-9))
    }

    /// Completion runs once: `true` when the animation reaches its targets, `false` when it
    /// is cancelled (the item stays where it was) or replaced.
    @Test func completionRunsOnceWithTheRightFlag() {
        let clock = ManualClock()
        let animator = ViewAnimator(clock: clock)
        let view = TestView(center: .zero)
        var results: [String] = []
        animator.animate(
            withDuration: 1, options: .curveLinear, items: [view], animations: { view.center.x = 100 },
            completion: { results.append("first \($0)") })
        clock.sleep(until: 0.5)
        animator.update()
        // Replaced mid-flight: the new animation starts from the current value.
        animator.animate(
            withDuration: 1, options: .curveLinear, items: [view], animations: { view.center.x = 0 },
            completion: { results.append("second \($0)") })
        clock.sleep(until: 0.75)
        animator.update()
        #expect(results == ["first false"])
        #expect(close(Double(view.center.x), 50 - 50 * 0.25, 1e-9))
        clock.sleep(until: 1.5)
        animator.update()
        clock.sleep(until: 3)
        animator.update()
        #expect(results == ["first false", "second true"])

        let third = animator.animate(
            withDuration: 1, options: .curveLinear, items: [view], animations: { view.center.x = 80 },
            completion: { results.append("third \($0)") })
        clock.sleep(until: 3.5)
        animator.update()
        third.cancel()
        third.cancel()
        #expect(results.last == "third false" && results.count == 3)
        let stopped = view.center.x
        clock.sleep(until: 5)
        animator.update()
        #expect(view.center.x == stopped && close(Double(stopped), 40, 1e-9))
        #expect(!animator.isAnimating)
    }

    /// Retargeting a spring mid-flight: the new spring starts from the running position with
    /// the running velocity. Checked three ways: the reported velocity just after equals the
    /// analytic velocity just before; the new trajectory is the oscillator started from that
    /// state; and finite differences across the switch show no jump in speed.
    @Test func retargetKeepsPositionAndVelocityContinuous() {
        let clock = ManualClock()
        let animator = ViewAnimator(clock: clock)
        let view = TestView(center: .zero)
        let first = Spring(response: 0.5, dampingRatio: 0.4)
        let second = Spring(response: 0.3, dampingRatio: 0.8)
        animator.animate(with: first, items: [view]) { view.center.x = 100 }

        // The first spring's state at the switch, released from rest 100 pt short: the
        // textbook y = y₀e^{−ζωt}(cos ω_d t + ζω/ω_d sin ω_d t), v = −y₀(ω²/ω_d)e^{−ζωt} sin ω_d t.
        let switchTime = 0.2
        let w1 = 4 * Double.pi, zeta1 = 0.4
        let wd1 = w1 * (1 - zeta1 * zeta1).squareRoot()
        let decay = exp(-zeta1 * w1 * switchTime)
        let y1 = -100 * decay * (cos(wd1 * switchTime) + zeta1 * w1 / wd1 * sin(wd1 * switchTime))
        let v1 = 100 * w1 * w1 / wd1 * decay * sin(wd1 * switchTime)
        let h = 1e-4
        clock.sleep(until: switchTime - h)
        animator.update()
        let before = Double(view.center.x)
        clock.sleep(until: switchTime)
        animator.update()
        let atSwitch = Double(view.center.x)
        #expect(close(atSwitch, 100 + y1, 1e-9))

        var completions: [Bool] = []
        animator.animate(
            with: second, items: [view], animations: { view.center.x = 30 },
            completion: { completions.append($0) })
        animator.update()  // starts at the same instant
        #expect(close(Double(view.center.x), atSwitch, 1e-9))  // position continuous
        #expect(close(Double(animator.centerVelocity(of: view).dx), v1, 1e-9))  // velocity handed over

        clock.sleep(until: switchTime + h)
        animator.update()
        let after = Double(view.center.x)
        let leftSpeed = (atSwitch - before) / h
        let rightSpeed = (after - atSwitch) / h
        // One-sided differences differ by about h·|Δacceleration| (the target jumped, the
        // force with it) ≈ 1e-4 · ω²·70 ≈ 3 pt/s, against a speed of hundreds: no jump.
        #expect(abs(leftSpeed - rightSpeed) < 5, "left \(leftSpeed), right \(rightSpeed)")
        #expect(abs(v1) > 200)

        // After the switch: the second spring's oscillator from (x, v) at the switch, written
        // in the textbook's amplitude–phase form.
        let w = 2 * Double.pi / 0.3, zeta = 0.8
        let wd = w * (1 - zeta * zeta).squareRoot()
        let y0 = atSwitch - 30
        let q = (v1 + zeta * w * y0) / wd
        for k in 1...20 {
            let t = switchTime + Double(k) * 0.02
            clock.sleep(until: t)
            animator.update()
            let tau = t - switchTime
            let expected = 30 + exp(-zeta * w * tau) * (y0 * cos(wd * tau) + q * sin(wd * tau))
            #expect(close(Double(view.center.x), expected, 1e-9))
        }
        #expect(completions.isEmpty)
    }

    /// Setting a running spring's property to its current on-screen value is a new target
    /// (UIKit compares with the model value, the running target): the spring carries on from
    /// there with its velocity, overshoots and comes back. Setting the running target again
    /// changes nothing.
    @Test func retargetingToTheCurrentValue() {
        let clock = ManualClock()
        let animator = ViewAnimator(clock: clock)
        let view = TestView(center: .zero)
        let spring = Spring(response: 0.5, dampingRatio: 1)
        var results: [String] = []
        animator.animate(
            with: spring, items: [view], animations: { view.center.x = 100 },
            completion: { results.append("first \($0)") })
        clock.sleep(until: 0.1)
        animator.update()
        animator.animate(
            with: spring, items: [view], animations: { view.center.x = 100 },
            completion: { results.append("same \($0)") })
        animator.update()
        #expect(results == ["same true"])  // nothing to animate: done at its start
        let here = view.center.x
        // Critically damped from rest 100 pt short: v = 100·ω²·t·e^{−ωt}.
        let w = 4 * Double.pi
        let v = 100 * w * w * 0.1 * exp(-w * 0.1)
        animator.animate(with: spring, items: [view], animations: { view.center.x = here })
        animator.update()
        #expect(results == ["same true", "first false"])
        // Critically damped from (here, v): x = here + v·τ·e^{−ωτ}, peaking at τ = 1/ω.
        clock.sleep(until: 0.1 + 1 / w)
        animator.update()
        #expect(close(Double(view.center.x), Double(here) + v / w * exp(-1), 1e-9))
    }

    /// A spring that takes over from a curve inherits the curve's velocity too.
    @Test func springTakingOverFromACurveInheritsItsVelocity() {
        let clock = ManualClock()
        let animator = ViewAnimator(clock: clock)
        let view = TestView(center: .zero)
        animator.animate(withDuration: 1, options: .curveLinear, items: [view]) { view.center.y = 300 }
        clock.sleep(until: 0.5)
        animator.update()
        #expect(close(Double(animator.centerVelocity(of: view).dy), 300, 1e-9))
        animator.animate(with: Spring(response: 0.5, dampingRatio: 1), items: [view]) { view.center.y = 0 }
        animator.update()
        #expect(close(Double(animator.centerVelocity(of: view).dy), 300, 1e-9))
        #expect(close(Double(view.center.y), 150, 1e-9))
    }

    /// Transforms interpolate angle and scale, not matrix entries: halfway through a quarter
    /// turn is an eighth turn at full size (entry-wise it would be scaled by √2/2), and
    /// scale-with-rotation keeps the rotation of the target.
    @Test func transformsInterpolateAngleAndScale() {
        let clock = ManualClock()
        let animator = ViewAnimator(clock: clock)
        let view = TestView()
        animator.animate(withDuration: 1, options: .curveLinear, items: [view]) {
            view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        }
        clock.sleep(until: 0.5)
        animator.update()
        let t = view.transform
        #expect(close(Double(atan2(t.b, t.a)), .pi / 4, 1e-12))
        #expect(close(Double(t.a * t.a + t.b * t.b), 1, 1e-12))  // unit scale all the way
        #expect(close(Double(t.a * t.d - t.b * t.c), 1, 1e-12))

        // From +170° to −170° turns 20° through 180°, not 340° back through 0°.
        let spin = TestView()
        spin.transform = CGAffineTransform(rotationAngle: 170 * .pi / 180)
        animator.animate(withDuration: 1, options: .curveLinear, items: [spin]) {
            spin.transform = CGAffineTransform(rotationAngle: -170 * .pi / 180)
        }
        clock.sleep(until: 1.0)
        animator.update()  // the first animation finishes; the second is halfway
        let s = spin.transform
        #expect(close(Double(atan2(s.b, s.a)).magnitude, .pi, 1e-9))

        // Scale 1 → 3 with a 60° turn: halfway is scale 2 at 30°.
        let grow = TestView()
        animator.animate(withDuration: 2, options: .curveLinear, items: [grow]) {
            grow.transform = CGAffineTransform(rotationAngle: .pi / 3).scaledBy(x: 3, y: 3)
        }
        clock.sleep(until: 2.0)
        animator.update()
        let g = grow.transform
        #expect(close(Double((g.a * g.a + g.b * g.b).squareRoot()), 2, 1e-12))
        #expect(close(Double(atan2(g.b, g.a)), .pi / 6, 1e-12))
        clock.sleep(until: 3.0)
        animator.update()
        #expect(grow.transform == CGAffineTransform(rotationAngle: .pi / 3).scaledBy(x: 3, y: 3))
    }

    @Test func boundsAndAlpha() {
        let clock = ManualClock()
        let animator = ViewAnimator(clock: clock)
        let view = TestView(size: CGSize(width: 100, height: 50))
        animator.animate(withDuration: 1, options: .curveLinear, items: [view]) {
            view.bounds = CGRect(x: 0, y: 0, width: 200, height: 150)
            view.alpha = 0
        }
        clock.sleep(until: 0.25)
        animator.update()
        #expect(view.bounds.size == CGSize(width: 125, height: 75))
        #expect(view.alpha == 0.75)
        // An over-damped spring never overshoots, but an under-damped one may: alpha is
        // written clamped to 0…1 while the spring keeps its own unclamped state.
        let fader = TestView()
        fader.alpha = 0.2
        animator.animate(with: Spring(response: 0.3, dampingRatio: 0.1), items: [fader]) { fader.alpha = 1 }
        var highest: CGFloat = 0
        for frame in 1...120 {
            clock.sleep(until: 0.25 + Double(frame) / 120)
            animator.update()
            highest = max(highest, fader.alpha)
        }
        #expect(highest == 1)
    }

    /// Only changed properties animate; an animation that changes nothing completes (true) at
    /// its start; items named twice count once.
    @Test func onlyChangesAnimate() {
        let clock = ManualClock()
        let animator = ViewAnimator(clock: clock)
        let view = TestView(center: .zero)
        var results: [Bool] = []
        animator.animate(withDuration: 1, items: [view, view], animations: {}, completion: { results.append($0) })
        #expect(results.isEmpty)
        animator.update()
        #expect(results == [true])
        // A center animation leaves a concurrent alpha animation alone.
        animator.animate(withDuration: 1, options: .curveLinear, items: [view]) { view.alpha = 0 }
        animator.animate(withDuration: 1, options: .curveLinear, items: [view]) { view.center.x = 10 }
        clock.sleep(until: 0.5)
        animator.update()
        #expect(view.alpha == 0.5 && view.center.x == 5)
    }

    /// A block that does not touch a running property leaves its animation alone, as UIKit's
    /// model layer does: a center animation half way (x 50 of 0 → 100) carries on to 100 while a
    /// later block fades the view; inside that block the center reads its model value, 100 (the
    /// running target, what UIKit's view returns), not the 50 on screen; a transform animation
    /// that is running keeps its target through a block that moves the center.
    @Test func untouchedPropertiesKeepTheirAnimations() {
        let clock = ManualClock()
        let animator = ViewAnimator(clock: clock)
        let view = TestView(center: .zero)
        animator.animate(withDuration: 1, options: .curveLinear, items: [view]) {
            view.center.x = 100
            view.transform = CGAffineTransform(rotationAngle: 1)
        }
        clock.sleep(until: 0.5)
        animator.update()
        #expect(view.center.x == 50 && view.alpha == 1)
        var seen: CGFloat = .nan
        animator.animate(withDuration: 1, options: .curveLinear, items: [view]) {
            seen = view.center.x
            view.alpha = 0
        }
        // Put back as it shows once the block has run.
        #expect(seen == 100 && view.center.x == 50 && view.alpha == 1)
        clock.sleep(until: 1)
        animator.update()
        #expect(view.center.x == 100 && view.alpha == 0.5)
        #expect(abs(Double(atan2(view.transform.b, view.transform.a)) - 1) < 1e-12)
        // Moving the center while the fade runs leaves the fade alone.
        animator.animate(withDuration: 1, options: .curveLinear, items: [view]) { view.center.x = 0 }
        clock.sleep(until: 1.5)
        animator.update()
        #expect(view.alpha == 0 && view.center.x == 50)
    }

    /// Bad input: negative and NaN durations and delays are 0; NaN targets are not animated
    /// (the item keeps its value); time does not run backwards.
    @Test func badInput() {
        let clock = ManualClock(at: 1)
        let animator = ViewAnimator(clock: clock)
        let view = TestView(center: .zero)
        var done: [Bool] = []
        animator.animate(
            withDuration: -3, delay: .nan, items: [view], animations: { view.center.x = 40 },
            completion: { done.append($0) })
        animator.update()
        #expect(view.center.x == 40 && done == [true])
        animator.animate(withDuration: 1, items: [view]) { view.center.y = .nan }
        #expect(view.center.y == 0)
        animator.animate(withDuration: .nan, items: [view]) { view.alpha = 0.3 }
        animator.step(to: 0.5)  // earlier than now: ignored
        #expect(view.alpha == 1)
        animator.step(to: .nan)
        animator.step(to: 1)
        #expect(view.alpha == 0.3 && view.center.y == 0)
    }

    @Test func cancellingAnItemsAnimations() {
        let clock = ManualClock()
        let animator = ViewAnimator(clock: clock)
        let a = TestView(center: .zero), b = TestView(center: .zero)
        var results: [Bool] = []
        animator.animate(
            withDuration: 1, options: .curveLinear, items: [a, b],
            animations: {
                a.center.x = 100
                b.center.x = 100
            }, completion: { results.append($0) })
        clock.sleep(until: 0.5)
        animator.update()
        animator.cancelAnimations(of: a)
        #expect(results.isEmpty)  // b still animates
        clock.sleep(until: 1)
        animator.update()
        #expect(a.center.x == 50 && b.center.x == 100)
        #expect(results == [false])  // one of its properties was taken away
    }

    /// Collection-view layout attributes are animatable items out of the box.
    @Test func layoutAttributesAnimate() {
        let clock = ManualClock()
        let animator = ViewAnimator(clock: clock)
        let attributes = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        attributes.size = CGSize(width: 50, height: 50)
        animator.animate(withDuration: 1, options: .curveLinear, items: [attributes]) {
            attributes.center = CGPoint(x: 100, y: 0)
            attributes.alpha = 0
        }
        clock.sleep(until: 0.5)
        animator.update()
        #expect(attributes.center == CGPoint(x: 50, y: 0) && attributes.alpha == 0.5)
    }
}
