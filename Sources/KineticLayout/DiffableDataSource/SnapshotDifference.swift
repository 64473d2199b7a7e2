// `SnapshotDifference`: what turns one snapshot into another as one batch update, by UIKit's
// batch rules: deletes and reloads numbered before, inserts after, and moves only for what left
// its place among the items that stayed (the longest run that kept its order stays put).
import KineticPlatform

/// The batch update from `old` to `new`: sections and items deleted, inserted and moved, items
/// reloaded. Moves are recognised as moves: an item that survives in a section that survives keeps
/// its identity (its attributes move continuously); only one whose section is deleted or inserted
/// is deleted and inserted again.
struct SnapshotDifference<Section: Hashable & Sendable, Item: Hashable & Sendable> {
    var deletedSections: [Int] = []
    var insertedSections: [Int] = []
    var movedSections: [(from: Int, to: Int)] = []
    var deletedItems: [IndexPath] = []
    var insertedItems: [IndexPath] = []
    var movedItems: [(from: IndexPath, to: IndexPath)] = []
    var reloadedItems: [IndexPath] = []
    var reloadedSections: [Int] = []
    /// Items in both snapshots shown anew rather than carried across (their old section was
    /// deleted or their new one inserted).
    var recreatedItems: Set<Item> = []

    var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty && deletedItems.isEmpty
            && insertedItems.isEmpty && movedItems.isEmpty && reloadedItems.isEmpty && reloadedSections.isEmpty
    }

    init(from old: DiffableDataSourceSnapshot<Section, Item>, to new: DiffableDataSourceSnapshot<Section, Item>) {
        // Sections: those in both keep their identity; the longest run of them in the same order
        // stays, the others move.
        let survivingOld = old.sectionIdentifiers.indices.filter { new.sectionIndex[old.sectionIdentifiers[$0]] != nil }
        deletedSections = old.sectionIdentifiers.indices.filter { new.sectionIndex[old.sectionIdentifiers[$0]] == nil }
        insertedSections = new.sectionIdentifiers.indices.filter { old.sectionIndex[new.sectionIdentifiers[$0]] == nil }
        let newOrder = survivingOld.map { new.sectionIndex[old.sectionIdentifiers[$0]] ?? 0 }
        let staying = Set(longestIncreasingRun(newOrder).map { survivingOld[$0] })
        for (position, from) in survivingOld.enumerated() where !staying.contains(from) {
            movedSections.append((from, newOrder[position]))
        }
        // Items: where each is before and after.
        var before: [Item: IndexPath] = [:]
        before.reserveCapacity(old.numberOfItems)
        for (section, items) in old.sectionItems.enumerated() {
            for (index, item) in items.enumerated() { before[item] = IndexPath(item: index, section: section) }
        }
        let deletedSectionSet = Set(deletedSections), insertedSectionSet = Set(insertedSections)
        var recreated = Set<Item>()
        for (section, items) in new.sectionItems.enumerated() {
            // An inserted section brings its items with it; a deleted one takes its items away
            // (the batch rules number neither inside such a section).
            let sectionIsNew = insertedSectionSet.contains(section)
            // The items that stay in this section (the same section identifier before, not
            // re-created): the longest run in their old order stays, the rest move.
            var kept: [(new: Int, old: Int)] = []
            for (index, item) in items.enumerated() {
                let to = IndexPath(item: index, section: section)
                guard let from = before[item] else {
                    if !sectionIsNew { insertedItems.append(to) }
                    continue
                }
                if deletedSectionSet.contains(from.section) || sectionIsNew {
                    // Re-created: out of a deleted section or into an inserted one.
                    if !deletedSectionSet.contains(from.section) { deletedItems.append(from) }
                    if !sectionIsNew { insertedItems.append(to) }
                    recreated.insert(item)
                } else if old.sectionIdentifiers[from.section] == new.sectionIdentifiers[section] {
                    kept.append((index, from.item))
                } else {
                    movedItems.append((from, to))
                }
            }
            let run = Set(longestIncreasingRun(kept.map { $0.old }))
            let oldSection = old.sectionIndex[new.sectionIdentifiers[section]] ?? 0
            for (position, pair) in kept.enumerated() where !run.contains(position) {
                movedItems.append(
                    (IndexPath(item: pair.old, section: oldSection), IndexPath(item: pair.new, section: section)))
            }
        }
        for (item, from) in before where new.itemSection[item] == nil && !deletedSectionSet.contains(from.section) {
            deletedItems.append(from)
        }
        recreatedItems = recreated
        // Reloads: asked of the new snapshot, for items that neither moved nor were re-created.
        let moved = Set(movedItems.map { $0.from })
        for item in new.reloadedItemIdentifiers + new.reconfiguredItemIdentifiers {
            guard let from = before[item], !moved.contains(from), !recreated.contains(item),
                !deletedSectionSet.contains(from.section),
                !reloadedItems.contains(from)
            else { continue }
            reloadedItems.append(from)
        }
        let movedSectionSet = Set(movedSections.map { $0.from })
        for section in new.reloadedSectionIdentifiers {
            guard let from = old.sectionIndex[section], !movedSectionSet.contains(from),
                !reloadedSections.contains(from)
            else { continue }
            reloadedSections.append(from)
        }
        deletedItems.sort()
    }

    /// Records the difference as a batch's updates on `collectionView` (inside its batch).
    func record(on collectionView: CollectionView) {
        if !deletedSections.isEmpty { collectionView.deleteSections(IndexSet(deletedSections)) }
        if !insertedSections.isEmpty { collectionView.insertSections(IndexSet(insertedSections)) }
        for move in movedSections { collectionView.moveSection(move.from, toSection: move.to) }
        if !reloadedSections.isEmpty { collectionView.reloadSections(IndexSet(reloadedSections)) }
        if !deletedItems.isEmpty { collectionView.deleteItems(at: deletedItems) }
        if !insertedItems.isEmpty { collectionView.insertItems(at: insertedItems) }
        for move in movedItems { collectionView.moveItem(at: move.from, to: move.to) }
        if !reloadedItems.isEmpty { collectionView.reloadItems(at: reloadedItems) }
    }
}

/// The positions of a longest strictly increasing run in `values` (patience sorting: O(n log n)).
/// What is in it keeps its order and stays; the rest moved.
func longestIncreasingRun(_ values: [Int]) -> [Int] {
    var tails: [Int] = []  // positions: the smallest tail of a run of each length
    var previous = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
        var low = 0, high = tails.count
        while low < high {
            let middle = (low + high) / 2
            if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
        }
        if low > 0 { previous[position] = tails[low - 1] }
        if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var run: [Int] = []
    var position = tails.last ?? -1
    while position >= 0 {
        run.append(position)
        position = previous[position]
    }
    return run.reversed()
}
