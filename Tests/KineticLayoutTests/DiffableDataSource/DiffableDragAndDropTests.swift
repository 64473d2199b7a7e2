import Foundation
import Testing

@testable import KineticLayout

/// Columns of items shown by vertical collection views with diffable data sources (sections 0,
/// 1, … of each column), side by side in one ``DragAndDropSpace``; the fixture is every view's
/// drag delegate (each drag item carries its item's identifier). No drop delegate: a test sets
/// one if it wants one.
final class DiffableColumns: CollectionViewDragDelegate {
    typealias DataSource = CollectionViewDiffableDataSource<Int, Int>
    static let size = CGSize(width: 200, height: 700)

    let views: [CollectionView]
    let dataSources: [DataSource]
    private(set) var space: DragAndDropSpace!
    /// What the drag delegate answers to `dragSessionAllowsMoveOperation`.
    var allowsMove = true

    /// `columns[c][s]`: the items of section `s` of column `c`. `makeDataSource` makes each
    /// column's data source (a subclass, say).
    init(
        _ columns: [[[Int]]],
        makeDataSource: (CollectionView) -> DataSource = { DataSource(collectionView: $0) { _, _, _ in nil } },
        makeLayout: () -> CollectionViewLayout = {
            let layout = FlowLayout()
            layout.itemSize = CGSize(width: 180, height: 50)
            layout.minimumLineSpacing = 10
            return layout
        }
    ) {
        var views: [CollectionView] = []
        var dataSources: [DataSource] = []
        for sections in columns {
            let layout = makeLayout()
            let view = CollectionView(frame: CGRect(origin: .zero, size: Self.size), collectionViewLayout: layout)
            let dataSource = makeDataSource(view)
            var snapshot = DiffableDataSourceSnapshot<Int, Int>()
            snapshot.appendSections(Array(sections.indices))
            for (section, items) in sections.enumerated() { snapshot.appendItems(items, toSection: section) }
            dataSource.apply(snapshot)
            view.layoutIfNeeded()
            views.append(view)
            dataSources.append(dataSource)
        }
        self.views = views
        self.dataSources = dataSources
        let frames = Dictionary(
            uniqueKeysWithValues: views.enumerated().map {
                (
                    ObjectIdentifier($0.element),
                    CGRect(origin: CGPoint(x: CGFloat($0.offset) * 200, y: 0), size: Self.size)
                )
            })
        space = DragAndDropSpace(collectionViews: views) { frames[ObjectIdentifier($0)] ?? .zero }
        for view in views { view.dragDelegate = self }
    }

    func column(of view: CollectionView) -> Int? { views.firstIndex { $0 === view } }

    /// What column `column` shows, section by section: each place's item, nil for a gap.
    func shown(_ column: Int) -> [[Int?]] {
        let view = views[column]
        return (0..<view.numberOfSections).map { section in
            (0..<view.numberOfItems(inSection: section)).map { item in
                view.dataIndexPath(forPresentedIndexPath: IndexPath(item: item, section: section)).flatMap {
                    dataSources[column].itemIdentifier(for: $0)
                }
            }
        }
    }

    /// The data source's items of column `column`, section by section.
    func items(_ column: Int) -> [[Int]] {
        let snapshot = dataSources[column].snapshot()
        return snapshot.sectionIdentifiers.map { snapshot.itemIdentifiers(inSection: $0) }
    }

    /// The centre, in the space, of the place shown at `item` of `section` in column `column`.
    func point(column: Int = 0, item: Int, section: Int = 0) -> CGPoint? {
        let view = views[column]
        guard let attributes = view.layoutAttributesForItem(at: IndexPath(item: item, section: section)) else {
            return nil
        }
        return space.spacePoint(attributes.center, in: view)
    }

    /// The centre, in the space, of item `id` where it is shown now.
    func point(of id: Int) -> CGPoint? {
        for column in views.indices {
            for (section, places) in shown(column).enumerated() {
                if let item = places.firstIndex(of: id) { return point(column: column, item: item, section: section) }
            }
        }
        return nil
    }

