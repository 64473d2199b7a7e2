import Foundation
import KineticDynamics
import KineticTestSupport
import Testing

@testable import KineticAnimation

private func scene(logs: LogCapture? = nil) -> (ManualClock, ViewAnimator, TestView) {
    let clock = ManualClock()
    let runner = ViewAnimator(clock: clock)
    if let logs { runner.logger = logs.logger }
    return (clock, runner, TestView(center: .zero))
}

private func step(_ clock: ManualClock, _ runner: ViewAnimator, to t: Double) {
    clock.sleep(until: t)
    runner.update()
}

/// The velocity of the analytic oscillator, by a central difference of its closed form.
private func oscillatorVelocity(y0: Double, v0: Double, omega: Double, zeta: Double, t: Double) -> Double {
    let h = 1e-7
    return
        (oscillator(y0: y0, v0: v0, omega: omega, zeta: zeta, t: t + h)
        - oscillator(y0: y0, v0: v0, omega: omega, zeta: zeta, t: t - h)) / (2 * h)
}

/// Interruption: reversal, continuation and additive retargeting keep the value continuous, and
/// a spring's velocity too; each phase follows a closed form computed in the test.
@Suite("Property animator: interruption and continuity")
struct PropertyAnimatorInterruptionTests {
    /// A running spring reversed at t_r: the reversed spring starts from the value and velocity
    /// at t_r (both from the first phase's closed form) and lasts the time back, f·duration.
    @Test(arguments: [0.15, 0.3, 0.55])
    func reversingASpringKeepsValueAndVelocity(reversalTime tr: Double) {
        let (clock, runner, view) = scene()
        let zeta = 0.6, duration = 0.8
        let animator = ViewPropertyAnimator(
            duration: duration, dampingRatio: zeta, viewAnimator: runner, items: [view]
        ) { view.center.x = 200 }
        var ended: [ViewAnimatingPosition] = []
        animator.addCompletion { ended.append($0) }
        animator.startAnimation()
        let w = durationSpringOmega(zeta: zeta, duration: duration)
        let h = 1e-7
        step(clock, runner, to: tr - h)
        let before = Double(view.center.x)
        step(clock, runner, to: tr)
        let atReversal = Double(view.center.x)
        let xr = 200 + oscillator(y0: -200, v0: 0, omega: w, zeta: zeta, t: tr)
        let vr = oscillatorVelocity(y0: -200, v0: 0, omega: w, zeta: zeta, t: tr)
        #expect(close(atReversal, xr, 1e-9))
        animator.isReversed = true
        #expect(animator.isReversed && animator.isRunning)
        #expect(close(Double(animator.fractionComplete), tr / duration, 1e-12))
        step(clock, runner, to: tr + h)
        let after = Double(view.center.x)
        // Continuity of velocity: the one-sided differences agree to O(h·acceleration).
        let left = (atReversal - before) / h, right = (after - atReversal) / h
        // (A kink would differ by the velocity itself, hundreds of points per second.)
        #expect(close(left, vr, 0.5) && close(right, vr, 0.5), "left \(left), right \(right), analytic \(vr)")
        // The reversed phase: a spring to 0 from (xr, vr), lasting (t_r/duration)·duration = t_r.
        let back = durationSpringOmega(zeta: zeta, duration: tr)
        for k in 1...9 {
            let t = tr + tr * Double(k) / 10
            step(clock, runner, to: t)
            let expected = oscillator(y0: xr, v0: vr, omega: back, zeta: zeta, t: t - tr)
            #expect(close(Double(view.center.x), expected, 1e-5), "t = \(t)")
        }
        step(clock, runner, to: 2 * tr)
        #expect(view.center.x == 0 && ended == [.start] && animator.state == .inactive)
    }

    /// A running cubic reversed: the value is continuous, the curve runs afresh over the time
    /// back (fraction·duration), and the animation ends at its start.
    @Test func reversingACubicRunsTheCurveBack() {
        let (clock, runner, view) = scene()
        let animator = ViewPropertyAnimator(duration: 1, curve: .easeInOut, viewAnimator: runner, items: [view]) {
            view.center.x = 100
        }
        var ended: [ViewAnimatingPosition] = []
        animator.addCompletion { ended.append($0) }
        animator.startAnimation()
        step(clock, runner, to: 0.6)
        let xr = 100 * bezierProgress(0.6, 0.42, 0, 0.58, 1)
        #expect(close(Double(view.center.x), xr, 1e-9))
        animator.isReversed = true
        for t in [0.7, 0.9, 1.1] {
            step(clock, runner, to: t)
            #expect(close(Double(view.center.x), xr - xr * bezierProgress((t - 0.6) / 0.6, 0.42, 0, 0.58, 1), 1e-9))
            #expect(close(Double(animator.fractionComplete), 0.6 - (t - 0.6), 1e-9))
        }
        step(clock, runner, to: 1.2)
        #expect(view.center.x == 0 && ended == [.start])
    }

