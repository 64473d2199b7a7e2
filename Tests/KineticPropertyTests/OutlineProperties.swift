import Foundation
import KineticLayout
import PropertyBased
import Testing

/// Section snapshots (outlines) under random appends, inserts, deletes, expands, collapses and
/// branch replacements (issue 35), against a tree of nodes: the items, the visible items, the
/// roots, each item's parent, level, visibility and expansion, and the subtree snapshots agree
/// with the tree; applied to a diffable data source, the section shows the visible items, and
/// expanding or collapsing through the data source does what the tree says.
@Suite("Outlines under random use")
@MainActor
struct OutlinePropertyTests {
    static let counter = FuzzRun.Counter("outline")

    @Test func anOutlineAgreesWithTheTreeModel() async {
        let operations = OutlineOperation.generator.array(of: 1...40)
        await propertyCheck(count: FuzzRun.iterations(default: 200), input: operations) { operations in
            let harness = OutlineHarness()
            Self.counter.record(operations: harness.run(operations))
        }
        Self.counter.report()
    }
}

/// One change of an outline, as raw choices: what (`kind`), which item (`a`, modulo the items),
/// and a number (`b`: how many, before or after, through the data source or not). Every field
/// shrinks towards 0.
struct OutlineOperation: CustomStringConvertible, Sendable {
    enum Kind: Int, CaseIterable, Sendable {
        case appendRoots, appendChildren, insert, delete, expand, collapse, replaceChildren, expandInDataSource
        case collapseInDataSource
    }

    var kind: Kind
    var a: Int
    var b: Int

    var description: String { "\(kind)(\(a), \(b))" }

    static let generator = zip(Gen.int(in: 0...(Kind.allCases.count - 1)), Gen.int(in: 0...60), Gen.int(in: 0...60))
        .map { OutlineOperation(kind: Kind(rawValue: $0.0)!, a: $0.1, b: $0.2) }
}

/// The model: a node with children, expanded or not.
final class OutlineNode {
    let id: Int
    var children: [OutlineNode] = []
    var expanded = false
    weak var parent: OutlineNode?

    init(_ id: Int, parent: OutlineNode?) {
        self.id = id
        self.parent = parent
    }

    /// This node and its descendants, depth first.
    func all() -> [Int] { [id] + children.flatMap { $0.all() } }
    /// This node and the descendants its expanded ancestors show.
    func visible() -> [Int] { [id] + (expanded ? children.flatMap { $0.visible() } : []) }
    func find(_ id: Int) -> OutlineNode? { self.id == id ? self : children.lazy.compactMap { $0.find(id) }.first }
    var level: Int { parent.map { $0.level + 1 } ?? 0 }
    var isShown: Bool { parent.map { $0.expanded && $0.isShown } ?? true }
}

/// An outline, its tree model, and a data source showing it in section "outline" (checked after
/// every change).
@MainActor
final class OutlineHarness {
    typealias Outline = DiffableDataSourceSectionSnapshot<Int>

    var outline = Outline()
    var roots: [OutlineNode] = []
    var next = 0
    let view: CollectionView
    let dataSource: CollectionViewDiffableDataSource<String, Int>

