import Foundation
import KineticDynamics
import Testing

@testable import KineticLayout

final class Cell: DynamicItem {
    var center: CGPoint
    var bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
    var transform = CGAffineTransform.identity
    init(_ center: CGPoint) { self.center = center }
}

@Suite("Seed 000's drag behaviours")
struct DragBehaviorTests {
    @Test func rectangleAttachmentIsFourSeedSprings() {
        let cell = Cell(CGPoint(x: 100, y: 100))
        let rectangle = RectangleAttachmentBehavior(item: cell, point: CGPoint(x: 10, y: 20))
        let springs = rectangle.childBehaviors.compactMap { $0 as? AttachmentBehavior }
        #expect(springs.count == 4)
        #expect(springs.allSatisfy { $0.frequency == 8 && $0.damping == 0.6 && $0.attachedBehaviorType == .anchor })
        #expect(
            springs.map(\.anchorPoint) == [
                CGPoint(x: -10, y: 0), CGPoint(x: 30, y: 0), CGPoint(x: -10, y: 40), CGPoint(x: 30, y: 40),
            ])
        rectangle.updateAttachmentLocation(with: CGPoint(x: 0, y: 0))
        #expect(springs.map(\.anchorPoint) == RectangleAttachmentBehavior.attachmentPoints(for: .zero))
    }

    /// An array of one item type (as seed 000 passes its layout attributes), a literal of one
    /// type and one of mixed types all make a drag: the first two through the generic form, which
    /// the WebAssembly build needs (it cannot cast an array to `[any DynamicItem]`).
    @Test func arraysOfOneItemTypeAndOfMixedTypesMakeADrag() {
        let a = Cell(CGPoint(x: 10, y: 10)), b = Cell(CGPoint(x: 70, y: 10))
        let attributes = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        attributes.frame = CGRect(x: 0, y: 60, width: 20, height: 20)
        let cells = [a, b]
        #expect(DragBehavior(items: cells, point: .zero).childBehaviors.count == 2)
        #expect(DragBehavior(items: [a, b], point: .zero).childBehaviors.count == 2)
        #expect(DragBehavior(items: [a, b, attributes], point: .zero).childBehaviors.count == 3)
    }

    /// Each spring's rest length is its length at association, so the equilibrium keeps every
    /// cell's offset from the finger: after the finger moves by d and holds, every cell has
    /// moved by d (to within the rest tolerance of 1 pt/s), and back again when it returns.
    @Test func cellsFollowTheFingerAndReturn() {
        let cells = (0..<12).map { Cell(CGPoint(x: 25 + 60 * Double($0 % 4), y: 25 + 60 * Double($0 / 4))) }
        let start = cells.map(\.center)
        let finger = CGPoint(x: 100, y: 100)
        let drag = DragBehavior(items: cells, point: finger)
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 400))
        animator.addBehavior(drag)
        let delta = CGPoint(x: 80, y: -30)
        drag.updateDragLocation(with: CGPoint(x: finger.x + delta.x, y: finger.y + delta.y))
        for _ in 0..<600 where animator.isRunning { animator.step(1.0 / 120.0) }
        for (cell, origin) in zip(cells, start) {
            #expect(hypot(cell.center.x - origin.x - delta.x, cell.center.y - origin.y - delta.y) < 0.5)
            #expect(abs(cell.transform.b) < 1e-9, "center-attached springs exert no torque")
        }
        drag.updateDragLocation(with: finger)
        #expect(animator.isRunning)
        for _ in 0..<600 where animator.isRunning { animator.step(1.0 / 120.0) }
        for (cell, origin) in zip(cells, start) {
            #expect(hypot(cell.center.x - origin.x, cell.center.y - origin.y) < 0.5)
        }
    }
}
