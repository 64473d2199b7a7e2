import Foundation
import KineticDynamics
import KineticGestures
import KineticTestSupport
import Testing

@testable import KineticLayout

// Issue 33: every reference the layout library does not own is either a `WeakReference` (the
// app's delegates, data sources and observers: weak natively, strong in the WebAssembly build,
// which has no `weak`) or a reference its object clears when it goes (`ObjectLink`, or an
// unowned one its owner clears). These are the cases that would dangle: each object goes first,
// and what referred to it reads nil and keeps working.

/// A scroll-view delegate and nothing more.
private final class PlainScrollDelegate: ScrollViewDelegate {}

/// A collection-view delegate that sizes nothing.
private final class PlainCollectionDelegate: CollectionViewDelegate {}

/// A view controller as UIKit code writes one: the collection view's data source and its
/// flow-layout delegate, set as its `delegate`, sizing item i as 10 + i points square.
private final class SizingController: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
    let collectionView: CollectionView
    var sizesAsked = 0

    init() {
        collectionView = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 400, height: 400), collectionViewLayout: FlowLayout())
        collectionView.dataSource = self
        collectionView.delegate = self
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 3 }

    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        sizesAsked += 1
        return CGSize(width: 10 + indexPath.item, height: 10 + indexPath.item)
    }
}

/// A controller whose flow-layout conformance is declared in an extension.
private final class ExtensionController: CollectionViewDataSource {
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 1 }
}

extension ExtensionController: CollectionViewDelegateFlowLayout {}

/// A superclass that is only a scroll-view delegate, but says so through an overridable
/// property, and its subclass, a flow-layout delegate, which overrides it: the documented way
/// for a subclass to become a collection view's delegate.
private class ScrollingController: ScrollViewDelegate {
    var asCollectionViewDelegate: (any CollectionViewDelegate)? { nil }
}

private final class GridController: ScrollingController, CollectionViewDelegateFlowLayout {
    override var asCollectionViewDelegate: (any CollectionViewDelegate)? { self }
}

/// A superclass that is only a scroll-view delegate, without that property.
private class BareScrollingController: ScrollViewDelegate {}

private final class BareGridController: BareScrollingController, CollectionViewDelegateFlowLayout {}

private final class DragSource: CollectionViewDragDelegate {
    func collectionView(
        _ collectionView: CollectionView, itemsForBeginning session: CollectionViewDragSession, at indexPath: IndexPath
    ) -> [DragItem] { [DragItem(localObject: indexPath.item)] }
}

private final class DropTarget: CollectionViewDropDelegate {
    func collectionView(_ collectionView: CollectionView, performDropWith coordinator: CollectionViewDropCoordinator) {}
}

private final class FeedbackRecorder: FeedbackObserver {
    var played: [Feedback] = []
    func feedbackGenerator(_ generator: FeedbackGenerator, didPlay feedback: Feedback) { played.append(feedback) }
}

@Suite("Reference lifetimes")
struct ReferenceLifetimeTests {
    // MARK: The delegate cast, without a cast

    @Test func aDelegateSaysWhatItIs() {
        #expect(PlainScrollDelegate().asCollectionViewDelegate == nil)
        let plain = PlainCollectionDelegate()
        #expect(plain.asCollectionViewDelegate === plain)
        #expect(plain.asFlowLayoutDelegate == nil)
        let sizing = SizingController()
        #expect(sizing.asCollectionViewDelegate === sizing)
        #expect(sizing.asFlowLayoutDelegate === sizing)
        let extended = ExtensionController()
        #expect(extended.asCollectionViewDelegate === extended)
        #expect(extended.asFlowLayoutDelegate === extended)
        // Through the existential the collection view stores, as it reads it.
        let stored: any ScrollViewDelegate = sizing
        #expect(stored.asCollectionViewDelegate?.asFlowLayoutDelegate === sizing)
    }

