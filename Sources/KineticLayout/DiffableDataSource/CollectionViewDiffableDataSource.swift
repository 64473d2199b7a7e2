// `CollectionViewDiffableDataSource`: UIKit's `UICollectionViewDiffableDataSource`, a collection
// view's data source fed by snapshots; applying one updates the view with one batch update.
import KineticPlatform

/// A collection view's data source that shows snapshots (UIKit's
/// `UICollectionViewDiffableDataSource`): `apply(_:animatingDifferences:completion:)` works out
/// the difference from what it shows and updates the collection view with one batch update:
/// deletes, inserts, moves (recognised as moves, so the items' attributes stay continuous) and
/// reloads.
///
/// Made with its collection view, it sets itself as the view's data source; the view holds it
/// weakly (strongly in the WebAssembly build), so keep a reference, as in UIKit.
open class CollectionViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: CollectionViewDataSource, RearrangeableFlowLayoutDelegate {
    /// Makes the cell for an item (headless: what the item shows).
    public typealias CellProvider = (CollectionView, IndexPath, ItemIdentifierType) -> CollectionViewCell?
    /// Makes a supplementary view of a kind at an index path (headless: what it shows).
    public typealias SupplementaryViewProvider = (CollectionView, String, IndexPath) -> CollectionViewCell?

    /// The collection view it feeds (weakly held: the view is the app's).
    @WeakReference public private(set) var collectionView: CollectionView?
    private let cellProvider: CellProvider
    /// Makes supplementary views, if any.
    public var supplementaryViewProvider: SupplementaryViewProvider?
    /// What a person's reorder asks: set `canReorderItem` to allow one. The collection view's
    /// interactive movement, a ``RearrangeableFlowLayout`` whose delegate this data source is, and
    /// a drag and drop within the collection view (see ``DragAndDropSpace``) commit their moves
    /// through these handlers.
    ///
    /// With `canReorderItem` set, as in UIKit, the collection view reorders a drag that began in
    /// it by itself: it takes it without a drop delegate, and a drop that moves it there (a move
    /// inserting at the destination, what a missing drop delegate proposes for its own drags)
    /// commits through these handlers rather than the drop delegate's `performDropWith`. An item
    /// `canReorderItem` refuses is not lifted. Drags between collection views are the drop
    /// delegate's, as in UIKit.
    public var reorderingHandlers = ReorderingHandlers() {
        didSet { updateDropReordering() }
    }
    /// What expanding and collapsing an outline's items asks (see ``expand(_:)``).
    public var sectionSnapshotHandlers = SectionSnapshotHandlers()
    /// The section snapshots applied, by section (an outline's tree and expansion), each with the
    /// visible items it was applied with.
    @usableFromInline var sectionSnapshots:
        [SectionIdentifierType: (DiffableDataSourceSectionSnapshot<ItemIdentifierType>, [ItemIdentifierType])] = [:]
    /// What the collection view shows.
    private var current = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()
    /// Snapshots applied from inside an apply (a completion or a delegate call), run after it.
    private var queued: [(DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, (() -> Void)?)] = []
    private var isApplying = false
    /// How the collection view's drop reordering reaches this data source without keeping it
    /// alive; cut in `deinit`.
    private let link = ObjectLink<CollectionViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>>()
    /// The collection view's ``CollectionView/dataSourceGeneration`` when this became its data
    /// source: if it changed, another data source was set since.
    private var generation: UInt64 = 0
    /// Where the data source reports what it did instead of what it was asked (an apply inside an
    /// apply, a refused batch, a section snapshot holding items of another section).
    public var logger = Logger(label: "Kinetic.CollectionViewDiffableDataSource")

