import Foundation
import KineticDynamics
import KineticLayout
import PropertyBased
import Testing

/// Random batch updates (valid and invalid), reloads, selection, offsets and odd item sizes on
/// a collection view with a flow layout (issue 20): the view's counts always agree with the
/// model, every attribute and offset is finite, the selection follows its items, and an invalid
/// batch is rejected with a log line and changes nothing.
@Suite("The collection view under random use")
@MainActor
struct CollectionViewUnderRandomUseTests {
    static let counter = FuzzRun.Counter("collection view")

    @Test func countsSelectionAndGeometryHold() async {
        let operations = CollectionOperation.generator.array(of: 1...30)
        await propertyCheck(count: FuzzRun.iterations(default: 300), input: operations) { operations in
            let harness = CollectionHarness()
            Self.counter.record(operations: harness.run(operations))
        }
        Self.counter.report()
    }
}

/// A collection view over a ``SectionsModel``, with the selection the test expects, by
/// identity.
@MainActor
final class CollectionHarness {
    let model = SectionsModel([Array(0..<6), Array(6..<9), []])
    let layout = FlowLayout()
    let view: CollectionView
    let capture = LogCapture()
    /// The identities the test selected and that still exist.
    var selected = Set<Int>()

    init() {
        view = CollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.dataSource = model
        view.allowsMultipleSelection = true
        view.logger = capture.logger
        view.layoutIfNeeded()
    }

    /// Performs `operations`, checking after each; returns how many ran.
    func run(_ operations: [CollectionOperation]) -> Int {
        for (index, operation) in operations.enumerated() {
            let broken = perform(operation) ?? brokenInvariant()
            if let broken {
                Issue.record("after operation \(index), \(operation): \(broken)")
                return index + 1
            }
        }
        return operations.count
    }

    private func path(_ item: Int, _ section: Int) -> IndexPath { IndexPath(item: item, section: section) }

    /// A section index that exists, or nil when there is none.
    private func section(_ a: Int) -> Int? { model.sections.isEmpty ? nil : abs(a) % model.sections.count }

    /// Performs one operation; returns a broken expectation of the operation itself, if any.
    func perform(_ operation: CollectionOperation) -> String? {
        let (a, b, x, y) = (operation.a, operation.b, operation.x, operation.y)
        switch operation.kind {
        case .insertItem:
            guard let s = section(a) else { return nil }
            let at = abs(b) % (model.sections[s].count + 1)
            view.performBatchUpdates { [self] in
                model.sections[s].insert(model.makeIdentity(), at: at)
                view.insertItems(at: [path(at, s)])
            }
        case .deleteItem:
            guard let s = section(a), !model.sections[s].isEmpty else { return nil }
            let at = abs(b) % model.sections[s].count
            view.performBatchUpdates { [self] in
                selected.remove(model.sections[s].remove(at: at))
                view.deleteItems(at: [path(at, s)])
            }
        case .moveItem:
            guard let s = section(a), !model.sections[s].isEmpty, let t = section(b) else { return nil }
            let from = abs(b) % model.sections[s].count
            let item = model.sections[s].remove(at: from)
            let to = abs(a + b) % (model.sections[t].count + 1)
            model.sections[t].insert(item, at: to)
            view.moveItem(at: path(from, s), to: path(to, t))
        case .insertSection:
            let at = abs(a) % (model.sections.count + 1)
            view.performBatchUpdates { [self] in
                model.sections.insert((0..<(abs(b) % 4)).map { _ in model.makeIdentity() }, at: at)
                view.insertSections(IndexSet(integer: at))
            }
        case .deleteSection:
            guard let s = section(a) else { return nil }
            view.performBatchUpdates { [self] in
                selected.subtract(model.sections.remove(at: s))
                view.deleteSections(IndexSet(integer: s))
            }
        case .reloadItem:
            guard let s = section(a), !model.sections[s].isEmpty else { return nil }
            let at = abs(b) % model.sections[s].count
            // A reloaded item is a new item: it loses its selection.
            view.performBatchUpdates { [self] in
                selected.remove(model.sections[s][at])
                model.sections[s][at] = model.makeIdentity()
                view.reloadItems(at: [path(at, s)])
            }
        case .invalidBatch:
            return invalidBatch(a, b)
        case .reloadData:
            view.reloadData()
            selected.removeAll()
        case .select:
            view.selectItem(at: path(a, abs(b) % 4), animated: false, scrollPosition: [])
            if let identity = model.identity(at: path(a, abs(b) % 4)) { selected.insert(identity) }
        case .deselect:
            view.deselectItem(at: path(a, abs(b) % 4), animated: false)
            if let identity = model.identity(at: path(a, abs(b) % 4)) { selected.remove(identity) }
        case .tap:
            guard let hit = view.indexPathForItem(at: CGPoint(x: x, y: y)) else { return nil }
            guard let identity = model.identity(at: hit) else { return "tap hit \(hit), which names no item" }
            view.userDidTapItem(at: hit)
            if selected.contains(identity) { selected.remove(identity) } else { selected.insert(identity) }
        case .setContentOffset:
            view.setContentOffset(CGPoint(x: x, y: y), animated: false)
        case .assignContentOffset:
            view.contentOffset = CGPoint(x: x, y: y)
        case .setFrame:
            view.frame = CGRect(x: 0, y: 0, width: x, height: y)
        case .setItemSize:
            layout.itemSize = CGSize(width: x, height: y)
        case .setSpacing:
            if a % 2 == 0 { layout.minimumLineSpacing = x } else { layout.minimumInteritemSpacing = x }
        case .setInset:
            layout.sectionInset = EdgeInsets(top: x, left: y, bottom: x, right: y)
        case .scrollToItem:
            view.scrollToItem(at: path(a, abs(b) % 4), at: [.top, .left][abs(a) % 2], animated: false)
        case .query:
            let rect = CGRect(x: x, y: y, width: abs(x), height: abs(y))
            for attributes in layout.layoutAttributesForElements(in: rect) ?? [] where !attributes.frame.isAllFinite {
                return "attributes \(attributes) in \(rect) are not finite"
            }
            _ = view.layoutAttributesForItem(at: path(a, b))
        case .nestedBatch:
            guard let s = section(a) else { return nil }
            view.performBatchUpdates { [self] in
                model.sections[s].append(model.makeIdentity())
                view.insertItems(at: [path(model.sections[s].count - 1, s)])
                view.performBatchUpdates { [self] in
                    model.sections[s].append(model.makeIdentity())
                    view.insertItems(at: [path(model.sections[s].count - 1, s)])
                }
            }
        case .setHeader:
            layout.headerReferenceSize = CGSize(width: x, height: y)
        }
        return nil
    }

