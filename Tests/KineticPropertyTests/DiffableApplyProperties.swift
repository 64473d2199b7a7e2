import Foundation
import KineticLayout
import PropertyBased
import Testing

/// Random pairs of snapshots applied through a diffable data source to a collection view with a
/// flow layout (issue 35): the view ends showing exactly the new snapshot (its counts, and the
/// item at every index path), through one batch update the view accepts (the layout is told of
/// it, nothing is logged), and every item in both snapshots whose section is in both is carried
/// by the update's index-path mapping from its old place to its new one (its attributes move
/// continuously; no jump), keeping its selection, unless it or its section was asked to reload.
@Suite("Diffable data source apply under random snapshots")
@MainActor
struct DiffableApplyPropertyTests {
    static let counter = FuzzRun.Counter("diffable apply")

    @Test func theViewEndsInTheNewSnapshotByOneAcceptedBatch() async {
        let input = zip(SnapshotRecipe.generator, SnapshotRecipe.generator, SnapshotEdit.generator.array(of: 0...6))
        await propertyCheck(count: FuzzRun.iterations(default: 150), input: input) { old, new, edits in
            Self.counter.record(operations: 1 + edits.count)
            if let broken = ApplyHarness().check(old: old, new: new, edits: edits) {
                Issue.record("old \(old), new \(new), edits \(edits): \(broken)")
            }
        }
        Self.counter.report()
    }
}

/// A snapshot as raw choices: section identifiers (0..<8, repeats dropped), then items
/// (0..<60, repeats dropped), each put in the section its choice picks.
struct SnapshotRecipe: CustomStringConvertible, Sendable {
    var sections: [Int]
    var items: [Int]
    var choices: [Int]

    var description: String { "sections \(sections) items \(items) in \(choices)" }

    static let generator = zip(
        Gen.int(in: 0...7).array(of: 0...8), Gen.int(in: 0...59).array(of: 0...50), Gen.int(in: 0...7).array(of: 50)
    ).map { SnapshotRecipe(sections: $0.0, items: $0.1, choices: $0.2) }

    var snapshot: DiffableDataSourceSnapshot<Int, Int> {
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        var seen = Set<Int>()
        let sections = self.sections.filter { seen.insert($0).inserted }
        snapshot.appendSections(sections)
        guard !sections.isEmpty else { return snapshot }
        seen.removeAll()
        for (index, item) in items.enumerated() where seen.insert(item).inserted {
            snapshot.appendItems([item], toSection: sections[choices[index % choices.count] % sections.count])
        }
        return snapshot
    }
}

/// An edit of a snapshot, as raw choices: an item moved, deleted or inserted, a section moved,
/// inserted or deleted, an item reloaded or reconfigured, a section reloaded.
struct SnapshotEdit: CustomStringConvertible, Sendable {
    var kind: Int
    var a: Int
    var b: Int

    var description: String { "edit\(kind)(\(a), \(b))" }

    static let generator = zip(Gen.int(in: 0...8), Gen.int(in: 0...99), Gen.int(in: 0...99))
        .map { SnapshotEdit(kind: $0.0, a: $0.1, b: $0.2) }

    /// Applies the edit to `snapshot` where it can (a fresh identifier is 100 + `a`).
    func apply(to snapshot: inout DiffableDataSourceSnapshot<Int, Int>) {
        let items = snapshot.itemIdentifiers, sections = snapshot.sectionIdentifiers
        let item = items.isEmpty ? nil : items[a % items.count]
        let other = items.isEmpty ? nil : items[b % items.count]
        switch kind {
        case 0:
            if let item, let other, item != other { snapshot.moveItem(item, afterItem: other) }
        case 1:
            if let item { snapshot.deleteItems([item]) }
        case 2:
            if let item, snapshot.indexOfItem(100 + a) == nil { snapshot.insertItems([100 + a], beforeItem: item) }
        case 3:
            if sections.count > 1 {
                let moving = sections[a % sections.count], destination = sections[b % sections.count]
                if moving != destination { snapshot.moveSection(moving, beforeSection: destination) }
            }
        case 4:
            if snapshot.indexOfSection(100 + a) == nil {
                if sections.isEmpty {
                    snapshot.appendSections([100 + a])
                } else {
                    snapshot.insertSections([100 + a], afterSection: sections[b % sections.count])
                }
                if b % 2 == 1, let item { snapshot.appendItems([item], toSection: 100 + a) }
            }
        case 5:
            if !sections.isEmpty { snapshot.deleteSections([sections[a % sections.count]]) }
        case 6:
            if let item { snapshot.reloadItems([item]) }
        case 7:
            if let item { snapshot.reconfigureItems([item]) }
        default:
            if !sections.isEmpty { snapshot.reloadSections([sections[a % sections.count]]) }
        }
    }
}

