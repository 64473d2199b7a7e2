import Foundation
import Testing

@testable import KineticDynamics

@Suite("Offsets: push in world axes, attachment in the item's own axes")
struct OffsetFrameTests {
    /// A push's target offset does not turn with the item: an impulse of 1 to the right, 50 pt
    /// below the center in world axes, spins a 1 kg 100×100 pt item at −3 rad/s (r × P / I with
    /// I = 1/6 kg·m²) whether or not the item is already turned.
    @Test(arguments: [0.0, Double.pi / 2, 1.0])
    func pushOffsetIsInWorldAxes(initialAngle: Double) {
        let item = TestItem()
        item.transform = CGAffineTransform(rotationAngle: CGFloat(initialAngle))
        let animator = DynamicAnimator()
        let properties = undamped([item])
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.setAngle(0, magnitude: 1)
        push.setTargetOffsetFromCenter(Offset(horizontal: 0, vertical: 50), for: item)
        animator.addBehavior(properties)
        animator.addBehavior(push)
        animator.step(1.0 / 60.0)
        #expect(abs(Double(properties.angularVelocity(for: item)) + 3) < 1e-9)
    }

    /// An attachment's offset is in the item's own axes: on an item turned 90°, the offset
    /// (50, 0) is the world point 50 pt below the center, so a rigid rod from (0, 300) of the
    /// measured length holds that point, not the center, at the rod's length.
    @Test func attachmentOffsetTurnsWithTheItem() {
        let item = TestItem(center: CGPoint(x: 0, y: 0))
        item.transform = CGAffineTransform(rotationAngle: .pi / 2)
        let rod = AttachmentBehavior(
            item: item, offsetFromCenter: Offset(horizontal: 50, vertical: 0), attachedToAnchor: CGPoint(x: 0, y: 300))
        let animator = DynamicAnimator()
        animator.addBehavior(rod)
        // The attached point is (0, 50): 250 pt from the anchor (the center would be 300).
        #expect(abs(rod.length - 250) < 1e-9)
        animator.addBehavior(GravityBehavior(items: [item]))
        for _ in 0..<120 {
            animator.step(1.0 / 120.0)
            let q = item.transform
            let attached = CGPoint(x: item.center.x + q.a * 50, y: item.center.y + q.b * 50)
            #expect(abs(hypot(attached.x, attached.y - 300) - 250) < 1, "within the linear slop")
        }
    }
}
