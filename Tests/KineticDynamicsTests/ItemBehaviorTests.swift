import Foundation
import Testing

@testable import KineticDynamics

@Suite("Item behaviour: defaults, precedence, velocities")
struct ItemBehaviorTests {
    @Test func defaultsAreUIKits() {
        let b = DynamicItemBehavior(items: [])
        #expect(b.elasticity == 0.2 && b.friction == 0.2 && b.density == 1)
        #expect(b.resistance == 0.1 && b.angularResistance == 0.1)
        #expect(b.allowsRotation && !b.isAnchored && b.charge == 0)
    }

    /// Mass observed through an impulse of 1: Δv = 100 pt/s ÷ mass (kg). The probe sets no
    /// property, so adding it changes nothing but lets us read the velocity.
    private func velocityAfterImpulse(_ animator: DynamicAnimator, _ item: TestItem) -> CGFloat {
        let probe = DynamicItemBehavior(items: [item])
        animator.addBehavior(probe)
        let before = probe.linearVelocity(for: item).x
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.magnitude = 1
        animator.addBehavior(push)
        animator.step(1.0 / 60.0)
        let v = probe.linearVelocity(for: item).x - before
        animator.removeBehavior(push)
        animator.removeBehavior(probe)
        return v
    }

    /// The last item behaviour in traversal order wins a property; removing one recomputes the
    /// item from the rest, and removing all returns it to the defaults.
    @Test func lastInTraversalOrderWinsAndRemovalResets() {
        let item = TestItem()
        let animator = DynamicAnimator()
        let zero = undamped([item])
        let first = DynamicItemBehavior(items: [item])
        first.density = 2
        let second = DynamicItemBehavior(items: [item])
        second.density = 4
        animator.addBehavior(zero)
        animator.addBehavior(first)
        animator.addBehavior(second)
        #expect(abs(velocityAfterImpulse(animator, item) - 25) < 1e-9)
        animator.removeBehavior(second)
        #expect(abs(velocityAfterImpulse(animator, item) - 50) < 1e-9)
        animator.removeBehavior(first)
        #expect(abs(velocityAfterImpulse(animator, item) - 100) < 1e-9)
        second.density = 8  // change while out of the animator, then re-add
        animator.addBehavior(second)
        #expect(abs(velocityAfterImpulse(animator, item) - 12.5) < 1e-9)
    }

    /// Velocities added before association accumulate and are applied at association.
    @Test func velocitiesAddedBeforeAssociationAccumulate() {
        let item = TestItem(center: .zero)
        let b = undamped([item])
        b.addLinearVelocity(CGPoint(x: 10, y: 0), for: item)
        b.addLinearVelocity(CGPoint(x: 20, y: 5), for: item)
        b.addAngularVelocity(1, for: item)
        b.addAngularVelocity(0.5, for: item)
        #expect(abs(b.linearVelocity(for: item).x - 30) < 1e-12 && abs(b.linearVelocity(for: item).y - 5) < 1e-12)
        let animator = DynamicAnimator()
        animator.addBehavior(b)
        animator.step(1.0 / 60.0)
        #expect(abs(b.linearVelocity(for: item).x - 30) < 1e-9 && abs(b.linearVelocity(for: item).y - 5) < 1e-9)
        #expect(abs(b.angularVelocity(for: item) - 1.5) < 1e-9)
        #expect(abs(item.center.x - 30 * subStep) < 1e-9)
    }

    /// Resistance r damps velocity per sub-step by 1/(1 + h·r).
    @Test func resistanceIsPadeDamping() {
        let item = TestItem(center: .zero)
        let b = DynamicItemBehavior(items: [item])
        b.resistance = 3
        b.angularResistance = 2
        b.addLinearVelocity(CGPoint(x: 100, y: 0), for: item)
        b.addAngularVelocity(1, for: item)
        let animator = DynamicAnimator()
        animator.addBehavior(b)
        run(animator, frames: 10)
        let n = Double(2 * 10 - 1)
        #expect(abs(Double(b.linearVelocity(for: item).x) - 100 * pow(1 / (1 + subStep * 3), n)) < 1e-9)
        #expect(abs(Double(b.angularVelocity(for: item)) - pow(1 / (1 + subStep * 2), n)) < 1e-12)
    }

    @Test func anchoredItemsAndRotationLock() {
        let anchored = TestItem(center: .zero), locked = TestItem(center: CGPoint(x: 400, y: 0))
        let a = DynamicItemBehavior(items: [anchored])
        a.isAnchored = true
        let l = DynamicItemBehavior(items: [locked])
        l.allowsRotation = false
        let animator = DynamicAnimator()
        animator.addBehavior(a)
        animator.addBehavior(l)
        animator.addBehavior(GravityBehavior(items: [anchored, locked]))
        let push = PushBehavior(items: [locked], mode: .instantaneous)
        push.magnitude = 1
        push.setTargetOffsetFromCenter(Offset(horizontal: 0, vertical: 50), for: locked)
        animator.addBehavior(push)
        run(animator, frames: 20)
        #expect(anchored.center == .zero)
        #expect(locked.center.y > 0 && locked.angle == 0)
    }

    @Test func badPropertyValuesAreIgnoredAndReported() {
        let capture = LogCapture()
        let animator = DynamicAnimator()
        animator.logger = capture.logger
        let b = DynamicItemBehavior(items: [TestItem()])
        animator.addBehavior(b)
        b.density = 0
        b.density = -1
        b.resistance = .nan
        b.friction = -.infinity
        b.addLinearVelocity(CGPoint(x: CGFloat.nan, y: 0), for: b.items[0])
        #expect(b.density == 1 && b.resistance == 0.1 && b.friction == 0.2)
        #expect(b.linearVelocity(for: b.items[0]) == .zero)
        #expect(capture.messages.filter { $0.hasPrefix("error") }.count == 5)
    }
}
