import Foundation
import KineticLayout
import PropertyBased
import Testing

/// The diffable data source's snapshot under random valid mutations (issue 35): after every
/// append, insert, delete, move, reload and reconfigure of items and sections, each query of the
/// snapshot answers what a plain array of sections and their items (the model) says it should.
@Suite("Diffable snapshot algebra")
struct DiffableSnapshotAlgebraTests {
    static let counter = FuzzRun.Counter("diffable snapshot algebra")

    @Test func everyQueryAgreesWithTheArrayModel() async {
        let operations = SnapshotOperation.generator.array(of: 1...40)
        await propertyCheck(count: FuzzRun.iterations(default: 200), input: operations) { operations in
            var harness = SnapshotAlgebraHarness()
            Self.counter.record(operations: harness.run(operations))
        }
        Self.counter.report()
    }
}

/// One mutation of a snapshot as raw choices: what (`kind`) and three numbers that pick what it
/// applies to among what exists (reduced modulo its count) or how many fresh identifiers it
/// adds. Every field shrinks towards 0.
struct SnapshotOperation: CustomStringConvertible, Sendable {
    enum Kind: Int, CaseIterable, Sendable {
        case appendSections, insertSections, deleteSections, moveSection, reloadSections
        case appendItems, insertItems, deleteItems, moveItem, reloadItems, reconfigureItems, deleteAllItems
    }

    var kind: Kind
    var a: Int
    var b: Int
    var c: Int

    var description: String { "\(kind)(\(a), \(b), \(c))" }

    static let generator = zip(
        Gen.int(in: 0...(Kind.allCases.count - 1)), Gen.int(in: 0...40), Gen.int(in: 0...40), Gen.int(in: 0...40)
    ).map { SnapshotOperation(kind: Kind(rawValue: $0.0)!, a: $0.1, b: $0.2, c: $0.3) }
}

/// A snapshot and its model, mutated together. Identifiers are never reused once deleted, so
/// what "still in the snapshot" means for reload requests is never in doubt.
struct SnapshotAlgebraHarness {
    typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

    var snapshot = Snapshot()
    /// The model: sections in order, each with its items in order.
    var sections: [(id: Int, items: [Int])] = []
    /// Items and sections asked to reload or reconfigure, in the order asked.
    var reloadedItems: [Int] = []
    var reconfiguredItems: [Int] = []
    var reloadedSections: [Int] = []
    var nextSection = 0
    var nextItem = 1000

    var allItems: [Int] { sections.flatMap { $0.items } }

    mutating func freshSections(_ count: Int) -> [Int] {
        defer { nextSection += count }
        return Array(nextSection..<(nextSection + count))
    }

    mutating func freshItems(_ count: Int) -> [Int] {
        defer { nextItem += count }
        return Array(nextItem..<(nextItem + count))
    }

    /// Where `item` is in the model: (section index, item index).
    func place(of item: Int) -> (section: Int, index: Int)? {
        for (s, section) in sections.enumerated() {
            if let i = section.items.firstIndex(of: item) { return (s, i) }
        }
        return nil
    }

    /// Takes `items` out of the model wherever they are.
    mutating func remove(_ items: [Int]) {
        for s in sections.indices { sections[s].items.removeAll { items.contains($0) } }
    }

    /// Items to add: `count` fresh ones, and an existing one (which moves) when `b` is odd.
    mutating func itemsToAdd(_ count: Int, movingExisting b: Int, except: Int? = nil) -> [Int] {
        var added = freshItems(count)
        let existing = allItems.filter { $0 != except }
        if b % 2 == 1, !existing.isEmpty { added.insert(existing[b % existing.count], at: 0) }
        return added
    }

    /// Performs `operations`, checking after each; returns how many ran.
    mutating func run(_ operations: [SnapshotOperation]) -> Int {
        for (index, operation) in operations.enumerated() {
            perform(operation)
            if let broken = brokenQuery() {
                Issue.record("after operation \(index), \(operation): \(broken)")
                return index + 1
            }
        }
        return operations.count
    }

