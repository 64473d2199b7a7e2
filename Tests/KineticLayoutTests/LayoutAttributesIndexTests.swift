import Foundation
import KineticDynamics
import Testing

@testable import KineticLayout

/// `DynamicAnimator.layoutAttributesForCell(at:)` answers from an index (issue 22); the truth it
/// must agree with is a scan of the animator's items.
@Suite("Layout animator: attributes by index path")
struct LayoutAttributesIndexTests {
    /// The first item in the animator's order with `indexPath`, found by scanning: what the
    /// lookup must return whenever no two items share an index path.
    func scan(_ animator: DynamicAnimator, _ indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        var found: CollectionViewLayoutAttributes?
        animator.forEachItem { item in
            guard found == nil, let a = item as? CollectionViewLayoutAttributes, a.indexPath == indexPath else {
                return
            }
            found = a
        }
        return found
    }

    /// Random joins, leaves and renumberings (a permutation, so index paths stay unique), with
    /// every index path looked up after each: the index agrees with the scan every time.
    @Test func agreesWithAScanUnderRandomChanges() {
        let layout = FlowLayout()
        let animator = DynamicAnimator(collectionViewLayout: layout)
        let cells = (0..<40).map { i -> CollectionViewLayoutAttributes in
            let a = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: i, section: 0))
            a.frame = CGRect(x: 0, y: Double(i) * 60, width: 50, height: 50)
            return a
        }
        var behaviors: [Int: DynamicItemBehavior] = [:]
        var random = SystemRandomNumberGenerator()
        for step in 0..<600 {
            let i = Int.random(in: 0..<cells.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                if behaviors[i] == nil {
                    let b = DynamicItemBehavior(items: [cells[i]])
                    animator.addBehavior(b)
                    behaviors[i] = b
                }
            case 1:
                if let b = behaviors.removeValue(forKey: i) { animator.removeBehavior(b) }
            default:
                // Swap two cells' index paths, as a layout renumbering after a move does.
                let j = Int.random(in: 0..<cells.count, using: &random)
                (cells[i].indexPath, cells[j].indexPath) = (cells[j].indexPath, cells[i].indexPath)
            }
            for item in 0...cells.count {
                let path = IndexPath(item: item, section: 0)
                let found = animator.layoutAttributesForCell(at: path)
                #expect(found === scan(animator, path), "step \(step), \(path)")
            }
        }
    }

    /// Supplementary views are filed by kind: a header and a cell at the same index path are
    /// different elements; an index path of the wrong length is simply not found.
    @Test func categoriesAndKindsAreSeparate() {
        let animator = DynamicAnimator(collectionViewLayout: FlowLayout())
        let path = IndexPath(item: 0, section: 0)
        let cell = CollectionViewLayoutAttributes(forCellWith: path)
        let header = CollectionViewLayoutAttributes(
            forSupplementaryViewOfKind: CollectionElementKind.sectionHeader, with: path)
        for a in [cell, header] { a.frame = CGRect(x: 0, y: 0, width: 10, height: 10) }
        animator.addBehavior(DynamicItemBehavior(items: [cell, header]))
        #expect(animator.layoutAttributesForCell(at: path) === cell)
        #expect(
            animator.layoutAttributesForSupplementaryView(ofKind: CollectionElementKind.sectionHeader, at: path)
                === header)
        #expect(
            animator.layoutAttributesForSupplementaryView(ofKind: CollectionElementKind.sectionFooter, at: path) == nil)
        #expect(animator.layoutAttributesForDecorationView(ofKind: "x", at: path) == nil)
        #expect(animator.layoutAttributesForCell(at: IndexPath()) == nil)
    }

    /// An attributes object outliving its animator keeps working (its link to the index is weak).
    @Test func attributesOutliveTheirAnimator() {
        let cell = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: 3, section: 0))
        cell.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        do {
            let animator = DynamicAnimator(collectionViewLayout: FlowLayout())
            animator.addBehavior(DynamicItemBehavior(items: [cell]))
            #expect(animator.layoutAttributesForCell(at: cell.indexPath) === cell)
        }
        cell.indexPath = IndexPath(item: 4, section: 0)
        #expect(cell.indexPath.item == 4)
    }
}
