import Foundation
import KineticDynamics
import Testing

@testable import KineticLayout

/// Section snapshots (outlines) against a tree model, and expanding and collapsing through the
/// diffable data source: the section shows exactly the visible items, the handlers are asked and
/// told in order, and the children come and go as one batch update.
@Suite("Diffable data source outlines")
struct OutlineTests {
    typealias Outline = DiffableDataSourceSectionSnapshot<Int>

    /// The model: a node with children, expanded or not.
    final class Node {
        let id: Int
        var children: [Node] = []
        var expanded = false
        weak var parent: Node?
        init(_ id: Int) { self.id = id }
        func all() -> [Int] { [id] + children.flatMap { $0.all() } }
        func visible() -> [Int] { [id] + (expanded ? children.flatMap { $0.visible() } : []) }
        func find(_ id: Int) -> Node? { self.id == id ? self : children.lazy.compactMap { $0.find(id) }.first }
        var level: Int { parent.map { $0.level + 1 } ?? 0 }
    }

    @Test func randomOutlinesMatchTheTreeModel() {
        for seed in 0..<150 {
            var random = SeededRandom(seed: UInt64(seed) &+ 99)
            var outline = Outline()
            var roots: [Node] = []
            var next = 0
            func node(_ id: Int) -> Node? { roots.lazy.compactMap { $0.find(id) }.first }
            for step in 0..<50 {
                let all = roots.flatMap { $0.all() }
                switch random.next(6) {
                case 0, 1:
                    // New items under a random parent (or at the top).
                    let fresh = (0..<(1 + random.next(3))).map { next + $0 }
                    next += fresh.count
                    if all.isEmpty || random.next(3) == 0 {
                        outline.append(fresh)
                        roots += fresh.map(Node.init)
                    } else {
                        let parent = all[random.next(all.count)]
                        outline.append(fresh, to: parent)
                        let model = node(parent)!
                        for id in fresh {
                            let child = Node(id)
                            child.parent = model
                            model.children.append(child)
                        }
                    }
                case 2 where !all.isEmpty:
                    let item = all[random.next(all.count)]
                    outline.expand([item])
                    node(item)?.expanded = true
                case 3 where !all.isEmpty:
                    let item = all[random.next(all.count)]
                    outline.collapse([item])
                    node(item)?.expanded = false
                case 4 where !all.isEmpty:
                    let item = all[random.next(all.count)]
                    outline.delete([item, -1])
                    if let model = node(item) {
                        if let parent = model.parent {
                            parent.children.removeAll { $0 === model }
                        } else {
                            roots.removeAll { $0 === model }
                        }
                    }
                case 5 where !all.isEmpty:
                    let destination = all[random.next(all.count)], fresh = next
                    next += 1
                    let after = random.next(2) == 1
                    if after {
                        outline.insert([fresh], after: destination)
                    } else {
                        outline.insert([fresh], before: destination)
                    }
                    let model = node(destination)!, child = Node(fresh)
                    child.parent = model.parent
                    if let parent = model.parent {
                        let at = parent.children.firstIndex { $0 === model }! + (after ? 1 : 0)
                        parent.children.insert(child, at: at)
                    } else {
                        let at = roots.firstIndex { $0 === model }! + (after ? 1 : 0)
                        roots.insert(child, at: at)
                    }
                default: continue
                }
                let context = "seed \(seed) step \(step)"
                #expect(outline.items == roots.flatMap { $0.all() }, "\(context)")
                #expect(outline.visibleItems == roots.flatMap { $0.visible() }, "\(context)")
                #expect(outline.rootItems == roots.map(\.id), "\(context)")
                for id in outline.items {
                    let model = node(id)!
                    #expect(outline.parent(of: id) == model.parent?.id, "\(context)")
                    #expect(outline.level(of: id) == model.level, "\(context)")
                    #expect(outline.isVisible(id) == roots.flatMap { $0.visible() }.contains(id), "\(context)")
                }
            }
        }
    }

    @Test func aSubtreeSnapshotKeepsItsExpansion() {
        var outline = Outline()
        outline.append([1, 2])
        outline.append([10, 11], to: 1)
        outline.append([100], to: 10)
        outline.expand([1, 10])
        let branch = outline.snapshot(of: 1)
        #expect(branch.rootItems == [10, 11] && branch.visibleItems == [10, 100, 11])
        let withParent = outline.snapshot(of: 1, includingParent: true)
        #expect(withParent.rootItems == [1] && withParent.visibleItems == [1, 10, 100, 11])
    }

    @Test func expandingAndCollapsingThroughTheDataSource() throws {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 100, height: 30)
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 600), collectionViewLayout: layout)
        let dataSource = CollectionViewDiffableDataSource<String, Int>(collectionView: view) { _, _, _ in nil }
        var outline = Outline()
        outline.append([1, 2, 3])
        outline.append([20, 21], to: 2)
        dataSource.apply(outline, to: "settings")
        #expect(view.numberOfSections == 1 && view.numberOfItems(inSection: 0) == 3)
        var told: [String] = []
        dataSource.sectionSnapshotHandlers.willExpandItem = { told.append("will expand \($0)") }
        dataSource.sectionSnapshotHandlers.willCollapseItem = { told.append("will collapse \($0)") }
        dataSource.sectionSnapshotHandlers.shouldExpandItem = { $0 != 3 }
        // A branch loaded when it opens: item 3's children come from the handler.
        dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, children in
            var loaded = children
            if parent == 2 { loaded.append([22]) }
            return loaded
        }
        #expect(dataSource.expand(2))
        #expect(dataSource.snapshot().itemIdentifiers(inSection: "settings") == [1, 2, 20, 21, 22, 3])
        #expect(view.numberOfItems(inSection: 0) == 6)
        #expect(!dataSource.expand(3), "shouldExpandItem says no")
        #expect(!dataSource.expand(2), "already expanded")
        #expect(dataSource.collapse(2))
        #expect(dataSource.snapshot().itemIdentifiers(inSection: "settings") == [1, 2, 3])
        #expect(told == ["will expand 2", "will collapse 2"])
        // The tree is kept while collapsed: expanding again shows the loaded child.
        dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = nil
        #expect(dataSource.expand(2))
        #expect(dataSource.snapshot(for: "settings").visibleItems == [1, 2, 20, 21, 22, 3])
        #expect(dataSource.snapshot(for: "settings").level(of: 22) == 1)
    }

    @Test func aRepeatedIdentifierTrapsWithUIKitsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var outline = DiffableDataSourceSectionSnapshot<Int>()
            outline.append([1, 2])
            outline.append([2], to: 1)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            message.contains(
                "Identifiers in a section snapshot must be unique. Duplicate item identifiers: {(\n    2\n)}"))
    }
}
