// swift-format-ignore-file
// (The seed's code stays as published, its style included.)

// Seed 000's two behaviour classes as published, with only `import UIKit` changed to
// `import UIKitCompat` (the seed's `flatMap` over optionals is deprecated: a warning). They must
// compile and behave as on iOS.
import Testing
import UIKitCompat

final class RectangleAttachmentBehavior: UIDynamicBehavior {
    init(item: UIDynamicItem, point: CGPoint) {
        // Higher frequency more "ridged" formation
        let frequency: CGFloat = 8.0

        // Lower damping longer animation takes to come to rest
        let damping: CGFloat = 0.6

        super.init()

        // Attachment points are four corners of item
        let points = self.attachmentPoints(for: point)

        let attachmentBehaviors: [UIAttachmentBehavior] = points.map {
            let attachmentBehavior = UIAttachmentBehavior(item: item, attachedToAnchor: $0)
            attachmentBehavior.frequency = frequency
            attachmentBehavior.damping = damping
            return attachmentBehavior
        }

        attachmentBehaviors.forEach {
            addChildBehavior($0)
        }
    }

    func updateAttachmentLocation(with point: CGPoint) {
        // Update anchor points to new attachment points
        let points = self.attachmentPoints(for: point)
        let attachments = self.childBehaviors.flatMap { $0 as? UIAttachmentBehavior }
        let pairs = zip(points, attachments)
        pairs.forEach { $0.1.anchorPoint = $0.0 }
    }

    func attachmentPoints(for point: CGPoint) -> [CGPoint] {
        // Width and height should be close to the width and height of the item
        let width: CGFloat = 40.0
        let height: CGFloat = 40.0

        let topLeft = CGPoint(x: point.x - width * 0.5, y: point.y - height * 0.5)
        let topRight = CGPoint(x: point.x + width * 0.5, y: point.y - height * 0.5)
        let bottomLeft = CGPoint(x: point.x - width * 0.5, y: point.y + height * 0.5)
        let bottomRight = CGPoint(x: point.x + width * 0.5, y: point.y + height * 0.5)
        let points = [topLeft, topRight, bottomLeft, bottomRight]
        return points
    }
}

final class DragBehavior: UIDynamicBehavior {
    init(items: [UIDynamicItem], point: CGPoint) {
        super.init()
        items.forEach {
            let rectAttachment = RectangleAttachmentBehavior(item: $0, point: point)
            self.addChildBehavior(rectAttachment)
        }
    }

    func updateDragLocation(with point: CGPoint) {
        // Tell low-level behaviors location has changed
        self.childBehaviors.flatMap { $0 as? RectangleAttachmentBehavior }.forEach {
            $0.updateAttachmentLocation(with: point)
        }
    }
}

/// A bare item standing in for a cell.
final class Cell: UIDynamicItem {
    var center: CGPoint
    var bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
    var transform = CGAffineTransform.identity
    init(_ center: CGPoint) { self.center = center }
}

@Suite("Seed 000's behaviours through UIKitCompat")
struct SeedBehaviorsTests {
    /// The seed's drag, unchanged, moves the cells with the finger and back, keeping each
    /// cell's offset (each spring's rest length is its length at association), and the
    /// animator pauses once they settle — the same numbers as Kinetic's own DragBehavior.
    @Test func seedDragFollowsAndReturns() {
        let cells = (0..<8).map { Cell(CGPoint(x: 25 + 60 * Double($0 % 4), y: 25 + 60 * Double($0 / 4))) }
        let start = cells.map(\.center)
        let animator = UIDynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 300, height: 300))
        let finger = CGPoint(x: 100, y: 60)
        let drag = DragBehavior(items: cells, point: finger)
        animator.addBehavior(drag)
        #expect(drag.childBehaviors.count == 8 && drag.childBehaviors.allSatisfy { $0.childBehaviors.count == 4 })
        drag.updateDragLocation(with: CGPoint(x: finger.x + 50, y: finger.y + 20))
        for _ in 0..<600 where animator.isRunning { animator.step(1.0 / 120.0) }
        for (cell, origin) in zip(cells, start) {
            #expect(hypot(cell.center.x - origin.x - 50, cell.center.y - origin.y - 20) < 0.5)
        }
        drag.updateDragLocation(with: finger)
        for _ in 0..<600 where animator.isRunning { animator.step(1.0 / 120.0) }
        for (cell, origin) in zip(cells, start) {
            #expect(hypot(cell.center.x - origin.x, cell.center.y - origin.y) < 0.5)
        }
        #expect(!animator.isRunning)
    }
}