    /// The drag-to-dismiss hand-over: paused mid-way (a finger caught it), then carried on with a
    /// spring whose initial velocity is relative to the distance *left*: 2 × 50 pt = 100 pt/s.
    @Test func continuingFromAPauseStartsAtTheRelativeVelocity() {
        let (clock, runner, view) = scene()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear, viewAnimator: runner, items: [view]) {
            view.center.x = 100
        }
        animator.startAnimation()
        step(clock, runner, to: 0.5)
        animator.pauseAnimation()
        step(clock, runner, to: 0.6)
        #expect(close(Double(view.center.x), 50, 1e-9))
        let spring = SpringTimingParameters(dampingRatio: 0.9, initialVelocity: CGVector(dx: 2, dy: 0))
        animator.continueAnimation(withTimingParameters: spring, durationFactor: 0)
        // The rest lasts the time left, 0.5 s.
        let w = durationSpringOmega(zeta: 0.9, duration: 0.5)
        let h = 1e-6
        step(clock, runner, to: 0.6 + h)
        #expect(close((Double(view.center.x) - 50) / h, 100, 0.05))
        for t in [0.7, 0.8, 1.0] {
            step(clock, runner, to: t)
            #expect(
                close(Double(view.center.x), 100 + oscillator(y0: -50, v0: 100, omega: w, zeta: 0.9, t: t - 0.6), 1e-9))
        }
        step(clock, runner, to: 1.1)
        #expect(view.center.x == 100 && animator.state == .inactive)
    }

    /// A duration factor: the rest lasts factor × duration.
    @Test func durationFactorScalesTheRest() {
        let (clock, runner, view) = scene()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear, viewAnimator: runner, items: [view]) {
            view.center.x = 100
        }
        animator.pauseAnimation()
        animator.fractionComplete = 0.5
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 2)
        step(clock, runner, to: 1)
        #expect(close(Double(view.center.x), 75, 1e-9))
        step(clock, runner, to: 2)
        #expect(view.center.x == 100 && animator.state == .inactive)
    }

    /// Resuming after a scrub does not jump: the curve runs from the scrubbed value over the
    /// time left.
    @Test func resumingAfterAScrubIsContinuous() {
        let (clock, runner, view) = scene()
        let animator = ViewPropertyAnimator(duration: 2, curve: .easeOut, viewAnimator: runner, items: [view]) {
            view.center.y = 400
        }
        animator.pauseAnimation()
        animator.fractionComplete = 0.25
        #expect(close(Double(view.center.y), 100, 1e-12))
        animator.startAnimation()
        step(clock, runner, to: 1e-9)
        #expect(close(Double(view.center.y), 100, 1e-6))
        step(clock, runner, to: 0.75)
        #expect(close(Double(view.center.y), 100 + 300 * bezierProgress(0.5, 0, 0, 0.58, 1), 1e-9))
        step(clock, runner, to: 1.5)
        #expect(view.center.y == 400)
    }

    /// Additive retargeting (a property test over interruption times and targets): a second
    /// animator animating the same property adds (old model − new model)·(1 − p₂) on top of the
    /// first, which keeps running; the presented value is that sum exactly, and value and
    /// velocity are continuous at the second's start (it starts with zero velocity of its own).
    @Test func additiveAnimationsBlendContinuously() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for _ in 0..<12 {
            let (clock, runner, view) = scene()
            let zeta = 0.3 + 0.6 * random(), t2 = 0.1 + 0.6 * random(), target2 = -300 + 600 * random()
            let first = ViewPropertyAnimator(duration: 1, dampingRatio: zeta, viewAnimator: runner, items: [view]) {
                view.center.x = 100
            }
            first.startAnimation()
            let h = 1e-6
            step(clock, runner, to: t2 - h)
            let before = Double(view.center.x)
            step(clock, runner, to: t2)
            let at = Double(view.center.x)
            let second = ViewPropertyAnimator(duration: 1, curve: .easeInOut, viewAnimator: runner, items: [view]) {
                view.center.x = target2
            }
            second.startAnimation()
            #expect(close(Double(view.center.x), at, 1e-9))
            step(clock, runner, to: t2 + h)
            let after = Double(view.center.x)
            #expect(close((at - before) / h, (after - at) / h, 0.5), "ζ \(zeta), t₂ \(t2)")
            let w = durationSpringOmega(zeta: zeta, duration: 1)
            for k in 1...5 {
                let t = t2 + Double(k) * 0.15
                step(clock, runner, to: t)
                let p1 = t < 1 ? 1 + oscillator(y0: -1, v0: 0, omega: w, zeta: zeta, t: t) : 1
                let p2 = t - t2 < 1 ? bezierProgress(t - t2, 0.42, 0, 0.58, 1) : 1
                let expected = target2 + (0 - 100) * (1 - p1) + (100 - target2) * (1 - p2)
                #expect(close(Double(view.center.x), expected, 1e-9), "t = \(t)")
            }
            step(clock, runner, to: t2 + 1 + 1e-9)
            #expect(Double(view.center.x) == target2)
            #expect(first.state == .inactive && second.state == .inactive && !runner.isAnimating)
        }
    }

    /// A property test: random sequences of the calls UIKit allows in each state (start, pause,
    /// reverse, continue with a cubic or a spring, add animations, a second animator blending on
    /// top), stepped at random times. Every call except scrubbing leaves the presented values
    /// where they were at that instant (re-evaluated at the same time), and nothing goes
    /// non-finite.
    @Test func randomInterruptionsNeverJump() {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func random() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for _ in 0..<40 {
            let (clock, runner, view) = scene()
            var time = 0.0
            let parameters: [any TimingCurveProvider] = [
                CubicTimingParameters(animationCurve: .easeInOut),
                CubicTimingParameters(controlPoint1: CGPoint(x: 0.3, y: -0.4), controlPoint2: CGPoint(x: 0.7, y: 1.4)),
                SpringTimingParameters(dampingRatio: 0.4, initialVelocity: CGVector(dx: 3, dy: -2)),
                SpringTimingParameters(mass: 1, stiffness: 300, damping: 12, initialVelocity: .zero),
                SpringTimingParameters(duration: 0.4, bounce: 0.3),
            ]
            let main = ViewPropertyAnimator(
                duration: 0.3 + random(), timingParameters: parameters[Int(random() * 5)], viewAnimator: runner,
                items: [view])
            main.addAnimations { view.center = CGPoint(x: 300 * random(), y: -200 * random()) }
            var others: [ViewPropertyAnimator] = []
            func values() -> [Double] {
                [Double(view.center.x), Double(view.center.y), Double(view.alpha), Double(view.transform.b)]
            }
            for _ in 0..<30 {
                time += 0.05 * random()
                step(clock, runner, to: time)
                let before = values()
                let choice = Int(random() * 7)
                let situation = "\(main.state) running \(main.isRunning) reversed \(main.isReversed) choice \(choice)"
                var scrubbed = false
                switch (main.state, main.isRunning, choice) {
                case (.inactive, _, 0...3): main.addAnimations { view.alpha = random() }
                case (.inactive, _, _):
                    // A finished animator has no blocks left; starting one without traps (UIKit's rule).
                    main.addAnimations { view.center.y = 200 * random() }
                    main.startAnimation()
                case (.active, true, 0): main.pauseAnimation()
                case (.active, true, 1): main.isReversed.toggle()
                case (.active, _, 2):
                    main.continueAnimation(
                        withTimingParameters: parameters[Int(random() * 5)], durationFactor: CGFloat(random()))
                case (.active, _, 3):
                    main.addAnimations({ view.transform = CGAffineTransform(rotationAngle: random()) })
                case (.active, false, 4):
                    main.fractionComplete = CGFloat(random())
                    scrubbed = true
                case (.active, false, _): main.startAnimation()
                case (.active, true, _):
                    let other = ViewPropertyAnimator(
                        duration: random(), timingParameters: parameters[Int(random() * 5)], viewAnimator: runner,
                        items: [view])
                    other.addAnimations { view.center.x = 500 * random() - 250 }
                    other.startAnimation()
                    others.append(other)
                case (.stopped, _, _): main.finishAnimation(at: .current)
                }
                step(clock, runner, to: time)
                let after = values()
                #expect(after.allSatisfy { $0.isFinite })
                if !scrubbed {
                    for (a, b) in zip(before, after) {
                        #expect(abs(a - b) <= 1e-9 * max(1, abs(a)), "\(situation): \(before) → \(after)")
                    }
                }
            }
            if main.state == .active { main.stopAnimation(false) }
            if main.state == .stopped { main.finishAnimation(at: .end) }
            for other in others where other.state == .active { other.stopAnimation(true) }
            #expect(view.center.x.isFinite && view.center.y.isFinite)
        }
    }

    /// Two runs of one scenario (start, scrub, reverse, continue, additive) write bit-identical
    /// values.
    @Test func replayIsBitIdentical() {
        func run() -> [UInt] {
            let (clock, runner, view) = scene()
            var trace: [UInt] = []
            let a = ViewPropertyAnimator(duration: 0.7, dampingRatio: 0.5, viewAnimator: runner, items: [view]) {
                view.center = CGPoint(x: 120, y: -40)
                view.transform = CGAffineTransform(rotationAngle: 0.5)
            }
            a.startAnimation()
            for frame in 1...90 {
                step(clock, runner, to: Double(frame) / 60)
                if frame == 20 { a.isReversed = true }
                if frame == 30 { a.pauseAnimation() }
                if frame == 35 { a.fractionComplete = 0.6 }
                if frame == 40 {
                    a.continueAnimation(
                        withTimingParameters: SpringTimingParameters(
                            dampingRatio: 0.8, initialVelocity: CGVector(dx: 1, dy: 3)),
                        durationFactor: 1)
                }
                if frame == 45 {
                    _ = ViewPropertyAnimator.runningPropertyAnimator(
                        withDuration: 0.5, delay: 0, viewAnimator: runner, items: [view],
                        animations: { view.center.x = 10 })
                }
                trace += [view.center.x.bitPattern, view.center.y.bitPattern, view.transform.b.bitPattern]
            }
            return trace
        }
        #expect(run() == run())
    }
}

