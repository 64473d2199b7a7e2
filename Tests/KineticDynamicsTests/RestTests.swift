import Foundation
import Testing

@testable import KineticDynamics

@Suite("Rest, pause and resume")
struct RestTests {
    /// An item with only an item behaviour rests after 0.5 s below tolerance: with 1/60 frames
    /// that is the 31st frame (2·31 − 1 = 61 sub-steps ≥ 0.5 s / Float(1/120) = 60).
    @Test func itemAtRestPausesOnFrame31() {
        let animator = DynamicAnimator()
        let spy = DelegateSpy()
        animator.delegate = spy
        animator.addBehavior(DynamicItemBehavior(items: [TestItem()]))
        #expect(spy.resumes == 1, "willResume fires synchronously inside addBehavior")
        var frame = 0
        while animator.isRunning && frame < 100 {
            frame += 1
            animator.step(1.0 / 60.0)
        }
        #expect(frame == 31)
        #expect(spy.pauses == 1)
    }

    /// Anything that changes the world wakes it, with `willResume` once per wake.
    @Test func changesWakeThePausedAnimator() {
        let item = TestItem()
        let animator = DynamicAnimator()
        let spy = DelegateSpy()
        animator.delegate = spy
        let properties = DynamicItemBehavior(items: [item])
        properties.resistance = 5  // settles from 10 pt/s within a second
        animator.addBehavior(properties)
        run(animator, frames: 40)
        #expect(!animator.isRunning)

        animator.updateItem(usingCurrentState: item)
        #expect(animator.isRunning && spy.resumes == 2)
        run(animator, frames: 40)

        properties.addLinearVelocity(CGPoint(x: 10, y: 0), for: item)
        #expect(animator.isRunning && spy.resumes == 3)
        run(animator, frames: 400)
        #expect(!animator.isRunning)

        animator.referenceBounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(animator.isRunning && spy.resumes == 4)
        run(animator, frames: 40)

        animator.addBehavior(GravityBehavior(items: [item]))
        #expect(animator.isRunning && spy.resumes == 5)
        #expect(spy.pauses == 4)
    }

    /// A paused animator ignores steps: nothing moves, no time passes.
    @Test func pausedAnimatorIgnoresSteps() {
        let animator = DynamicAnimator()
        animator.addBehavior(DynamicItemBehavior(items: [TestItem()]))
        run(animator, frames: 40)
        let t = animator.elapsedTime
        animator.step(1.0 / 60.0)
        #expect(animator.elapsedTime == t)
    }

    /// With nothing registered, or only empty composites without actions, it never starts; an
    /// action alone keeps it running; removing everything pauses it.
    @Test func pauseRulesForCompositesAndActions() {
        let animator = DynamicAnimator()
        let spy = DelegateSpy()
        animator.delegate = spy
        let empty = DynamicBehavior()
        animator.addBehavior(empty)
        #expect(!animator.isRunning && spy.resumes == 0)
        var ticks = 0
        empty.action = { ticks += 1 }
        #expect(animator.isRunning && spy.resumes == 1)
        run(animator, frames: 100)
        #expect(animator.isRunning && ticks == 100)
        animator.removeAllBehaviors()
        animator.step(1.0 / 60.0)
        #expect(!animator.isRunning && spy.pauses == 1)
    }

    /// updateItem(usingCurrentState:) re-reads center and rotation but not bounds.
    @Test func updateItemRereadsCenterAndRotation() {
        let item = TestItem(center: .zero, size: CGSize(width: 100, height: 100))
        let animator = DynamicAnimator()
        let properties = undamped([item])
        animator.addBehavior(properties)
        item.center = CGPoint(x: 500, y: 400)
        item.transform = CGAffineTransform(rotationAngle: 1)
        item.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)  // ignored: mass stays 1 kg
        animator.updateItem(usingCurrentState: item)
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.magnitude = 1
        animator.addBehavior(push)
        animator.step(1.0 / 60.0)
        #expect(abs(item.center.y - 400) < 1e-9 && item.center.x > 500)
        #expect(abs(item.angle - 1) < 1e-9)
        #expect(abs(properties.linearVelocity(for: item).x - 100) < 1e-9)
    }
}
