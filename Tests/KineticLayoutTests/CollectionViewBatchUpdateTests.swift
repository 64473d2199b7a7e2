import Foundation
import KineticDynamics
import Testing

@testable import KineticLayout

private func path(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

/// One update call, as a test makes it.
enum TestUpdate {
    case insertItem(IndexPath)
    case deleteItem(IndexPath)
    case reloadItem(IndexPath)
    case moveItem(IndexPath, IndexPath)
    case insertSection(Int)
    case deleteSection(Int)
    case reloadSection(Int)
    case moveSection(Int, Int)

    func apply(to view: CollectionView) {
        switch self {
        case .insertItem(let p): view.insertItems(at: [p])
        case .deleteItem(let p): view.deleteItems(at: [p])
        case .reloadItem(let p): view.reloadItems(at: [p])
        case .moveItem(let a, let b): view.moveItem(at: a, to: b)
        case .insertSection(let s): view.insertSections([s])
        case .deleteSection(let s): view.deleteSections([s])
        case .reloadSection(let s): view.reloadSections([s])
        case .moveSection(let a, let b): view.moveSection(a, toSection: b)
        }
    }
}

/// A random batch that follows UIKit's rules, made on the reference model: sections of item
/// identities. Fresh identities stand for inserted and reloaded items.
///
/// The model builds the data after the update by removing what leaves and then inserting
/// what arrives at its final index in ascending order, a different procedure from the
/// collection view's slot filling that gives the result UIKit's rules define.
struct RandomBatch {
    var updates: [TestUpdate] = []
    var after: [[Int]] = []
    /// Old identity → the fresh one replacing it, for reloaded items.
    var reloadedAs: [Int: Int] = [:]
    /// Identities that do not survive: deleted, or in a deleted or reloaded section.
    var gone: Set<Int> = []
    /// Where each surviving old section went.
    var newSectionOf: [Int: Int] = [:]
    /// Items no update names, numbered before the update.
    var untouched: [IndexPath] = []
    var deletedSections: [Int] = []
    var insertedSections: [Int] = []
    var keptOldSections: [Int] = []

    init(from old: [[Int]], nextID: inout Int, using random: inout SeededRandom) {
        func fresh() -> Int {
            nextID += 1
            return nextID
        }
        let totalItems = old.reduce(0) { $0 + $1.count }
        // Sections: which leave, which are replaced, which move, how many arrive.
        var candidates = Array(old.indices).shuffled(using: &random)
        let deleteCount = Int.random(in: 0...min(2, candidates.count), using: &random)
        deletedSections = Array(candidates.prefix(deleteCount))
        candidates.removeFirst(deleteCount)
        let reloadCount = candidates.isEmpty ? 0 : Int.random(in: 0...1, using: &random)
        let reloadedSections = Array(candidates.prefix(reloadCount))
        candidates.removeFirst(reloadCount)
        let moveCount = Int.random(in: 0...min(2, candidates.count), using: &random)
        let movedSections = Array(candidates.prefix(moveCount))
        let insertCount = old.count >= 6 ? 0 : Int.random(in: 0...2, using: &random)
        let newSectionCount = old.count - deleteCount + insertCount
        let places = Array(0..<newSectionCount).shuffled(using: &random)
        insertedSections = Array(places.prefix(insertCount))
        let moveTargets = Array(places.dropFirst(insertCount).prefix(moveCount))

        // The new order of sections: nil for an inserted one, else the old index.
        var order: [Int?] = old.indices.filter { !deletedSections.contains($0) && !movedSections.contains($0) }
        let arriving: [(Int, Int?)] =
            zip(insertedSections, [Int?](repeating: nil, count: insertCount)).map { ($0, $1) }
            + zip(moveTargets, movedSections).map { ($0, Optional($1)) }
        for (target, source) in arriving.sorted(by: { $0.0 < $1.0 }) { order.insert(source, at: target) }
        for (new, source) in order.enumerated() { if let source { newSectionOf[source] = new } }

        for section in deletedSections + reloadedSections { gone.formUnion(old[section]) }
        for section in deletedSections { updates.append(.deleteSection(section)) }
        for section in reloadedSections { updates.append(.reloadSection(section)) }
        for (source, target) in zip(movedSections, moveTargets) { updates.append(.moveSection(source, target)) }
        for section in insertedSections { updates.append(.insertSection(section)) }

        // Items of the kept sections: each stays, leaves, is replaced or moves.
        keptOldSections = old.indices.filter { !deletedSections.contains($0) && !reloadedSections.contains($0) }
        let keptNewSections = keptOldSections.map { newSectionOf[$0]! }
        var remaining: [Int: [Int]] = [:]  // by new section
        var arrivingItems: [Int: [Int]] = [:]  // by new section
        var movedFrom: [Int: IndexPath] = [:]  // by identity
        var insertedIDs: Set<Int> = []
        for oldSection in keptOldSections {
            var kept: [Int] = []
            for (item, id) in old[oldSection].enumerated() {
                let roll = Int.random(in: 0..<100, using: &random)
                let here = path(item, oldSection)
                if roll < 12 {
                    updates.append(.deleteItem(here))
                    gone.insert(id)
                } else if roll < 24 {
                    updates.append(.reloadItem(here))
                    let replacement = fresh()
                    reloadedAs[id] = replacement
                    kept.append(replacement)
                } else if roll < 40 {
                    let destination = keptNewSections.randomElement(using: &random)!
                    arrivingItems[destination, default: []].append(id)
                    movedFrom[id] = here
                } else {
                    untouched.append(here)
                    kept.append(id)
                }
            }
            remaining[newSectionOf[oldSection]!] = kept
        }
        for new in keptNewSections where totalItems < 60 {
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                let id = fresh()
                insertedIDs.insert(id)
                arrivingItems[new, default: []].append(id)
            }
        }

        // The data after the update.
        after = order.map { source in
            guard let source, !reloadedSections.contains(source) else {
                return (0..<Int.random(in: 0...4, using: &random)).map { _ in fresh() }
            }
            let new = newSectionOf[source]!
            var items = remaining[new] ?? []
            let incoming = (arrivingItems[new] ?? []).shuffled(using: &random)
            let targets = Array(0..<(items.count + incoming.count)).shuffled(using: &random).prefix(incoming.count)
            for (target, id) in zip(targets, incoming).sorted(by: { $0.0 < $1.0 }) { items.insert(id, at: target) }
            return items
        }
        var newPathOf: [Int: IndexPath] = [:]
        for (section, items) in after.enumerated() {
            for (item, id) in items.enumerated() { newPathOf[id] = path(item, section) }
        }
        for (id, source) in movedFrom { updates.append(.moveItem(source, newPathOf[id]!)) }
        for id in insertedIDs { updates.append(.insertItem(newPathOf[id]!)) }
        updates.shuffle(using: &random)
    }
}

