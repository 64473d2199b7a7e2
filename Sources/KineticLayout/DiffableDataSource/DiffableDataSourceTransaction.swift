// `DiffableDataSourceTransaction`: UIKit's `NSDiffableDataSourceTransaction`, what a reorder did
// to a diffable data source: the snapshot before and after, and the difference between them.
import KineticPlatform

/// What a reorder changed (UIKit's `NSDiffableDataSourceTransaction`), handed to the data source's
/// ``CollectionViewDiffableDataSource/ReorderingHandlers``.
public struct DiffableDataSourceTransaction<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable {
    /// The snapshot before the reorder.
    public let initialSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// The snapshot after it: what the data source shows once the reorder is committed.
    public let finalSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// The items' difference, every section's items in order (moves inferred), so an app can
    /// apply it to its own array: `items = items.applying(transaction.difference)!`. Worked out
    /// when asked (an app that reads only the snapshots never pays for it, nor does its
    /// WebAssembly module carry the diffing code).
    public var difference: CollectionDifference<ItemIdentifierType> {
        finalSnapshot.itemIdentifiers.difference(from: initialSnapshot.itemIdentifiers).inferringMoves()
    }

    /// A transaction per section whose items the reorder changed, in the final snapshot's order
    /// (UIKit's `sectionTransactions`): each section's items before and after as flat section
    /// snapshots, and their difference. Worked out when asked.
    public var sectionTransactions: [DiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>] {
        var transactions: [DiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>] = []
        for section in finalSnapshot.sectionIdentifiers {
            let before =
                initialSnapshot.indexOfSection(section) == nil
                ? [] : initialSnapshot.itemIdentifiers(inSection: section)
            let after = finalSnapshot.itemIdentifiers(inSection: section)
            guard before != after else { continue }
            var initial = DiffableDataSourceSectionSnapshot<ItemIdentifierType>()
            initial.append(before)
            var final = DiffableDataSourceSectionSnapshot<ItemIdentifierType>()
            final.append(after)
            transactions.append(
                DiffableDataSourceSectionTransaction(
                    sectionIdentifier: section, initialSnapshot: initial, finalSnapshot: final,
                    difference: after.difference(from: before).inferringMoves()))
        }
        return transactions
    }

    init(
        initial: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        final: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    ) {
        initialSnapshot = initial
        finalSnapshot = final
    }
}

/// What a reorder changed in one section (UIKit's `NSDiffableDataSourceSectionTransaction`).
public struct DiffableDataSourceSectionTransaction<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable {
    /// The section.
    public let sectionIdentifier: SectionIdentifierType
    /// The section's items before the reorder.
    public let initialSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
    /// The section's items after it.
    public let finalSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
    /// The difference from the items before to those after (moves inferred).
    public let difference: CollectionDifference<ItemIdentifierType>
}

extension CollectionViewDiffableDataSource {
    /// What a person's reorder asks of the app (UIKit's `ReorderingHandlers`): whether an item may
    /// move, and the transaction before and after it is committed. Reordering is off until
    /// `canReorderItem` is set, as in UIKit.
    public struct ReorderingHandlers {
        /// Whether the item may be reordered; nil (the default) allows none.
        public var canReorderItem: ((ItemIdentifierType) -> Bool)?
        /// Told before the reorder is committed.
        public var willReorder: ((DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
        /// Told once the data source shows the reordered snapshot: update the app's model here.
        public var didReorder: ((DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?

        /// No handlers: reordering is off.
        public init() {}
    }
}

extension DiffableDataSourceSnapshot {
    /// Moves the item at `source` so that it ends at `destination` (index paths of the snapshot
    /// before and after the move, as a collection view's interactive movement gives them);
    /// false, and nothing changed, for a path that is not in the snapshot.
    mutating func moveItem(from source: IndexPath, to destination: IndexPath) -> Bool {
        guard let item = item(at: source), sectionItems.indices.contains(destination.section) else { return false }
        sectionItems[source.section].remove(at: source.item)
        guard (0...sectionItems[destination.section].count).contains(destination.item) else {
            sectionItems[source.section].insert(item, at: source.item)
            return false
        }
        sectionItems[destination.section].insert(item, at: destination.item)
        itemSection[item] = sectionIdentifiers[destination.section]
        return true
    }
}