/// Bad input: clamped or ignored with one log line naming the property; nothing goes non-finite.
@Suite("Property animator: bad input")
struct PropertyAnimatorBadInputTests {
    @Test func durationsAndFractionsAreClampedAndLogged() {
        let logs = LogCapture()
        let (clock, runner, view) = scene(logs: logs)
        let animator = ViewPropertyAnimator(duration: .nan, curve: .linear, viewAnimator: runner, items: [view]) {
            view.center.x = 100
        }
        #expect(animator.duration == 0)
        #expect(logs.messages.count == 1 && logs.messages[0].contains("ViewPropertyAnimator.duration"))
        animator.pauseAnimation()
        animator.fractionComplete = 1.5
        #expect(animator.fractionComplete == 1 && view.center.x == 100)
        #expect(logs.messages.count == 2 && logs.messages[1].contains("ViewPropertyAnimator.fractionComplete: clamped"))
        animator.fractionComplete = .nan
        #expect(animator.fractionComplete == 1 && logs.messages.count == 3)
        animator.continueAnimation(withTimingParameters: nil, durationFactor: -.infinity)
        #expect(logs.messages.count == 4 && logs.messages[3].contains("durationFactor"))
        step(clock, runner, to: 0.1)
        #expect(view.center.x == 100 && animator.state == .inactive)
        let negative = ViewPropertyAnimator(duration: -1, curve: .linear, viewAnimator: runner, items: [view]) {
            view.center.x = 0
        }
        negative.startAnimation()
        step(clock, runner, to: 0.2)
        #expect(view.center.x == 0 && negative.state == .inactive && logs.messages.count == 5)
    }

