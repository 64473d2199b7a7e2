import KineticPlatform

/// One update recorded during a batch, as it was called.
enum BatchOperation: Hashable {
    case insertItem(IndexPath)
    case deleteItem(IndexPath)
    case reloadItem(IndexPath)
    case moveItem(IndexPath, IndexPath)
    case insertSection(Int)
    case deleteSection(Int)
    case reloadSection(Int)
    case moveSection(Int, Int)
}

/// What a batch's closure recorded.
struct PendingBatchUpdates {
    /// The updates, in the order they were called.
    var operations: [BatchOperation] = []
    /// Completions of batches nested in this one: they learn this batch's outcome.
    var nestedCompletions: [(Bool) -> Void] = []
    /// Whether ``CollectionView/reloadData()`` was called inside the batch.
    var reloadRequested = false
}

/// A batch update checked against the counts before and after it, and what it does: the
/// index-path mapping, the layout's update items, and the items it replaces.
///
/// UIKit's rules: deletes, reloads and a move's source are numbered before the update;
/// inserts and a move's destination after it. Sections (and within each section, items) that
/// are neither deleted, moved nor inserted keep their relative order and fill the places the
/// inserts and moves leave free. The check is complete before anything is built, so a
/// rejected update is found before the collection view changes anything.
struct BatchUpdatePlan {
    typealias Action = CollectionViewUpdateItem.Action
    typealias UpdateError = CollectionView.UpdateError

    let mapping: CollectionView.IndexPathMapping
    /// The layout's update items, in the order the updates were called.
    let updateItems: [CollectionViewUpdateItem]
    /// Items reloaded one by one, numbered before the update.
    let reloadedItems: Set<IndexPath>