/// A collection view with a flow layout that keeps the index-path mapping of each update it is
/// told of, fed by a diffable data source.
@MainActor
final class ApplyHarness {
    /// A flow layout that keeps the mapping of each update it was told of.
    final class RecordingLayout: FlowLayout {
        var mappings: [CollectionView.IndexPathMapping] = []
        override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
            super.prepare(forCollectionViewUpdates: updateItems)
            if let mapping = collectionView?.indexPathMappingForUpdates { mappings.append(mapping) }
        }
    }

    let layout = RecordingLayout()
    let view: CollectionView
    let capture = LogCapture()
    let dataSource: CollectionViewDiffableDataSource<Int, Int>

    init() {
        layout.itemSize = CGSize(width: 40, height: 40)
        layout.headerReferenceSize = CGSize(width: 10, height: 10)
        view = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 400), collectionViewLayout: layout)
        view.allowsMultipleSelection = true
        view.logger = capture.logger
        dataSource = CollectionViewDiffableDataSource(collectionView: view) { _, _, _ in CollectionViewCell() }
        // A refused batch is logged by the data source (which then reloads): none may be.
        dataSource.logger = capture.logger
    }

    /// Shows `old`, selects some of its items, applies `new` (or `old` edited, when there are
    /// edits); returns the first broken expectation, or nil.
    func check(old oldRecipe: SnapshotRecipe, new newRecipe: SnapshotRecipe, edits: [SnapshotEdit]) -> String? {
        let old = oldRecipe.snapshot
        var new = edits.isEmpty ? newRecipe.snapshot : old
        for edit in edits { edit.apply(to: &new) }
        dataSource.applySnapshotUsingReloadData(old)
        view.layoutIfNeeded()
        // Every third item selected.
        for (index, item) in old.itemIdentifiers.enumerated() where index % 3 == 0 {
            view.selectItem(at: dataSource.indexPath(for: item), animated: false, scrollPosition: [])
        }
        let selectedBefore = Set(old.itemIdentifiers.enumerated().filter { $0.offset % 3 == 0 }.map { $0.element })
        capture.clear()
        layout.mappings.removeAll()
        var completed = 0
        dataSource.apply(new) { completed += 1 }
        guard completed == 1 else { return "the completion ran \(completed) times" }
        guard capture.messages.isEmpty else { return "logged \(capture.messages)" }
        // What the view shows: the new snapshot, exactly.
        guard dataSource.snapshot() == new else {
            return "the data source shows \(dataSource.snapshot().itemIdentifiers)"
        }
        guard view.numberOfSections == new.numberOfSections else {
            return "\(view.numberOfSections) sections, the snapshot has \(new.numberOfSections)"
        }
        for (s, section) in new.sectionIdentifiers.enumerated() {
            let items = new.itemIdentifiers(inSection: section)
            guard view.numberOfItems(inSection: s) == items.count else {
                return "section \(s) has \(view.numberOfItems(inSection: s)) items, the snapshot \(items.count)"
            }
            guard dataSource.sectionIdentifier(for: s) == section else { return "section \(s) is not \(section)" }
            for (i, item) in items.enumerated() {
                let path = IndexPath(item: i, section: s)
                guard dataSource.itemIdentifier(for: path) == item else { return "\(path) is not item \(item)" }
                guard view.layoutAttributesForItem(at: path)?.frame.isAllFinite == true else {
                    return "no attributes for \(path)"
                }
            }
        }
        guard old != new else { return nil }
        // One batch update, accepted: the layout was told of it (a refused batch is a reload).
        guard layout.mappings.count == 1, let mapping = layout.mappings.first else {
            return "the layout was told of \(layout.mappings.count) updates, not one accepted batch"
        }
        let asked = Set(new.reloadedItemIdentifiers + new.reconfiguredItemIdentifiers)
        let reloadedSections = Set(new.reloadedSectionIdentifiers)
        let selectedAfter = Set(
            (view.indexPathsForSelectedItems ?? []).compactMap { dataSource.itemIdentifier(for: $0) })
        guard selectedAfter.isSubset(of: selectedBefore) else {
            return "selected after \(selectedAfter.subtracting(selectedBefore)), never selected before"
        }
        for item in new.itemIdentifiers {
            guard let from = old.indexPath(of: item), let to = dataSource.indexPath(for: item) else { continue }
            let oldSection = old.sectionIdentifiers[from.section], newSection = new.sectionIdentifiers[to.section]
            // Re-created: its section is new, gone, or reloaded (its cells made anew).
            guard new.indexOfSection(oldSection) != nil, old.indexOfSection(newSection) != nil,
                !reloadedSections.contains(oldSection), !reloadedSections.contains(newSection)
            else { continue }
            // Carried across: its old place maps to its new one.
            guard mapping.newIndexPath(forOldIndexPath: from) == to else {
                return "item \(item) moved \(from) → \(to), the update maps it to "
                    + "\(mapping.newIndexPath(forOldIndexPath: from).map { "\($0)" } ?? "nothing")"
            }
            if selectedBefore.contains(item), !asked.contains(item), !selectedAfter.contains(item) {
                return "item \(item), carried across, lost its selection"
            }
        }
        return nil
    }
}

extension DiffableDataSourceSnapshot where ItemIdentifierType == Int, SectionIdentifierType == Int {
    /// The index path of `item`, by the public queries.
    func indexPath(of item: Int) -> IndexPath? {
        guard let section = sectionIdentifier(containingItem: item), let s = indexOfSection(section),
            let i = itemIdentifiers(inSection: section).firstIndex(of: item)
        else { return nil }
        return IndexPath(item: i, section: s)
    }
}