    @Test func timingParametersAreClampedAndLoggedByTheAnimator() {
        let logs = LogCapture()
        let (clock, runner, view) = scene(logs: logs)
        let cases: [(any TimingCurveProvider, String)] = [
            (SpringTimingParameters(dampingRatio: 0), "SpringTimingParameters.dampingRatio"),
            (SpringTimingParameters(dampingRatio: .nan), "SpringTimingParameters.dampingRatio"),
            (
                SpringTimingParameters(dampingRatio: 0.5, initialVelocity: CGVector(dx: .infinity, dy: 0)),
                "initialVelocity"
            ),
            (SpringTimingParameters(mass: 0, stiffness: 100, damping: 10, initialVelocity: .zero), "mass/stiffness"),
            (SpringTimingParameters(mass: 1, stiffness: 100, damping: -3, initialVelocity: .zero), "damping"),
            (SpringTimingParameters(duration: -1, bounce: 0), "SpringTimingParameters.duration"),
            (SpringTimingParameters(duration: 0.5, bounce: 4), "SpringTimingParameters.bounce"),
            (
                CubicTimingParameters(controlPoint1: CGPoint(x: -1, y: 0), controlPoint2: CGPoint(x: 1, y: 1)),
                "controlPoint1"
            ),
            (
                CubicTimingParameters(controlPoint1: CGPoint(x: 0, y: 0), controlPoint2: CGPoint(x: CGFloat.nan, y: 1)),
                "controlPoint2"
            ),
        ]
        var time = 0.0
        for (parameters, name) in cases {
            let count = logs.messages.count
            let animator = ViewPropertyAnimator(
                duration: 0.5, timingParameters: parameters, viewAnimator: runner, items: [view])
            #expect(logs.messages.count == count + 1 && logs.messages.last?.contains(name) == true, "\(name)")
            animator.addAnimations { view.center.x += 10 }
            animator.startAnimation()
            // An undamped spring (damping 0, bounce 1) rings until its settling time with ζ taken
            // as 0.01: 69 s at ω₀ = 10.
            for _ in 0..<(120 * 60) where animator.state != .inactive {
                time += 1.0 / 60
                step(clock, runner, to: time)
                #expect(view.center.x.isFinite)
            }
            #expect(animator.state == .inactive, "\(name)")
        }
        #expect(view.center.x == 90)
    }
}
