import Foundation
import Testing

@testable import KineticDynamics

/// `AttachmentAnchorGroup` against its definition: moving the group is setting every member's
/// `anchorPoint` to point + offset. Two animators run side by side, one moved by the group and
/// one by the setters, and must agree bit for bit, through the attachments' whole lifecycle.
@Suite("Attachment anchor groups: the setters, in one pass")
struct AttachmentAnchorGroupTests {
    static let offsets = [
        CGVector(dx: -20, dy: -20), CGVector(dx: 20, dy: -20), CGVector(dx: -20, dy: 20), CGVector(dx: 20, dy: 20),
    ]

    /// `count` items on four springs each, as a drag holds them.
    final class Drag {
        let animator = DynamicAnimator()
        let items: [TestItem]
        let springs: [AttachmentBehavior]
        init(count: Int, at point: CGPoint) {
            items = (0..<count).map {
                TestItem(center: CGPoint(x: 30 + 61 * Double($0 % 6), y: 30 + 61 * Double($0 / 6)))
            }
            springs = items.flatMap { item in
                AttachmentAnchorGroupTests.offsets.map { offset in
                    let spring = AttachmentBehavior(
                        item: item, attachedToAnchor: CGPoint(x: point.x + offset.dx, y: point.y + offset.dy))
                    spring.frequency = 8
                    spring.damping = 0.6
                    return spring
                }
            }
        }
        var offsets: [CGVector] {
            Array(repeatElement(AttachmentAnchorGroupTests.offsets, count: items.count).joined())
        }
        func setEach(to point: CGPoint) {
            for (spring, offset) in zip(springs, offsets) {
                spring.anchorPoint = CGPoint(x: point.x + offset.dx, y: point.y + offset.dy)
            }
        }
        var state: [[UInt]] {
            items.map {
                [$0.center.x.bitPattern, $0.center.y.bitPattern, $0.transform.a.bitPattern, $0.transform.b.bitPattern]
            }
        }
    }

    static func finger(_ frame: Int) -> CGPoint {
        let t = Double(frame) / 120
        return CGPoint(x: 180 + 150 * sin(.pi * t), y: 150 + 80 * sin(2 * .pi * t))
    }

    @Test func movingTheGroupIsSettingEveryAnchor() {
        let start = CGPoint(x: 180, y: 150)
        let byGroup = Drag(count: 9, at: start), bySetters = Drag(count: 9, at: start)
        let group = AttachmentAnchorGroup(attachments: byGroup.springs, offsets: byGroup.offsets, point: start)
        for drag in [byGroup, bySetters] { for spring in drag.springs { drag.animator.addBehavior(spring) } }
        for frame in 1...240 {
            group.moveAnchors(to: Self.finger(frame))
            bySetters.setEach(to: Self.finger(frame))
            byGroup.animator.step(1.0 / 120)
            bySetters.animator.step(1.0 / 120)
        }
        #expect(byGroup.state == bySetters.state)
        // The items moved (the comparison is not of two resting grids).
        #expect(byGroup.items[0].center != CGPoint(x: 30, y: 30))
        for (spring, reference) in zip(byGroup.springs, bySetters.springs) {
            #expect(spring.anchorPoint == reference.anchorPoint)
        }
    }

