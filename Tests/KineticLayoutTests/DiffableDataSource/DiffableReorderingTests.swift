import Foundation
import KineticGestures
import Testing

@testable import KineticLayout

/// Reorders committed through a diffable data source's reordering handlers: by the collection
/// view's interactive movement, by a rearrangeable layout's finger and keyboard (drag and drop:
/// `DiffableDragAndDropTests`), each ending with the data source showing the transaction's final
/// snapshot, which is the model move (removed, inserted), and the transaction's difference
/// turning the initial items into the final ones.
@Suite("Diffable data source reordering")
struct DiffableReorderingTests {
    typealias Transaction = DiffableDataSourceTransaction<Int, Int>

    func make(layout: FlowLayout) -> (CollectionView, CollectionViewDiffableDataSource<Int, Int>) {
        layout.itemSize = CGSize(width: 40, height: 40)
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 400), collectionViewLayout: layout)
        let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) { _, _, _ in nil }
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<10))
        dataSource.apply(snapshot)
        view.layoutIfNeeded()
        return (view, dataSource)
    }

    func check(
        _ transactions: [String: Transaction], _ dataSource: CollectionViewDiffableDataSource<Int, Int>, model: [Int]
    ) {
        let did = transactions["did"], will = transactions["will"]
        #expect(did?.finalSnapshot.itemIdentifiers == model)
        #expect(will?.initialSnapshot.itemIdentifiers == Array(0..<10))
        #expect(dataSource.snapshot() == did?.finalSnapshot)
        #expect(dataSource.snapshot().itemIdentifiers(inSection: 0) == model)
        if let did { #expect(Array(0..<10).applying(did.difference) == model, "the difference applies") }
        // One section changed: its transaction holds its items before and after.
        let sections = did?.sectionTransactions ?? []
        #expect(sections.map(\.sectionIdentifier) == (model == Array(0..<10) ? [] : [0]))
        for section in sections {
            #expect(section.initialSnapshot.items == Array(0..<10))
            #expect(section.finalSnapshot.items == model)
            #expect(section.initialSnapshot.items.applying(section.difference) == model)
        }
    }

    @Test func anInteractiveMovementCommitsThroughTheHandlers() throws {
        let (view, dataSource) = make(layout: FlowLayout())
        var seen: [String: Transaction] = [:]
        var order: [String] = []
        dataSource.reorderingHandlers.canReorderItem = { $0 != 9 }
        // The handlers are the data source's: capturing it strongly would be a cycle (as in an app).
        dataSource.reorderingHandlers.willReorder = { [unowned dataSource] in
            seen["will"] = $0
            order.append("will")
            #expect(dataSource.snapshot() == $0.initialSnapshot, "before: still the initial snapshot")
        }
        dataSource.reorderingHandlers.didReorder = {
            seen["did"] = $0
            order.append("did")
        }
        #expect(!view.beginInteractiveMovementForItem(at: IndexPath(item: 9, section: 0)), "item 9 may not move")
        let target = try #require(view.layoutAttributesForItem(at: IndexPath(item: 6, section: 0))?.center)
        #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 2, section: 0)))
        view.updateInteractiveMovementTargetPosition(target)
        view.endInteractiveMovement()
        var model = Array(0..<10)
        model.insert(model.remove(at: 2), at: 6)
        #expect(order == ["will", "did"])
        check(seen, dataSource, model: model)
        #expect(view.numberOfItems(inSection: 0) == 10)
    }

    @Test func withoutHandlersNothingMoves() {
        let (view, dataSource) = make(layout: FlowLayout())
        #expect(
            !view.beginInteractiveMovementForItem(at: IndexPath(item: 2, section: 0)), "reordering is off by default")
        dataSource.moveDataItem(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 40, section: 0))
        #expect(dataSource.snapshot().itemIdentifiers == Array(0..<10), "a move to nowhere changes nothing")
    }

    /// The keyboard commits each step as it is taken (space, right, right, space: two moves), each
    /// a transaction from the last one's final snapshot.
    @Test func aKeyboardReorderOfARearrangeableLayoutCommitsThroughTheHandlers() {
        let layout = RearrangeableFlowLayout()
        let (view, dataSource) = make(layout: layout)
        layout.delegate = dataSource
        var transactions: [Transaction] = []
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        dataSource.reorderingHandlers.didReorder = { transactions.append($0) }
        layout.focusedIndexPath = IndexPath(item: 0, section: 0)
        for key: KeyboardHIDUsage in [.keyboardSpacebar, .keyboardRightArrow, .keyboardRightArrow, .keyboardSpacebar] {
            _ = layout.handleKeyPress(key)
        }
        var model = Array(0..<10)
        model.insert(model.remove(at: 0), at: 2)
        #expect(transactions.first?.initialSnapshot.itemIdentifiers == Array(0..<10))
        #expect(transactions.last?.finalSnapshot.itemIdentifiers == model)
        for (earlier, later) in zip(transactions, transactions.dropFirst()) {
            #expect(earlier.finalSnapshot == later.initialSnapshot)
        }
        for transaction in transactions {
            #expect(
                transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference)
                    == transaction.finalSnapshot.itemIdentifiers)
        }
        #expect(dataSource.snapshot().itemIdentifiers == model && view.numberOfItems(inSection: 0) == 10)
        #expect(dataSource.snapshot() == transactions.last?.finalSnapshot)
        layout.delegate = nil
    }

    /// A rearrangeable layout's finger drag commits each step as the block passes a neighbour,
    /// each a transaction from the last one's final snapshot; the last one's final snapshot is
    /// what the data source shows.
    @Test func aFingerReorderOfARearrangeableLayoutCommitsThroughTheHandlers() throws {
        let layout = RearrangeableFlowLayout()
        let (view, dataSource) = make(layout: layout)
        layout.delegate = dataSource
        var transactions: [Transaction] = []
        dataSource.reorderingHandlers.canReorderItem = { $0 != 7 }
        dataSource.reorderingHandlers.didReorder = { transactions.append($0) }
        let center = { (item: Int) in view.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.center }
        #expect(!layout.beginDragging(at: try #require(center(7))), "item 7 may not move")
        #expect(layout.beginDragging(at: try #require(center(1))))
        layout.updateDragging(to: try #require(center(5)))
        layout.endDragging()
        var model = Array(0..<10)
        model.insert(model.remove(at: 1), at: 5)
        #expect(!transactions.isEmpty)
        #expect(transactions.first?.initialSnapshot.itemIdentifiers == Array(0..<10))
        #expect(transactions.last?.finalSnapshot.itemIdentifiers == model)
        for (earlier, later) in zip(transactions, transactions.dropFirst()) {
            #expect(earlier.finalSnapshot == later.initialSnapshot)
        }
        #expect(dataSource.snapshot() == transactions.last?.finalSnapshot)
        for transaction in transactions {
            #expect(
                transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference)
                    == transaction.finalSnapshot.itemIdentifiers)
        }
        #expect(view.numberOfItems(inSection: 0) == 10)
        layout.delegate = nil
    }

    /// A snapshot applied from `willReorder` (re-entrancy) is applied once the reorder is
    /// committed, from its final snapshot: at `didReorder` the data source shows the final
    /// snapshot; afterwards the applied one, and the collection view counts match it.
    @Test func anApplyFromWillReorderIsAppliedAfterTheReorder() throws {
        let (view, dataSource) = make(layout: FlowLayout())
        var showedFinal: [Bool] = []
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        dataSource.reorderingHandlers.willReorder = { [unowned dataSource] transaction in
            var snapshot = transaction.finalSnapshot
            snapshot.appendItems([99])
            dataSource.apply(snapshot)
        }
        dataSource.reorderingHandlers.didReorder = { [unowned dataSource] in
            showedFinal.append(dataSource.snapshot() == $0.finalSnapshot)
        }
        let target = try #require(view.layoutAttributesForItem(at: IndexPath(item: 6, section: 0))?.center)
        #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 2, section: 0)))
        view.updateInteractiveMovementTargetPosition(target)
        view.endInteractiveMovement()
        var model = Array(0..<10)
        model.insert(model.remove(at: 2), at: 6)
        #expect(showedFinal == [true])
        #expect(dataSource.snapshot().itemIdentifiers == model + [99])
        #expect(view.numberOfItems(inSection: 0) == 11, "the view shows what the data source does")
    }
}
