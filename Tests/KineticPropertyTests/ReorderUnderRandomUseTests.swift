import Foundation
import KineticAnimation
import KineticDynamics
import KineticGestures
import KineticInteractions
import KineticLayout
import PropertyBased
import Testing

extension SectionsModel: RearrangeableFlowLayoutDelegate {
    func moveDataItem(from source: IndexPath, to destination: IndexPath) {
        let item = sections[source.section].remove(at: source.item)
        sections[destination.section].insert(item, at: destination.item)
    }
}

/// Random touch streams on a reorder and on a multi-select drag, with the data changed in the
/// middle of the drag (issue 20): the data is always a permutation of the items it should hold
/// (none lost, none duplicated), the view's counts agree with it, and everything it lays out is
/// finite.
@Suite("Reorder and drag under random use")
@MainActor
struct ReorderUnderRandomUseTests {
    static let reorderCounter = FuzzRun.Counter("reorder")
    static let dragCounter = FuzzRun.Counter("multi-select drag")

    @Test func reorderKeepsEveryItemOnce() async {
        let operations = TouchOperation.generator.array(of: 1...40)
        await propertyCheck(count: FuzzRun.iterations(default: 150), input: operations) { operations in
            let harness = TouchHarness(reorder: true)
            Self.reorderCounter.record(operations: harness.run(operations))
        }
        Self.reorderCounter.report()
    }

    @Test func dragKeepsEveryItemOnce() async {
        let operations = TouchOperation.generator.array(of: 1...40)
        await propertyCheck(count: FuzzRun.iterations(default: 100), input: operations) { operations in
            let harness = TouchHarness(reorder: false)
            Self.dragCounter.record(operations: harness.run(operations))
        }
        Self.dragCounter.report()
    }
}

/// A collection view over a ``SectionsModel`` in an arena, reordered by a
/// ``ReorderInteraction`` or dragged by a ``MultiSelectDragInteraction``; the identities the
/// model must hold are tracked independently.
@MainActor
final class TouchHarness {
    let clock = ManualClock()
    let arena: GestureArena
    let model = SectionsModel([Array(0..<30), Array(30..<34), []])
    let view: CollectionView
    let capture = LogCapture()
    var reorder: ReorderInteraction?
    var drag: MultiSelectDragInteraction?
    /// What the data must hold, as a multiset: the first identities, plus insertions, less
    /// deletions.
    var expected = Set(0..<34)
    var time: TimeInterval = 0

    init(reorder: Bool) {
        arena = GestureArena(clock: clock)
        let layout: FlowLayout = reorder ? RearrangeableFlowLayout() : DraggableLayout()
        view = CollectionView(frame: CGRect(x: 0, y: 0, width: 400, height: 800), collectionViewLayout: layout)
        view.dataSource = model
        view.logger = capture.logger
        (layout as? RearrangeableFlowLayout)?.delegate = model
        view.layoutIfNeeded()
        if reorder {
            self.reorder = ReorderInteraction(collectionView: view, clock: clock)
            self.reorder?.install(in: arena)
        } else {
            drag = MultiSelectDragInteraction(collectionView: view)
            drag?.install(in: arena)
        }
    }

    func run(_ operations: [TouchOperation]) -> Int {
        for (index, operation) in operations.enumerated() {
            perform(operation)
            if let broken = brokenInvariant() {
                Issue.record("after operation \(index), \(operation): \(broken)")
                return index + 1
            }
        }
        return operations.count
    }

    /// `value` as an index below `count`: a finite value's whole part, modulo `count`.
    private func index(_ value: Double, _ count: Int) -> Int {
        value.isFinite && abs(value) < 1e9 ? Int(abs(value)) % count : 0
    }

    private func advance(_ dt: Double) {
        // The clock only moves forward with a finite step; the arena gets the raw time too.
        if dt.isFinite, dt > 0 { time += min(dt, 10) }
        clock.sleep(until: time)
        arena.advance(to: dt.isFinite ? time : dt)
        view.layoutIfNeeded()
    }

    private func touch(_ operation: TouchOperation, _ phase: Touch.Phase) {
        let stamp = operation.dt.isFinite ? time + operation.dt : operation.dt
        arena.handle(
            Touch(
                id: operation.finger, phase: phase, location: CGPoint(x: operation.x, y: operation.y), timestamp: stamp)
        )
        advance(1.0 / 120)
    }