    func collectionView(
        _ collectionView: CollectionView, itemsForBeginning session: CollectionViewDragSession, at indexPath: IndexPath
    ) -> [DragItem] {
        guard let column = column(of: collectionView) else { return [] }
        return [DragItem(localObject: dataSources[column].itemIdentifier(for: indexPath))]
    }

    func collectionView(
        _ collectionView: CollectionView, dragSessionAllowsMoveOperation session: CollectionViewDragSession
    ) -> Bool { allowsMove }

    func collectionView(
        _ collectionView: CollectionView, itemsForAddingTo session: CollectionViewDragSession, at indexPath: IndexPath,
        point: CGPoint
    ) -> [DragItem] {
        self.collectionView(collectionView, itemsForBeginning: session, at: indexPath)
    }
}

/// A drop delegate doing what a UIKit app does with diffable data sources in `performDropWith`:
/// for a move, the item's snapshot without it applied to its source; then the destination's
/// snapshot with it inserted at the destination applied, and the item landed there.
final class SnapshotDropper: CollectionViewDropDelegate {
    let columns: DiffableColumns
    var performed = 0
    var ended = 0

    init(_ columns: DiffableColumns) {
        self.columns = columns
        for view in columns.views { view.dropDelegate = self }
    }

    func collectionView(_ collectionView: CollectionView, performDropWith coordinator: CollectionViewDropCoordinator) {
        guard let target = columns.column(of: collectionView) else { return }
        performed += 1
        let destination = columns.dataSources[target]
        var at = coordinator.destinationIndexPath ?? IndexPath(item: Int.max, section: 0)
        for item in coordinator.items {
            guard let id = item.dragItem.localObject(as: Int.self) else { continue }
            if coordinator.proposal.operation == .move {
                // An item whose source went during the drag is no longer anywhere: not moved.
                guard item.dragItem.sourceIndexPath != nil, let view = item.dragItem.sourceCollectionView,
                    let source = columns.column(of: view)
                else { continue }
                var snapshot = columns.dataSources[source].snapshot()
                snapshot.deleteItems([id])
                columns.dataSources[source].apply(snapshot)
            }
            var snapshot = destination.snapshot()
            let section = snapshot.sectionIdentifiers[min(at.section, snapshot.numberOfSections - 1)]
            let items = snapshot.itemIdentifiers(inSection: section)
            if at.item < items.count {
                snapshot.insertItems([id], beforeItem: items[at.item])
            } else {
                at.item = items.count
                snapshot.appendItems([id], toSection: section)
            }
            destination.apply(snapshot)
            coordinator.drop(item.dragItem, toItemAt: IndexPath(item: at.item, section: section))
            at.item += 1
        }
    }

    /// A move that inserts at the destination, from any view.
    func collectionView(
        _ collectionView: CollectionView, dropSessionDidUpdate session: CollectionViewDragSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> CollectionViewDropProposal {
        CollectionViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
    }

    func collectionView(_ collectionView: CollectionView, dropSessionDidEnd session: CollectionViewDragSession) {
        ended += 1
    }
}

/// A diffable data source whose reorders keep item 0 in the first place: a move proposed there
/// is refused (`targetIndexPath(forMoveFrom:toProposed:)` nil).
final class FirstPlaceKeepingDataSource: CollectionViewDiffableDataSource<Int, Int> {
    override func targetIndexPath(forMoveFrom current: IndexPath, toProposed proposed: IndexPath) -> IndexPath? {
        proposed.item == 0 ? nil : proposed
    }
}

/// A collection view delegate that sends every move to one place.
final class RetargetingDelegate: CollectionViewDelegate {
    var target: IndexPath
    var asked = 0
    init(_ target: IndexPath) { self.target = target }
    func collectionView(
        _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
        toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath {
        asked += 1
        return target
    }
}

/// Drag and drop with diffable data sources (issue 35), as UIKit does it: within one collection
/// view whose data source's reordering handlers allow reordering, the collection view reorders
/// by itself, committing through `willReorder` and `didReorder`; between collection views the
/// app's drop delegate applies snapshots. Every result is checked against an array moved the
/// same way, and every reorder against its transaction.
@Suite("Diffable data source drag and drop")
struct DiffableDragAndDropTests {
    typealias Transaction = DiffableDataSourceTransaction<Int, Int>

