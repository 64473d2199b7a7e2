import Foundation
import KineticLayout
import PropertyBased
import Testing

/// Updates, reorder drags and interactive movements on a million uniform items and on fifty
/// thousand items sized one by one (issue 22, part 5): after every update the layout equals a
/// layout built from scratch on the final data (item for item, frame for frame, in the visible
/// rect, around the change and in a random rect; and the content size), the view's counts are
/// the data's, the selection is the same items, and the data holds every item exactly once.
@Suite("Updates at scale")
@MainActor
struct UpdatesAtScaleTests {
    static let uniformCounter = FuzzRun.Counter("updates at scale, 1 000 000 uniform items")
    static let perItemCounter = FuzzRun.Counter("updates at scale, 50 000 items sized one by one")

    @Test func aMillionUniformItemsLayOutAsAFreshLayoutDoes() async {
        let operations = ScaleOperation.generator.array(of: 1...8)
        await propertyCheck(count: FuzzRun.iterations(default: 6), input: operations) { operations in
            let harness = ScaleHarness(count: 1_000_000, perItemSizes: false)
            Self.uniformCounter.record(operations: harness.run(operations))
        }
        Self.uniformCounter.report()
    }

    @Test func itemsSizedOneByOneLayOutAsAFreshLayoutDoes() async {
        let operations = ScaleOperation.generator.array(of: 1...8)
        await propertyCheck(count: FuzzRun.iterations(default: 6), input: operations) { operations in
            let harness = ScaleHarness(count: 50_000, perItemSizes: true)
            Self.perItemCounter.record(operations: harness.run(operations))
        }
        Self.perItemCounter.report()
    }
}

/// One update in a large section, as raw choices: what (`kind`), where (`a`, `b`, reduced
/// modulo what exists), and a fraction for offsets and finger positions. Every field shrinks
/// towards 0.
struct ScaleOperation: CustomStringConvertible, Sendable {
    enum Kind: Int, CaseIterable, Sendable {
        case insert, delete, moveNear, moveFar, moveAcross, resize, deleteSeveral, interactive, scroll, drag
    }

    var kind: Kind
    var a: Int
    var b: Int
    var fraction: Double

    var description: String { "\(kind)(\(a), \(b), \(fraction))" }

    static let generator = zip(
        Gen.int(in: 0...(Kind.allCases.count - 1)), Gen.int(in: 0...2_000_000), Gen.int(in: 0...2_000_000),
        Gen.double(in: 0...1)
    ).map { ScaleOperation(kind: Kind(rawValue: $0.0)!, a: $0.1, b: $0.2, fraction: $0.3) }
}

/// Sections of item identities, sized by identity (whole points, so a layout's sums are exact
/// whichever order it adds them in) when `perItemSizes`; the view's data source and flow
/// delegate, and the truth the view is checked against.
final class SizedSections: CollectionViewDataSource, CollectionViewDelegateFlowLayout,
    RearrangeableFlowLayoutDelegate
{
    var sections: [[Int]]
    var resized: [Int: CGSize] = [:]
    private var next: Int

    init(_ sections: [[Int]]) {
        self.sections = sections
        next = (sections.joined().max() ?? -1) + 1
    }

    func makeIdentity() -> Int {
        defer { next += 1 }
        return next
    }

    func size(of id: Int) -> CGSize {
        resized[id] ?? CGSize(width: 20 + Double(id * 37 % 161), height: 20 + Double(id * 53 % 101))
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        sections[section].count
    }
    func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
        moveDataItem(from: source, to: destination)
    }
    func moveDataItem(from source: IndexPath, to destination: IndexPath) {
        let id = sections[source.section].remove(at: source.item)
        sections[destination.section].insert(id, at: destination.item)
    }
    /// By presented path: during an interactive movement the item shown there is the data's at
    /// the matching data path.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        let path = collectionView.dataIndexPath(forPresentedIndexPath: indexPath) ?? indexPath
        return size(of: sections[path.section][path.item])
    }
}

/// A collection view over a large ``SizedSections`` (a big section and a small one), updated by
/// the operations; every identity it must hold is tracked independently.
@MainActor
final class ScaleHarness {
    let model: SizedSections
    let view: CollectionView
    let perItemSizes: Bool
    /// The identities the data must hold.
    var expected: Set<Int>
    /// The identities the test selected that still exist.
    var selected: Set<Int>
    /// Where the last update happened (a presented path), to compare the layout around it.
    var touched = IndexPath(item: 0, section: 0)

