import Foundation
import Testing

@testable import KineticDynamics

@Suite("Time stepping: sub-steps, accumulator, free fall")
struct TimeSteppingTests {
    /// Free fall against the sub-step recurrence the spec documents: semi-implicit Euler with
    /// h = Float(1/120) and Padé damping v /= (1 + h·0.1), with the accumulator doing one sub-step
    /// on the first 1/60 frame and two on every later one (2N − 1 after N frames).
    @Test func freeFallMatchesSubStepRecurrence() {
        let item = TestItem(center: CGPoint(x: 0, y: 0))
        let animator = DynamicAnimator()
        animator.addBehavior(GravityBehavior(items: [item]))
        var y = 0.0, v = 0.0
        let g = 10.0, c = 0.1  // m/s², default resistance
        for frame in 1...60 {
            animator.step(1.0 / 60.0)
            let subSteps = frame == 1 ? 1 : 2
            for _ in 0..<subSteps {
                v = (v + h(g)) / (1 + subStep * c)
                y += subStep * v
            }
            // Both sides are double-precision evaluations of the same recurrence: 1e-9 pt.
            #expect(abs(Double(item.center.y) - y * 100) < 1e-9, "frame \(frame)")
        }
        func h(_ a: Double) -> Double { subStep * a }
    }

    /// The same fall against the analytic ½gt²: the discrete scheme adds ½·g·h·t and the 0.1/s
    /// damping removes about ½gt²·(c·t/3); the difference must stay within those two terms.
    @Test func freeFallTracksHalfGTSquared() {
        let item = TestItem(center: CGPoint(x: 0, y: 0))
        let animator = DynamicAnimator()
        animator.addBehavior(GravityBehavior(items: [item]))
        run(animator, frames: 60)
        let t = Double(2 * 60 - 1) * subStep
        let analytic = 0.5 * 1000 * t * t
        let tolerance = 0.5 * 1000 * subStep * t + analytic * 0.1 * t / 3
        #expect(abs(Double(item.center.y) - analytic) <= tolerance)
        #expect(Double(item.center.y) < analytic + 0.5 * 1000 * subStep * t + 1e-9)
    }

    @Test func elapsedTimeSumsFramesAndCapsStalls() {
        let animator = DynamicAnimator()
        animator.addBehavior(GravityBehavior(items: [TestItem()]))
        animator.step(0.25)
        animator.step(2.0)  // a stalled display link: counts as 1/60
        #expect(abs(animator.elapsedTime - (0.25 + 1.0 / 60.0)) < 1e-12)
    }

    @Test func badFrameTimesAdvanceNothing() {
        let item = TestItem(center: CGPoint(x: 0, y: 0))
        let animator = DynamicAnimator()
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.step(.nan)
        animator.step(-1)
        #expect(animator.elapsedTime == 0)
        #expect(item.center == .zero)
        animator.step(.infinity)  // above 0.5 s: one 1/60 frame
        #expect(abs(animator.elapsedTime - 1.0 / 60.0) < 1e-15)
        #expect(item.center.y.isFinite && item.center.y > 0)
    }

    /// At 120 Hz, Float(1/120) is a hair above the frame time, so the first frame does no
    /// sub-step and every later one does one.
    @Test func firstFrameAt120HzDoesNoSubStep() {
        let item = TestItem(center: CGPoint(x: 0, y: 0))
        let animator = DynamicAnimator()
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.step(1.0 / 120.0)
        #expect(item.center.y == 0)
        animator.step(1.0 / 120.0)
        #expect(item.center.y > 0)
    }

    /// Write-back replaces the transform by a pure rotation: scale and shear are lost.
    @Test func writeBackReplacesTransformByRotation() {
        let item = TestItem()
        item.transform = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(rotationAngle: 0.3))
        let animator = DynamicAnimator()
        animator.addBehavior(DynamicItemBehavior(items: [item]))
        animator.step(1.0 / 60.0)
        let t = item.transform
        #expect(abs(t.a * t.a + t.b * t.b - 1) < 1e-12)
        #expect(abs(t.a - t.d) < 1e-12 && abs(t.b + t.c) < 1e-12)
        #expect(abs(item.angle - 0.3) < 1e-9)
    }
}