    /// Records the reordering handlers' calls of `dataSource`.
    final class Reorders {
        var will: [Transaction] = []
        var did: [Transaction] = []
        /// At each `didReorder`, whether the data source showed its final snapshot.
        var showedFinal: [Bool] = []

        init(_ dataSource: DiffableColumns.DataSource, canReorder: @escaping (Int) -> Bool = { _ in true }) {
            dataSource.reorderingHandlers.canReorderItem = canReorder
            // The handlers are the data source's: they must not keep it (nor this) alive strongly.
            dataSource.reorderingHandlers.willReorder = { [unowned self] in self.will.append($0) }
            dataSource.reorderingHandlers.didReorder = { [unowned self, unowned dataSource] in
                self.did.append($0)
                self.showedFinal.append(dataSource.snapshot() == $0.finalSnapshot)
            }
        }

        /// One reorder, from `initial` to `model`, the data source showing its final snapshot.
        func checkOne(from initial: [Int], to model: [Int], _ dataSource: DiffableColumns.DataSource) {
            #expect(will.count == 1 && did.count == 1)
            guard let transaction = did.last else { return }
            #expect(will.last?.finalSnapshot == transaction.finalSnapshot)
            #expect(transaction.initialSnapshot.itemIdentifiers == initial)
            #expect(transaction.finalSnapshot.itemIdentifiers == model)
            #expect(dataSource.snapshot() == transaction.finalSnapshot)
            #expect(showedFinal == [true])
            #expect(initial.applying(transaction.difference) == model, "the difference applies")
        }
    }

    /// Moves `ids` (in that order) of `array` to `index` of the array without them.
    func moved(_ array: [Int], _ ids: [Int], to index: Int) -> [Int] {
        var result = array.filter { !ids.contains($0) }
        result.insert(contentsOf: ids, at: index)
        return result
    }