    init(count: Int, perItemSizes: Bool) {
        self.perItemSizes = perItemSizes
        model = SizedSections([Array(0..<count), Array(count..<(count + 10))])
        expected = Set(0..<(count + 10))
        let layout = RearrangeableFlowLayout()
        view = Self.makeView(model, perItemSizes: perItemSizes, layout: layout)
        layout.delegate = model
        view.allowsMultipleSelection = true
        selected = [3, count / 2, count - 4]
        for id in selected { view.selectItem(at: IndexPath(item: id, section: 0), animated: false, scrollPosition: []) }
    }

    static func makeView(_ model: SizedSections, perItemSizes: Bool, layout: FlowLayout = FlowLayout())
        -> CollectionView
    {
        layout.itemSize = CGSize(width: 50, height: 50)
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
        view.dataSource = model
        if perItemSizes { view.delegate = model }
        view.layoutIfNeeded()
        return view
    }

    func run(_ operations: [ScaleOperation]) -> Int {
        for (index, operation) in operations.enumerated() {
            perform(operation)
            if let broken = brokenInvariant(presented: nil) {
                Issue.record("after operation \(index), \(operation): \(broken)")
                return index + 1
            }
        }
        let all = model.sections.joined()
        #expect(all.count == expected.count && Set(all) == expected, "an item was lost or duplicated")
        return operations.count
    }