    init(before: [Int], after: [Int], operations: [BatchOperation]) throws(UpdateError) {
        // Sections: which update claims each section in each numbering.
        // By index, not hashed: the loops below visit every section, and a batch of a few moves
        // among thousands of sections would otherwise hash each of them several times.
        var oldSectionRole = [Action?](repeating: nil, count: before.count)
        var newSectionRole = [Action?](repeating: nil, count: after.count)
        var sectionMoves: [(from: Int, to: Int)] = []
        var insertedSections = 0, deletedSections = 0

        func claimOldSection(_ section: Int, _ action: Action) throws(UpdateError) {
            guard section >= 0, section < before.count else {
                throw .sectionOutOfRange(section, action: action, afterUpdate: false, numberOfSections: before.count)
            }
            if let first = oldSectionRole[section] {
                throw .conflictingSectionUpdates(section, afterUpdate: false, first: first, second: action)
            }
            oldSectionRole[section] = action
        }
        func claimNewSection(_ section: Int, _ action: Action) throws(UpdateError) {
            guard section >= 0, section < after.count else {
                throw .sectionOutOfRange(section, action: action, afterUpdate: true, numberOfSections: after.count)
            }
            if let first = newSectionRole[section] {
                throw .conflictingSectionUpdates(section, afterUpdate: true, first: first, second: action)
            }
            newSectionRole[section] = action
        }

        for operation in operations {
            switch operation {
            case .deleteSection(let section):
                try claimOldSection(section, .delete)
                deletedSections += 1
            case .reloadSection(let section):
                try claimOldSection(section, .reload)
            case .moveSection(let from, let to):
                try claimOldSection(from, .move)
                try claimNewSection(to, .move)
                sectionMoves.append((from, to))
            case .insertSection(let section):
                try claimNewSection(section, .insert)
                insertedSections += 1
            case .insertItem, .deleteItem, .reloadItem, .moveItem:
                break
            }
        }
        guard after.count == before.count - deletedSections + insertedSections else {
            throw .invalidNumberOfSections(
                before: before.count, after: after.count, inserted: insertedSections, deleted: deletedSections)
        }

        // The section mapping: moves go to their destinations, the untouched and reloaded
        // sections fill the remaining places in order. The count check above makes them fit.
        var newSections = [Int?](repeating: nil, count: before.count)
        var oldSections = [Int?](repeating: nil, count: after.count)
        for move in sectionMoves {
            newSections[move.from] = move.to
            oldSections[move.to] = move.from
        }
        var free = 0
        for old in 0..<before.count where oldSectionRole[old] != .delete && oldSectionRole[old] != .move {
            while free < newSectionRole.count, newSectionRole[free] != nil { free += 1 }
            newSections[old] = free
            oldSections[free] = old
            free += 1
        }
        func isReloaded(newSection section: Int) -> Bool {
            oldSections[section].map { oldSectionRole[$0] == .reload } ?? false
        }

        // Items: which update claims each item in each numbering, and how many leave and
        // enter each section.
        // Keyed by the two integers, not the index path: hashing them directly is several times
        // cheaper (an outline's expand inserts ten thousand items in one batch).
        var oldItemRole: [ItemPlace: Action] = [:]
        var newItemRole: [ItemPlace: Action] = [:]
        oldItemRole.reserveCapacity(operations.count)
        newItemRole.reserveCapacity(operations.count)
        var itemMoves: [(from: IndexPath, to: IndexPath)] = []
        var reloadedItems: Set<IndexPath> = []
        var deletedFrom = [Int](repeating: 0, count: before.count)
        var movedOutOf = [Int](repeating: 0, count: before.count)
        var insertedInto = [Int](repeating: 0, count: after.count)
        var movedInto = [Int](repeating: 0, count: after.count)

        func isWellFormed(_ path: IndexPath) -> Bool {
            path.count == 2 && path.section >= 0 && path.item >= 0
        }
        func claimOldItem(_ path: IndexPath, _ action: Action) throws(UpdateError) {
            guard isWellFormed(path) else { throw .invalidIndexPath(path, action: action) }
            guard path.section < before.count else {
                throw .itemOutOfRange(
                    path, action: action, afterUpdate: false, numberOfSections: before.count, numberOfItems: 0)
            }
            if let sectionAction = oldSectionRole[path.section], sectionAction == .delete || sectionAction == .reload {
                throw .itemUpdateInUpdatedSection(
                    path, action: action, afterUpdate: false, sectionAction: sectionAction)
            }
            guard path.item < before[path.section] else {
                throw .itemOutOfRange(
                    path, action: action, afterUpdate: false, numberOfSections: before.count,
                    numberOfItems: before[path.section])
            }
            if let first = oldItemRole.updateValue(action, forKey: ItemPlace(path)) {
                throw .conflictingItemUpdates(path, afterUpdate: false, first: first, second: action)
            }
        }
        func claimNewItem(_ path: IndexPath, _ action: Action) throws(UpdateError) {
            guard isWellFormed(path) else { throw .invalidIndexPath(path, action: action) }
            guard path.section < after.count else {
                throw .itemOutOfRange(
                    path, action: action, afterUpdate: true, numberOfSections: after.count, numberOfItems: 0)
            }
            if newSectionRole[path.section] == .insert {
                throw .itemUpdateInUpdatedSection(path, action: action, afterUpdate: true, sectionAction: .insert)
            }
            if isReloaded(newSection: path.section) {
                throw .itemUpdateInUpdatedSection(path, action: action, afterUpdate: true, sectionAction: .reload)
            }
            guard path.item < after[path.section] else {
                throw .itemOutOfRange(
                    path, action: action, afterUpdate: true, numberOfSections: after.count,
                    numberOfItems: after[path.section])
            }
            if let first = newItemRole.updateValue(action, forKey: ItemPlace(path)) {
                throw .conflictingItemUpdates(path, afterUpdate: true, first: first, second: action)
            }
        }

        for operation in operations {
            switch operation {
            case .deleteItem(let path):
                try claimOldItem(path, .delete)
                deletedFrom[path.section] += 1
            case .reloadItem(let path):
                try claimOldItem(path, .reload)
                reloadedItems.insert(path)
            case .moveItem(let from, let to):
                try claimOldItem(from, .move)
                try claimNewItem(to, .move)
                movedOutOf[from.section] += 1
                movedInto[to.section] += 1
                itemMoves.append((from, to))
            case .insertItem(let path):
                try claimNewItem(path, .insert)
                insertedInto[path.section] += 1
            case .insertSection, .deleteSection, .reloadSection, .moveSection:
                break
            }
        }

        // Every section that survives with its items must add up.
        for new in 0..<after.count {
            guard let old = oldSections[new], oldSectionRole[old] != .reload else { continue }
            let expected = before[old] - deletedFrom[old] - movedOutOf[old] + insertedInto[new] + movedInto[new]
            guard after[new] == expected else {
                throw .invalidNumberOfItems(
                    section: new, sectionBeforeUpdate: old, before: before[old], after: after[new],
                    inserted: insertedInto[new], deleted: deletedFrom[old], movedIn: movedInto[new],
                    movedOut: movedOutOf[old]
                )
            }
        }

        // Valid: build the item mapping from the changes alone. A surviving section pair that no
        // item update touches maps item i to item i; a touched one keeps its removed items and
        // fixed places (sorted) and its moves, and answers lookups by binary search.
        // Sparse: only the sections whose items do not map to themselves.
        var newItems: [Int: CollectionView.IndexPathMapping.Items] = [:]
        var oldItems: [Int: CollectionView.IndexPathMapping.Items] = [:]
        for old in 0..<before.count where oldSectionRole[old] == .delete || oldSectionRole[old] == .reload {
            newItems[old] = .replaced
        }
        // Old section → items leaving it; new section → places claimed in it; each sorted.
        // (Read from the operations, in the order called, rather than from the dictionaries.)
        var removedPlaces: [ItemPlace] = [], fixedPlaces: [ItemPlace] = []
        for operation in operations {
            switch operation {
            case .deleteItem(let path): removedPlaces.append(ItemPlace(path))
            case .insertItem(let path): fixedPlaces.append(ItemPlace(path))
            case .moveItem(let from, let to):
                removedPlaces.append(ItemPlace(from))
                fixedPlaces.append(ItemPlace(to))
            case .reloadItem, .insertSection, .deleteSection, .reloadSection, .moveSection: break
            }
        }
        let removedBySection = ItemPlace.grouped(removedPlaces)
        let fixedBySection = ItemPlace.grouped(fixedPlaces)
        var destinations: [Int: [Int: IndexPath]] = [:]  // old section → moved item → destination
        var sources: [Int: [Int: IndexPath]] = [:]  // new section → place → moved item's source
        for move in itemMoves {
            destinations[move.from.section, default: [:]][move.from.item] = move.to
            sources[move.to.section, default: [:]][move.to.item] = move.from
        }
        var touchedOld = [Bool](repeating: false, count: before.count)
        var touchedNew = [Bool](repeating: false, count: after.count)
        for old in removedBySection.keys { touchedOld[old] = true }
        for new in fixedBySection.keys { touchedNew[new] = true }
        for new in 0..<after.count {
            guard let old = oldSections[new], oldSectionRole[old] != .reload else {
                oldItems[new] = .replaced
                continue
            }
            guard touchedOld[old] || touchedNew[new] else { continue }
            let shifts = CollectionView.ItemShifts(
                removed: removedBySection[old] ?? [], fixed: fixedBySection[new] ?? [],
                destinations: destinations[old] ?? [:], sources: sources[new] ?? [:])
            oldItems[new] = .shifted(shifts)
            newItems[old] = .shifted(shifts)
        }
        let mapping = CollectionView.IndexPathMapping(
            countsBefore: before, countsAfter: after, newSections: newSections, oldSections: oldSections,
            newItemsBySection: newItems, oldItemsBySection: oldItems
        )

        func sectionPath(_ section: Int) -> IndexPath { IndexPath(index: section) }
        updateItems = operations.map { operation in
            switch operation {
            case .insertItem(let path): CollectionViewUpdateItem(action: .insert, before: nil, after: path)
            case .deleteItem(let path): CollectionViewUpdateItem(action: .delete, before: path, after: nil)
            case .reloadItem(let path):
                CollectionViewUpdateItem(
                    action: .reload, before: path, after: mapping.newIndexPath(forOldIndexPath: path))
            case .moveItem(let from, let to): CollectionViewUpdateItem(action: .move, before: from, after: to)
            case .insertSection(let section):
                CollectionViewUpdateItem(action: .insert, before: nil, after: sectionPath(section))
            case .deleteSection(let section):
                CollectionViewUpdateItem(action: .delete, before: sectionPath(section), after: nil)
            case .reloadSection(let section):
                CollectionViewUpdateItem(
                    action: .reload, before: sectionPath(section), after: newSections[section].map(sectionPath))
            case .moveSection(let from, let to):
                CollectionViewUpdateItem(action: .move, before: sectionPath(from), after: sectionPath(to))
            }
        }
        self.mapping = mapping
        self.reloadedItems = reloadedItems
    }
}

/// An item's place, numbered before or after an update: its section and item as a key.
struct ItemPlace: Hashable {
    let section: Int
    let item: Int

    /// The place `path` names (a well-formed two-index path).
    init(_ path: IndexPath) {
        section = path.section
        item = path.item
    }

    /// `places`' items by section, each section's in increasing order (sorted only where they
    /// are not already: a difference's updates come in order).
    static func grouped(_ places: [Self]) -> [Int: [Int]] {
        var grouped: [Int: [Int]] = [:]
        // Runs of one section gathered before they are filed (one lookup per run, not per item).
        var section = -1, run: [Int] = []
        for place in places {
            if place.section != section {
                if !run.isEmpty { grouped[section, default: []] += run }
                section = place.section
                run.removeAll(keepingCapacity: true)
            }
            run.append(place.item)
        }
        if !run.isEmpty { grouped[section, default: []] += run }
        for (section, items) in grouped where zip(items, items.dropFirst()).contains(where: { $0 >= $1 }) {
            grouped[section] = items.sorted()
        }
        return grouped
    }
}
