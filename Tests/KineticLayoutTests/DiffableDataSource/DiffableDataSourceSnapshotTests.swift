import Foundation
import KineticDynamics
import Testing

@testable import KineticLayout

/// The snapshot against an independent model (an array of sections, each an array of items) under
/// random valid mutations, and UIKit's traps with UIKit's messages (in child processes).
@Suite("Diffable data source snapshots")
struct DiffableDataSourceSnapshotTests {
    typealias Snapshot = DiffableDataSourceSnapshot<String, Int>

    /// The model: sections in order, each with its items; every mutation written the obvious way.
    struct Model: Equatable {
        var sections: [(String, [Int])] = []
        static func == (a: Model, b: Model) -> Bool {
            a.sections.map(\.0) == b.sections.map(\.0) && a.sections.map(\.1) == b.sections.map(\.1)
        }
        func section(of item: Int) -> Int? { sections.firstIndex { $0.1.contains(item) } }
        mutating func remove(_ items: [Int]) {
            for index in sections.indices { sections[index].1.removeAll { items.contains($0) } }
        }
    }

    /// The engine's deterministic generator, so a failure names its seed.
    typealias Random = SeededRandom

    func check(_ snapshot: Snapshot, _ model: Model, _ context: String) {
        #expect(snapshot.sectionIdentifiers == model.sections.map(\.0), "\(context)")
        #expect(snapshot.numberOfSections == model.sections.count, "\(context)")
        #expect(snapshot.numberOfItems == model.sections.reduce(0) { $0 + $1.1.count }, "\(context)")
        #expect(snapshot.itemIdentifiers == model.sections.flatMap(\.1), "\(context)")
        for (index, (section, items)) in model.sections.enumerated() {
            #expect(snapshot.itemIdentifiers(inSection: section) == items, "\(context)")
            #expect(snapshot.indexOfSection(section) == index, "\(context)")
        }
        for (position, item) in model.sections.flatMap(\.1).enumerated() {
            #expect(snapshot.indexOfItem(item) == position, "\(context)")
            #expect(
                snapshot.sectionIdentifier(containingItem: item) == model.section(of: item).map { model.sections[$0].0 }
            )
        }
        #expect(snapshot.indexOfItem(-1) == nil && snapshot.sectionIdentifier(containingItem: -1) == nil)
    }

    /// 200 sequences of 60 random valid mutations, checked after every one.
    @Test func mutationsMatchTheArrayModel() {
        for seed in 0..<200 {
            var random = Random(seed: UInt64(seed))
            var snapshot = Snapshot()
            var model = Model()
            var nextSection = 0, nextItem = 0
            for step in 0..<60 {
                let items = model.sections.flatMap(\.1)
                let newSection = "s\(nextSection)"
                let fresh = (0..<random.next(4)).map { nextItem + $0 }
                switch random.next(10) {
                case 0:
                    snapshot.appendSections([newSection])
                    model.sections.append((newSection, []))
                    nextSection += 1
                case 1 where !model.sections.isEmpty:
                    let at = random.next(model.sections.count), after = random.next(2) == 1
                    let destination = model.sections[at].0
                    if after {
                        snapshot.insertSections([newSection], afterSection: destination)
                    } else {
                        snapshot.insertSections([newSection], beforeSection: destination)
                    }
                    model.sections.insert((newSection, []), at: at + (after ? 1 : 0))
                    nextSection += 1
                case 2 where !model.sections.isEmpty:
                    let doomed = model.sections[random.next(model.sections.count)].0
                    snapshot.deleteSections([doomed, "missing"])
                    model.sections.removeAll { $0.0 == doomed }
                case 3 where model.sections.count > 1:
                    let from = random.next(model.sections.count)
                    var to = random.next(model.sections.count)
                    if to == from { to = (to + 1) % model.sections.count }
                    let (moving, destination) = (model.sections[from].0, model.sections[to].0)
                    let after = random.next(2) == 1
                    if after {
                        snapshot.moveSection(moving, afterSection: destination)
                    } else {
                        snapshot.moveSection(moving, beforeSection: destination)
                    }
                    let section = model.sections.remove(at: from)
                    let target = (model.sections.firstIndex { $0.0 == destination } ?? 0) + (after ? 1 : 0)
                    model.sections.insert(section, at: target)
                case 4, 5:
                    guard !model.sections.isEmpty else { continue }
                    // Fresh items and, sometimes, one already there (it moves).
                    var appended = fresh
                    if !items.isEmpty, random.next(2) == 1 { appended.append(items[random.next(items.count)]) }
                    let target = random.next(model.sections.count + 1)
                    model.remove(appended)
                    if target == model.sections.count {
                        snapshot.appendItems(appended)
                        model.sections[model.sections.count - 1].1 += appended
                    } else {
                        snapshot.appendItems(appended, toSection: model.sections[target].0)
                        model.sections[target].1 += appended
                    }
                    nextItem += fresh.count
                case 6 where !items.isEmpty:
                    let destination = items[random.next(items.count)], after = random.next(2) == 1
                    if after {
                        snapshot.insertItems(fresh, afterItem: destination)
                    } else {
                        snapshot.insertItems(fresh, beforeItem: destination)
                    }
                    let section = model.section(of: destination) ?? 0
                    let at = (model.sections[section].1.firstIndex(of: destination) ?? 0) + (after ? 1 : 0)
                    model.sections[section].1.insert(contentsOf: fresh, at: at)
                    nextItem += fresh.count
                case 7 where !items.isEmpty:
                    let doomed = [items[random.next(items.count)], -5]
                    snapshot.deleteItems(doomed)
                    model.remove(doomed)
                case 8 where items.count > 1:
                    let moving = items[random.next(items.count)]
                    var destination = items[random.next(items.count)]
                    if destination == moving { destination = items.first { $0 != moving } ?? destination }
                    let after = random.next(2) == 1
                    if after {
                        snapshot.moveItem(moving, afterItem: destination)
                    } else {
                        snapshot.moveItem(moving, beforeItem: destination)
                    }
                    model.remove([moving])
                    let section = model.section(of: destination) ?? 0
                    let at = (model.sections[section].1.firstIndex(of: destination) ?? 0) + (after ? 1 : 0)
                    model.sections[section].1.insert(moving, at: at)
                case 9 where random.next(8) == 0:
                    snapshot.deleteAllItems()
                    model.sections.removeAll()
                default: continue
                }
                check(snapshot, model, "seed \(seed) step \(step)")
            }
        }
    }

    @Test func reloadsAreRememberedAndEqualityIgnoresThem() {
        var a = Snapshot()
        a.appendSections(["a", "b"])
        a.appendItems([1, 2, 3], toSection: "a")
        var b = a
        b.reloadItems([2])
        b.reconfigureItems([3])
        b.reloadSections(["b"])
        #expect(a == b, "equal by sections and items, not by what is marked")
        #expect(b.reloadedItemIdentifiers == [2] && b.reconfiguredItemIdentifiers == [3])
        #expect(b.reloadedSectionIdentifiers == ["b"] && a.reloadedItemIdentifiers.isEmpty)
        b.deleteItems([2])
        #expect(b.reloadedItemIdentifiers.isEmpty, "a deleted item is no longer marked")
        b.appendItems([9])
        #expect(a != b)
    }

    // MARK: Traps

    /// The misuses UIKit traps on, each with the message UIKit gives (NSInternalInconsistencyException's reason).
    static let traps: [(message: String, misuse: @Sendable (inout DiffableDataSourceSnapshot<String, Int>) -> Void)] = [
        (
            "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    1\n)}",
            {
                $0.appendSections(["a"])
                $0.appendItems([1, 2, 1])
            }
        ),
        (
            "Diffable data source detected an attempt to insert or append 1 section identifier that already exists in "
                + "the snapshot. Identifiers in a snapshot must be unique. Section identifier that already exists: (a)",
            {
                $0.appendSections(["a", "b"])
                $0.appendSections(["a"])
            }
        ),
        (
            "Invalid parameter not satisfying: section != NSNotFound",
            {
                $0.appendSections(["a"])
                $0.appendItems([1], toSection: "nowhere")
            }
        ),
        ("There are currently no sections in the data source. Please add a section first.", { $0.appendItems([1]) }),
        (
            "Invalid parameter not satisfying: insertIndex != NSNotFound",
            {
                $0.insertSections(["a"], beforeSection: "nowhere")
            }
        ),
        (
            "Invalid parameter not satisfying: fromIndex != NSNotFound",
            {
                $0.appendSections(["a"])
                $0.appendItems([1])
                $0.moveItem(7, afterItem: 1)
            }
        ),
        (
            "Invalid update: destination for move operation [1] is in the move identifier list for update",
            {
                $0.appendSections(["a"])
                $0.appendItems([1])
                $0.moveItem(1, afterItem: 1)
            }
        ),
        (
            "Invalid update: destination for insertion operation [2] is in the insertion identifier list for update",
            {
                $0.appendSections(["a"])
                $0.appendItems([2])
                $0.insertItems([2, 3], afterItem: 2)
            }
        ),
        ("Attempted to reload item identifier that does not exist in the snapshot: 4", { $0.reloadItems([4]) }),
        (
            "Section identifier was not found. You can verify the section exists by calling the "
                + "indexOfSectionIdentifier API (which has O(1) performance)", { _ = $0.numberOfItems(inSection: "x") }
        ),
    ]

    @Test(arguments: 0..<10) func misusesTrapWithUIKitsMessages(index: Int) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [index] in
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            Self.traps[index].misuse(&snapshot)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains(Self.traps[index].message), "got: \(message.suffix(400))")
    }
}

extension SeededRandom {
    /// A whole number in 0..<`bound` (0 when `bound` is not positive).
    mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
}
