import Foundation
import KineticDynamics
import KineticTestSupport
import Testing

@testable import KineticLayout

/// The collection view's interactions on a compositional layout, as on the flow layout: batch
/// updates, a diffable data source's apply, interactive movement, and drag and drop. Checked
/// against the model: after each change every item is where the grid rule puts its index.
@Suite("Compositional layout interactions")
struct CompositionalInteractionsTests {
    typealias Size = CollectionLayoutSize

    /// Four items a row, 100 × 100 at 400 wide.
    static func grid() -> CompositionalLayout {
        let item = CollectionLayoutItem(
            layoutSize: Size(widthDimension: .fractionalWidth(0.25), heightDimension: .fractionalHeight(1)))
        return CompositionalLayout(
            section: CollectionLayoutSection(
                group: .horizontal(
                    layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
                    subitems: [item])))
    }

    static func expectedFrame(_ item: Int) -> CGRect {
        CGRect(x: CGFloat(item % 4) * 100, y: CGFloat(item / 4) * 100, width: 100, height: 100)
    }

    @Test func batchUpdatesMoveItemsToTheirNewPlaces() throws {
        let layout = Self.grid()
        let data = SectionsDataSource([Array(0..<10)])
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 400, height: 400), collectionViewLayout: layout)
        view.dataSource = data
        view.layoutIfNeeded()
        try view.applyBatchUpdates {
            data.sections[0].insert(100, at: 2)
            data.sections[0].remove(at: 9)  // the old item 8
            view.insertItems(at: [IndexPath(item: 2, section: 0)])
            view.deleteItems(at: [IndexPath(item: 8, section: 0)])
        }
        #expect(view.numberOfItems(inSection: 0) == 10)
        for item in 0..<10 {
            #expect(
                layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame == Self.expectedFrame(item)
            )
        }
        let shown = view.visibleLayoutAttributes().filter { $0.representedElementCategory == .cell }
        #expect(shown.count == 10)
        withExtendedLifetime(data) {}
    }

    @Test func aDiffableApplyLaysTheNewOrderOut() {
        let layout = Self.grid()
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 400, height: 400), collectionViewLayout: layout)
        let source = CollectionViewDiffableDataSource<Int, String>(collectionView: view) { _, _, _ in nil }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems((0..<8).map { "item \($0)" })
        source.applySnapshotUsingReloadData(snapshot)
        snapshot.moveItem("item 0", afterItem: "item 7")
        snapshot.deleteItems(["item 3"])
        snapshot.appendItems(["new"])
        source.apply(snapshot, animatingDifferences: false)
        let order = snapshot.itemIdentifiers
        #expect(view.numberOfItems(inSection: 0) == order.count)
        for (index, identifier) in order.enumerated() {
            let path = source.indexPath(for: identifier)
            #expect(path == IndexPath(item: index, section: 0))
            #expect(path.flatMap { layout.layoutAttributesForItem(at: $0)?.frame } == Self.expectedFrame(index))
        }
    }

    @Test func interactiveMovementShowsAndCommitsTheMove() throws {
        let layout = Self.grid()
        let data = SectionsDataSource([Array(0..<8)])
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 400, height: 400), collectionViewLayout: layout)
        view.dataSource = data
        view.layoutIfNeeded()
        #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
        // Over item 6's place: the item is shown there, the ones between shift back by one.
        view.updateInteractiveMovementTargetPosition(CGPoint(x: 250, y: 150))
        view.layoutIfNeeded()
        let presented = view.visibleLayoutAttributes().filter { $0.representedElementCategory == .cell }
        let atSix = try #require(presented.first { $0.indexPath == IndexPath(item: 6, section: 0) })
        #expect(atSix.center == CGPoint(x: 250, y: 150), "the moving item follows the finger")
        let two = try #require(presented.first { $0.indexPath == IndexPath(item: 2, section: 0) })
        #expect(two.frame == Self.expectedFrame(2))
        view.endInteractiveMovement()
        #expect(data.sections[0] == [0, 2, 3, 4, 5, 6, 1, 7])
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 6, section: 0))?.frame == Self.expectedFrame(6))
    }

    /// The drag-and-drop board of the flow layout's tests, laid out compositionally: a card
    /// moves within its column and to another, the columns' data as the moves make them.
    @Test func dragAndDropOnCompositionalColumns() throws {
        let board = BoardFixture(columns: [Array(0..<6), Array(10..<14), []], compositional: true)
        #expect(board.point(column: 0, item: 1) == CGPoint(x: 100, y: 85), "a card centred, 10 apart")
        board.space.beginDrag(at: try #require(board.point(column: 0, item: 1)))
        board.space.moveDrag(to: try #require(board.point(column: 0, item: 4)))
        #expect(board.space.endDrag() != nil)
        #expect(board.columns[0] == [0, 2, 3, 4, 1, 5])

        board.space.beginDrag(at: try #require(board.point(column: 0, item: 2)))
        board.space.moveDrag(to: try #require(board.point(column: 1, item: 1)))
        board.space.endDrag()
        #expect(board.columns == [[0, 2, 4, 1, 5], [10, 3, 11, 12, 13], []])
        // And into the empty column: over its area.
        board.space.beginDrag(at: try #require(board.point(column: 1, item: 0)))
        board.space.moveDrag(to: CGPoint(x: 500, y: 40))
        board.space.endDrag()
        #expect(board.columns == [[0, 2, 4, 1, 5], [3, 11, 12, 13], [10]])
        for column in board.columns.indices {
            for item in board.columns[column].indices {
                let frame = board.views[column].layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame
                #expect(frame == CGRect(x: 10, y: CGFloat(item) * 60, width: 180, height: 50))
            }
        }
    }
}
