// `SnapshotDifference`: what turns one snapshot into another as one batch update, by UIKit's
// batch rules: deletes and reloads numbered before, inserts after, and moves only for what left
// its place among the items that stayed (the longest run that kept its order stays put).
import KineticPlatform

/// The batch update from `old` to `new`: sections and items deleted, inserted and moved, items
/// reloaded. Moves are recognised as moves: an item that survives in a section that survives keeps
/// its identity (its attributes move continuously); only one whose section is deleted or inserted
/// is deleted and inserted again.
@usableFromInline
struct SnapshotDifference<Section: Hashable & Sendable, Item: Hashable & Sendable> {
    @usableFromInline var deletedSections: [Int] = []
    @usableFromInline var insertedSections: [Int] = []
    @usableFromInline var movedSections: [(from: Int, to: Int)] = []
    @usableFromInline var deletedItems: [IndexPath] = []
    @usableFromInline var insertedItems: [IndexPath] = []
    @usableFromInline var movedItems: [(from: IndexPath, to: IndexPath)] = []
    @usableFromInline var reloadedItems: [IndexPath] = []
    @usableFromInline var reloadedSections: [Int] = []
    /// Items in both snapshots shown anew rather than carried across (their old section was
    /// deleted or their new one inserted).
    @usableFromInline var recreatedItems: Set<Item> = []