    init() {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 100, height: 30)
        view = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 300), collectionViewLayout: layout)
        dataSource = CollectionViewDiffableDataSource(collectionView: view) { _, _, _ in nil }
        dataSource.apply(outline, to: "outline")
    }

    var all: [Int] { roots.flatMap { $0.all() } }
    var visible: [Int] { roots.flatMap { $0.visible() } }
    func node(_ id: Int) -> OutlineNode? { roots.lazy.compactMap { $0.find(id) }.first }

    func fresh(_ count: Int) -> [Int] {
        defer { next += count }
        return Array(next..<(next + count))
    }

    /// Performs `operations`, checking after each; returns how many ran.
    func run(_ operations: [OutlineOperation]) -> Int {
        for (index, operation) in operations.enumerated() {
            let broken = perform(operation) ?? brokenAgreement()
            if let broken {
                Issue.record("after operation \(index), \(operation): \(broken)")
                return index + 1
            }
        }
        return operations.count
    }

    /// Performs one change (on the outline, then applied to the data source, or through the
    /// data source); returns a broken expectation of the change itself, if any.
    func perform(_ operation: OutlineOperation) -> String? {
        let (a, b) = (operation.a, operation.b), items = all
        let chosen = items.isEmpty ? nil : items[a % items.count]
        switch operation.kind {
        case .appendRoots:
            let added = fresh(1 + b % 3)
            outline.append(added)
            roots += added.map { OutlineNode($0, parent: nil) }
        case .appendChildren:
            guard let chosen, let parent = node(chosen) else { return nil }
            let added = fresh(1 + b % 3)
            outline.append(added, to: chosen)
            parent.children += added.map { OutlineNode($0, parent: parent) }
        case .insert:
            guard let chosen, let destination = node(chosen) else { return nil }
            let added = fresh(1 + b % 2), after = b % 2 == 1
            if after { outline.insert(added, after: chosen) } else { outline.insert(added, before: chosen) }
            let nodes = added.map { OutlineNode($0, parent: destination.parent) }
            if let parent = destination.parent {
                let at = parent.children.firstIndex { $0 === destination }! + (after ? 1 : 0)
                parent.children.insert(contentsOf: nodes, at: at)
            } else {
                let at = roots.firstIndex { $0 === destination }! + (after ? 1 : 0)
                roots.insert(contentsOf: nodes, at: at)
            }
        case .delete:
            guard let chosen, let doomed = node(chosen) else { return nil }
            // With an identifier never in the outline, which is ignored.
            outline.delete([chosen, -1])
            if let parent = doomed.parent {
                parent.children.removeAll { $0 === doomed }
            } else {
                roots.removeAll { $0 === doomed }
            }
        case .expand:
            guard let chosen else { return nil }
            outline.expand([chosen])
            node(chosen)?.expanded = true
        case .collapse:
            guard let chosen else { return nil }
            outline.collapse([chosen])
            node(chosen)?.expanded = false
        case .replaceChildren:
            // The branch under `chosen` replaced by a fresh one: a root with a child, expanded
            // when `b` is odd, and a second root.
            guard let chosen, let parent = node(chosen) else { return nil }
            let ids = fresh(3)
            var branch = Outline()
            branch.append([ids[0], ids[2]])
            branch.append([ids[1]], to: ids[0])
            if b % 2 == 1 { branch.expand([ids[0]]) }
            outline.replace(childrenOf: chosen, using: branch)
            let first = OutlineNode(ids[0], parent: parent), last = OutlineNode(ids[2], parent: parent)
            first.children = [OutlineNode(ids[1], parent: first)]
            first.expanded = b % 2 == 1
            parent.children = [first, last]
        case .expandInDataSource, .collapseInDataSource:
            guard let chosen, let target = node(chosen) else { return nil }
            // Through the data source, which shows the outline it was given last.
            dataSource.apply(outline, to: "outline")
            let expanding = operation.kind == .expandInDataSource
            let changed = expanding ? dataSource.expand(chosen) : dataSource.collapse(chosen)
            // It changes what it can: an item shown whose expansion is the other way.
            let expected = target.isShown && target.expanded != expanding
            guard changed == expected else { return "the data source answered \(changed) for \(chosen)" }
            if expected { target.expanded = expanding }
            outline = dataSource.snapshot(for: "outline")
        }
        dataSource.apply(outline, to: "outline")
        return nil
    }

    /// The first query that disagrees with the tree, or nil.
    func brokenAgreement() -> String? {
        guard outline.items == all else { return "items \(outline.items), the tree \(all)" }
        guard outline.visibleItems == visible else {
            return "visible items \(outline.visibleItems), the tree \(visible)"
        }
        guard outline.rootItems == roots.map({ $0.id }) else { return "roots \(outline.rootItems)" }
        for (index, id) in all.enumerated() {
            let model = node(id)!
            guard outline.contains(id), outline.index(of: id) == index else { return "item \(id) is not at \(index)" }
            guard outline.parent(of: id) == model.parent?.id else {
                return "parent of \(id): \(outline.parent(of: id)!)"
            }
            guard outline.level(of: id) == model.level else { return "level of \(id): \(outline.level(of: id))" }
            guard outline.isVisible(id) == model.isShown else { return "isVisible(\(id)): \(outline.isVisible(id))" }
            guard outline.isExpanded(id) == model.expanded else { return "isExpanded(\(id))" }
            // The subtree, with and without its parent, expansion kept.
            let branch = outline.snapshot(of: id)
            let kids = model.children
            guard branch.rootItems == kids.map({ $0.id }), branch.items == kids.flatMap({ $0.all() }),
                branch.visibleItems == kids.flatMap({ $0.visible() })
            else { return "snapshot(of: \(id)): \(branch.items) visible \(branch.visibleItems)" }
            let withParent = outline.snapshot(of: id, includingParent: true)
            guard withParent.rootItems == [id], withParent.items == model.all(),
                withParent.visibleItems == model.visible(), withParent.isExpanded(id) == model.expanded
            else { return "snapshot(of: \(id), includingParent: true): \(withParent.visibleItems)" }
        }
        guard !outline.contains(-1), !outline.isVisible(-1), outline.index(of: -1) == nil else {
            return "an item never in the outline answers"
        }
        // The data source's section shows the visible items, as the view does.
        let shown = dataSource.snapshot()
        guard shown.itemIdentifiers(inSection: "outline") == visible else {
            return "the section shows \(shown.itemIdentifiers(inSection: "outline")), the tree \(visible)"
        }
        guard view.numberOfSections == 1, view.numberOfItems(inSection: 0) == visible.count else {
            return "the view shows \(view.numberOfItems(inSection: 0)) items, the tree \(visible.count)"
        }
        guard dataSource.snapshot(for: "outline") == outline else { return "snapshot(for:) is not the outline applied" }
        return nil
    }
}
