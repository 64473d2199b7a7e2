import Foundation
import Testing

@testable import KineticDynamics

/// Issue 32: a value the engine clamps (or counts as another) leaves a state in which every
/// invariant holds, and a loop whose bound is a caller's number stays bounded. Each case is one
/// cause found by random use.
@Suite("Clamped values leave a valid state; callers' numbers bound no loop")
struct ClampedStateTests {
    func animator() -> (DynamicAnimator, LogCapture) {
        let capture = LogCapture()
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800))
        animator.logger = capture.logger
        return (animator, capture)
    }

    /// Two items 5·10⁻³²⁴ pt thin made a group whose mass summed to zero: its centre was 0/0, and
    /// NaN reached the group, its members and every custom field's evaluator. A side below
    /// 10⁻⁶ pt now counts as that, with one log line per item.
    @Test func aGroupOfSubnormallyThinItemsStaysFinite() {
        let (animator, capture) = animator()
        let thin = TestItem(center: CGPoint(x: 100, y: 100), size: CGSize(width: 40, height: CGFloat.leastNonzeroMagnitude))
        let flat = TestItem(center: CGPoint(x: 140, y: 100), size: CGSize(width: CGFloat.leastNonzeroMagnitude, height: 40))
        let group = DynamicItemGroup(items: [thin, flat])
        var fieldInputs: [CGPoint] = []
        let field = FieldBehavior.field { _, position, _, _, _, _ in
            fieldInputs.append(position)
            return .zero
        }
        field.addItem(group)
        animator.addBehavior(GravityBehavior(items: [group]))
        animator.addBehavior(field)
        run(animator, frames: 10)
        #expect(!fieldInputs.isEmpty)
        #expect(fieldInputs.allSatisfy { $0.isFinite })
        #expect(thin.center.isFinite && flat.center.isFinite && group.center.isFinite)
        #expect(thin.center.y > 100, "the group falls")
        let lines = capture.messages.filter { $0.contains("DynamicItem.bounds: clamped") }
        #expect(lines.count == 2 && lines.allSatisfy { $0.contains("1e-6 pt per side") })
        #expect(!capture.messages.contains { $0.contains("became non-finite") })
    }

    /// A subnormally thin item on its own, colliding with a boundary: its body and its shape
    /// have the smallest size, and nothing goes non-finite.
    @Test func aSubnormallyThinItemCollidesFinitely() {
        let (animator, capture) = animator()
        let item = TestItem(center: CGPoint(x: 100, y: 780), size: CGSize(width: 1e-300, height: 30))
        let collision = CollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.addBehavior(collision)
        run(animator, frames: 120)
        #expect(item.center.isFinite && item.center.y <= 800)
        #expect(animator.debugDrawing().contacts.allSatisfy { $0.isFinite })
        #expect(capture.messages.filter { $0.contains("DynamicItem.bounds: clamped") }.count == 1)
        #expect(!capture.messages.contains { $0.contains("became non-finite") })
    }
}