    mutating func perform(_ operation: SnapshotOperation) {
        let (a, b, c) = (operation.a, operation.b, operation.c)
        let sectionIDs = sections.map { $0.id }
        let items = allItems
        switch operation.kind {
        case .appendSections:
            let fresh = freshSections(1 + a % 3)
            snapshot.appendSections(fresh)
            sections += fresh.map { ($0, []) }
        case .insertSections:
            guard !sectionIDs.isEmpty else { return }
            let destination = sectionIDs[a % sectionIDs.count], fresh = freshSections(1 + b % 2)
            let after = c % 2 == 1
            if after {
                snapshot.insertSections(fresh, afterSection: destination)
            } else {
                snapshot.insertSections(fresh, beforeSection: destination)
            }
            let at = (sectionIDs.firstIndex(of: destination) ?? 0) + (after ? 1 : 0)
            sections.insert(contentsOf: fresh.map { ($0, []) }, at: at)
        case .deleteSections:
            guard !sectionIDs.isEmpty else { return }
            // One that exists, and one that never did (ignored).
            let doomed = sectionIDs[a % sectionIDs.count]
            snapshot.deleteSections([doomed, -1])
            let gone = sections.first { $0.id == doomed }?.items ?? []
            sections.removeAll { $0.id == doomed }
            forgetRequests(for: gone)
            reloadedSections.removeAll { $0 == doomed }
        case .moveSection:
            guard sectionIDs.count > 1 else { return }
            let moving = sectionIDs[a % sectionIDs.count]
            let others = sectionIDs.filter { $0 != moving }
            let destination = others[b % others.count], after = c % 2 == 1
            if after {
                snapshot.moveSection(moving, afterSection: destination)
            } else {
                snapshot.moveSection(moving, beforeSection: destination)
            }
            let moved = sections.remove(at: sectionIDs.firstIndex(of: moving)!)
            let at = sections.firstIndex { $0.id == destination }! + (after ? 1 : 0)
            sections.insert(moved, at: at)
        case .reloadSections:
            guard !sectionIDs.isEmpty else { return }
            let chosen = sectionIDs[a % sectionIDs.count]
            snapshot.reloadSections([chosen])
            reloadedSections.append(chosen)
        case .appendItems:
            guard !sectionIDs.isEmpty else { return }
            let added = itemsToAdd(a % 4, movingExisting: b)
            guard !added.isEmpty else { return }
            // To a named section, or (c even) to the last one.
            let target = c % 2 == 0 ? nil : sectionIDs[c % sectionIDs.count]
            snapshot.appendItems(added, toSection: target)
            remove(added)
            let s = target.flatMap { id in sections.firstIndex { $0.id == id } } ?? sections.count - 1
            sections[s].items += added
        case .insertItems:
            guard !items.isEmpty else { return }
            let destination = items[a % items.count]
            let added = itemsToAdd(1 + c % 3, movingExisting: b, except: destination)
            let after = (b / 2) % 2 == 1
            if after {
                snapshot.insertItems(added, afterItem: destination)
            } else {
                snapshot.insertItems(added, beforeItem: destination)
            }
            remove(added)
            let (s, i) = place(of: destination)!
            sections[s].items.insert(contentsOf: added, at: i + (after ? 1 : 0))
        case .deleteItems:
            guard !items.isEmpty else { return }
            var doomed = [items[a % items.count], -5]
            if b % 2 == 1 { doomed.append(items[c % items.count]) }
            doomed = doomed.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
            snapshot.deleteItems(doomed)
            remove(doomed)
            forgetRequests(for: doomed)
        case .moveItem:
            guard items.count > 1 else { return }
            let moving = items[a % items.count]
            let others = items.filter { $0 != moving }
            let destination = others[b % others.count], after = c % 2 == 1
            if after {
                snapshot.moveItem(moving, afterItem: destination)
            } else {
                snapshot.moveItem(moving, beforeItem: destination)
            }
            remove([moving])
            let (s, i) = place(of: destination)!
            sections[s].items.insert(moving, at: i + (after ? 1 : 0))
        case .reloadItems:
            guard !items.isEmpty else { return }
            let chosen = items[a % items.count]
            snapshot.reloadItems([chosen])
            reloadedItems.append(chosen)
        case .reconfigureItems:
            guard !items.isEmpty else { return }
            let chosen = items[a % items.count]
            snapshot.reconfigureItems([chosen])
            reconfiguredItems.append(chosen)
        case .deleteAllItems:
            // Rare: most sequences should grow.
            guard a % 8 == 7 else { return }
            snapshot.deleteAllItems()
            forgetRequests(for: items)
            reloadedSections.removeAll()
            sections.removeAll()
        }
    }