    func perform(_ operation: TouchOperation) {
        let (x, y) = (operation.x, operation.y)
        switch operation.kind {
        case .wait: advance(operation.dt)
        case .began: touch(operation, .began)
        case .moved: touch(operation, .moved)
        case .stationary: touch(operation, .stationary)
        case .ended: touch(operation, .ended)
        case .cancelled: touch(operation, .cancelled)
        case .pressAndHold:
            touch(operation, .began)
            for _ in 0..<70 { advance(1.0 / 120) }
        case .insertItem:
            let s = operation.finger % model.sections.count
            let at = index(x, (model.sections[s].count + 1))
            view.performBatchUpdates { [self] in
                let identity = model.makeIdentity()
                expected.insert(identity)
                model.sections[s].insert(identity, at: at)
                view.insertItems(at: [IndexPath(item: at, section: s)])
            }
        case .deleteItem:
            let s = operation.finger % model.sections.count
            guard !model.sections[s].isEmpty else { return }
            let at = index(x, model.sections[s].count)
            view.performBatchUpdates { [self] in
                expected.remove(model.sections[s].remove(at: at))
                view.deleteItems(at: [IndexPath(item: at, section: s)])
            }
        case .moveItem:
            let s = operation.finger % model.sections.count
            guard !model.sections[s].isEmpty else { return }
            let from = index(x, model.sections[s].count)
            let item = model.sections[s].remove(at: from)
            let to = index(y, (model.sections[0].count + 1))
            model.sections[0].insert(item, at: to)
            view.moveItem(at: IndexPath(item: from, section: s), to: IndexPath(item: to, section: 0))
        case .reloadData:
            view.reloadData()
        case .scroll:
            view.contentOffset = CGPoint(x: 0, y: y.isFinite ? y : 0)
        case .select:
            if let hit = view.indexPathForItem(at: CGPoint(x: x + view.contentOffset.x, y: y + view.contentOffset.y)) {
                if let drag {
                    drag.tap(at: CGPoint(x: x + view.contentOffset.x, y: y + view.contentOffset.y))
                } else {
                    view.selectItem(at: hit, animated: false, scrollPosition: [])
                }
            }
        }
    }

    /// The first invariant that does not hold, or nil.
    func brokenInvariant() -> String? {
        let all = model.sections.flatMap { $0 }
        guard all.count == expected.count, Set(all) == expected else {
            return "the data \(model.sections) is not a permutation of \(expected.sorted())"
        }
        guard view.numberOfSections == model.sections.count else { return "\(view.numberOfSections) sections" }
        for s in model.sections.indices where view.numberOfItems(inSection: s) != model.sections[s].count {
            return
                "section \(s): the view shows \(view.numberOfItems(inSection: s)), the data \(model.sections[s].count)"
        }
        guard view.contentOffset.isAllFinite else { return "offset \(view.contentOffset)" }
        for attributes in view.visibleLayoutAttributes() where !attributes.frame.isAllFinite {
            return "attributes \(attributes) are not finite"
        }
        for s in model.sections.indices {
            for i in model.sections[s].indices {
                let path = IndexPath(item: i, section: s)
                guard let attributes = view.layoutAttributesForItem(at: path) else { return "no attributes at \(path)" }
                guard attributes.frame.isAllFinite, attributes.transform.isAllFinite else {
                    return "attributes \(attributes) are not finite"
                }
            }
        }
        if let reorder {
            let shown =
                reorder.layout.representations
                + reorder.layout.settlingIndexPaths.compactMap {
                    reorder.layout.layoutAttributesForItem(at: $0)
                }
            for attributes in shown where !attributes.frame.isAllFinite {
                return "representation \(attributes) is not finite"
            }
            let dragged = reorder.layout.draggedIndexPaths
            guard dragged.allSatisfy(view.isValid) else { return "dragged paths \(dragged) name no item" }
        }
        if let drag, let paths = drag.layout.indexPathsForDraggingElements {
            guard paths.allSatisfy(view.isValid) else { return "dragging paths \(paths) name no item" }
        }
        let recomputed = capture.messages.filter { $0.contains("ignored") && !$0.contains("performBatchUpdates") }
        guard recomputed.isEmpty else { return "the library refused values it computed: \(recomputed)" }
        return nil
    }
}
