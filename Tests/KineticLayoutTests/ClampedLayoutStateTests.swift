import Foundation
import KineticDynamics
import Testing

@testable import KineticLayout

/// Issue 32: after a value the layouts count as another (a NaN or negative size as zero, a
/// length beyond 10⁹ pt as that), every invariant holds: a query for the whole content finds
/// every item exactly once, the visible cells name existing items, and nothing traps. Each case
/// is one cause found by random use.
@Suite("Clamped values leave the layouts valid")
@MainActor
struct ClampedLayoutStateTests {
    /// The items a query for the whole content finds, by index path (cells only).
    func wholeContent(_ layout: CollectionViewLayout, _ view: CollectionView) -> [IndexPath] {
        view.layoutIfNeeded()
        let rect = CGRect(origin: .zero, size: view.contentSize)
        return (layout.layoutAttributesForElements(in: rect) ?? []).filter { $0.representedElementCategory == .cell }
            .map(\.indexPath)
    }

    func allPaths(_ counts: [Int]) -> [IndexPath] {
        counts.enumerated().flatMap { s, n in (0..<n).map { IndexPath(item: $0, section: s) } }
    }

    /// Items of no height (a NaN height counts as 0) with no line spacing lie on one line along
    /// the scroll axis: the content had no length, so its size was zero and a query for it
    /// found only the first column, 10 of 20 items. The content now spans the view across.
    @Test func itemsOfNoLengthLieInTheContent() {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 150, height: CGFloat.nan)
        layout.minimumLineSpacing = 0
        let data = ArrayDataSource(count: 20)
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.dataSource = data
        #expect(view.contentSize == CGSize(width: 320, height: 0))
        let found = wholeContent(layout, view)
        #expect(found.sorted() == allPaths([20]))
        #expect(found.count == 20, "each once")
        // Nothing at all is still zero.
        data.sections = [[]]
        view.reloadData()
        #expect(view.contentSize == .zero)
    }

    /// A horizontal grid of items of no thickness across a 50.089… pt view: the last column of a
    /// full line ends at the content's edge only within rounding (a hair past it), the content
    /// snaps to the view's extent, and a query for the whole content missed that column (21 of 24
    /// items). Frames are now moved back within the content by that hair.
    @Test func theLastColumnOfAFullLineLiesInTheContent() {
        let layout = FlowLayout()
        layout.scrollDirection = .horizontal
        layout.itemSize = CGSize(width: 1, height: 0)
        let data = ArrayDataSource(sections: [Array(0..<15), Array(15..<21), [], Array(21..<24)])
        let view = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 1, height: 50.089468447367885), collectionViewLayout: layout)
        view.dataSource = data
        let found = wholeContent(layout, view)
        #expect(found.sorted() == allPaths([15, 6, 0, 3]))
        let content = CGRect(origin: .zero, size: view.contentSize)
        for path in allPaths([15, 6, 0, 3]) {
            let frame = view.layoutAttributesForItem(at: path)!.frame
            #expect(frame.maxY <= content.maxY && frame.maxX <= content.maxX, "\(path) \(frame) in \(content)")
        }
    }

    /// A cell settling after a drop kept its index path while an interactive movement took an
    /// item out of its section: the visible cells named item 13 of a section of 13. A change of
    /// the presented order that no update announces now ends the settling (and a drag); no drag
    /// begins while a movement runs.
    @Test func anInteractiveMovementEndsTheSettlingAndTheDrag() {
        let scene = ReorderScene(sections: [Array(0..<14), Array(14..<20)])
        let (view, layout) = (scene.view, scene.layout)
        let last = IndexPath(item: 13, section: 0)
        let settling = view.layoutAttributesForItem(at: last)!.copy()
        layout.beginSettling(settling, at: last)
        #expect(layout.settlingIndexPaths == [last])
        #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        #expect(!layout.beginDragging(at: scene.center(IndexPath(item: 3, section: 0))), "no drag during a movement")
        view.updateInteractiveMovementTargetPosition(scene.center(IndexPath(item: 2, section: 1)))
        #expect(view.indexPathForInteractivelyMovingItem?.section == 1)
        #expect(layout.settlingIndexPaths.isEmpty)
        for attributes in view.visibleLayoutAttributes() where attributes.representedElementCategory == .cell {
            #expect(view.isValid(attributes.indexPath), "\(attributes.indexPath)")
        }
        view.endInteractiveMovement()
        #expect(scene.data.isPermutation)

        // A drag under way ends, cancelled, at the movement's first step.
        #expect(layout.beginDragging(at: scene.center(IndexPath(item: 5, section: 0))))
        scene.data.events.removeAll()
        #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 1)))
        view.updateInteractiveMovementTargetPosition(scene.center(IndexPath(item: 1, section: 0)))
        #expect(!layout.isDragging)
        #expect(scene.data.events == ["willEnd", "didCancel"])
        view.endInteractiveMovement()
        #expect(scene.data.isPermutation)
    }

    /// A cell settling while a new drag moves items (begun by hand during the drag) kept its
    /// index path while the drag's moves renumbered its section: a visible cell named item 2 of
    /// a section of 2. It now follows its item through the layout's own moves.
    @Test func aSettlingCellFollowsItsItemThroughADrag() {
        let scene = ReorderScene(sections: [Array(0..<6), Array(6..<9)])
        let (view, layout) = (scene.view, scene.layout)
        #expect(layout.beginDragging(at: scene.center(IndexPath(item: 1, section: 1))))
        let last = IndexPath(item: 2, section: 1)
        layout.beginSettling(view.layoutAttributesForItem(at: last)!.copy(), at: last)
        // The block (item 7) goes to section 0: section 1 keeps 2 items, the settling one (8) now
        // at item 1.
        layout.updateDragging(to: scene.center(IndexPath(item: 2, section: 0)))
        #expect(layout.draggedIndexPaths.first?.section == 0)
        #expect(scene.data.sections[1] == [6, 8])
        #expect(layout.settlingIndexPaths == [IndexPath(item: 1, section: 1)])
        for attributes in view.visibleLayoutAttributes() where attributes.representedElementCategory == .cell {
            #expect(view.isValid(attributes.indexPath), "\(attributes.indexPath)")
        }
        layout.endDragging()
        #expect(scene.data.isPermutation)
    }

    /// An interactive movement across sections, cancelled by a batch update before the layout
    /// was prepared again: the cancel's step and the batch each noted a change, and the batch's
    /// incremental preparation (one section's lines) left the moved-from section as the movement
    /// showed it, one item longer (a visible cell named item 14 of 14). A change is now laid out
    /// incrementally only when it is the only one since the last preparation.
    @Test func aBatchAfterACancelledMovementLaysEverythingOut() {
        let data = SizedData(sections: [Array(0..<14), Array(14..<20), [], Array(20..<23)])
        let layout = FlowLayout()
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.dataSource = data
        view.delegate = data
        view.layoutIfNeeded()
        #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 3)))
        view.updateInteractiveMovementTargetPosition(
            view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.center)
        #expect(view.numberOfItems(inSection: 0) == 15)
        view.layoutIfNeeded()
        view.performBatchUpdates {
            data.sections[3].insert(99, at: 0)
            view.insertItems(at: [IndexPath(item: 0, section: 3)])
        }
        #expect((0..<4).map { view.numberOfItems(inSection: $0) } == [14, 6, 0, 4])
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 13, section: 0)) != nil)
        #expect(wholeContent(layout, view).sorted() == allPaths([14, 6, 0, 4]))
        // The same as a layout prepared afresh, frame for frame.
        let fresh = FlowLayout()
        let reference = CollectionView(frame: view.frame, collectionViewLayout: fresh)
        reference.dataSource = data
        reference.delegate = data
        for path in allPaths([14, 6, 0, 4]) {
            #expect(layout.layoutAttributesForItem(at: path)?.frame == fresh.layoutAttributesForItem(at: path)?.frame)
        }
    }

    /// Settling attributes that whoever animates them made NaN: a query tested their frame for
    /// intersection, which traps in Foundation. The slot shows instead while they are not finite.
    @Test func settlingAttributesThatWentNaNShowTheSlot() {
        let scene = ReorderScene(sections: [Array(0..<6)])
        let (view, layout) = (scene.view, scene.layout)
        let path = IndexPath(item: 2, section: 0)
        let settling = view.layoutAttributesForItem(at: path)!.copy()
        layout.beginSettling(settling, at: path)
        settling.center = CGPoint(x: CGFloat.nan, y: 10)
        let cells = view.visibleLayoutAttributes().filter { $0.indexPath == path }
        #expect(cells.count == 1)
        #expect(cells.first?.isHidden == false)
        #expect(layout.layoutAttributesForItem(at: path)?.isHidden == false)
        settling.center = CGPoint(x: 30, y: 10)
        #expect(layout.layoutAttributesForItem(at: path)?.isHidden == true, "settling again once finite")
    }

    /// A springy layout whose items have no height (a NaN height counts as 0): a cell without
    /// area on a spring made the animator trap, as UIKit's does for an item of size zero. Such
    /// cells stay at their resting places.
    @Test func aSpringyLayoutLeavesCellsWithoutAreaOffSprings() {
        let layout = SpringyFlowLayout()
        layout.itemSize = CGSize(width: 50, height: CGFloat.nan)
        let data = ArrayDataSource(count: 12)
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.dataSource = data
        view.layoutIfNeeded()
        #expect(layout.springCount == 0)
        #expect(wholeContent(layout, view).sorted() == allPaths([12]))
        layout.itemSize = CGSize(width: 50, height: 50)
        view.layoutIfNeeded()
        #expect(layout.springCount == 12)
    }

    /// A dragged layout leaves items without area out of the drag (the animator would trap).
    @Test func aDraggableLayoutLeavesItemsWithoutAreaOut() {
        let layout = DraggableLayout()
        layout.itemSize = CGSize(width: -5, height: 50)
        let data = ArrayDataSource(count: 4)
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.dataSource = data
        view.layoutIfNeeded()
        layout.startDragging(indexPaths: [IndexPath(item: 0, section: 0)], from: CGPoint(x: 10, y: 10))
        #expect(layout.indexPathsForDraggingElements == nil)
        #expect(layout.animator == nil)
    }

    /// A drop kept waiting in a placeholder in section 0 of a view of two sections, then section 0
    /// deleted: the placeholder was shown again at its section's old index, in the section that
    /// had taken that index. It now goes with its section.
    @Test func aPlaceholderGoesWithItsDeletedSection() throws {
        let board = PlaceholderBoard()
        let start = board.space.spacePoint(
            try #require(board.source.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))).center,
            in: board.source)
        #expect(board.space.beginDrag(at: start).count == 1)
        let over = try #require(board.target.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))).center
        board.space.moveDrag(to: board.space.spacePoint(over, in: board.target))
        board.space.endDrag()
        let placeholder = try #require(board.placeholder)
        #expect(placeholder.placeIndexPath?.section == 0)
        #expect(board.target.numberOfItems(inSection: 0) == 3, "the placeholder shows among the section's 2 items")

        board.sections.remove(at: 0)
        board.target.deleteSections(IndexSet(integer: 0))
        #expect(placeholder.placeIndexPath == nil)
        #expect(board.target.numberOfSections == 1)
        #expect(board.target.numberOfItems(inSection: 0) == 3, "the old section 1's items, no placeholder")
    }
}

