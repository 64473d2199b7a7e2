import Foundation
import KineticLayout

/// A task board for drag-and-drop tests: columns of item identities, each shown by a vertical
/// collection view side by side in one ``DragAndDropSpace``; the board is every column's data
/// source, drag delegate and drop delegate, and drops as an app would (a batch update in each
/// view it changes, then each item landed in its cell).
public final class BoardFixture: CollectionViewDataSource, CollectionViewDragDelegate, CollectionViewDropDelegate,
    RearrangeableFlowLayoutDelegate
{
    /// The columns' items, by identity.
    public var columns: [[Int]]
    /// The views, one per column.
    public private(set) var views: [CollectionView] = []
    /// The space they are in.
    public private(set) var space: DragAndDropSpace!
    /// What a column proposes for a session from another column (within a column: always a move
    /// that inserts at the destination).
    public var crossColumnOperation: DropOperation = .move
    /// Whether drops go into placeholders (committed at once unless `keepPlaceholders`).
    public var usesPlaceholders = false
    public var keepPlaceholders = false
    /// The placeholder contexts of the drops that kept them.
    public var placeholders: [CollectionViewDropPlaceholderContext] = []
    /// Identities copied by drops (each may then appear twice or more).
    public var copies: [Int] = []
    /// The width and height of a column, and of a card.
    public static let columnSize = CGSize(width: 200, height: 600)
    public static let cardSize = CGSize(width: 180, height: 50)

    /// Whether the card at an index path (of any column) may be lifted (the reorderable layouts'
    /// `canMoveItem`).
    public var canMove: (IndexPath) -> Bool = { _ in true }
    /// Where cards proposed for a place may go instead, or nil to keep them out (the reorderable
    /// layouts' `targetIndexPath(forMoveFrom:toProposed:)`).
    public var destination: (IndexPath) -> IndexPath? = { $0 }
    /// The preview of each lifted card.
    public var previewParameters: DragPreviewParameters?

    /// A board of `columns`, laid out by flow layouts (or by reorderable ones, whose delegate
    /// rules which cards move and where, or by compositional layouts of the same cards: a
    /// vertical group of one card, centred, 10 points between groups).
    public init(columns: [[Int]], reorderable: Bool = false, compositional: Bool = false) {
        self.columns = columns
        for index in columns.indices {
            let layout: CollectionViewLayout
            if compositional {
                let card = CollectionLayoutSize(
                    widthDimension: .absolute(Self.cardSize.width), heightDimension: .absolute(Self.cardSize.height))
                let item = CollectionLayoutItem(layoutSize: card)
                let side = (Self.columnSize.width - Self.cardSize.width) / 2
                item.edgeSpacing = CollectionLayoutEdgeSpacing(
                    leading: .fixed(side), top: nil, trailing: nil, bottom: nil)
                let group = CollectionLayoutGroup.vertical(
                    layoutSize: CollectionLayoutSize(
                        widthDimension: .fractionalWidth(1), heightDimension: .absolute(Self.cardSize.height)),
                    subitems: [item])
                let section = CollectionLayoutSection(group: group)
                section.interGroupSpacing = 10
                layout = CompositionalLayout(section: section)
            } else {
                let flow = reorderable ? RearrangeableFlowLayout() : FlowLayout()
                flow.itemSize = Self.cardSize
                flow.minimumLineSpacing = 10
                layout = flow
            }
            let view = CollectionView(
                frame: CGRect(origin: .zero, size: Self.columnSize), collectionViewLayout: layout)
            views.append(view)
            indexByView[ObjectIdentifier(view)] = index
        }
        for view in views {
            (view.collectionViewLayout as? RearrangeableFlowLayout)?.delegate = self
            view.dataSource = self
            view.dragDelegate = self
            view.dropDelegate = self
            view.layoutIfNeeded()
        }
        let indices = indexByView
        space = DragAndDropSpace(collectionViews: views) { view in
            let index = indices[ObjectIdentifier(view)] ?? 0
            return CGRect(origin: CGPoint(x: CGFloat(index) * Self.columnSize.width, y: 0), size: Self.columnSize)
        }
    }

    /// The centre of the card shown at `item` of column `column`, in the space.
    public func point(column: Int, item: Int) -> CGPoint? {
        let view = views[column]
        guard let attributes = view.layoutAttributesForItem(at: IndexPath(item: item, section: 0)) else { return nil }
        return space.spacePoint(attributes.center, in: view)
    }

    private var indexByView: [ObjectIdentifier: Int] = [:]

    /// The column `view` shows.
    public func column(of view: CollectionView) -> Int { indexByView[ObjectIdentifier(view)] ?? 0 }

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        columns[column(of: collectionView)].count
    }

    public func collectionView(
        _ collectionView: CollectionView, itemsForBeginning session: CollectionViewDragSession, at indexPath: IndexPath
    ) -> [DragItem] {
        [DragItem(localObject: columns[column(of: collectionView)][indexPath.item])]
    }

    public func collectionView(_ collectionView: CollectionView, dragPreviewParametersForItemAt indexPath: IndexPath)
        -> DragPreviewParameters?
    { previewParameters }

    /// Not used: the board moves cards by drag and drop, not by the layouts' own drags.
    public func moveDataItem(from source: IndexPath, to destination: IndexPath) {}

    public func canMoveItem(at indexPath: IndexPath) -> Bool { canMove(indexPath) }

    public func targetIndexPath(forMoveFrom current: IndexPath, toProposed proposed: IndexPath) -> IndexPath? {
        destination(proposed)
    }

    public func collectionView(
        _ collectionView: CollectionView, itemsForAddingTo session: CollectionViewDragSession, at indexPath: IndexPath,
        point: CGPoint
    ) -> [DragItem] {
        [DragItem(localObject: columns[column(of: collectionView)][indexPath.item])]
    }

    public func collectionView(
        _ collectionView: CollectionView, dropSessionDidUpdate session: CollectionViewDragSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> CollectionViewDropProposal {
        let within = session.items.allSatisfy { $0.sourceCollectionView === collectionView }
        return CollectionViewDropProposal(
            operation: within ? .move : crossColumnOperation, intent: .insertAtDestinationIndexPath)
    }

    /// Moves (or copies) the items as an app does: a batch update deleting them from each source
    /// column (an item whose source went during the drag is skipped), then one inserting them at
    /// the destination; each item then lands in its cell or a placeholder.
    public func collectionView(
        _ collectionView: CollectionView, performDropWith coordinator: CollectionViewDropCoordinator
    ) {
        let target = column(of: collectionView)
        let move = coordinator.proposal.operation == .move
        var arriving: [(DragItem, Int)] = []
        var leaving: [Int: [Int]] = [:]  // column: source items
        for item in coordinator.items.map(\.dragItem) {
            guard let id = item.localObject as? Int else { continue }
            if move {
                // An item whose source went during the drag is no longer anywhere: not moved.
                guard let source = item.sourceIndexPath, let view = item.sourceCollectionView else { continue }
                leaving[column(of: view), default: []].append(source.item)
            } else {
                copies.append(id)
            }
            arriving.append((item, id))
        }
        for (index, items) in leaving {
            let sorted = items.sorted(by: >)
            for item in sorted { columns[index].remove(at: item) }
            views[index].deleteItems(at: sorted.map { IndexPath(item: $0, section: 0) })
        }
        let start = min(coordinator.destinationIndexPath?.item ?? columns[target].count, columns[target].count)
        if usesPlaceholders {
            for (offset, (item, id)) in arriving.enumerated() {
                let placeholder = CollectionViewDropPlaceholder(
                    insertionIndexPath: IndexPath(item: start + offset, section: 0), reuseIdentifier: "card")
                let context = coordinator.drop(item, to: placeholder)
                if keepPlaceholders {
                    placeholders.append(context)
                } else {
                    context.commitInsertion { path in self.columns[target].insert(id, at: path.item) }
                }
            }
            return
        }
        for (offset, (_, id)) in arriving.enumerated() { columns[target].insert(id, at: start + offset) }
        collectionView.insertItems(at: arriving.indices.map { IndexPath(item: start + $0, section: 0) })
        for (offset, (item, _)) in arriving.enumerated() {
            coordinator.drop(item, toItemAt: IndexPath(item: start + offset, section: 0))
        }
    }
}