    /// A batch whose calls do not describe the data's change: it must be rejected with a log
    /// line and change nothing. The model is then put back, so the view agrees with it again.
    private func invalidBatch(_ a: Int, _ b: Int) -> String? {
        guard !model.sections.isEmpty else { return nil }
        let countsBefore = (0..<view.numberOfSections).map { view.numberOfItems(inSection: $0) }
        let selectionBefore = view.indexPathsForSelectedItems
        let modelBefore = model.sections
        let logged = capture.messages.count
        var outcome: Bool?
        view.performBatchUpdates(
            { [self] in
                switch abs(a) % 4 {
                case 0:
                    // An item added to the data, not announced.
                    model.sections[0].append(model.makeIdentity())
                case 1:
                    // A deletion announced for an item that does not exist.
                    view.deleteItems(at: [path(model.sections[0].count + abs(b), 0)])
                case 2:
                    // An insertion announced, no item added.
                    view.insertItems(at: [path(0, 0)])
                default:
                    // A section deleted twice.
                    model.sections.append([])
                    view.deleteSections(IndexSet([0, 0]))
                }
            }, completion: { outcome = $0 })
        let countsAfter = (0..<view.numberOfSections).map { view.numberOfItems(inSection: $0) }
        model.sections = modelBefore
        guard outcome == false else {
            return "an invalid batch was applied (completion \(String(describing: outcome)))"
        }
        guard countsAfter == countsBefore else { return "a rejected batch changed the counts to \(countsAfter)" }
        guard view.indexPathsForSelectedItems == selectionBefore else {
            return "a rejected batch changed the selection"
        }
        let lines = capture.messages[logged...].filter { $0.contains("performBatchUpdates") }
        guard lines.count == 1 else { return "a rejected batch logged \(lines.count) lines: \(lines)" }
        return nil
    }

    /// The first invariant that does not hold, or nil.
    func brokenInvariant() -> String? {
        guard view.numberOfSections == model.sections.count else {
            return "\(view.numberOfSections) sections, the model has \(model.sections.count)"
        }
        for s in model.sections.indices where view.numberOfItems(inSection: s) != model.sections[s].count {
            return "section \(s) has \(view.numberOfItems(inSection: s)) items, the model \(model.sections[s].count)"
        }
        guard view.contentOffset.isAllFinite, view.frame.isAllFinite else {
            return "offset \(view.contentOffset), frame \(view.frame)"
        }
        let size = view.contentSize
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            return "content size \(size)"
        }
        for attributes in view.visibleLayoutAttributes() where !attributes.frame.isAllFinite {
            return "visible attributes \(attributes) are not finite"
        }
        for s in model.sections.indices {
            for i in model.sections[s].indices {
                guard let attributes = view.layoutAttributesForItem(at: path(i, s)) else {
                    return "no attributes for \(path(i, s))"
                }
                guard attributes.frame.isAllFinite else { return "attributes \(attributes) are not finite" }
            }
        }
        let selection = Set((view.indexPathsForSelectedItems ?? []).compactMap { model.identity(at: $0) })
        guard selection.count == (view.indexPathsForSelectedItems ?? []).count, selection == selected else {
            return "selected \(view.indexPathsForSelectedItems ?? []) (\(selection)), expected identities \(selected)"
        }
        return nil
    }
}
