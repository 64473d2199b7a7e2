import Foundation
import Testing

@testable import KineticDynamics

/// Finite coordinates far beyond any screen (1e30, 1e300, 1.7e308): the broad phase clamps its
/// cell indices, so nothing traps converting them to integers, and contacts are still found
/// (every candidate pair is tested on its boxes).
@Suite("Huge finite coordinates")
struct HugeCoordinateTests {
    /// The case and its class: reference bounds far away made into a boundary, items in
    /// them falling onto its floor, stepped.
    @Test(arguments: [1e30, -1e30, 1e300, -1e300, 1.7e308])
    func farReferenceBoundsStepWithoutTrapping(origin: Double) {
        let bounds = CGRect(x: 0, y: origin, width: 400, height: 800)
        let animator = DynamicAnimator(referenceBounds: bounds)
        let item = TestItem(center: CGPoint(x: 200, y: origin + 100), size: CGSize(width: 50, height: 50))
        let collision = CollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: [item]))
        run(animator, frames: 120)
        #expect(item.center.x.isFinite && item.center.y.isFinite && item.transform.a.isFinite)
        _ = animator.items(in: CGRect(x: 0, y: origin, width: 400, height: 800))
    }

    /// Near the origin the same pile behaves as before, and far away two boxes still collide:
    /// the upper one rests on the lower one instead of passing through.
    @Test func contactsAreFoundBeyondTheClamp() {
        let y = 1e12  // cell index 1e12 / 0.5 m per cell is beyond 2³⁰: clamped
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: y - 400, width: 400, height: 800))
        let floor = TestItem(center: CGPoint(x: 200, y: y), size: CGSize(width: 100, height: 100))
        let box = TestItem(center: CGPoint(x: 200, y: y - 120), size: CGSize(width: 40, height: 40))
        let anchored = DynamicItemBehavior(items: [floor])
        anchored.isAnchored = true
        animator.addBehavior(anchored)
        animator.addBehavior(CollisionBehavior(items: [floor, box]))
        animator.addBehavior(GravityBehavior(items: [box]))
        run(animator, frames: 180)
        // At 1e12 pt a Double resolves about 1e-4 pt; rest on the floor's top within a point.
        #expect(abs(Double(box.center.y) - (y - 70)) < 1, "\(box.center.y - y)")
    }

    @Test func cellIndicesClamp() {
        #expect(BroadPhase.cell(1e30) == 1 << 30 && BroadPhase.cell(-1.8e308) == -(1 << 30))
        #expect(BroadPhase.cell(.nan) == 0 && BroadPhase.cell(-0.5) == -1 && BroadPhase.cell(3.7) == 3)
    }
}