/// A way to break a valid batch, and the error that must reject it.
enum Breakage: CaseIterable {
    case extraItem, extraSection, duplicateItemDelete, deleteMovedItem, itemOutOfRange, itemInDeletedSection
    case sectionOutOfRange, duplicateSectionDelete, moveIntoInsertedSection

    /// Breaks `batch`; false if it has nothing this breakage needs.
    func apply(to batch: inout RandomBatch, old: [[Int]], nextID: inout Int) -> Bool {
        switch self {
        case .extraItem:
            guard let section = batch.keptOldSections.first.flatMap({ batch.newSectionOf[$0] }) else { return false }
            nextID += 1
            batch.after[section].append(nextID)
        case .extraSection:
            batch.after.append([])
        case .duplicateItemDelete:
            guard
                case .deleteItem(let p)? = batch.updates.first(where: {
                    if case .deleteItem = $0 { true } else { false }
                })
            else {
                return false
            }
            batch.updates.append(.deleteItem(p))
        case .deleteMovedItem:
            guard
                case .moveItem(let p, _)? = batch.updates.first(where: {
                    if case .moveItem = $0 { true } else { false }
                })
            else {
                return false
            }
            batch.updates.insert(.deleteItem(p), at: 0)
        case .itemOutOfRange:
            guard let section = batch.keptOldSections.first else { return false }
            batch.updates.append(.deleteItem(path(old[section].count, section)))
        case .itemInDeletedSection:
            guard let section = batch.deletedSections.first else { return false }
            batch.updates.append(.reloadItem(path(0, section)))
        case .sectionOutOfRange:
            batch.updates.append(.insertSection(batch.after.count))
        case .duplicateSectionDelete:
            guard let section = batch.deletedSections.first else { return false }
            batch.updates.append(.deleteSection(section))
        case .moveIntoInsertedSection:
            guard let source = batch.untouched.first, let section = batch.insertedSections.first else { return false }
            batch.updates.append(.moveItem(source, path(0, section)))
        }
        return true
    }

