import Foundation
import KineticDynamics
import KineticTestSupport
import Testing

@testable import KineticAnimation

/// A runner, its clock and a view at the origin.
private func scene(logs: LogCapture? = nil) -> (ManualClock, ViewAnimator, TestView) {
    let clock = ManualClock()
    let runner = ViewAnimator(clock: clock)
    if let logs { runner.logger = logs.logger }
    return (clock, runner, TestView(center: .zero))
}

/// Moves the clock to `t` and steps the runner.
private func step(_ clock: ManualClock, _ runner: ViewAnimator, to t: Double) {
    clock.sleep(until: t)
    runner.update()
}

/// UIViewPropertyAnimator's state machine, as Apple documents `UIViewAnimating`: inactive →
/// (start) active running → (pause) active paused → (start) running → (end) inactive, with
/// completions run once with the position reached; `stopAnimation(true)` → inactive without
/// completions; `stopAnimation(false)` → stopped → `finishAnimation(at:)` → inactive.
@Suite("Property animator: state machine")
struct PropertyAnimatorStateTests {
    @Test func startPauseResumeFinish() {
        let (clock, runner, view) = scene()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear, viewAnimator: runner, items: [view]) {
            view.center.x = 100
        }
        var ended: [ViewAnimatingPosition] = []
        animator.addCompletion { ended.append($0) }
        #expect(animator.state == .inactive && !animator.isRunning && view.center.x == 0)
        animator.startAnimation()
        #expect(animator.state == .active && animator.isRunning)
        // The block's value is the model; the view is presented where it was.
        #expect(view.center.x == 0)
        step(clock, runner, to: 0.25)
        #expect(close(Double(view.center.x), 25, 1e-9) && close(Double(animator.fractionComplete), 0.25, 1e-12))
        animator.pauseAnimation()
        #expect(animator.state == .active && !animator.isRunning)
        step(clock, runner, to: 0.75)
        #expect(close(Double(view.center.x), 25, 1e-9))
        animator.startAnimation()
        // Linear resumes over the time left: 0.75 s for 75 pt.
        step(clock, runner, to: 1.125)
        #expect(close(Double(view.center.x), 62.5, 1e-9))
        #expect(ended.isEmpty)
        step(clock, runner, to: 1.5)
        #expect(view.center.x == 100 && animator.state == .inactive && !animator.isRunning)
        #expect(ended == [.end])
        #expect(!runner.isAnimating)
    }

    @Test func stopWithoutFinishingLeavesTheValuesWhereTheyAre() {
        let (clock, runner, view) = scene()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear, viewAnimator: runner, items: [view]) {
            view.center.x = 100
        }
        var ended: [ViewAnimatingPosition] = []
        animator.addCompletion { ended.append($0) }
        animator.startAnimation()
        step(clock, runner, to: 0.4)
        animator.stopAnimation(true)
        #expect(animator.state == .inactive && ended.isEmpty)
        step(clock, runner, to: 2)
        #expect(close(Double(view.center.x), 40, 1e-9))
    }

    @Test(arguments: [ViewAnimatingPosition.start, .end, .current])
    func stopThenFinishAt(position: ViewAnimatingPosition) {
        let (clock, runner, view) = scene()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear, viewAnimator: runner, items: [view]) {
            view.center = CGPoint(x: 100, y: 50)
        }
        var ended: [ViewAnimatingPosition] = []
        animator.addCompletion { ended.append($0) }
        animator.startAnimation()
        step(clock, runner, to: 0.3)
        animator.stopAnimation(false)
        #expect(animator.state == .stopped && !animator.isRunning)
        step(clock, runner, to: 0.6)
        #expect(close(Double(view.center.x), 30, 1e-9))
        animator.finishAnimation(at: position)
        #expect(animator.state == .inactive && ended == [position])
        let expected: CGPoint =
            switch position {
            case .start: .zero
            case .end: CGPoint(x: 100, y: 50)
            case .current: CGPoint(x: 30, y: 15)
            }
        #expect(close(Double(view.center.x), Double(expected.x), 1e-9))
        #expect(close(Double(view.center.y), Double(expected.y), 1e-9))
        step(clock, runner, to: 2)
        #expect(close(Double(view.center.x), Double(expected.x), 1e-9))
    }

    @Test func pausesOnCompletionStaysActiveAtTheEndAndCanReverse() {
        let (clock, runner, view) = scene()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear, viewAnimator: runner, items: [view]) {
            view.center.x = 100
        }
        animator.pausesOnCompletion = true
        var ended: [ViewAnimatingPosition] = []
        animator.addCompletion { ended.append($0) }
        animator.startAnimation()
        step(clock, runner, to: 1.5)
        #expect(animator.state == .active && !animator.isRunning && animator.fractionComplete == 1)
        #expect(view.center.x == 100 && ended.isEmpty)
        animator.isReversed = true
        animator.startAnimation()
        step(clock, runner, to: 2)
        #expect(close(Double(view.center.x), 50, 1e-9))
        step(clock, runner, to: 2.5)
        #expect(view.center.x == 0 && animator.state == .active && ended.isEmpty)
        animator.pausesOnCompletion = false
        animator.stopAnimation(false)
        animator.finishAnimation(at: .start)
        #expect(ended == [.start] && view.center.x == 0)
    }

    @Test func pauseFromInactiveRunsTheBlocksAndScrubs() {
        let (clock, runner, view) = scene()
        let animator = ViewPropertyAnimator(duration: 2, curve: .easeIn, viewAnimator: runner, items: [view]) {
            view.alpha = 0
        }
        animator.pauseAnimation()
        #expect(animator.state == .active && !animator.isRunning && view.alpha == 1)
        animator.fractionComplete = 0.3
        #expect(close(Double(view.alpha), 0.7, 1e-12))  // scrubs linearly by default
        animator.scrubsLinearly = false
        animator.fractionComplete = 0.3
        #expect(close(Double(view.alpha), 1 - bezierProgress(0.3, 0.42, 0, 1, 1), 1e-9))
        step(clock, runner, to: 1)
        animator.stopAnimation(true)
        #expect(animator.state == .inactive)
    }

    @Test func delayedStartWaits() {
        let (clock, runner, view) = scene()
        var ended: [ViewAnimatingPosition] = []
        let animator = ViewPropertyAnimator.runningPropertyAnimator(
            withDuration: 1, delay: 0.5, options: .curveLinear, viewAnimator: runner, items: [view],
            animations: { view.center.y = 10 }, completion: { ended.append($0) })
        #expect(animator.state == .active && animator.isRunning && animator.delay == 0.5)
        step(clock, runner, to: 0.4)
        #expect(view.center.y == 0)
        step(clock, runner, to: 1.0)
        #expect(close(Double(view.center.y), 5, 1e-9))
        step(clock, runner, to: 1.5)
        #expect(view.center.y == 10 && ended == [.end])
    }

    /// An animator reused after finishing takes new blocks, as UIKit's does.
    @Test func addAnimationsToARunningAnimatorCoversTheRestWithoutAJump() {
        let (clock, runner, view) = scene()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear, viewAnimator: runner, items: [view]) {
            view.center.x = 100
        }
        animator.startAnimation()
        step(clock, runner, to: 0.5)
        animator.addAnimations { view.center.y = 80 }
        #expect(view.center.y == 0)
        step(clock, runner, to: 0.75)
        #expect(close(Double(view.center.y), 40, 1e-9) && close(Double(view.center.x), 75, 1e-9))
        step(clock, runner, to: 1)
        #expect(view.center == CGPoint(x: 100, y: 80))
    }

    @Test func delayFactorStartsTheBlockLater() {
        let (clock, runner, view) = scene()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear, viewAnimator: runner, items: [view])
        animator.addAnimations({ view.center.x = 100 }, delayFactor: 0.5)
        animator.startAnimation()
        step(clock, runner, to: 0.4)
        #expect(view.center.x == 0)
        step(clock, runner, to: 0.75)
        #expect(close(Double(view.center.x), 50, 1e-9))
        step(clock, runner, to: 1)
        #expect(view.center.x == 100)
    }
}