    @Test func aDragWithinTheViewReordersThroughTheHandlers() throws {
        let columns = DiffableColumns([[Array(0..<10)]])
        let reorders = Reorders(columns.dataSources[0])
        let lifted = columns.space.beginDrag(at: try #require(columns.point(item: 1)))
        #expect(lifted.count == 1 && columns.views[0].hasActiveDrag)
        columns.space.moveDrag(to: try #require(columns.point(item: 4)))
        #expect(columns.views[0].hasActiveDrop, "no drop delegate: the view takes its own reorder")
        #expect(columns.shown(0) == [[0, 2, 3, 4, nil, 5, 6, 7, 8, 9]])
        #expect(reorders.did.isEmpty, "nothing is committed before the drop")
        let coordinator = try #require(columns.space.endDrag())
        let model = moved(Array(0..<10), [1], to: 4)
        reorders.checkOne(from: Array(0..<10), to: model, columns.dataSources[0])
        #expect(columns.shown(0) == [model])
        #expect(columns.views[0].numberOfItems(inSection: 0) == 10)
        // The item lands where it went.
        #expect(coordinator.landings.count == 1)
        if case .item(let path) = coordinator.landings.first?.landing {
            #expect(columns.dataSources[0].itemIdentifier(for: path) == 1)
        } else {
            Issue.record("the item landed in no cell")
        }
    }

    /// A drop delegate proposing a move that inserts at the destination for the view's own drag:
    /// the collection view reorders through the handlers; `performDropWith` is not called (it
    /// would move the item a second time).
    @Test func aDropDelegateProposingAMoveLeavesTheReorderToTheDataSource() throws {
        let columns = DiffableColumns([[Array(0..<10)]])
        let dropper = SnapshotDropper(columns)
        let reorders = Reorders(columns.dataSources[0])
        columns.space.beginDrag(at: try #require(columns.point(item: 7)))
        columns.space.moveDrag(to: try #require(columns.point(item: 2)))
        #expect(columns.space.endDrag() != nil)
        reorders.checkOne(from: Array(0..<10), to: moved(Array(0..<10), [7], to: 2), columns.dataSources[0])
        #expect(dropper.performed == 0 && dropper.ended == 1)
    }

    /// Without reordering handlers the data source does not reorder: no drop delegate, no drop;
    /// with one, the app's `performDropWith` moves the item by applying a snapshot.
    @Test func withoutReorderingHandlersTheDropDelegateMoves() throws {
        let columns = DiffableColumns([[Array(0..<10)]])
        var calls = 0
        columns.dataSources[0].reorderingHandlers.didReorder = { _ in calls += 1 }
        columns.space.beginDrag(at: try #require(columns.point(item: 1)))
        columns.space.moveDrag(to: try #require(columns.point(item: 4)))
        #expect(!columns.views[0].hasActiveDrop, "nothing takes the drag")
        #expect(columns.space.endDrag() == nil)
        #expect(columns.items(0) == [Array(0..<10)])

        let dropper = SnapshotDropper(columns)
        columns.space.beginDrag(at: try #require(columns.point(item: 1)))
        columns.space.moveDrag(to: try #require(columns.point(item: 4)))
        #expect(columns.space.endDrag() != nil)
        let model = moved(Array(0..<10), [1], to: 4)
        #expect(dropper.performed == 1 && columns.items(0) == [model] && columns.shown(0) == [model])
        #expect(calls == 0, "an app's apply is no reorder")
    }

    @Test func anItemTheHandlersRefuseIsNotLifted() throws {
        let columns = DiffableColumns([[Array(0..<10)]])
        let reorders = Reorders(columns.dataSources[0]) { $0 != 3 }
        #expect(columns.space.beginDrag(at: try #require(columns.point(item: 3))).isEmpty)
        #expect(columns.space.session == nil)
        // Another item moves past it.
        columns.space.beginDrag(at: try #require(columns.point(item: 5)))
        columns.space.moveDrag(to: try #require(columns.point(item: 2)))
        columns.space.endDrag()
        reorders.checkOne(from: Array(0..<10), to: moved(Array(0..<10), [5], to: 2), columns.dataSources[0])
        // Turning reordering off (no canReorderItem) stops the view reordering drags.
        columns.dataSources[0].reorderingHandlers.canReorderItem = nil
        columns.space.beginDrag(at: try #require(columns.point(item: 0)))
        columns.space.moveDrag(to: try #require(columns.point(item: 6)))
        #expect(columns.space.endDrag() == nil && reorders.did.count == 1)
    }

    /// A drag that may not move (the drag delegate's `dragSessionAllowsMoveOperation` false) is
    /// no reorder: without a drop delegate the view forbids it, opens no gap and changes nothing.
    @Test func aDragThatMayNotMoveIsNoReorder() throws {
        let columns = DiffableColumns([[Array(0..<10)]])
        let reorders = Reorders(columns.dataSources[0])
        columns.allowsMove = false
        columns.space.beginDrag(at: try #require(columns.point(item: 2)))
        columns.space.moveDrag(to: try #require(columns.point(item: 6)))
        #expect(columns.space.proposal?.operation == .forbidden)
        #expect(columns.shown(0) == [Array(0..<10)])
        #expect(columns.space.endDrag() == nil)
        #expect(reorders.did.isEmpty && columns.items(0) == [Array(0..<10)])
    }

    /// The data source's `targetIndexPath(forMoveFrom:toProposed:)`: nil keeps the item out (the
    /// drop there is forbidden, no gap); the collection view delegate's
    /// `targetIndexPathForMoveFromItemAt` retargets, as in an interactive movement.
    @Test func theTargetRulesApply() throws {
        let columns = DiffableColumns([[Array(0..<10)]]) {
            FirstPlaceKeepingDataSource(collectionView: $0) { _, _, _ in nil }
        }
        let reorders = Reorders(columns.dataSources[0])
        columns.space.beginDrag(at: try #require(columns.point(item: 5)))
        columns.space.moveDrag(to: try #require(columns.point(item: 0)))
        #expect(columns.space.proposal?.operation == .forbidden)
        #expect(columns.shown(0) == [Array(0..<10)], "no gap where the rule keeps the item out: all shown as they are")
        #expect(columns.space.endDrag() == nil && reorders.did.isEmpty)
        #expect(columns.items(0) == [Array(0..<10)])

        let delegate = RetargetingDelegate(IndexPath(item: 7, section: 0))
        columns.views[0].delegate = delegate
        columns.space.beginDrag(at: try #require(columns.point(item: 5)))
        columns.space.moveDrag(to: try #require(columns.point(item: 2)))
        #expect(delegate.asked > 0)
        #expect(columns.shown(0) == [[0, 1, 2, 3, 4, 6, 7, nil, 8, 9]])
        columns.space.endDrag()
        reorders.checkOne(from: Array(0..<10), to: moved(Array(0..<10), [5], to: 7), columns.dataSources[0])
    }

    /// Several items (a tap adds one): one transaction, the items together in the order they
    /// joined, where the gap was.
    @Test func severalItemsMoveInOneTransaction() throws {
        let columns = DiffableColumns([[Array(0..<10)]])
        let reorders = Reorders(columns.dataSources[0])
        columns.space.beginDrag(at: try #require(columns.point(item: 6)))
        #expect(columns.space.addItems(at: try #require(columns.point(of: 1))).count == 1)
        columns.space.moveDrag(to: try #require(columns.point(of: 4)))
        let gap = try #require(columns.shown(0).first?.firstIndex(of: nil))
        #expect(columns.shown(0).first?[gap + 1] == nil, "two places")
        columns.space.endDrag()
        reorders.checkOne(from: Array(0..<10), to: moved(Array(0..<10), [6, 1], to: gap), columns.dataSources[0])
    }

    /// Between two collection views the app's drop delegate moves the items (as in UIKit):
    /// applies on both data sources, the items landed with the coordinator; within each view, the
    /// view reorders by itself. Nothing is lost or duplicated.
    @Test func betweenViewsTheAppsDropDelegateMoves() throws {
        let columns = DiffableColumns([[Array(0..<6)], [Array(10..<14)]])
        let dropper = SnapshotDropper(columns)
        let reorders = [Reorders(columns.dataSources[0]), Reorders(columns.dataSources[1])]
        var model = [Array(0..<6), Array(10..<14)]

        columns.space.beginDrag(at: try #require(columns.point(item: 2)))
        columns.space.moveDrag(to: try #require(columns.point(column: 1, item: 1)))
        #expect(columns.shown(0) == [[0, 1, 3, 4, 5]] && columns.shown(1) == [[10, nil, 11, 12, 13]])
        let coordinator = try #require(columns.space.endDrag())
        model[0].removeAll { $0 == 2 }
        model[1].insert(2, at: 1)
        #expect(dropper.performed == 1)
        #expect(columns.items(0) == [model[0]] && columns.items(1) == [model[1]])
        #expect(columns.shown(0) == [model[0]] && columns.shown(1) == [model[1]])
        if case .item(let path) = coordinator.landings.first?.landing {
            #expect(path == IndexPath(item: 1, section: 0))
        } else {
            Issue.record("the item landed in no cell")
        }
        #expect(reorders.allSatisfy { $0.did.isEmpty }, "a move between views is no reorder")

        // Back, with a second item added from the destination: both land in column 0.
        columns.space.beginDrag(at: try #require(columns.point(of: 2)))
        columns.space.addItems(at: try #require(columns.point(of: 12)))
        columns.space.moveDrag(to: try #require(columns.point(of: 0)))
        columns.space.endDrag()
        model = [[2, 12, 0, 1, 3, 4, 5], [10, 11, 13]]
        #expect(columns.items(0) == [model[0]] && columns.items(1) == [model[1]])
        let all = columns.items(0)[0] + columns.items(1)[0]
        #expect(all.sorted() == (Array(0..<6) + Array(10..<14)).sorted(), "every item once")

        // Within column 1 the view reorders by itself.
        columns.space.beginDrag(at: try #require(columns.point(of: 13)))
        columns.space.moveDrag(to: try #require(columns.point(of: 10)))
        columns.space.endDrag()
        reorders[1].checkOne(from: model[1], to: [13, 10, 11], columns.dataSources[1])
        #expect(dropper.performed == 2)
    }

    /// An apply while dragging: the lifted item follows the data (here, an item above it goes);
    /// the drop puts it where the gap shows, in the data as it is then.
    @Test func anApplyDuringTheDragIsFollowed() throws {
        let columns = DiffableColumns([[Array(0..<10)]])
        let dataSource = columns.dataSources[0]
        let reorders = Reorders(dataSource)
        columns.space.beginDrag(at: try #require(columns.point(item: 5)))
        columns.space.moveDrag(to: try #require(columns.point(item: 8)))
        var snapshot = dataSource.snapshot()
        snapshot.deleteItems([0])
        dataSource.apply(snapshot)
        #expect(columns.space.session?.items.first?.sourceIndexPath == IndexPath(item: 4, section: 0))
        let shown = try #require(columns.shown(0).first)
        #expect(shown.compactMap { $0 } == [1, 2, 3, 4, 6, 7, 8, 9], "still lifted, 0 gone")
        let gap = try #require(shown.firstIndex(of: nil))
        columns.space.endDrag()
        reorders.checkOne(from: Array(1..<10), to: moved(Array(1..<10), [5], to: gap), dataSource)
    }

    /// The lifted item deleted by an apply during the drag: the drop moves nothing (it is in no
    /// data any more), makes no transaction, and the data source shows what the app applied.
    @Test func aLiftedItemDeletedDuringTheDragIsNotDroppedBack() throws {
        let columns = DiffableColumns([[Array(0..<10)]])
        let dataSource = columns.dataSources[0]
        let reorders = Reorders(dataSource)
        columns.space.beginDrag(at: try #require(columns.point(item: 5)))
        columns.space.moveDrag(to: try #require(columns.point(item: 1)))
        var snapshot = dataSource.snapshot()
        snapshot.deleteItems([5])
        dataSource.apply(snapshot)
        #expect(columns.space.session?.items.first?.sourceIndexPath == nil)
        #expect(columns.space.endDrag() == nil)
        #expect(reorders.did.isEmpty && reorders.will.isEmpty)
        #expect(columns.items(0) == [[0, 1, 2, 3, 4, 6, 7, 8, 9]] && columns.shown(0) == columns.items(0))
    }

    /// The place the drop was proposed for goes during the drag (the slow cadence keeps the
    /// proposal while the finger rests): the items past it are deleted, or its whole section.
    /// The drop lands where the gap shows then: the section's end (the gap follows it there),
    /// or the first section.
    @Test func aDestinationThatWentDropsWhereTheGapShows() throws {
        let columns = DiffableColumns([[Array(0..<10)]])
        let dataSource = columns.dataSources[0]
        let reorders = Reorders(dataSource)
        columns.views[0].reorderingCadence = .slow
        columns.space.beginDrag(at: try #require(columns.point(item: 1)))
        columns.space.moveDrag(to: try #require(columns.point(item: 8)))
        for _ in 0..<48 { columns.space.step(1.0 / 120) }
        #expect(columns.space.destinationIndexPath == IndexPath(item: 8, section: 0))
        var snapshot = dataSource.snapshot()
        snapshot.deleteItems([6, 7, 8, 9])
        dataSource.apply(snapshot)
        #expect(columns.space.destinationIndexPath == IndexPath(item: 5, section: 0), "the end, less the lifted 1")
        #expect(columns.shown(0) == [[0, 2, 3, 4, 5, nil]], "the gap at the section's end")
        columns.space.endDrag()
        reorders.checkOne(from: Array(0..<6), to: [0, 2, 3, 4, 5, 1], dataSource)

        // Two sections; the drop is proposed in the second, which is deleted.
        let two = DiffableColumns([[Array(0..<5), Array(10..<15)]])
        let reordersTwo = Reorders(two.dataSources[0])
        two.views[0].reorderingCadence = .slow
        two.space.beginDrag(at: try #require(two.point(item: 1)))
        two.space.moveDrag(to: try #require(two.point(item: 3, section: 1)))
        for _ in 0..<48 { two.space.step(1.0 / 120) }
        #expect(two.space.destinationIndexPath == IndexPath(item: 3, section: 1))
        var sections = two.dataSources[0].snapshot()
        sections.deleteSections([1])
        two.dataSources[0].apply(sections)
        #expect(two.shown(0) == [[0, 2, 3, nil, 4]])
        two.space.endDrag()
        #expect(reordersTwo.did.count == 1)
        #expect(two.dataSources[0].snapshot() == reordersTwo.did.last?.finalSnapshot)
        #expect(two.items(0) == [[0, 2, 3, 1, 4]])
    }

    /// The view's drop reordering is the data source's while it is the view's data source: it
    /// goes when the view takes another data source (which the old one's handlers cannot undo)
    /// and when the data source goes.
    @Test func theDropReorderingGoesWithTheDataSource() throws {
        let columns = DiffableColumns([[Array(0..<10)]])
        let view = columns.views[0]
        let reorders = Reorders(columns.dataSources[0])
        #expect(view.dropReordering?.owner == ObjectIdentifier(columns.dataSources[0]))
        var other: DiffableColumns.DataSource? = DiffableColumns.DataSource(collectionView: view) { _, _, _ in nil }
        #expect(view.dropReordering == nil, "another data source")
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<10))
        other?.apply(snapshot)
        columns.dataSources[0].reorderingHandlers.canReorderItem = { _ in true }
        #expect(view.dropReordering == nil, "the old one's handlers set nothing")
        columns.space.beginDrag(at: try #require(columns.point(item: 0)))
        columns.space.moveDrag(to: try #require(columns.point(item: 3)))
        #expect(columns.space.endDrag() == nil, "no reordering: nothing takes the drag")
        #expect(reorders.did.isEmpty && other?.snapshot().itemIdentifiers == Array(0..<10))
        other?.reorderingHandlers.canReorderItem = { _ in true }
        #expect(view.dropReordering?.owner == other.map { ObjectIdentifier($0) })
        other = nil
        #expect(view.dropReordering == nil, "gone with its data source")
    }

    /// An apply from `willReorder` is applied after the reorder (the data source queues it): at
    /// `didReorder` the data source shows the final snapshot; then the applied one, and the view
    /// shows it too.
    @Test func anApplyFromWillReorderFollowsTheReorder() throws {
        let columns = DiffableColumns([[Array(0..<10)]])
        let dataSource = columns.dataSources[0]
        let reorders = Reorders(dataSource)
        dataSource.reorderingHandlers.willReorder = { [unowned dataSource] transaction in
            reorders.will.append(transaction)
            var snapshot = transaction.finalSnapshot
            snapshot.appendItems([99])
            dataSource.apply(snapshot)
            #expect(dataSource.snapshot() == transaction.initialSnapshot, "not yet")
        }
        columns.space.beginDrag(at: try #require(columns.point(item: 0)))
        columns.space.moveDrag(to: try #require(columns.point(item: 3)))
        columns.space.endDrag()
        let model = moved(Array(0..<10), [0], to: 3)
        #expect(reorders.will.count == 1 && reorders.did.count == 1)
        #expect(reorders.did.last?.finalSnapshot.itemIdentifiers == model)
        #expect(reorders.showedFinal == [true], "at didReorder: the final snapshot")
        // Then the applied one, in the data source and the view.
        #expect(columns.items(0) == [model + [99]] && columns.shown(0) == [model + [99]])
        #expect(columns.views[0].numberOfItems(inSection: 0) == 11)
    }
}
