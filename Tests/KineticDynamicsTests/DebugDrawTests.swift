import Foundation
import Testing

@testable import KineticDynamics

/// The debug drawing reports the solver's joints, anchors and contacts where the geometry puts
/// them.
@Suite("Debug drawing")
struct DebugDrawTests {
    func close(_ a: CGPoint, _ b: CGPoint, _ tolerance: Double = 1e-9) -> Bool {
        abs(Double(a.x - b.x)) <= tolerance && abs(Double(a.y - b.y)) <= tolerance
    }

    /// An attachment to an anchor is one joint from the item's point to the anchor, and the
    /// anchor is listed; a frequency makes it a spring. With an offset, the item's end is the
    /// offset turned by the item's angle (here a quarter turn: (10, 0) becomes (0, 10)).
    @Test func anAttachmentIsAJointFromItsItemPointToItsAnchor() {
        let item = TestItem(center: CGPoint(x: 200, y: 300))
        item.transform = CGAffineTransform(rotationAngle: .pi / 2)
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800))
        let attachment = AttachmentBehavior(
            item: item, offsetFromCenter: Offset(horizontal: 10, vertical: 0), attachedToAnchor: CGPoint(x: 200, y: 100)
        )
        animator.addBehavior(attachment)
        var drawing = animator.debugDrawing()
        #expect(drawing.joints.count == 1)
        let joint = try! #require(drawing.joints.first)
        let ends = [joint.start, joint.end]
        #expect(ends.contains { close($0, CGPoint(x: 200, y: 100)) }, "anchor end: \(ends)")
        #expect(ends.contains { close($0, CGPoint(x: 200, y: 310), 1e-6) }, "item end: \(ends)")
        #expect(!joint.isSpring)
        #expect(drawing.anchors.count == 1 && close(drawing.anchors[0], CGPoint(x: 200, y: 100)))
        #expect(drawing.contacts.isEmpty)

        attachment.frequency = 2
        drawing = animator.debugDrawing()
        #expect(drawing.joints.first?.isSpring == true)
        animator.removeBehavior(attachment)
        #expect(animator.debugDrawing() == DynamicAnimatorDebugDrawing())
    }

    /// Two items attached to each other: a joint between their centres, and no anchor.
    @Test func anAttachmentBetweenItemsHasNoAnchor() {
        let a = TestItem(center: CGPoint(x: 100, y: 100)), b = TestItem(center: CGPoint(x: 300, y: 100))
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800))
        animator.addBehavior(AttachmentBehavior(item: a, attachedTo: b))
        let drawing = animator.debugDrawing()
        #expect(drawing.anchors.isEmpty)
        let ends = drawing.joints.flatMap { [$0.start, $0.end] }
        #expect(ends.count == 2 && ends.contains { close($0, a.center) } && ends.contains { close($0, b.center) })
    }

    /// A box resting on the floor touches it along its bottom edge: its contact points lie on
    /// that edge (within Box2D's 0.5 cm linear slop, 0.5 pt at UIKit's 100 pt per metre, plus
    /// the manifold's midpoint between the surfaces), between its corners.
    @Test func aRestingBoxTouchesTheFloorAlongItsBottomEdge() {
        let box = TestItem(center: CGPoint(x: 200, y: 700), size: CGSize(width: 60, height: 40))
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800))
        animator.addBehavior(GravityBehavior(items: [box]))
        let collision = CollisionBehavior(items: [box])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        #expect(animator.debugDrawing().contacts.isEmpty, "nothing touches before the first step")
        for _ in 0..<240 { animator.step(1.0 / 60) }
        let contacts = animator.debugDrawing().contacts
        #expect(contacts.count == 2, "\(contacts)")
        for point in contacts {
            #expect(abs(Double(point.y) - 800) <= 1, "on the floor: \(point)")
            #expect(point.x >= box.center.x - 30 - 1 && point.x <= box.center.x + 30 + 1, "under the box: \(point)")
        }
        #expect(abs(Double(contacts[0].x - contacts[1].x)) > 50, "both corners: \(contacts)")
    }
}