    private func path(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

    func perform(_ op: ScaleOperation) {
        let count = model.sections[0].count
        switch op.kind {
        case .insert:
            let place = op.a % (count + 1)
            let id = model.makeIdentity()
            model.sections[0].insert(id, at: place)
            expected.insert(id)
            view.insertItems(at: [path(place)])
            touched = path(place)
        case .delete:
            guard count > 2 else { return }
            let place = op.a % count
            let id = model.sections[0].remove(at: place)
            expected.remove(id)
            selected.remove(id)
            view.deleteItems(at: [path(place)])
            touched = path(min(place, count - 2))
        case .moveNear, .moveFar:
            let from = op.a % count
            let to = op.kind == .moveFar ? op.b % count : min(count - 1, max(0, from + op.b % 31 - 15))
            model.sections[0].insert(model.sections[0].remove(at: from), at: to)
            view.moveItem(at: path(from), to: path(to))
            touched = path(to)
        case .moveAcross:
            guard !model.sections[1].isEmpty else { return }
            let from = op.b % model.sections[1].count, to = op.a % (count + 1)
            model.sections[0].insert(model.sections[1].remove(at: from), at: to)
            view.moveItem(at: path(from, 1), to: path(to))
            touched = path(to)
        case .resize:
            let place = op.a % count
            model.resized[model.sections[0][place]] = CGSize(
                width: 10 + (op.fraction * 300).rounded(), height: 10 + Double(op.b % 200))
            view.reloadItems(at: [path(place)])
            touched = path(place)
        case .deleteSeveral:
            guard count > 10 else { return }
            let places = Set((0..<5).map { (op.a + $0 * (op.b % 97 + 1)) % count }).sorted(by: >)
            for place in places {
                let id = model.sections[0].remove(at: place)
                expected.remove(id)
                selected.remove(id)
            }
            view.deleteItems(at: places.map { path($0) })
            touched = path(min(places.last!, count - places.count - 1))
        case .interactive:
            interactiveMovement(op)
        case .drag:
            drag(op)
        case .scroll:
            let range = max(0, view.contentSize.height - view.bounds.height)
            view.contentOffset = CGPoint(x: 0, y: (op.fraction * range).rounded())
        }
    }

    /// Begins moving the item at `a` (scrolled into view), moves the finger over a few cells
    /// around it, checking the presented layout after each step, and ends or cancels.
    private func interactiveMovement(_ op: ScaleOperation) {
        let count = model.sections[0].count
        let start = path(op.a % count)
        view.scrollToItem(at: start, at: .centeredVertically, animated: false)
        guard view.beginInteractiveMovementForItem(at: start) else { return }
        var step = op.b
        for _ in 0..<4 {
            let cells = view.visibleLayoutAttributes().filter { $0.representedElementCategory == .cell }
            guard !cells.isEmpty else { break }
            view.updateInteractiveMovementTargetPosition(cells[step % cells.count].center)
            step = step / 3 + 7
            if let broken = brokenInvariant(presented: (start, view.indexPathForInteractivelyMovingItem ?? start)) {
                Issue.record("during an interactive movement from \(start): \(broken)")
            }
        }
        touched = view.indexPathForInteractivelyMovingItem ?? start
        if op.fraction < 0.5 { view.endInteractiveMovement() } else { view.cancelInteractiveMovement() }
    }

    /// Lifts the cell at `a` (scrolled into view; with every selected cell if it is selected),
    /// drags it over a few places and to the bottom edge for a quarter second of auto-scroll,
    /// and drops or cancels.
    private func drag(_ op: ScaleOperation) {
        guard let layout = view.collectionViewLayout as? RearrangeableFlowLayout else { return }
        let count = model.sections[0].count
        let start = path(op.a % count)
        view.scrollToItem(at: start, at: .centeredVertically, animated: false)
        guard let grab = view.layoutAttributesForItem(at: start)?.center, layout.beginDragging(at: grab) else { return }
        var step = op.b
        for frame in 0..<36 {
            let offset = view.contentOffset
            let point =
                frame < 6
                ? CGPoint(x: Double(step % 375), y: offset.y + Double(step % 667))
                : CGPoint(x: 30, y: offset.y + 660)
            layout.updateDragging(to: point)
            layout.step(1.0 / 120)
            step = step / 3 + 11
        }
        touched = layout.draggedIndexPaths.first ?? start
        if op.fraction < 0.5 { layout.endDragging() } else { layout.cancelDragging() }
    }

    /// The first broken invariant, or nil. `presented`: during an interactive movement, the
    /// moving item's data path and where it is shown, so the truth is the data so moved.
    func brokenInvariant(presented: (data: IndexPath, shown: IndexPath)?) -> String? {
        var truth = model
        if let presented {
            truth = SizedSections(model.sections)
            truth.resized = model.resized
            let id = truth.sections[presented.data.section].remove(at: presented.data.item)
            truth.sections[presented.shown.section].insert(id, at: presented.shown.item)
        }
        let counts = truth.sections.map(\.count)
        guard (0..<counts.count).map({ view.numberOfItems(inSection: $0) }) == counts else {
            return "the view shows \((0..<counts.count).map { view.numberOfItems(inSection: $0) }), the data \(counts)"
        }
        let shownSelection = Set(
            (view.indexPathsForSelectedItems ?? []).compactMap { p in
                truth.sections.indices.contains(p.section) && truth.sections[p.section].indices.contains(p.item)
                    ? truth.sections[p.section][p.item] : nil
            })
        guard shownSelection == selected, view.indexPathsForSelectedItems?.count ?? 0 == selected.count else {
            return "selected \(shownSelection.sorted()), expected \(selected.sorted())"
        }
        let fresh = Self.makeView(truth, perItemSizes: perItemSizes)
        let layout = view.collectionViewLayout, freshLayout = fresh.collectionViewLayout
        guard layout.collectionViewContentSize == freshLayout.collectionViewContentSize else {
            return "content size \(layout.collectionViewContentSize), fresh \(freshLayout.collectionViewContentSize)"
        }
        let around = freshLayout.layoutAttributesForItem(at: touched)?.frame ?? .zero
        let size = freshLayout.collectionViewContentSize
        let random = CGRect(x: 0, y: Double(touched.item * 7919 % 1000) / 1000 * size.height, width: 375, height: 900)
        for rect in [view.bounds, around.insetBy(dx: -400, dy: -700), random] {
            let got = Self.cells(layout, rect), want = Self.cells(freshLayout, rect)
            guard got.map(\.0) == want.map(\.0) else { return "in \(rect): index paths differ" }
            if let wrong = zip(got, want).first(where: { $0.0.1 != $0.1.1 }) {
                return "in \(rect): \(wrong.0.0) at \(wrong.0.1), fresh \(wrong.1.1)"
            }
        }
        return nil
    }

    /// The cells' index paths and frames in `rect`, in index-path order.
    static func cells(_ layout: CollectionViewLayout, _ rect: CGRect) -> [(IndexPath, CGRect)] {
        (layout.layoutAttributesForElements(in: rect) ?? []).filter { $0.representedElementCategory == .cell }
            .map { ($0.indexPath, $0.frame) }.sorted { $0.0 < $1.0 }
    }
}