    @Test func aViewControllerThatIsItsFlowLayoutDelegateSizesTheItems() {
        let controller = SizingController()
        let view = controller.collectionView
        view.layoutIfNeeded()
        #expect(controller.sizesAsked == 3)
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.size == CGSize(width: 12, height: 12))
        // A delegate that is not a flow-layout delegate leaves the layout's own item size.
        let plain = PlainCollectionDelegate()
        view.delegate = plain
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.size == CGSize(width: 50, height: 50))
    }

    @Test func aSubclassBecomesAFlowLayoutDelegateByTheOverridableProperty() {
        let view = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 400, height: 400), collectionViewLayout: FlowLayout())
        let data = ExtensionController()
        view.dataSource = data
        let grid = GridController()
        view.delegate = grid
        #expect(view.flowLayoutDelegate === grid)
        // Without it, the answer is the superclass's, fixed where it conformed: documented.
        let bare = BareGridController()
        view.delegate = bare
        #expect(view.flowLayoutDelegate == nil)
    }

    // MARK: The app's objects, held weakly natively

    @Test func delegatesReleasedBeforeTheirCollectionViewReadNil() {
        let view = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 200, height: 200), collectionViewLayout: RearrangeableFlowLayout())
        let layout = view.collectionViewLayout as! RearrangeableFlowLayout
        weak var probe: SizingController?
        do {
            let controller = SizingController()
            let drag = DragSource(), drop = DropTarget(), feedback = FeedbackRecorder()
            view.dataSource = controller
            view.delegate = controller
            view.dragDelegate = drag
            view.dropDelegate = drop
            layout.feedbackObserver = feedback
            probe = controller
            #expect(view.numberOfItems(inSection: 0) == 3)
        }
        #expect(probe == nil)
        #expect(view.dataSource == nil && view.delegate == nil)
        #expect(view.dragDelegate == nil && view.dropDelegate == nil && layout.feedbackObserver == nil)
        view.reloadData()
        #expect(view.numberOfSections == 0)
        #expect(view.visibleLayoutAttributes().isEmpty)
    }

    @Test func aScrollViewsDelegateReleasedFirstReadsNil() {
        let view = ScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.contentSize = CGSize(width: 100, height: 1000)
        do {
            let delegate = PlainScrollDelegate()
            view.delegate = delegate
            view.contentOffset = CGPoint(x: 0, y: 10)
        }
        #expect(view.delegate == nil)
        view.contentOffset = CGPoint(x: 0, y: 20)
        view.scrollToTop()
        #expect(view.contentOffset == .zero)
    }

    // MARK: The library's own references back

    @Test func aCollectionViewReleasedWhileItsLayoutLives() {
        let layout = FlowLayout()
        weak var probe: CollectionView?
        do {
            let data = ArrayDataSource(count: 5)
            let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 200), collectionViewLayout: layout)
            view.dataSource = data
            view.layoutIfNeeded()
            #expect(layout.collectionView === view)
            probe = view
        }
        #expect(probe == nil)
        #expect(layout.collectionView == nil)
        layout.invalidateLayout()
        #expect(layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 500, height: 500))?.isEmpty == true)
        #expect(layout.collectionViewContentSize == .zero)
    }

    @Test func aLayoutReplacedOrTakenByAnotherViewForgetsItsOldView() {
        let layout = FlowLayout()
        let first = CollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: layout)
        let second = CollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: layout)
        #expect(layout.collectionView === second)
        #expect(first.collectionViewLayout !== layout)
        second.collectionViewLayout = FlowLayout()
        #expect(layout.collectionView == nil)
    }

    @Test func aLayoutReleasedWhileAnAnimatorMadeForItLives() {
        let animator: DynamicAnimator
        let cell = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        cell.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        weak var probe: FlowLayout?
        do {
            let layout = FlowLayout()
            animator = DynamicAnimator(collectionViewLayout: layout)
            animator.addBehavior(GravityBehavior(items: [cell]))
            #expect(animator.collectionViewLayout === layout)
            probe = layout
        }
        #expect(probe == nil)
        #expect(animator.collectionViewLayout == nil)
        animator.step(1.0 / 60)  // reads the host's bounds and invalidates its layout: none now
        #expect(animator.layoutAttributesForCell(at: IndexPath(item: 0, section: 0)) === cell)
    }

    @Test func aDraggableLayoutDroppedMidDragIsFreedAndItsAnimatorTellsNoOne() {
        let animator: DynamicAnimator?
        weak var probe: DraggableLayout?
        do {
            let data = ArrayDataSource(count: 6)
            let layout = DraggableLayout()
            let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 400), collectionViewLayout: layout)
            view.dataSource = data
            view.layoutIfNeeded()
            layout.startDragging(indexPaths: [IndexPath(item: 1, section: 0)], from: CGPoint(x: 80, y: 30))
            layout.endDragging()
            animator = layout.animator
            probe = layout
        }
        #expect(probe == nil, "nothing the drag set up holds the layout")
        for _ in 0..<600 { animator?.step(1.0 / 60) }  // pauses: the delegate finds no layout
        #expect(animator?.isRunning == false)
    }

    @Test func attributesOutlivingTheirAnimatorForgetItsIndex() {
        let cell = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        cell.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        let layout = FlowLayout()
        do {
            let animator = DynamicAnimator(collectionViewLayout: layout)
            animator.addBehavior(GravityBehavior(items: [cell]))
            #expect(animator.layoutAttributesForCell(at: IndexPath(item: 0, section: 0)) === cell)
            #expect(cell.indexes.count == 1)
        }
        // The animator and its index have gone; renumbering marks a flag no one reads.
        cell.indexPath = IndexPath(item: 3, section: 0)
        let next = DynamicAnimator(collectionViewLayout: layout)
        next.addBehavior(GravityBehavior(items: [cell]))
        #expect(cell.indexes.count == 1, "the gone index's flag was dropped")
        #expect(next.layoutAttributesForCell(at: IndexPath(item: 3, section: 0)) === cell)
        cell.indexPath = IndexPath(item: 4, section: 0)
        #expect(next.layoutAttributesForCell(at: IndexPath(item: 4, section: 0)) === cell)
        #expect(next.layoutAttributesForCell(at: IndexPath(item: 3, section: 0)) == nil)
    }

    @Test func aScrollViewReleasedWhileAnArenaHoldsItsPan() {
        let clock = ManualClock()
        let arena = GestureArena(clock: clock)
        weak var probe: ScrollView?
        do {
            let view = ScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            view.contentSize = CGSize(width: 100, height: 1000)
            view.install(in: arena)
            probe = view
        }
        #expect(probe == nil)
        // The pan (and the pinch) are still in the arena: touches and time reach them and do nothing.
        for (index, phase) in [Touch.Phase.began, .moved, .moved, .ended].enumerated() {
            clock.advance(by: 1.0 / 60)
            arena.handle(
                Touch(id: 1, phase: phase, location: CGPoint(x: 50, y: 80 - 20 * Double(index)), timestamp: clock.now))
            arena.advance(to: clock.now)
        }
        #expect(arena.gestureRecognizers.count == 2)  // its pan and its pinch
    }

    @Test func dragItemsSessionsAndPlaceholdersOutlivingTheirViewsAndSpace() throws {
        var items: [DragItem] = []
        var session: CollectionViewDragSession?
        var context: CollectionViewDropPlaceholderContext?
        weak var viewProbe: CollectionView?
        weak var spaceProbe: DragAndDropSpace?
        do {
            let board = BoardFixture(columns: [[1, 2, 3], [4, 5]])
            board.usesPlaceholders = true
            board.keepPlaceholders = true
            let start = try #require(board.point(column: 0, item: 0))
            items = board.space.beginDrag(at: start)
            session = board.space.session
            #expect(items.first?.sourceCollectionView === board.views[0])
            #expect(session?.sourceCollectionView === board.views[0])
            board.space.moveDrag(to: try #require(board.point(column: 1, item: 1)))
            board.space.endDrag()
            context = board.placeholders.first
            #expect(context?.isShown == true)
            viewProbe = board.views[0]
            spaceProbe = board.space
        }
        #expect(viewProbe == nil && spaceProbe == nil)
        #expect(items.count == 1 && items[0].sourceCollectionView == nil)
        #expect(items[0].localObject(as: Int.self) == 1)
        #expect(session?.sourceCollectionView == nil)
        // Without its space, a session's location is the space's point, unconverted.
        let other = CollectionView(frame: CGRect(x: 0, y: 0, width: 10, height: 10), collectionViewLayout: FlowLayout())
        #expect(session?.location(in: other) == session?.locationInSpace)
        #expect(context?.collectionView == nil && context?.isShown == false)
        #expect(context?.commitInsertion { _ in Issue.record("no data to update") } == false)
        #expect(context?.deletePlaceholder() == false)
    }

    @Test func aSpaceReleasedWhileItsViewsLive() throws {
        let board = BoardFixture(columns: [[1, 2, 3], [4]])
        let views = board.views
        weak var probe: DragAndDropSpace?
        do {
            // A second space takes the views (each is in at most one), then goes.
            let space = DragAndDropSpace(collectionViews: views) { _ in .zero }
            #expect(views[0].dragAndDropSpace === space)
            probe = space
        }
        #expect(probe == nil)
        #expect(views[0].dragAndDropSpace == nil && views[1].dragAndDropSpace == nil)
        #expect(!views[0].hasActiveDrag)
        let alone = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: FlowLayout())
        let data = ArrayDataSource(count: 2)
        alone.dataSource = data
        do {
            let space = DragAndDropSpace(collectionViews: [alone]) { _ in CGRect(x: 0, y: 0, width: 100, height: 100) }
            #expect(alone.dragAndDropSpace === space)
        }
        #expect(alone.dragAndDropSpace == nil)
        #expect(!alone.hasActiveDrag && !alone.hasActiveDrop)
        alone.reloadData()
        data.sections[0].append(2)
        alone.insertItems(at: [IndexPath(item: 2, section: 0)])
        #expect(alone.numberOfItems(inSection: 0) == 3)
    }

    // MARK: Descriptions written out

    @Test func descriptionsAreWhatReflectionWrote() {
        for category in [CollectionElementCategory.cell, .supplementaryView, .decorationView] {
            #expect(category.name == String(describing: category))
        }
        var settings = RearrangeableFlowLayout.AutoScrollSettings()
        #expect(settings.logDescription == String(describing: settings))
        settings.mode = .paging
        settings.edgeSize = 12.5
        #expect(settings.logDescription == String(describing: settings))
    }
}