    /// Whether `error` is the one this breakage causes.
    func matches(_ error: CollectionView.UpdateError) -> Bool {
        switch (self, error) {
        case (.extraItem, .invalidNumberOfItems), (.extraSection, .invalidNumberOfSections),
            (.duplicateItemDelete, .conflictingItemUpdates(_, false, .delete, .delete)),
            (.deleteMovedItem, .conflictingItemUpdates(_, false, .delete, .move)),
            (.itemOutOfRange, .itemOutOfRange(_, .delete, false, _, _)),
            (.itemInDeletedSection, .itemUpdateInUpdatedSection(_, .reload, false, .delete)),
            (.sectionOutOfRange, .sectionOutOfRange(_, .insert, true, _)),
            (.duplicateSectionDelete, .conflictingSectionUpdates(_, false, .delete, .delete)),
            (.moveIntoInsertedSection, .itemUpdateInUpdatedSection(_, .move, true, .insert)):
            true
        default:
            false
        }
    }
}

@Suite("CollectionView batch updates")
struct CollectionViewBatchUpdateTests {
    /// Random batches on a reference model: after each valid one the counts, the remapped
    /// selection and the layout's mapping equal the model's; each broken one is rejected with
    /// its error and changes nothing.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomBatchesFollowTheReferenceModel(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var nextID = 1000
        let initial: [[Int]] = (0..<3).map { s in (0..<5).map { s * 10 + $0 } }
        var model = initial
        let f = CollectionViewFixture(initial)
        f.view.allowsMultipleSelection = true
        var applied = 0, rejected = 0

