import Foundation
import Testing

@testable import KineticDynamics

@Suite("Push and gravity: UIKit's units")
struct PushAndGravityTests {
    /// A continuous push of magnitude 1 accelerates a 1 kg item (100×100 pt, density 1) at
    /// 100 pt/s²; with resistance 0 the velocity after n sub-steps is exactly 100·n·h.
    @Test(arguments: [
        (CGSize(width: 100, height: 100), 1.0, 1.0),  // 1 kg
        (CGSize(width: 200, height: 50), 3.0, 3.0),  // density 3 → 3 kg (the spec's example)
    ])
    func continuousPushAcceleration(size: CGSize, density: Double, kilograms: Double) {
        let item = TestItem(size: size)
        let animator = DynamicAnimator()
        let push = PushBehavior(items: [item], mode: .continuous)
        push.magnitude = 1
        let properties = undamped([item])
        properties.density = CGFloat(density)
        animator.addBehavior(properties)
        animator.addBehavior(push)
        run(animator, frames: 30)
        let t = Double(2 * 30 - 1) * subStep
        let expected = 100 / kilograms * t
        // Exact recurrence of constant acceleration: only rounding differs.
        #expect(abs(Double(properties.linearVelocity(for: item).x) - expected) < 1e-9)
    }

    /// An instantaneous push of 1 adds 100 pt/s to a 1 kg item once, then deactivates.
    @Test func instantaneousPushIsAnImpulse() {
        let item = TestItem()
        let animator = DynamicAnimator()
        let properties = undamped([item])
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0, dy: 1)
        animator.addBehavior(properties)
        animator.addBehavior(push)
        animator.step(1.0 / 60.0)
        #expect(push.active == false)
        #expect(abs(Double(properties.linearVelocity(for: item).y) - 100) < 1e-9)
        run(animator, frames: 10)
        #expect(abs(Double(properties.linearVelocity(for: item).y) - 100) < 1e-9)
        push.active = true  // re-activating applies the impulse once more
        animator.step(1.0 / 60.0)
        #expect(abs(Double(properties.linearVelocity(for: item).y) - 200) < 1e-9)
    }

    @Test func pushDirectionAndAngleMagnitudeAreOneVector() {
        let push = PushBehavior(items: [], mode: .continuous)
        push.pushDirection = CGVector(dx: 3, dy: 4)
        #expect(abs(push.magnitude - 5) < 1e-12)
        #expect(abs(push.angle - atan2(4, 3)) < 1e-12)
        push.magnitude = 10
        #expect(abs(push.pushDirection.dx - 6) < 1e-9 && abs(push.pushDirection.dy - 8) < 1e-9)
        push.magnitude = .nan
        #expect(abs(push.magnitude - 10) < 1e-12)
    }

    /// Gravity 1 is 1000 pt/s² whatever the mass.
    @Test func gravityIsIndependentOfMass() {
        let light = TestItem(center: .zero, size: CGSize(width: 10, height: 10))
        let heavy = TestItem(center: .zero, size: CGSize(width: 300, height: 300))
        let animator = DynamicAnimator()
        let properties = undamped([light, heavy])
        animator.addBehavior(properties)
        animator.addBehavior(GravityBehavior(items: [light, heavy]))
        run(animator, frames: 30)
        let t = Double(2 * 30 - 1) * subStep
        #expect(abs(Double(properties.linearVelocity(for: light).y) - 1000 * t) < 1e-9)
        #expect(abs(Double(properties.linearVelocity(for: heavy).y) - 1000 * t) < 1e-9)
    }

    /// Only a gravity behaviour's own items fall.
    @Test func gravityActsOnlyOnItsItems() {
        let falling = TestItem(center: .zero), floating = TestItem(center: CGPoint(x: 500, y: 0))
        let animator = DynamicAnimator()
        animator.addBehavior(GravityBehavior(items: [falling]))
        animator.addBehavior(DynamicItemBehavior(items: [floating]))
        run(animator, frames: 10)
        #expect(falling.center.y > 0)
        #expect(floating.center.y == 0)
    }

    /// One world gravity: the last writer wins, a second behaviour is warned about, and
    /// removing any gravity behaviour sets gravity to zero.
    @Test func oneWorldGravity() {
        let a = TestItem(center: .zero), b = TestItem(center: CGPoint(x: 500, y: 0))
        let capture = LogCapture()
        let animator = DynamicAnimator()
        animator.logger = capture.logger
        let properties = undamped([a, b])
        animator.addBehavior(properties)
        let down = GravityBehavior(items: [a])
        let right = GravityBehavior(items: [b])
        right.gravityDirection = CGVector(dx: 1, dy: 0)
        animator.addBehavior(down)
        animator.addBehavior(right)
        #expect(
            capture.messages.contains {
                $0.contains("Multiple gravity behavior per animator is undefined and may assert in the future")
            })
        run(animator, frames: 10)
        #expect(a.center.y == 0 && a.center.x > 0, "the last gravity (to the right) acts on every gravity item")
        down.magnitude = 2  // now `down` wrote last
        let vBefore = properties.linearVelocity(for: b)
        run(animator, frames: 10)
        #expect(properties.linearVelocity(for: b).y > vBefore.y)
        animator.removeBehavior(right)
        let v = properties.linearVelocity(for: a)
        run(animator, frames: 10)
        #expect(properties.linearVelocity(for: a) == v, "removing a gravity behaviour zeroes gravity")
    }
}