/// Timing against closed forms written in the tests: the Bernstein form of the cubic, the
/// textbook damped oscillator.
@Suite("Property animator: timing")
struct PropertyAnimatorTimingTests {
    @Test func customCubicFollowsTheBezier() {
        let (clock, runner, view) = scene()
        let animator = ViewPropertyAnimator(
            duration: 2, controlPoint1: CGPoint(x: 0.2, y: 0.9), controlPoint2: CGPoint(x: 0.6, y: 1.3),
            viewAnimator: runner, items: [view]
        ) { view.center.x = 300 }
        #expect(animator.timingParameters?.timingCurveType == .cubic)
        animator.startAnimation()
        for t in stride(from: 0.1, to: 2, by: 0.1) {
            step(clock, runner, to: t)
            #expect(close(Double(view.center.x), 300 * bezierProgress(t / 2, 0.2, 0.9, 0.6, 1.3), 1e-9))
        }
        step(clock, runner, to: 2)
        #expect(view.center.x == 300)
    }

    @Test func builtinCurvesAreUIKits() {
        // UIKit's (Core Animation's) standard control points: CAMediaTimingFunction's
        // kCAMediaTimingFunctionEaseIn (0.42, 0, 1, 1), EaseOut (0, 0, 0.58, 1), EaseInEaseOut
        // (0.42, 0, 0.58, 1), Linear.
        let expected: [(AnimationCurve, CGPoint, CGPoint)] = [
            (.easeIn, CGPoint(x: 0.42, y: 0), CGPoint(x: 1, y: 1)),
            (.easeOut, CGPoint(x: 0, y: 0), CGPoint(x: 0.58, y: 1)),
            (.easeInOut, CGPoint(x: 0.42, y: 0), CGPoint(x: 0.58, y: 1)),
            (.linear, CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1)),
        ]
        for (curve, p1, p2) in expected {
            let parameters = CubicTimingParameters(animationCurve: curve)
            #expect(parameters.controlPoint1 == p1 && parameters.controlPoint2 == p2)
            #expect(parameters.timingCurveType == .builtin && parameters.springTimingParameters == nil)
        }
        #expect(CubicTimingParameters().animationCurve == .easeInOut)
    }

    /// `init(dampingRatio:initialVelocity:)`: the animation lasts the animator's duration; the
    /// initial velocity is relative to the distance (0.5 for 200 pt is 100 pt/s).
    @Test(arguments: [0.3, 0.7])
    func dampingRatioSpringIsTheDampedOscillator(zeta: Double) {
        let (clock, runner, view) = scene()
        let parameters = SpringTimingParameters(dampingRatio: zeta, initialVelocity: CGVector(dx: 0.5, dy: -2))
        let animator = ViewPropertyAnimator(
            duration: 0.8, timingParameters: parameters, viewAnimator: runner, items: [view])
        animator.addAnimations { view.center = CGPoint(x: 200, y: 100) }
        var endedAt: Double?
        animator.addCompletion { _ in endedAt = clock.now }
        animator.startAnimation()
        let w = durationSpringOmega(zeta: zeta, duration: 0.8)
        for t in stride(from: 0.05, to: 0.8, by: 0.05) {
            step(clock, runner, to: t)
            let x = 200 + oscillator(y0: -200, v0: 0.5 * 200, omega: w, zeta: zeta, t: t)
            let y = 100 + oscillator(y0: -100, v0: -2 * 100, omega: w, zeta: zeta, t: t)
            #expect(close(Double(view.center.x), x, 1e-9) && close(Double(view.center.y), y, 1e-9), "t = \(t)")
        }
        #expect(endedAt == nil)
        step(clock, runner, to: 0.8)
        #expect(endedAt == 0.8 && view.center == CGPoint(x: 200, y: 100))
    }

    /// `init(mass:stiffness:damping:initialVelocity:)`: ω₀ = √(k/m), ζ = c/(2√(km)), and the
    /// animator's duration is ignored (Apple's documentation): it lasts until the envelope from
    /// rest is 0.001, T = (−ln 0.001 − ½ ln(1 − ζ²)) / (ζω₀).
    @Test func massStiffnessSpringIgnoresTheDuration() {
        let (clock, runner, view) = scene()
        let parameters = SpringTimingParameters(mass: 2, stiffness: 200, damping: 12, initialVelocity: .zero)
        let animator = ViewPropertyAnimator(
            duration: 10, timingParameters: parameters, viewAnimator: runner, items: [view])
        animator.addAnimations { view.center.x = 50 }
        var endedAt: Double?
        animator.addCompletion { _ in endedAt = clock.now }
        animator.startAnimation()
        let w = 10.0, zeta = 12 / (2 * (400.0).squareRoot())
        let settle = (-log(0.001) - 0.5 * log(1 - zeta * zeta)) / (zeta * w)
        for t in [0.1, 0.2, 0.4, 0.7] {
            step(clock, runner, to: t)
            #expect(close(Double(view.center.x), 50 + oscillator(y0: -50, v0: 0, omega: w, zeta: zeta, t: t), 1e-9))
        }
        step(clock, runner, to: settle - 1e-6)
        #expect(endedAt == nil)
        step(clock, runner, to: settle + 1e-6)
        #expect(endedAt != nil && view.center.x == 50)
    }

    /// iOS 17's `init(duration:bounce:initialVelocity:)`: response = duration, ζ = 1 − bounce.
    @Test func durationBounceSpring() {
        let (clock, runner, view) = scene()
        let parameters = SpringTimingParameters(duration: 0.5, bounce: 0.25, initialVelocity: CGVector(dx: 1, dy: 0))
        let animator = ViewPropertyAnimator(
            duration: 3, timingParameters: parameters, viewAnimator: runner, items: [view])
        animator.addAnimations { view.transform = CGAffineTransform(rotationAngle: 1) }
        animator.startAnimation()
        let w = 2 * Double.pi / 0.5
        for t in [0.05, 0.15, 0.3] {
            step(clock, runner, to: t)
            let angle = atan2(Double(view.transform.b), Double(view.transform.a))
            #expect(close(angle, 1 + oscillator(y0: -1, v0: 1, omega: w, zeta: 0.75, t: t), 1e-9))
        }
        step(clock, runner, to: 5)
        #expect(view.transform == CGAffineTransform(rotationAngle: 1) && animator.state == .inactive)
    }
}