        for round in 0..<300 {
            // Select a random part of the items; the model keeps the identities.
            f.view.selectItem(at: nil, animated: false, scrollPosition: [])
            var selected: Set<Int> = []
            for (s, items) in model.enumerated() {
                for (i, id) in items.enumerated() where Bool.random(using: &random) && Bool.random(using: &random) {
                    f.view.selectItem(at: path(i, s), animated: false, scrollPosition: [])
                    selected.insert(id)
                }
            }
            let selectionBefore = f.view.indexPathsForSelectedItems
            var batch = RandomBatch(from: model, nextID: &nextID, using: &random)
            let breakage: Breakage? = round % 3 == 2 ? Breakage.allCases.randomElement(using: &random) : nil
            let broken = breakage.map { $0.apply(to: &batch, old: model, nextID: &nextID) } ?? false
            let layoutBatches = f.layout.updateBatches.count
            let prepares = f.layout.prepareCount

            var outcome: Bool?
            var thrown: CollectionView.UpdateError?
            let updates = {
                f.data.sections = batch.after
                for update in batch.updates { update.apply(to: f.view) }
            }
            if round.isMultiple(of: 2) {
                f.view.performBatchUpdates(updates) { outcome = $0 }
            } else {
                do throws(CollectionView.UpdateError) {
                    try f.view.applyBatchUpdates(updates)
                    outcome = true
                } catch {
                    thrown = error
                    outcome = false
                }
            }

            if broken {
                rejected += 1
                #expect(outcome == false, "round \(round): \(breakage!) must be rejected")
                if let thrown { #expect(breakage!.matches(thrown), "round \(round): \(breakage!) gave \(thrown)") }
                f.data.sections = model  // the view still describes the old data
                #expect(f.counts == model.map(\.count))
                #expect(f.view.indexPathsForSelectedItems == selectionBefore)
                #expect(f.layout.updateBatches.count == layoutBatches)
                #expect(f.layout.prepareCount == prepares)
                #expect(!f.layout.needsPrepare)
                continue
            }

            applied += 1
            #expect(outcome == true, "round \(round): \(thrown.map(String.init(describing:)) ?? "")")
            let old = model
            model = batch.after
            #expect(f.counts == model.map(\.count), "round \(round)")
            var expectedSelection: [IndexPath] = []
            for (s, items) in model.enumerated() {
                for (i, id) in items.enumerated() where selected.contains(id) { expectedSelection.append(path(i, s)) }
            }
            #expect(f.view.indexPathsForSelectedItems == expectedSelection, "round \(round)")

            // The layout heard of exactly these updates, with the mapping, and prepared with it.
            #expect(f.layout.updateBatches.count == layoutBatches + 1)
            #expect(f.layout.updateBatches.last?.count == batch.updates.count)
            #expect(f.layout.mappingSeenByPrepare.last == true)
            #expect(f.view.indexPathMappingForUpdates == nil)
            let mapping = try #require(f.layout.mappings.last ?? nil)
            var newPathOf: [Int: IndexPath] = [:]
            for (s, items) in model.enumerated() {
                for (i, id) in items.enumerated() { newPathOf[id] = path(i, s) }
            }
            var oldPathOf: [Int: IndexPath] = [:]
            for (s, items) in old.enumerated() {
                for (i, id) in items.enumerated() {
                    oldPathOf[id] = path(i, s)
                    let expected = batch.gone.contains(id) ? nil : newPathOf[batch.reloadedAs[id] ?? id]
                    #expect(
                        mapping.newIndexPath(forOldIndexPath: path(i, s)) == expected,
                        "round \(round) old \(path(i, s))")
                }
                #expect(mapping.newSection(forOldSection: s) == batch.newSectionOf[s])
            }
            let replaced = Dictionary(uniqueKeysWithValues: batch.reloadedAs.map { ($1, $0) })
            for (s, items) in model.enumerated() {
                for (i, id) in items.enumerated() {
                    #expect(
                        mapping.oldIndexPath(forNewIndexPath: path(i, s)) == oldPathOf[replaced[id] ?? id],
                        "round \(round) new \(path(i, s))")
                }
            }
        }
        #expect(applied > 150 && rejected > 60)
    }

    @Test func itemMappingFollowsUIKitsRules() throws {
        // [a b c d e]: delete b, move d to 4, insert at 0. The others keep their order in the
        // free places 1, 2, 3: [X a c e d].
        let f = CollectionViewFixture([[0, 1, 2, 3, 4]])
        f.view.allowsMultipleSelection = true
        for item in [1, 2, 3] { f.view.selectItem(at: path(item), animated: false, scrollPosition: []) }
        try f.view.applyBatchUpdates {
            f.data.sections = [[9, 0, 2, 4, 3]]
            f.view.deleteItems(at: [path(1)])
            f.view.moveItem(at: path(3), to: path(4))
            f.view.insertItems(at: [path(0)])
        }
        let mapping = try #require(f.layout.mappings.last ?? nil)
        #expect((0..<5).map { mapping.newIndexPath(forOldIndexPath: path($0))?.item } == [1, nil, 2, 4, 3])
        #expect((0..<5).map { mapping.oldIndexPath(forNewIndexPath: path($0))?.item } == [nil, 0, 2, 4, 3])
        #expect(f.view.indexPathsForSelectedItems == [path(2), path(4)], "c and d stay selected, b is gone")
        #expect(
            f.layout.updateBatches.last == [
                CollectionViewUpdateItem(action: .delete, before: path(1), after: nil),
                CollectionViewUpdateItem(action: .move, before: path(3), after: path(4)),
                CollectionViewUpdateItem(action: .insert, before: nil, after: path(0)),
            ])
    }

    @Test func sectionMappingFollowsUIKitsRules() throws {
        // [a][b][c][d]: delete 1, move 3 to 0, insert at 2. a and c fill places 1 and 3.
        let f = CollectionViewFixture([[0], [1], [2], [3]])
        try f.view.applyBatchUpdates {
            f.data.sections = [[3], [0], [7, 8], [2]]
            f.view.deleteSections([1])
            f.view.moveSection(3, toSection: 0)
            f.view.insertSections([2])
        }
        let mapping = try #require(f.layout.mappings.last ?? nil)
        #expect((0..<4).map { mapping.newSection(forOldSection: $0) } == [1, nil, 3, 0])
        #expect((0..<4).map { mapping.oldSection(forNewSection: $0) } == [3, 0, nil, 2])
        #expect(mapping.newIndexPath(forOldIndexPath: path(0, 3)) == path(0, 0))
        #expect(mapping.oldIndexPath(forNewIndexPath: path(1, 2)) == nil)
        #expect(f.counts == [1, 1, 2, 1])
    }

    @Test func reloadsReplaceItemsAndTheirSelection() throws {
        let f = CollectionViewFixture([[0, 1, 2], [3, 4]])
        f.view.allowsMultipleSelection = true
        for p in [path(0), path(2), path(1, 1)] { f.view.selectItem(at: p, animated: false, scrollPosition: []) }
        try f.view.applyBatchUpdates {
            f.data.sections = [[9, 1, 2], [5, 6, 7]]
            f.view.reloadItems(at: [path(0)])
            f.view.reloadSections([1])
        }
        #expect(f.counts == [3, 3], "a reloaded section may change its count")
        #expect(f.view.indexPathsForSelectedItems == [path(2)])
        let mapping = try #require(f.layout.mappings.last ?? nil)
        #expect(mapping.newIndexPath(forOldIndexPath: path(0)) == path(0), "a reloaded item is replaced in place")
        #expect(mapping.newIndexPath(forOldIndexPath: path(0, 1)) == nil)
        #expect(mapping.newSection(forOldSection: 1) == 1)
        #expect(
            f.layout.updateBatches.last == [
                CollectionViewUpdateItem(action: .reload, before: path(0), after: path(0)),
                CollectionViewUpdateItem(action: .reload, before: IndexPath(index: 1), after: IndexPath(index: 1)),
            ])
    }

    /// Among many sections a batch names few; each section must still add up, and the first
    /// that does not (in the numbering after the update) is the one reported, with the updates
    /// that touched it counted by kind. UIKit's rule: a section no update names keeps its count.
    @Test func amongManySectionsTheFirstThatDoesNotAddUpIsNamed() throws {
        let initial = (0..<60).map { section in Array(section * 10..<section * 10 + 10) }
        let f = CollectionViewFixture(initial)
        func edited(_ change: (inout [[Int]]) -> Void) -> [[Int]] {
            var sections = initial
            change(&sections)
            return sections
        }
        func rejection(_ after: [[Int]], _ updates: () -> Void) -> CollectionView.UpdateError? {
            defer { f.data.sections = initial }
            do throws(CollectionView.UpdateError) {
                try f.view.applyBatchUpdates {
                    f.data.sections = after
                    updates()
                }
                return nil
            } catch {
                return error
            }
        }
        // Section 7 gained an item no update names; section 50's insert is in order.
        #expect(
            rejection(
                edited {
                    $0[7].append(-1)
                    $0[50].insert(-2, at: 0)
                }
            ) { f.view.insertItems(at: [path(0, 50)]) }
                == .invalidNumberOfItems(
                    section: 7, sectionBeforeUpdate: 7, before: 10, after: 11, inserted: 0, deleted: 0, movedIn: 0,
                    movedOut: 0))
        // A touched section that does not add up is named before a later untouched one:
        // section 20 adds up (one deleted, one moved out), 30 received a move but kept its count.
        #expect(
            rejection(
                edited {
                    $0[20].removeLast(2)
                    $0[40].append(-1)
                }
            ) {
                f.view.deleteItems(at: [path(0, 20)])
                f.view.moveItem(at: path(3, 20), to: path(0, 30))
            }
                == .invalidNumberOfItems(
                    section: 30, sectionBeforeUpdate: 30, before: 10, after: 10, inserted: 0, deleted: 0, movedIn: 1,
                    movedOut: 0))
        // Sections renumbered by a deleted section: section 12 after is section 13 before.
        #expect(
            rejection(
                edited {
                    $0.remove(at: 4)
                    $0[12].append(-1)
                }
            ) { f.view.deleteSections([4]) }
                == .invalidNumberOfItems(
                    section: 12, sectionBeforeUpdate: 13, before: 10, after: 11, inserted: 0, deleted: 0, movedIn: 0,
                    movedOut: 0))
        // A reloaded section may change its count; the others may not.
        #expect(rejection(edited { $0[33].append(-1) }) { f.view.reloadSections([33]) } == nil)
        f.data.sections = initial
        f.view.reloadData()
        // A valid batch among the sections, with no section renumbered: the mapping moves only
        // what it names.
        try f.view.applyBatchUpdates {
            f.data.sections[5].remove(at: 2)
            f.data.sections[55].insert(99, at: 4)
            f.view.moveItem(at: path(2, 5), to: path(4, 55))
        }
        let mapping = try #require(f.layout.mappings.last ?? nil)
        #expect(mapping.newIndexPath(forOldIndexPath: path(2, 5)) == path(4, 55))
        #expect(mapping.newIndexPath(forOldIndexPath: path(3, 5)) == path(2, 5))
        #expect(mapping.newIndexPath(forOldIndexPath: path(4, 55)) == path(5, 55))
        #expect(mapping.newIndexPath(forOldIndexPath: path(9, 30)) == path(9, 30))
        #expect(mapping.newSection(forOldSection: 59) == 59)
        #expect(mapping.newSection(forOldSection: 60) == nil)
        #expect(mapping.oldSection(forNewSection: -1) == nil)
        #expect(mapping.oldIndexPath(forNewIndexPath: path(4, 55)) == path(2, 5))
        #expect(f.counts == f.data.sections.map(\.count))
    }

    @Test func errorsNameWhatIsWrong() {
        let f = CollectionViewFixture([[0, 1, 2]])
        func rejection(_ after: [[Int]], _ updates: () -> Void) -> CollectionView.UpdateError? {
            defer { f.data.sections = [[0, 1, 2]] }
            do throws(CollectionView.UpdateError) {
                try f.view.applyBatchUpdates {
                    f.data.sections = after
                    updates()
                }
                return nil
            } catch {
                return error
            }
        }
        #expect(
            rejection([[0, 1, 2, 3]]) {}
                == .invalidNumberOfItems(
                    section: 0, sectionBeforeUpdate: 0, before: 3, after: 4, inserted: 0, deleted: 0, movedIn: 0,
                    movedOut: 0))
        #expect(
            rejection([[0]]) { f.view.deleteItems(at: [path(1), path(1)]) }
                == .conflictingItemUpdates(path(1), afterUpdate: false, first: .delete, second: .delete))
        #expect(
            rejection([[0, 2, 1]]) {
                f.view.moveItem(at: path(1), to: path(2))
                f.view.deleteItems(at: [path(1)])
            } == .conflictingItemUpdates(path(1), afterUpdate: false, first: .move, second: .delete))
        #expect(
            rejection([[0, 1]]) { f.view.deleteItems(at: [path(3)]) }
                == .itemOutOfRange(path(3), action: .delete, afterUpdate: false, numberOfSections: 1, numberOfItems: 3))
        #expect(
            rejection([[0, 1, 2, 3]]) { f.view.insertItems(at: [path(0, 1)]) }
                == .itemOutOfRange(
                    path(0, 1), action: .insert, afterUpdate: true, numberOfSections: 1, numberOfItems: 0))
        #expect(
            rejection([[0, 1, 2], []]) { f.view.insertSections([2]) }
                == .sectionOutOfRange(2, action: .insert, afterUpdate: true, numberOfSections: 2))
        #expect(
            rejection([]) {
                f.view.deleteSections([0])
                f.view.deleteItems(at: [path(0)])
            } == .itemUpdateInUpdatedSection(path(0), action: .delete, afterUpdate: false, sectionAction: .delete))
        #expect(
            rejection([[0, 1, 2], []]) {} == .invalidNumberOfSections(before: 1, after: 2, inserted: 0, deleted: 0))
        #expect(
            rejection([[0, 1, 2]]) { f.view.deleteItems(at: [IndexPath(index: 0)]) }
                == .invalidIndexPath(IndexPath(index: 0), action: .delete))
        #expect(f.counts == [3])

        let error = CollectionView.UpdateError.invalidNumberOfItems(
            section: 1, sectionBeforeUpdate: 0, before: 3, after: 5, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0)
        #expect(error.description.contains("invalid number of items in section 1 (section 0 before the update)"))
        #expect(
            error.description.contains("after the update (5)") && error.description.contains("before the update (3)"))
        #expect(
            CollectionView.UpdateError.conflictingItemUpdates(
                path(1), afterUpdate: false, first: .delete, second: .move
            ).description
                == "invalid update: the item at [0, 1] before the update is named by two updates, a delete and a move")
    }

    @Test func aRejectedBatchCompletesFalseAndLeavesEverything() {
        let f = CollectionViewFixture([[0, 1, 2, 3]])
        f.view.selectItem(at: path(3), animated: false, scrollPosition: [])
        f.view.layoutIfNeeded()
        let prepares = f.layout.prepareCount
        var outcome: Bool?
        f.view.performBatchUpdates(
            {
                f.data.sections = [[0, 1, 2]]
                f.view.deleteItems(at: [path(0), path(1)])
            }, completion: { outcome = $0 })
        #expect(outcome == false)
        #expect(f.counts == [4], "the view keeps describing the data as it was")
        #expect(f.view.indexPathsForSelectedItems == [path(3)])
        #expect(f.layout.prepareCount == prepares && f.layout.updateBatches.isEmpty && !f.layout.needsPrepare)
        f.view.reloadData()
        #expect(f.counts == [3], "reloadData resynchronises")
    }

    @Test func theLayoutIsToldInOrder() {
        let f = CollectionViewFixture([[0, 1]])
        f.view.layoutIfNeeded()
        var outcome: Bool?
        f.view.performBatchUpdates(
            {
                f.data.sections = [[0, 1, 2]]
                f.view.insertItems(at: [path(2)])
            }, completion: { outcome = $0 })
        #expect(outcome == true)
        #expect(f.layout.updateBatches.count == 1 && f.layout.finalizeCount == 1)
        #expect(f.layout.mappingSeenByPrepare == [true], "prepare() ran between the two, with the mapping")
        #expect(f.layout.frame(path(2)) == CGRect(x: 100, y: 0, width: 50, height: 50))
    }

    @Test func nestedBatchesJoinTheOuterOne() {
        let f = CollectionViewFixture([[0, 1]])
        var events: [String] = []
        f.view.performBatchUpdates(
            {
                f.data.sections = [[0, 1, 2, 3]]
                f.view.insertItems(at: [path(2)])
                f.view.performBatchUpdates(
                    { f.view.insertItems(at: [path(3)]) }, completion: { events.append("inner \($0)") })
            }, completion: { events.append("outer \($0)") })
        #expect(events == ["inner true", "outer true"])
        #expect(f.layout.updateBatches.count == 1 && f.layout.updateBatches[0].count == 2)
        #expect(f.counts == [4])
    }

    @Test func updatesOutsideABatchAreBatchesOfTheirOwn() {
        let f = CollectionViewFixture([[0, 1]])
        f.view.layoutIfNeeded()
        f.data.sections = [[0, 1, 2]]
        f.view.insertItems(at: [path(2)])
        #expect(f.counts == [3] && f.layout.updateBatches.count == 1)
        f.data.sections = [[1, 2]]
        f.view.deleteItems(at: [path(0)])
        #expect(f.counts == [2] && f.layout.updateBatches.count == 2)
        // Wrong: the data source did not change. Rejected, nothing changes.
        f.view.deleteItems(at: [path(0)])
        #expect(f.counts == [2] && f.layout.updateBatches.count == 2)
    }

    @Test func withNothingReadYetAnUpdateIsAReload() {
        let f = CollectionViewFixture([[0, 1]])
        f.view.reloadData()
        f.data.sections = [[0, 1, 2]]
        f.view.insertItems(at: [path(2)])
        #expect(f.counts == [3])
        #expect(f.layout.updateBatches.isEmpty)
    }

    @Test func reloadDataInsideABatchMakesItAReload() {
        let f = CollectionViewFixture([[0, 1]])
        f.view.selectItem(at: path(1), animated: false, scrollPosition: [])
        var outcome: Bool?
        f.view.performBatchUpdates(
            {
                f.data.sections = [[5, 6, 7, 8, 9]]
                f.view.insertItems(at: [path(0)])
                f.view.reloadData()
            }, completion: { outcome = $0 })
        #expect(outcome == true)
        #expect(f.counts == [5] && f.view.indexPathsForSelectedItems == [])
        #expect(f.layout.updateBatches.isEmpty)
    }
}
