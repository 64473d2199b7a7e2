import Foundation
import KineticDynamics
import Testing

@testable import KineticLayout

/// Bad input to section snapshots (outlines) and to `apply(_:to:)`: what UIKit traps on traps,
/// with a message in UIKit's words; the rest is logged and leaves the last valid state.
@Suite("Section snapshot misuse")
struct SectionSnapshotMisuseTests {
    typealias Outline = DiffableDataSourceSectionSnapshot<Int>

    /// An outline: roots 1 and 2, 1's children 10 and 11, 10's child 100.
    static func outline() -> Outline {
        var outline = Outline()
        outline.append([1, 2])
        outline.append([10, 11], to: 1)
        outline.append([100], to: 10)
        return outline
    }

    static let traps: [(message: String, misuse: @Sendable (inout Outline) -> Void)] = [
        (
            "Identifiers in a section snapshot must be unique. Duplicate item identifiers: {(\n    3\n)}",
            { $0.append([3, 4, 3]) }
        ),
        (
            "Identifiers in a section snapshot must be unique. Duplicate item identifiers: {(\n    100\n)}",
            { $0.append([5, 100], to: 2) }
        ),
        (
            "Identifiers in a section snapshot must be unique. Duplicate item identifiers: {(\n    11\n)}",
            { $0.insert([11], after: 2) }
        ),
        (
            "Identifiers in a section snapshot must be unique. Duplicate item identifiers: {(\n    2\n)}",
            { $0.insert([2], before: 2) }
        ),
        (
            "Attempted to append items to a parent whose identifier does not exist in the section snapshot: 7",
            { $0.append([8], to: 7) }
        ),
        (
            "Attempted to insert items before an item whose identifier does not exist in the section snapshot: 7",
            { $0.insert([8], before: 7) }
        ),
        (
            "Attempted to insert items after an item whose identifier does not exist in the section snapshot: 7",
            { $0.insert([8], after: 7) }
        ),
        (
            "Attempted to replace the children of a parent whose identifier does not exist in the section "
                + "snapshot: 7", { $0.replace(childrenOf: 7, using: Outline()) }
        ),
        (
            // A branch holding an item the outline has elsewhere.
            "Identifiers in a section snapshot must be unique. Duplicate item identifiers: {(\n    2\n)}",
            {
                var branch = Outline()
                branch.append([2])
                $0.replace(childrenOf: 10, using: branch)
            }
        ),
    ]

    @Test(arguments: 0..<9) func misusesTrapWithUIKitsMessages(index: Int) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [index] in
            var outline = Self.outline()
            Self.traps[index].misuse(&outline)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains(Self.traps[index].message), "got: \(message.suffix(400))")
    }

    /// Expanding, collapsing, deleting and asking about items that are not there change nothing
    /// and answer the neutral value.
    @Test func unknownItemsChangeNothing() {
        var outline = Self.outline()
        outline.expand([1])
        let before = outline
        outline.expand([7, 8])
        outline.collapse([7])
        outline.delete([7])
        #expect(outline == before)
        #expect(outline.visibleItems == [1, 10, 11, 2] && outline.items == [1, 10, 100, 11, 2])
        #expect(outline.level(of: 7) == 0 && outline.parent(of: 7) == nil && outline.index(of: 7) == nil)
        #expect(!outline.isVisible(7) && !outline.isExpanded(7) && !outline.contains(7))
        #expect(outline.snapshot(of: 7) == Outline() && outline.snapshot(of: 7, includingParent: true) == Outline())
        // Expanding a known item along with unknown ones still expands it.
        outline.expand([7, 10])
        #expect(outline.visibleItems == [1, 10, 100, 11, 2])
    }

    /// Each of those calls is logged once, naming the call and the item.
    @Test func unknownItemsAreLogged() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            var outline = Self.outline()
            outline.expand([7])
            outline.collapse([8])
            _ = outline.level(of: 9)
            _ = outline.parent(of: 1)  // a root: nil, not logged
            _ = outline.parent(of: 12)
            _ = outline.snapshot(of: 13)
            outline.delete([14])  // ignored silently, as UIKit does
        }
        let log = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        let lines = log.split(separator: "\n").filter { $0.contains("does not exist in the section snapshot") }
        #expect(lines.count == 5, "got: \(log.suffix(800))")
        for (call, item) in [
            ("expand(_:)", 7), ("collapse(_:)", 8), ("level(of:)", 9), ("parent(of:)", 12),
            ("snapshot(of:includingParent:)", 13),
        ] {
            #expect(
                lines.contains { $0.contains("DiffableDataSourceSectionSnapshot.\(call): item identifier \(item) ") },
                "\(call)")
        }
    }

    /// A section snapshot applied to a section the data source does not have appends it after the
    /// others, as UIKit does; the other sections keep their items.
    @Test func applyingToAnUnknownSectionAppendsIt() throws {
        let view = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 200, height: 400), collectionViewLayout: FlowLayout())
        let dataSource = CollectionViewDiffableDataSource<String, Int>(collectionView: view) { _, _, _ in nil }
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a", "b"])
        snapshot.appendItems([1, 2], toSection: "a")
        snapshot.appendItems([3], toSection: "b")
        dataSource.apply(snapshot)
        var outline = Outline()
        outline.append([20, 21])
        outline.append([22], to: 20)
        dataSource.apply(outline, to: "new")
        let shown = dataSource.snapshot()
        #expect(shown.sectionIdentifiers == ["a", "b", "new"])
        #expect(shown.itemIdentifiers == [1, 2, 3, 20, 21])
        #expect(view.numberOfSections == 3 && view.numberOfItems(inSection: 2) == 2)
        #expect(dataSource.snapshot(for: "new") == outline)
        // A section that was never applied answers an empty outline.
        #expect(dataSource.snapshot(for: "missing") == Outline())
    }

    /// Items of a section snapshot that another section holds move to the section applied (as an
    /// item appended again moves), logged once.
    @Test func itemsOfAnotherSectionMoveWithALogLine() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let view = CollectionView(
                frame: CGRect(x: 0, y: 0, width: 200, height: 400), collectionViewLayout: FlowLayout())
            let dataSource = CollectionViewDiffableDataSource<String, Int>(collectionView: view) { _, _, _ in nil }
            var first = Outline()
            first.append([1, 2, 3])
            dataSource.apply(first, to: "a")
            var second = Outline()
            second.append([4, 2])
            dataSource.apply(second, to: "b")
            // Checked here, in the child process: a failed check fails its exit status.
            guard dataSource.snapshot().itemIdentifiers(inSection: "a") == [1, 3],
                dataSource.snapshot().itemIdentifiers(inSection: "b") == [4, 2],
                view.numberOfItems(inSection: 0) == 2, view.numberOfItems(inSection: 1) == 2,
                // Section a's outline no longer matches what it shows: its items answer as roots.
                dataSource.snapshot(for: "a").rootItems == [1, 3]
            else { exit(1) }
        }
        let log = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        let lines = log.split(separator: "\n").filter { $0.contains("apply(_:to:)") }
        #expect(lines.count == 1, "got: \(log.suffix(800))")
        #expect(
            lines.first?.contains("item identifier 2 of the section snapshot is in section a too; moved to section b")
                == true)
    }
}