    /// Springs removed and added back mid-drag, added late, or moved to another animator keep
    /// following the group exactly as they follow their setters.
    @Test func membersComingAndGoingFollowTheGroup() {
        let start = CGPoint(x: 100, y: 100)
        let byGroup = Drag(count: 4, at: start), bySetters = Drag(count: 4, at: start)
        let group = AttachmentAnchorGroup(attachments: byGroup.springs, offsets: byGroup.offsets, point: start)
        let other = DynamicAnimator(), otherReference = DynamicAnimator()
        // Half the springs at first; the group moves the others while they are detached.
        for drag in [byGroup, bySetters] { for spring in drag.springs.prefix(8) { drag.animator.addBehavior(spring) } }
        for frame in 1...300 {
            if frame == 40 {
                for drag in [byGroup, bySetters] {
                    for spring in drag.springs.suffix(8) { drag.animator.addBehavior(spring) }
                }
            }
            if frame == 60 {
                // Out and back in while the first spring stays: a new joint for the same spring.
                for drag in [byGroup, bySetters] {
                    drag.animator.removeBehavior(drag.springs[6])
                    drag.animator.addBehavior(drag.springs[6])
                }
            }
            if frame == 75 {
                for drag in [byGroup, bySetters] { drag.animator.removeBehavior(drag.springs[7]) }
            }
            if frame == 90 {
                for drag in [byGroup, bySetters] { drag.animator.removeBehavior(drag.springs[0]) }
            }
            if frame == 120 {
                for drag in [byGroup, bySetters] { drag.animator.addBehavior(drag.springs[0]) }
                byGroup.animator.removeBehavior(byGroup.springs[5])
                other.addBehavior(byGroup.springs[5])
                bySetters.animator.removeBehavior(bySetters.springs[5])
                otherReference.addBehavior(bySetters.springs[5])
            }
            group.moveAnchors(to: Self.finger(frame))
            bySetters.setEach(to: Self.finger(frame))
            for animator in [byGroup.animator, bySetters.animator, other, otherReference] { animator.step(1.0 / 120) }
            #expect(byGroup.state == bySetters.state, "frame \(frame)")
        }
    }

    /// A rigid anchor on the item's center is a pin (a revolute joint), not a distance joint:
    /// the group moves it through the general path, again exactly as its setter would.
    @Test func pinsAndSlidersMoveAsTheirSettersMoveThem() {
        func world() -> (DynamicAnimator, [TestItem], [AttachmentBehavior]) {
            let animator = DynamicAnimator()
            let items = [TestItem(center: CGPoint(x: 100, y: 100)), TestItem(center: CGPoint(x: 300, y: 100))]
            let pin = AttachmentBehavior(item: items[0], attachedToAnchor: CGPoint(x: 100, y: 100))
            let slider = AttachmentBehavior.slidingAttachment(
                with: items[1], attachmentAnchor: CGPoint(x: 300, y: 100), axisOfTranslation: CGVector(dx: 1, dy: 1))
            let spring = AttachmentBehavior(item: items[1], attachedToAnchor: CGPoint(x: 320, y: 80))
            spring.frequency = 2
            let gravity = GravityBehavior(items: items)
            for behavior in [pin, slider, spring, gravity] as [DynamicBehavior] { animator.addBehavior(behavior) }
            return (animator, items, [pin, slider, spring])
        }
        let (byGroup, groupItems, groupAttachments) = world()
        let (bySetters, setterItems, setterAttachments) = world()
        let offsets = [CGVector(dx: -100, dy: 0), CGVector(dx: 100, dy: 0), CGVector(dx: 120, dy: -20)]
        let group = AttachmentAnchorGroup(
            attachments: groupAttachments, offsets: offsets, point: CGPoint(x: 200, y: 100))
        for frame in 1...120 {
            let p = CGPoint(x: 200 + Double(frame), y: 100 + 0.5 * Double(frame))
            group.moveAnchors(to: p)
            for (attachment, offset) in zip(setterAttachments, offsets) {
                attachment.anchorPoint = CGPoint(x: p.x + offset.dx, y: p.y + offset.dy)
            }
            byGroup.step(1.0 / 60)
            bySetters.step(1.0 / 60)
        }
        for (a, b) in zip(groupItems, setterItems) {
            #expect(a.center.x.bitPattern == b.center.x.bitPattern && a.center.y.bitPattern == b.center.y.bitPattern)
            #expect(a.transform.b.bitPattern == b.transform.b.bitPattern)
        }
        #expect(groupItems[0].center != CGPoint(x: 100, y: 100))
    }

    /// `anchorPoint` reads whichever moved it last: the group, or the attachment's own setter.
    @Test func theLatestMoveGivesTheAnchor() {
        let drag = Drag(count: 1, at: .zero)
        let group = AttachmentAnchorGroup(attachments: drag.springs, offsets: drag.offsets, point: .zero)
        #expect(drag.springs[3].anchorPoint == CGPoint(x: 20, y: 20))
        group.moveAnchors(to: CGPoint(x: 100, y: 50))
        #expect(drag.springs[0].anchorPoint == CGPoint(x: 80, y: 30))
        #expect(group.point == CGPoint(x: 100, y: 50))
        drag.springs[0].anchorPoint = CGPoint(x: 7, y: 8)
        #expect(drag.springs[0].anchorPoint == CGPoint(x: 7, y: 8))
        #expect(drag.springs[1].anchorPoint == CGPoint(x: 120, y: 30))
        group.moveAnchors(to: CGPoint(x: 0, y: 0))
        #expect(drag.springs[0].anchorPoint == CGPoint(x: -20, y: -20))
    }