    /// A deleted item is no longer asked to reload or reconfigure.
    mutating func forgetRequests(for items: [Int]) {
        reloadedItems.removeAll { items.contains($0) }
        reconfiguredItems.removeAll { items.contains($0) }
    }

    /// Each identifier once, in the order first seen.
    func unique(_ values: [Int]) -> [Int] {
        var seen = Set<Int>()
        return values.filter { seen.insert($0).inserted }
    }

    /// The first query of the snapshot that disagrees with the model, or nil.
    func brokenQuery() -> String? {
        let ids = sections.map { $0.id }, items = allItems
        guard snapshot.sectionIdentifiers == ids else { return "sections \(snapshot.sectionIdentifiers), model \(ids)" }
        guard snapshot.numberOfSections == ids.count else { return "numberOfSections \(snapshot.numberOfSections)" }
        guard snapshot.itemIdentifiers == items else { return "items \(snapshot.itemIdentifiers), model \(items)" }
        guard snapshot.numberOfItems == items.count else { return "numberOfItems \(snapshot.numberOfItems)" }
        for (s, section) in sections.enumerated() {
            guard snapshot.indexOfSection(section.id) == s else { return "indexOfSection(\(section.id))" }
            guard snapshot.itemIdentifiers(inSection: section.id) == section.items else {
                return
                    "items of \(section.id): \(snapshot.itemIdentifiers(inSection: section.id)), model \(section.items)"
            }
            guard snapshot.numberOfItems(inSection: section.id) == section.items.count else {
                return "numberOfItems(inSection: \(section.id))"
            }
        }
        for (flat, item) in items.enumerated() {
            guard snapshot.indexOfItem(item) == flat else {
                return "indexOfItem(\(item)) \(snapshot.indexOfItem(item) ?? -1)"
            }
            let section = sections[place(of: item)!.section].id
            guard snapshot.sectionIdentifier(containingItem: item) == section else {
                return "sectionIdentifier(containingItem: \(item))"
            }
        }
        // Never there, or deleted: no answers.
        for gone in [-5, nextItem, 999] where !items.contains(gone) {
            guard snapshot.indexOfItem(gone) == nil, snapshot.sectionIdentifier(containingItem: gone) == nil else {
                return "item \(gone) is not in the snapshot, yet it answers"
            }
        }
        guard snapshot.indexOfSection(-1) == nil, snapshot.indexOfSection(nextSection) == nil else {
            return "a section not in the snapshot answers"
        }
        let present = Set(items)
        let reloaded = unique(reloadedItems.filter(present.contains))
        guard unique(snapshot.reloadedItemIdentifiers) == reloaded else {
            return "reloadedItemIdentifiers \(snapshot.reloadedItemIdentifiers), model \(reloaded)"
        }
        let reconfigured = unique(reconfiguredItems.filter(present.contains))
        guard unique(snapshot.reconfiguredItemIdentifiers) == reconfigured else {
            return "reconfiguredItemIdentifiers \(snapshot.reconfiguredItemIdentifiers), model \(reconfigured)"
        }
        let reloadedSectionsShown = unique(reloadedSections.filter(ids.contains))
        guard unique(snapshot.reloadedSectionIdentifiers) == reloadedSectionsShown else {
            return "reloadedSectionIdentifiers \(snapshot.reloadedSectionIdentifiers), model \(reloadedSectionsShown)"
        }
        // Built afresh from the model, the snapshot is equal (sections and items, in order).
        var rebuilt = Snapshot()
        rebuilt.appendSections(ids)
        for section in sections where !section.items.isEmpty {
            rebuilt.appendItems(section.items, toSection: section.id)
        }
        guard rebuilt == snapshot else { return "the snapshot is not equal to one built from the model" }
        return nil
    }
}
