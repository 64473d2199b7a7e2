import Foundation
import KineticDynamics
import Testing

@testable import KineticLayout

/// Applying snapshots through the diffable data source: random pairs end with the collection view
/// showing exactly the new snapshot, through a batch update the collection view accepts, and every
/// item that survives (in a section that survives) is carried by the update's index-path mapping
/// from its old place to its new one, so its attributes move continuously.
@Suite("Diffable data source apply")
struct DiffableDataSourceApplyTests {
    typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

    /// A flow layout that keeps the mapping of the last update it was told of.
    final class RecordingLayout: FlowLayout {
        var mappings: [CollectionView.IndexPathMapping] = []
        override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
            super.prepare(forCollectionViewUpdates: updateItems)
            if let mapping = collectionView?.indexPathMappingForUpdates { mappings.append(mapping) }
        }
    }

    /// A random snapshot over sections 0..<8 and items 0..<60, some of each left out, shuffled.
    static func randomSnapshot(_ random: inout SeededRandom) -> Snapshot {
        var snapshot = Snapshot()
        var sections = (0..<8).filter { _ in random.next(4) != 0 }
        sections.shuffle(using: &random)
        snapshot.appendSections(sections)
        guard !sections.isEmpty else { return snapshot }
        var items = (0..<60).filter { _ in random.next(3) != 0 }
        items.shuffle(using: &random)
        for item in items { snapshot.appendItems([item], toSection: sections[random.next(sections.count)]) }
        return snapshot
    }

    /// `snapshot` after a few random edits: items moved within and between sections, deleted,
    /// inserted, a section moved.
    static func edited(_ snapshot: Snapshot, _ random: inout SeededRandom) -> Snapshot {
        var edited = snapshot
        for step in 0..<3 {
            let items = edited.itemIdentifiers
            guard items.count > 2 else { break }
            let a = items[random.next(items.count)], b = items[random.next(items.count)]
            switch random.next(4) {
            case 0 where a != b: edited.moveItem(a, afterItem: b)
            case 1: edited.deleteItems([a])
            case 2: edited.insertItems([100 + step], beforeItem: a)
            default:
                let sections = edited.sectionIdentifiers
                if sections.count > 1 { edited.moveSection(sections[0], afterSection: sections[sections.count - 1]) }
            }
        }
        return edited
    }

    @Test func randomPairsEndInTheNewSnapshotWithItemsCarriedAcross() throws {
        for seed in 0..<300 {
            var random = SeededRandom(seed: UInt64(seed) &* 7919)
            let layout = RecordingLayout()
            layout.itemSize = CGSize(width: 40, height: 40)
            let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 400), collectionViewLayout: layout)
            let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) { _, _, _ in
                CollectionViewCell()
            }
            let old = Self.randomSnapshot(&random)
            dataSource.applySnapshotUsingReloadData(old)
            view.layoutIfNeeded()
            // Half the pairs unrelated, half a few edits apart (long runs kept at both ends).
            var new = seed % 2 == 0 ? Self.randomSnapshot(&random) : Self.edited(old, &random)
            let kept = new.itemIdentifiers.filter { old.indexOfItem($0) != nil }
            if !kept.isEmpty { new.reloadItems([kept[random.next(kept.count)]]) }
            // The difference is a batch the view accepts as it is.
            let difference = SnapshotDifference(from: old, to: new)
            do {
                let probe = CollectionView(frame: view.frame, collectionViewLayout: FlowLayout())
                let shown = CollectionViewDiffableDataSource<Int, Int>(collectionView: probe) { _, _, _ in nil }
                shown.applySnapshotUsingReloadData(old)
                probe.layoutIfNeeded()
                try probe.applyBatchUpdates {
                    shown.applySnapshotUsingReloadDataWithoutReload(new)
                    difference.record(on: probe)
                }
            } catch {
                Issue.record("seed \(seed): the view refused the difference: \(error)")
            }
            layout.mappings.removeAll()
            var completed = false
            dataSource.apply(new) { completed = true }
            #expect(completed, "seed \(seed)")
            #expect(dataSource.snapshot() == new, "seed \(seed)")
            #expect(view.numberOfSections == new.numberOfSections, "seed \(seed)")
            for (index, section) in new.sectionIdentifiers.enumerated() {
                #expect(view.numberOfItems(inSection: index) == new.numberOfItems(inSection: section), "seed \(seed)")
            }
            guard old != new || !difference.isEmpty else { continue }
            let mapping = try #require(layout.mappings.last, "seed \(seed): the view took a batch update, not a reload")
            for item in new.itemIdentifiers {
                guard let from = old.indexPath(of: item), let to = dataSource.indexPath(for: item) else { continue }
                let oldSection = old.sectionIdentifiers[from.section], newSection = new.sectionIdentifiers[to.section]
                // Re-created exactly when its old section is gone or its new one is new.
                let bothSurvive = new.indexOfSection(oldSection) != nil && old.indexOfSection(newSection) != nil
                #expect(difference.recreatedItems.contains(item) == !bothSurvive, "seed \(seed): item \(item)")
                guard bothSurvive else { continue }
                #expect(mapping.newIndexPath(forOldIndexPath: from) == to, "seed \(seed): item \(item) \(from) → \(to)")
            }
        }
    }

    /// A section asked to reload whose items also change (one moves within it, one leaves it for
    /// another section, one comes in) is one batch the view accepts: the section is reloaded,
    /// no item inside it is numbered, and the item that left is inserted where it went.
    @Test func aReloadedSectionWhoseItemsChangeIsOneAcceptedBatch() throws {
        let layout = RecordingLayout()
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 400), collectionViewLayout: layout)
        let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) { _, _, _ in nil }
        var old = Snapshot()
        old.appendSections([0, 1])
        old.appendItems([1, 2, 3], toSection: 0)
        old.appendItems([4, 5], toSection: 1)
        dataSource.apply(old)
        var new = old
        new.moveItem(1, afterItem: 3)
        new.moveItem(2, afterItem: 5)
        new.moveItem(4, beforeItem: 3)
        new.reloadSections([0])
        let difference = SnapshotDifference(from: old, to: new)
        #expect(difference.reloadedSections == [0])
        #expect(difference.deletedItems == [IndexPath(item: 0, section: 1)])
        #expect(difference.insertedItems == [IndexPath(item: 1, section: 1)])
        #expect(difference.movedItems.isEmpty)
        layout.mappings.removeAll()
        dataSource.apply(new)
        #expect(layout.mappings.count == 1, "a batch update, not a reload")
        #expect(dataSource.snapshot() == new)
        #expect(view.numberOfItems(inSection: 0) == 3 && view.numberOfItems(inSection: 1) == 2)
        #expect(difference.recreatedItems == [1, 2, 3, 4], "all out of or into the reloaded section")
    }

    @Test func lookupsAnswerFromWhatIsShown() {
        let view = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 200, height: 400), collectionViewLayout: FlowLayout())
        let dataSource = CollectionViewDiffableDataSource<String, String>(collectionView: view) { _, _, item in
            final class Labelled: CollectionViewCell {
                let text: String
                init(_ text: String) { self.text = text }
            }
            return Labelled(item)
        }
        var snapshot = DiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["fruit", "veg"])
        snapshot.appendItems(["apple", "pear"], toSection: "fruit")
        snapshot.appendItems(["leek"], toSection: "veg")
        dataSource.apply(snapshot, animatingDifferences: false)
        #expect(dataSource.itemIdentifier(for: IndexPath(item: 1, section: 0)) == "pear")
        #expect(dataSource.indexPath(for: "leek") == IndexPath(item: 0, section: 1))
        #expect(dataSource.sectionIdentifier(for: 1) == "veg" && dataSource.sectionIdentifier(for: 2) == nil)
        #expect(dataSource.index(for: "veg") == 1 && dataSource.index(for: "meat") == nil)
        #expect(dataSource.itemIdentifier(for: IndexPath(item: 5, section: 0)) == nil)
        #expect(dataSource.cell(at: IndexPath(item: 0, section: 1))?.indexPath == IndexPath(item: 0, section: 1))
        #expect(view.numberOfItems(inSection: 0) == 2)
    }

    /// A snapshot applied from an apply's completion is applied after it, in order: nothing lost.
    @Test func anApplyInsideAnApplyRunsAfterIt() {
        let view = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 200, height: 400), collectionViewLayout: FlowLayout())
        let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) { _, _, _ in nil }
        var first = Snapshot()
        first.appendSections([0])
        first.appendItems([1, 2, 3])
        var second = first
        second.moveItem(3, beforeItem: 1)
        var order: [String] = []
        dataSource.apply(first) {
            order.append("first")
            dataSource.apply(second) { order.append("second") }
            order.append("first returns")
        }
        #expect(order == ["first", "first returns", "second"])
        #expect(dataSource.snapshot() == second && view.numberOfItems(inSection: 0) == 3)
    }
}
