// `DiffableDataSourceTransaction`: UIKit's `NSDiffableDataSourceTransaction`, what a reorder did
// to a diffable data source: the snapshot before and after, and the difference between them.
import KineticPlatform

/// What a reorder changed (UIKit's `NSDiffableDataSourceTransaction`), handed to the data source's
/// ``CollectionViewDiffableDataSource/ReorderingHandlers``.
public struct DiffableDataSourceTransaction<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable {
    typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    /// The two snapshots: both, or one and the single move between them, the other made from it
    /// when asked. A reorder hands over the snapshot the data source holds and the move, so a
    /// handler that reads one snapshot, or none, costs nothing, and the data source moves its
    /// item in place instead of copying a long section to keep the other.
    enum Storage: Sendable {
        case both(initial: Snapshot, final: Snapshot)
        /// The initial snapshot; the final one is it with the item at `from` moved to `to`.
        case initial(Snapshot, from: IndexPath, to: IndexPath)
        /// The final snapshot; the initial one is it with the item at `to` moved back to `from`.
        case final(Snapshot, from: IndexPath, to: IndexPath)
    }

    let storage: Storage

    /// The snapshot before the reorder.
    public var initialSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        switch storage {
        case .both(let initial, _): return initial
        case .initial(let initial, _, _): return initial
        case .final(let final, let from, let to):
            var initial = final
            _ = initial.moveItem(from: to, to: from)
            return initial
        }
    }

    /// The snapshot after it: what the data source shows once the reorder is committed.
    public var finalSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        switch storage {
        case .both(_, let final): return final
        case .final(let final, _, _): return final
        case .initial(let initial, let from, let to):
            var final = initial
            _ = final.moveItem(from: from, to: to)
            return final
        }
    }

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

    init(initial: Snapshot, final: Snapshot) {
        storage = .both(initial: initial, final: final)
    }

    /// The transaction of moving the item at `from` to `to` (a single move: remove, then insert
    /// into the shortened section), given the snapshot before it (`isFinal` false) or after it.
    init(_ snapshot: Snapshot, isFinal: Bool, from: IndexPath, to: IndexPath) {
        storage = isFinal ? .final(snapshot, from: from, to: to) : .initial(snapshot, from: from, to: to)
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
        if source.section == destination.section {
            // Within a section only the items between the two places shift, each by one: what
            // removing and inserting does, without moving the rest of a long section.
            guard destination.item >= 0, destination.item < sectionItems[source.section].count else { return false }
            var at = source.item
            while at < destination.item {
                sectionItems[source.section].swapAt(at, at + 1)
                at += 1
            }
            while at > destination.item {
                sectionItems[source.section].swapAt(at, at - 1)
                at -= 1
            }
            return true
        }
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