/// A source view of one section and a target view of two, in one drag-and-drop space; a drop
/// into the target waits in a placeholder.
final class PlaceholderBoard: CollectionViewDataSource, CollectionViewDragDelegate, CollectionViewDropDelegate {
    var cards = [1, 2, 3]
    var sections = [[10, 11], [20, 21, 22]]
    let source: CollectionView
    let target: CollectionView
    var space: DragAndDropSpace!
    var placeholder: CollectionViewDropPlaceholderContext?

    init() {
        func view() -> CollectionView {
            let layout = FlowLayout()
            layout.itemSize = CGSize(width: 180, height: 50)
            return CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 600), collectionViewLayout: layout)
        }
        source = view()
        target = view()
        for view in [source, target] {
            view.dataSource = self
            view.dragDelegate = self
            view.dropDelegate = self
            view.layoutIfNeeded()
        }
        let source = source
        space = DragAndDropSpace(collectionViews: [source, target]) { view in
            CGRect(x: view === source ? 0 : 200, y: 0, width: 200, height: 600)
        }
    }

    func numberOfSections(in collectionView: CollectionView) -> Int {
        collectionView === source ? 1 : sections.count
    }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        collectionView === source ? cards.count : sections[section].count
    }
    func collectionView(
        _ collectionView: CollectionView, itemsForBeginning session: CollectionViewDragSession, at indexPath: IndexPath
    ) -> [DragItem] {
        collectionView === source ? [DragItem(localObject: cards[indexPath.item])] : []
    }
    func collectionView(_ collectionView: CollectionView, performDropWith coordinator: CollectionViewDropCoordinator) {
        guard collectionView === target, let item = coordinator.items.first?.dragItem else { return }
        let at = coordinator.destinationIndexPath ?? IndexPath(item: 0, section: 0)
        placeholder = coordinator.drop(
            item, to: CollectionViewDropPlaceholder(insertionIndexPath: at, reuseIdentifier: "card"))
    }
}

/// Sections of identities sized one by one by identity (a flow delegate), moved by interactive
/// movements; sizes are looked up by presented path, as an app's would be.
final class SizedData: ArrayDataSourceBase, CollectionViewDelegateFlowLayout {
    func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
        let item = sections[source.section].remove(at: source.item)
        sections[destination.section].insert(item, at: destination.item)
    }

    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        let path = collectionView.dataIndexPath(forPresentedIndexPath: indexPath) ?? indexPath
        let id = sections[path.section][path.item]
        return CGSize(width: 20 + Double(id * 37 % 61), height: 20 + Double(id * 53 % 41))
    }
}