    /// A group that goes away leaves each attachment where the group last put it.
    @Test func attachmentsKeepTheirAnchorsWhenTheGroupGoes() {
        let drag = Drag(count: 2, at: .zero)
        do {
            let group = AttachmentAnchorGroup(attachments: drag.springs, offsets: drag.offsets, point: .zero)
            group.moveAnchors(to: CGPoint(x: 300, y: 200))
        }
        #expect(drag.springs[2].anchorPoint == CGPoint(x: 280, y: 220))
        // And they can join a new group.
        let again = AttachmentAnchorGroup(attachments: drag.springs, offsets: drag.offsets, point: .zero)
        #expect(again.attachments.count == drag.springs.count)
    }

    /// Bad input gets a line and changes nothing it should not: a non-finite point is ignored,
    /// non-finite offsets count as zero, attachments without an anchor or already grouped are
    /// left out, anchors beyond the world are clamped by the engine and reported.
    @Test func badInputIsReported() {
        let capture = LogCapture()
        let drag = Drag(count: 1, at: .zero)
        drag.animator.logger = capture.logger
        for spring in drag.springs { drag.animator.addBehavior(spring) }
        let a = TestItem(), b = TestItem()
        let between = AttachmentBehavior(item: a, attachedTo: b)
        let group = DynamicAnimator.detachedLogger.withValue(capture.logger) {
            AttachmentAnchorGroup(
                attachments: drag.springs + [between],
                offsets: [CGVector(dx: CGFloat.nan, dy: 0)] + drag.offsets.dropFirst(), point: .zero)
        }
        #expect(group.attachments.count == 4)
        #expect(group.offsets[0] == .zero)
        #expect(capture.messages.contains { $0.contains("left out 1 attachment") })
        #expect(capture.messages.contains { $0.contains("non-finite offset") })
        let second = DynamicAnimator.detachedLogger.withValue(capture.logger) {
            AttachmentAnchorGroup(attachments: drag.springs, offsets: drag.offsets, point: .zero)
        }
        #expect(second.attachments.isEmpty)

        group.moveAnchors(to: CGPoint(x: 10, y: 10))
        group.moveAnchors(to: CGPoint(x: Double.infinity, y: 0))
        #expect(group.point == CGPoint(x: 10, y: 10))
        #expect(drag.springs[1].anchorPoint == CGPoint(x: 30, y: -10))
        #expect(capture.messages.contains { $0.contains("ignored non-finite point") })

        // Finite points whose anchors overflow (the largest Double plus 20 pt rounds back, but
        // the largest Double plus a huge offset does not) are refused like non-finite ones.
        let huge = DynamicAnimator.detachedLogger.withValue(capture.logger) {
            AttachmentAnchorGroup(
                attachments: [AttachmentBehavior(item: a, attachedToAnchor: .zero)],
                offsets: [CGVector(dx: 1e308, dy: 0)], point: .zero)
        }
        huge.moveAnchors(to: CGPoint(x: 1e308, y: 0))
        #expect(huge.point == .zero)
        #expect(huge.attachments[0].anchorPoint.x.isFinite)
        group.moveAnchors(to: CGPoint(x: -CGFloat.greatestFiniteMagnitude, y: 1e30))
        #expect(drag.springs[0].anchorPoint.x.isFinite && drag.springs[0].anchorPoint.y.isFinite)
        #expect(capture.messages.contains { $0.contains("ignored non-finite point or anchors") })
        run(drag.animator, frames: 3)
        #expect(drag.animator.world.bodies.allSatisfy { $0.position.x.isFinite && $0.linearVelocity.x.isFinite })

        group.moveAnchors(to: CGPoint(x: 1e13, y: 0))
        #expect(capture.messages.contains { $0.contains("clamped anchors") })
        run(drag.animator, frames: 10)
        let body = drag.animator.world.bodies.first { $0.kind == .dynamic }!
        #expect(body.position.x.isFinite && body.position.y.isFinite)
    }
}