    var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty && deletedItems.isEmpty
            && insertedItems.isEmpty && movedItems.isEmpty && reloadedItems.isEmpty && reloadedSections.isEmpty
    }

    @inlinable
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
        // Items. Each item is hashed twice (into `before`, then looked up once); the rest is
        // arithmetic on integers: the difference runs as generic code, where every operation on
        // an identifier costs a call, so it touches identifiers as little as it can.
        // `before`: each old item's flat position; `oldStart`: where each old section begins.
        var oldStart: [Int] = []
        oldStart.reserveCapacity(old.sectionItems.count + 1)
        var total = 0
        for items in old.sectionItems {
            oldStart.append(total)
            total += items.count
        }
        oldStart.append(total)
        var newSectionFor = [Int](repeating: -1, count: old.sectionItems.count)
        for (section, identifier) in old.sectionIdentifiers.enumerated() {
            newSectionFor[section] = new.sectionIndex[identifier] ?? -1
        }
        // Sections reloaded (asked of the new snapshot; not those that move, which carry their
        // items): their cells are made anew, so, as in a deleted or inserted section, the batch
        // rules number no item inside them; their items are re-created.
        let movedSectionSet = Set(movedSections.map { $0.from })
        var reloadedOld = [Bool](repeating: false, count: old.sectionItems.count)
        for section in new.reloadedSectionIdentifiers {
            guard let from = old.sectionIndex[section], !movedSectionSet.contains(from), !reloadedOld[from] else {
                continue
            }
            reloadedOld[from] = true
            reloadedSections.append(from)
        }
        // A section in both keeps the items its two versions begin and end with (compared in
        // order, no hashing): only the middle, where the changes are, is looked up by identifier.
        var prefix = [Int](repeating: 0, count: old.sectionItems.count)
        var suffix = [Int](repeating: 0, count: old.sectionItems.count)
        for (section, target) in newSectionFor.enumerated() where target >= 0 && !reloadedOld[section] {
            let a = old.sectionItems[section], b = new.sectionItems[target]
            let shorter = min(a.count, b.count)
            var p = 0
            while p < shorter, a[p] == b[p] { p += 1 }
            var q = 0
            while q < shorter - p, a[a.count - 1 - q] == b[b.count - 1 - q] { q += 1 }
            prefix[section] = p
            suffix[section] = q
        }
        // Whether any new item is looked up in `before`: one in the middle of a section in both,
        // or in a section inserted or reloaded. When none is (an outline's collapse: items only
        // leave), `before` is not built.
        var looksUp = false
        for (section, items) in new.sectionItems.enumerated() where !items.isEmpty {
            guard let from = old.sectionIndex[new.sectionIdentifiers[section]], !reloadedOld[from] else {
                looksUp = true
                break
            }
            if prefix[from] + suffix[from] < items.count {
                looksUp = true
                break
            }
        }
        var before: [Item: Int] = [:]
        for (section, items) in old.sectionItems.enumerated() where looksUp {
            for index in prefix[section]..<(items.count - suffix[section]) {
                before[items[index]] = oldStart[section] + index
            }
        }
        // The section of each flat position.
        var oldSectionOf = [Int](repeating: 0, count: total)
        for section in old.sectionItems.indices {
            for position in oldStart[section]..<oldStart[section + 1] { oldSectionOf[position] = section }
        }
        let insertedSectionSet = Set(insertedSections)
        var survived = [Bool](repeating: false, count: total)
        var recreatedPositions: [Int] = []
        var reloadWanted = Set<Int>()
        for item in new.reloadedItemIdentifiers + new.reconfiguredItemIdentifiers {
            // Few: found by a scan of the item's section rather than kept in `before`.
            guard let identifier = old.itemSection[item], let section = old.sectionIndex[identifier],
                let index = old.sectionItems[section].firstIndex(of: item)
            else { continue }
            reloadWanted.insert(oldStart[section] + index)
        }
        let path = { (position: Int) in
            IndexPath(item: position - oldStart[oldSectionOf[position]], section: oldSectionOf[position])
        }
        for (section, items) in new.sectionItems.enumerated() {
            // An inserted or reloaded section brings its items with it; a deleted or reloaded one
            // takes its items away (the batch rules number no item inside such a section).
            let sameSection = old.sectionIndex[new.sectionIdentifiers[section]]
            let sectionIsNew = insertedSectionSet.contains(section) || sameSection.map { reloadedOld[$0] } == true
            // The items that stay in this section (the same section identifier before, not
            // re-created): the longest run in their old order stays, the rest move.
            var kept: [(new: Int, old: Int)] = []
            let counterpart = sectionIsNew ? nil : sameSection
            let head = counterpart.map { prefix[$0] } ?? 0, tail = counterpart.map { suffix[$0] } ?? 0
            let oldCount = counterpart.map { old.sectionItems[$0].count } ?? 0
            for (index, item) in items.enumerated() {
                if let counterpart, index < head || index >= items.count - tail {
                    // Begins or ends both versions: kept where it was.
                    let oldIndex = index < head ? index : oldCount - (items.count - index)
                    survived[oldStart[counterpart] + oldIndex] = true
                    kept.append((index, oldIndex))
                    continue
                }
                // (No old item left its place: an outline's expand, whose items are all new.)
                guard !before.isEmpty, let position = before[item] else {
                    if !sectionIsNew { insertedItems.append(IndexPath(item: index, section: section)) }
                    continue
                }
                survived[position] = true
                let from = oldSectionOf[position], target = newSectionFor[from]
                if target < 0 || reloadedOld[from] || sectionIsNew {
                    // Re-created: out of a deleted or reloaded section, or into an inserted or
                    // reloaded one.
                    if target >= 0 && !reloadedOld[from] { deletedItems.append(path(position)) }
                    if !sectionIsNew { insertedItems.append(IndexPath(item: index, section: section)) }
                    recreatedPositions.append(position)
                } else if target == section {
                    kept.append((index, position - oldStart[from]))
                } else {
                    movedItems.append((path(position), IndexPath(item: index, section: section)))
                }
            }
            let run = Set(longestIncreasingRun(kept.map { $0.old }))
            let oldSection = old.sectionIndex[new.sectionIdentifiers[section]] ?? 0
            for (position, pair) in kept.enumerated() where !run.contains(position) {
                movedItems.append(
                    (IndexPath(item: pair.old, section: oldSection), IndexPath(item: pair.new, section: section)))
            }
        }
        // The old items not seen are deleted (unless their section goes with them or is reloaded).
        for position in 0..<total
        where !survived[position] && newSectionFor[oldSectionOf[position]] >= 0 && !reloadedOld[oldSectionOf[position]]
        {
            deletedItems.append(path(position))
        }
        var recreated = Set<Item>()
        for position in recreatedPositions {
            let section = oldSectionOf[position]
            recreated.insert(old.sectionItems[section][position - oldStart[section]])
        }
        recreatedItems = recreated
        // Reloads: asked of the new snapshot, for items that neither moved nor were re-created.
        let moved = Set(movedItems.map { $0.from }), gone = Set(recreatedPositions)
        for position in reloadWanted.sorted()
        where !gone.contains(position) && newSectionFor[oldSectionOf[position]] >= 0 {
            let from = path(position)
            if !moved.contains(from) { reloadedItems.append(from) }
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
@inlinable
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