    /// A data source for `collectionView` whose cells `cellProvider` makes; it becomes the view's
    /// data source.
    public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        collectionView.dataSource = self
        generation = collectionView.dataSourceGeneration
        link.attach(self)
    }

    /// The collection view's drop reordering goes with the data source.
    deinit {
        link.cut()
        if let collectionView, collectionView.dropReordering?.owner == ObjectIdentifier(self) {
            collectionView.dropReordering = nil
        }
    }

    /// A copy of what the collection view shows.
    public func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

    /// Shows `snapshot`: the difference from what is shown becomes one batch update of the
    /// collection view, then `completion` runs. A headless view does not animate, so
    /// `animatingDifferences` changes nothing but is kept for UIKit's code. Applied from inside
    /// another apply (its completion, a delegate call it makes), the snapshot is applied once that
    /// one is done, in order.
    open func apply(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
        queued.append((snapshot, completion))
        guard !isApplying else {
            logger.info("apply(_:animatingDifferences:completion:) inside another apply or a reorder: applied after it")
            return
        }
        applyQueued()
    }

    /// Shows the queued snapshots in order (those queued meanwhile too), each then its completion.
    private func applyQueued() {
        isApplying = true
        defer { isApplying = false }
        while !queued.isEmpty {
            let (snapshot, completion) = queued.removeFirst()
            show(snapshot)
            completion?()
        }
    }

    /// Shows `snapshot` by reloading the collection view's data (no difference worked out).
    open func applySnapshotUsingReloadData(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        completion: (() -> Void)? = nil
    ) {
        current = snapshot
        collectionView?.reloadData()
        completion?()
    }

    /// Replaces what the data source shows without telling the view (tests: a batch's closure).
    func applySnapshotUsingReloadDataWithoutReload(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    ) {
        current = snapshot
    }

    private func show(_ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>) {
        guard let collectionView else {
            current = snapshot
            return
        }
        let difference = snapshot.difference(from: current)
        do {
            try collectionView.applyBatchUpdates {
                current = snapshot
                difference.record(on: collectionView)
            }
        } catch {
            // Not expected: the difference follows the batch rules. The view shows the snapshot.
            logger.error("apply: the batch update was refused (\(error)); reloading the data")
            current = snapshot
            collectionView.reloadData()
        }
    }

    // MARK: Lookups

    /// The item at `indexPath`, or nil.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.item(at: indexPath) }

    /// Where `identifier` is, or nil.
    open func indexPath(for identifier: ItemIdentifierType) -> IndexPath? { current.indexPath(of: identifier) }

    /// The section at `index`, or nil.
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        current.sectionIdentifiers.indices.contains(index) ? current.sectionIdentifiers[index] : nil
    }

    /// Where the section `identifier` is, or nil.
    open func index(for identifier: SectionIdentifierType) -> Int? { current.indexOfSection(identifier) }

    /// The cell the provider makes for the item at `indexPath`, for sizing it (see
    /// ``FlowLayout/estimatedItemSize``): ``cell(at:)``.
    open func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
        -> CollectionViewCell?
    {
        cell(at: indexPath)
    }

    /// The cell the provider makes for the item at `indexPath`, or nil where there is none.
    open func cell(at indexPath: IndexPath) -> CollectionViewCell? {
        guard let collectionView, let item = current.item(at: indexPath) else { return nil }
        let cell = cellProvider(collectionView, indexPath, item)
        cell?.indexPath = indexPath
        return cell
    }

    /// The supplementary view of `kind` the provider makes at `indexPath`, or nil.
    open func supplementaryView(ofKind kind: String, at indexPath: IndexPath) -> CollectionViewCell? {
        guard let collectionView, let provider = supplementaryViewProvider else { return nil }
        return provider(collectionView, kind, indexPath)
    }

    // MARK: Data source

    /// The supplementary view provider's view of `kind` at `indexPath`, or nil.
    open func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CollectionViewCell? {
        supplementaryView(ofKind: kind, at: indexPath)
    }

    open func numberOfSections(in collectionView: CollectionView) -> Int { current.numberOfSections }

    open func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        current.sectionItems.indices.contains(section) ? current.sectionItems[section].count : 0
    }

    /// Whether `reorderingHandlers.canReorderItem` allows the item at `indexPath` to move.
    open func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        canMoveItem(at: indexPath)
    }

    /// Commits an interactive movement: the item moves in the snapshot, through the reordering
    /// handlers.
    open func collectionView(
        _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
        commitReorder(from: sourceIndexPath, to: destinationIndexPath)
    }

    // MARK: Reordering (a rearrangeable layout's delegate)

    /// Whether `reorderingHandlers.canReorderItem` allows the item at `indexPath` to move.
    open func canMoveItem(at indexPath: IndexPath) -> Bool {
        guard let item = current.item(at: indexPath), let canReorder = reorderingHandlers.canReorderItem else {
            return false
        }
        return canReorder(item)
    }

    /// Where a rearrangeable layout's dragged item may go: the proposed place (as UIKit, moves
    /// between sections are allowed). Override to keep items within their section, say.
    open func targetIndexPath(forMoveFrom current: IndexPath, toProposed proposed: IndexPath) -> IndexPath? {
        proposed
    }

    /// Commits a rearrangeable layout's move through the reordering handlers.
    open func moveDataItem(from source: IndexPath, to destination: IndexPath) {
        commitReorder(from: source, to: destination)
    }

    /// A move the collection view already shows (an interactive movement, a rearrangeable
    /// layout's step) as a transaction: `willReorder`, the snapshot shown, `didReorder`; snapshots
    /// applied from the handlers are applied after it, in order. A move whose paths are not in the
    /// snapshot is logged and changes nothing.
    ///
    /// The snapshot moves its item in place, which costs the places between the two paths (a
    /// copy to keep the snapshot before the move would cost the section): each handler's
    /// transaction holds the snapshot shown at the time and the move, and makes the other
    /// snapshot only if asked for it.
    private func commitReorder(from source: IndexPath, to destination: IndexPath) {
        guard source != destination, current.item(at: source) != nil,
            current.sectionItems.indices.contains(destination.section),
            destination.item >= 0,
            destination.item
                < current.sectionItems[destination.section].count + (source.section == destination.section ? 0 : 1)
        else {
            if source != destination { logger.error("reorder: no item moves from \(source) to \(destination)") }
            return
        }
        let wasApplying = isApplying
        isApplying = true
        if let willReorder = reorderingHandlers.willReorder {
            willReorder(DiffableDataSourceTransaction(current, isFinal: false, from: source, to: destination))
        }
        _ = current.moveItem(from: source, to: destination)
        if let didReorder = reorderingHandlers.didReorder {
            didReorder(DiffableDataSourceTransaction(current, isFinal: true, from: source, to: destination))
        }
        isApplying = wasApplying
        if !wasApplying, !queued.isEmpty { applyQueued() }
    }

    /// The reorder as a transaction: `willReorder`, the final snapshot shown (by a batch update of
    /// the collection view if `showing`; otherwise the view shows it already), `didReorder`.
    /// Snapshots applied from the handlers are applied after it, in order, from the final one.
    private func commit(
        _ final: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, showing: Bool
    ) {
        let transaction = DiffableDataSourceTransaction(initial: current, final: final)
        let wasApplying = isApplying
        isApplying = true
        reorderingHandlers.willReorder?(transaction)
        if showing { show(final) } else { current = final }
        reorderingHandlers.didReorder?(transaction)
        isApplying = wasApplying
        if !wasApplying, !queued.isEmpty { applyQueued() }
    }

    // MARK: Drag and drop

    /// Sets or clears the collection view's drop reordering as the handlers allow reordering or
    /// not, while this is its data source.
    private func updateDropReordering() {
        guard let collectionView else { return }
        let mine = collectionView.dropReordering?.owner == ObjectIdentifier(self)
        guard reorderingHandlers.canReorderItem != nil, collectionView.dataSourceGeneration == generation else {
            if mine { collectionView.dropReordering = nil }
            return
        }
        guard !mine else { return }
        let link = link
        collectionView.dropReordering = DropReordering(
            owner: ObjectIdentifier(self),
            canReorder: { link.object?.canMoveItem(at: $0) ?? false },
            target: { link.object?.targetIndexPath(forMoveFrom: $0, toProposed: $1) },
            commit: { link.object?.commitDrop(from: $0, to: $1) })
    }

    /// Commits a drop within the collection view: the items at `sources` (in that order; a path
    /// that names no item, or one already named, is skipped) end together from `destination`, a
    /// path of the data with them taken out (its item clamped to its section's end). Returns where
    /// each source's item is now (nil for one skipped, or taken out by a snapshot a handler
    /// applied); nil, and nothing changed, if no item is there or the section is not. Dropped
    /// where they were, they make no transaction.
    final func commitDrop(from sources: [IndexPath], to destination: IndexPath) -> [IndexPath?]? {
        var items: [ItemIdentifierType] = []
        var seen = Set<ItemIdentifierType>()
        // Each source's item, in the sources' order (nil: none there, or named already).
        var moved: [ItemIdentifierType?] = []
        for path in sources {
            let item = current.item(at: path).flatMap { seen.insert($0).inserted ? $0 : nil }
            if let item { items.append(item) }
            moved.append(item)
        }
        guard !items.isEmpty, destination.count == 2, current.sectionItems.indices.contains(destination.section)
        else {
            logger.error("drop: none of \(sources.count) items moves to \(destination)")
            return nil
        }
        var final = current
        for section in final.sectionItems.indices {
            final.sectionItems[section].removeAll { seen.contains($0) }
        }
        let section = destination.section
        let start = min(max(0, destination.item), final.sectionItems[section].count)
        final.sectionItems[section].insert(contentsOf: items, at: start)
        for item in items { final.itemSection[item] = final.sectionIdentifiers[section] }
        if final != current { commit(final, showing: true) }
        return moved.map { $0.flatMap { current.indexPath(of: $0) } }
    }
}
