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
        // Sections: which update claims each section in each numbering. Sparse: a batch names a
        // few sections among thousands, and its cost follows what it names. Only a batch that
        // deletes, inserts or moves sections visits every section (to renumber them).
        var oldSectionRole: [Int: Action] = [:]
        var newSectionRole: [Int: Action] = [:]
        var sectionMoves: [(from: Int, to: Int)] = []
        var insertedSections = 0, deletedSections = 0

        func claimOldSection(_ section: Int, _ action: Action) throws(UpdateError) {
            guard section >= 0, section < before.count else {
                throw .sectionOutOfRange(section, action: action, afterUpdate: false, numberOfSections: before.count)
            }
            if let first = oldSectionRole.updateValue(action, forKey: section) {
                throw .conflictingSectionUpdates(section, afterUpdate: false, first: first, second: action)
            }
        }
        func claimNewSection(_ section: Int, _ action: Action) throws(UpdateError) {
            guard section >= 0, section < after.count else {
                throw .sectionOutOfRange(section, action: action, afterUpdate: true, numberOfSections: after.count)
            }
            if let first = newSectionRole.updateValue(action, forKey: section) {
                throw .conflictingSectionUpdates(section, afterUpdate: true, first: first, second: action)
            }
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

        // The section mapping: none (every section keeps its number) unless sections are
        // deleted, inserted or moved. Then moves go to their destinations, and the untouched and
        // reloaded sections fill the remaining places in order; the count check above makes
        // them fit. (By index, not hashed: this loop visits every section.)
        var sectionTables: (new: [Int?], old: [Int?])?
        if !newSectionRole.isEmpty || deletedSections > 0 {
            var newSections = [Int?](repeating: nil, count: before.count)
            var oldSections = [Int?](repeating: nil, count: after.count)
            var leaves = [Bool](repeating: false, count: before.count)  // deleted or moved
            var claimed = [Bool](repeating: false, count: after.count)  // inserted or moved into
            for (section, action) in oldSectionRole where action != .reload { leaves[section] = true }
            for section in newSectionRole.keys { claimed[section] = true }
            for move in sectionMoves {
                newSections[move.from] = move.to
                oldSections[move.to] = move.from
            }
            var free = 0
            for old in 0..<before.count where !leaves[old] {
                while free < claimed.count, claimed[free] { free += 1 }
                newSections[old] = free
                oldSections[free] = old
                free += 1
            }
            sectionTables = (newSections, oldSections)
        }
        func newSection(_ old: Int) -> Int? { sectionTables.map { $0.new[old] } ?? old }
        func oldSection(_ new: Int) -> Int? { sectionTables.map { $0.old[new] } ?? new }
        func isReloaded(newSection section: Int) -> Bool {
            guard !oldSectionRole.isEmpty, let old = oldSection(section) else { return false }
            return oldSectionRole[old] == .reload
        }

        // Items: which update claims each item in each numbering.
        // Keyed by the two integers, not the index path: hashing them directly is several times
        // cheaper (an outline's expand inserts ten thousand items in one batch).
        var oldItemRole: [ItemPlace: Action] = [:]
        var newItemRole: [ItemPlace: Action] = [:]
        oldItemRole.reserveCapacity(operations.count)
        newItemRole.reserveCapacity(operations.count)
        var itemMoves: [(from: IndexPath, to: IndexPath)] = []
        var reloadedItems: Set<IndexPath> = []

        func isWellFormed(_ path: IndexPath) -> Bool {
            path.count == 2 && path.section >= 0 && path.item >= 0
        }
        func claimOldItem(_ path: IndexPath, _ action: Action) throws(UpdateError) {
            guard isWellFormed(path) else { throw .invalidIndexPath(path, action: action) }
            guard path.section < before.count else {
                throw .itemOutOfRange(
                    path, action: action, afterUpdate: false, numberOfSections: before.count, numberOfItems: 0)
            }
            if !oldSectionRole.isEmpty, let sectionAction = oldSectionRole[path.section],
                sectionAction == .delete || sectionAction == .reload
            {
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
            if !newSectionRole.isEmpty, newSectionRole[path.section] == .insert {
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

        // Old section → items leaving it; new section → places claimed in it; each sorted.
        // (Read from the operations, in the order called, rather than from the dictionaries.)
        var removedPlaces: [ItemPlace] = [], fixedPlaces: [ItemPlace] = []
        for operation in operations {
            switch operation {
            case .deleteItem(let path):
                try claimOldItem(path, .delete)
                removedPlaces.append(ItemPlace(path))
            case .reloadItem(let path):
                try claimOldItem(path, .reload)
                reloadedItems.insert(path)
            case .moveItem(let from, let to):
                try claimOldItem(from, .move)
                try claimNewItem(to, .move)
                removedPlaces.append(ItemPlace(from))
                fixedPlaces.append(ItemPlace(to))
                itemMoves.append((from, to))
            case .insertItem(let path):
                try claimNewItem(path, .insert)
                fixedPlaces.append(ItemPlace(path))
            case .insertSection, .deleteSection, .reloadSection, .moveSection:
                break
            }
        }
        let removedBySection = ItemPlace.grouped(removedPlaces)
        let fixedBySection = ItemPlace.grouped(fixedPlaces)

        // The surviving sections whose items an update touches, numbered after it, in order.
        // (Claims rule out deleted, inserted and reloaded sections.)
        var touched = Set(fixedBySection.keys)
        for old in removedBySection.keys {
            if let new = newSection(old) { touched.insert(new) }
        }
        let touchedSections = touched.sorted()

        // Every section that survives with its items must add up: a touched one to its count
        // before, less what left it, plus what entered it; any other to its count before. The
        // first that does not, in section order, is the one reported. The touched ones are
        // checked first (few); the others by comparing the counts up to the first wrong touched
        // one, a plain pass over the two arrays when no section is renumbered.
        var wrong: Int?
        for new in touchedSections {
            guard let old = oldSection(new) else { continue }
            let removed = removedBySection[old]?.count ?? 0, entered = fixedBySection[new]?.count ?? 0
            if after[new] != before[old] - removed + entered {
                wrong = new
                break
            }
        }
        /// Whether section `new` may differ from its count before: touched (checked above) or
        /// reloaded. Asked only of a section whose count changed.
        func mayChangeCount(_ new: Int) -> Bool {
            touched.contains(new) || isReloaded(newSection: new)
        }
        let checked = wrong ?? after.count
        if let tables = sectionTables {
            for new in 0..<checked {
                guard let old = tables.old[new], after[new] != before[old], !mayChangeCount(new) else { continue }
                wrong = new
                break
            }
        } else {
            let first = before.withUnsafeBufferPointer { before in
                after.withUnsafeBufferPointer { after in
                    (0..<checked).first { after[$0] != before[$0] && !mayChangeCount($0) }
                }
            }
            if let first { wrong = first }
        }
        if let new = wrong, let old = oldSection(new) {
            // Rejected (rare): the counts by kind, read again from the operations.
            var deleted = 0, movedOut = 0, inserted = 0, movedIn = 0
            for operation in operations {
                switch operation {
                case .deleteItem(let path) where path.section == old: deleted += 1
                case .insertItem(let path) where path.section == new: inserted += 1
                case .moveItem(let from, let to):
                    if from.section == old { movedOut += 1 }
                    if to.section == new { movedIn += 1 }
                default: break
                }
            }
            throw .invalidNumberOfItems(
                section: new, sectionBeforeUpdate: old, before: before[old], after: after[new],
                inserted: inserted, deleted: deleted, movedIn: movedIn, movedOut: movedOut)
        }

        // Valid: build the item mapping from the changes alone. A surviving section pair that no
        // item update touches maps item i to item i; a touched one keeps its removed items and
        // fixed places (sorted) and its moves, and answers lookups by binary search.
        // Sparse: only the sections whose items do not map to themselves.
        var newItems: [Int: CollectionView.IndexPathMapping.Items] = [:]
        var oldItems: [Int: CollectionView.IndexPathMapping.Items] = [:]
        for (old, action) in oldSectionRole where action == .delete || action == .reload {
            newItems[old] = .replaced
            if action == .reload, let new = newSection(old) { oldItems[new] = .replaced }
        }
        for (new, action) in newSectionRole where action == .insert { oldItems[new] = .replaced }
        var destinations: [Int: [Int: IndexPath]] = [:]  // old section → moved item → destination
        var sources: [Int: [Int: IndexPath]] = [:]  // new section → place → moved item's source
        for move in itemMoves {
            destinations[move.from.section, default: [:]][move.from.item] = move.to
            sources[move.to.section, default: [:]][move.to.item] = move.from
        }
        for new in touchedSections {
            guard let old = oldSection(new) else { continue }
            let shifts = CollectionView.ItemShifts(
                removed: removedBySection[old] ?? [], fixed: fixedBySection[new] ?? [],
                destinations: destinations[old] ?? [:], sources: sources[new] ?? [:])
            oldItems[new] = .shifted(shifts)
            newItems[old] = .shifted(shifts)
        }
        let mapping = CollectionView.IndexPathMapping(
            countsBefore: before, countsAfter: after, newSections: sectionTables?.new,
            oldSections: sectionTables?.old, newItemsBySection: newItems, oldItemsBySection: oldItems
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
                    action: .reload, before: sectionPath(section),
                    after: mapping.newSection(forOldSection: section).map(sectionPath))
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
