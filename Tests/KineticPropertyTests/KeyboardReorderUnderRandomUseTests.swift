import Foundation
import KineticDynamics
import KineticGestures
import KineticLayout
import PropertyBased
import Testing

/// Random key sequences on a keyboard reorder, mixed with focus changes (to paths that may not
/// exist), a finger's drags and data changes from elsewhere (issue 23), checked after every step
/// against the test's own model: the data is always a permutation of the items it should hold
/// and the view's counts agree with it; a move changes exactly one item's place, the one lifted,
/// to where the announcement says; escape restores exactly the order at the lift; a refused
/// key changes nothing; a data change mid-move ends the move with an announcement; the focus
/// always names an item.
@Suite("Keyboard reorder under random use")
@MainActor
struct KeyboardReorderUnderRandomUseTests {
    static let counter = FuzzRun.Counter("keyboard reorder")

    @Test func keysKeepEveryItemOnceAndCancelRestores() async {
        let operations = KeyOperation.generator.array(of: 1...60)
        await propertyCheck(count: FuzzRun.iterations(default: 200), input: operations) { operations in
            let harness = KeyboardHarness()
            Self.counter.record(operations: harness.run(operations))
        }
        Self.counter.report()
    }
}

/// The model behind the reorder, with rules: items whose identity is 3 mod 7 cannot be lifted,
/// and nothing may go first in section 0.
final class PinnedModel: CollectionViewDataSource, RearrangeableFlowLayoutDelegate,
    RearrangeableFlowLayoutAccessibilityDelegate
{
    var sections: [[Int]]
    var announcements: [ReorderAnnouncement] = []
    private var next: Int

    init(_ sections: [[Int]]) {
        self.sections = sections
        next = sections.flatMap { $0 }.count
    }

    func makeIdentity() -> Int {
        defer { next += 1 }
        return next
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        sections[section].count
    }
    func moveDataItem(from source: IndexPath, to destination: IndexPath) {
        sections[destination.section].insert(sections[source.section].remove(at: source.item), at: destination.item)
    }
    func canMoveItem(at indexPath: IndexPath) -> Bool { sections[indexPath.section][indexPath.item] % 7 != 3 }
    func targetIndexPath(forMoveFrom current: IndexPath, toProposed proposed: IndexPath) -> IndexPath? {
        proposed == IndexPath(item: 0, section: 0) ? nil : proposed
    }
    func accessibilityLabel(forItemAt indexPath: IndexPath) -> String? {
        "card \(sections[indexPath.section][indexPath.item])"
    }
    func rearrangeableFlowLayout(_ layout: RearrangeableFlowLayout, didPost announcement: ReorderAnnouncement) {
        announcements.append(announcement)
    }

    subscript(_ path: IndexPath) -> Int { sections[path.section][path.item] }
}

@MainActor
final class KeyboardHarness {
    let model = PinnedModel([Array(0..<30), Array(30..<34), [], Array(34..<40)])
    let layout = RearrangeableFlowLayout()
    let view: CollectionView
    let capture = LogCapture()
    /// What the data must hold: the first identities, plus insertions, less deletions.
    var expected = Set(0..<40)
    /// The lifted identity and the order when it was lifted.
    var lifted: (identity: Int, snapshot: [[Int]])?

    init() {
        layout.delegate = model
        layout.accessibilityDelegate = model
        view = CollectionView(frame: CGRect(x: 0, y: 0, width: 400, height: 300), collectionViewLayout: layout)
        view.dataSource = model
        view.logger = capture.logger
        view.layoutIfNeeded()
    }

    func run(_ operations: [KeyOperation]) -> Int {
        for (index, operation) in operations.enumerated() {
            if let broken = perform(operation) ?? brokenInvariant() {
                Issue.record("after operation \(index), \(operation): \(broken)")
                return index + 1
            }
        }
        return operations.count
    }

    private func path(_ item: Int, _ section: Int) -> IndexPath { IndexPath(item: item, section: section) }

    /// An index below `count`, or 0.
    private func index(_ a: Int, _ count: Int) -> Int { count > 0 ? abs(a) % count : 0 }

    /// Performs `operation`; returns what went wrong in it, or nil.
    func perform(_ operation: KeyOperation) -> String? {
        let keys: [KeyOperation.Kind: KeyboardHIDUsage] = [
            .space: .keyboardSpacebar, .left: .keyboardLeftArrow, .right: .keyboardRightArrow, .up: .keyboardUpArrow,
            .down: .keyboardDownArrow, .escape: .keyboardEscape, .enter: .keyboardReturnOrEnter, .tab: .keyboardTab,
        ]
        if let key = keys[operation.kind] { return press(key) }
        let wasMoving = layout.isMovingWithKeyboard
        let heard = model.announcements.count
        var external = false
        switch operation.kind {
        case .focus:
            // Paths past the end and in sections that do not exist, too.
            let section = operation.b
            let count = section >= 0 && section < model.sections.count ? model.sections[section].count : 0
            let target = path(operation.a % (count + 2), section)
            let before = layout.focusedIndexPath
            let liftedAt = lifted.flatMap { locate($0.identity) }
            capture.clear()
            layout.focusedIndexPath = target
            if !view.isValid(target) {
                guard layout.focusedIndexPath == before else { return "an invalid focus \(target) was taken" }
                guard capture.messages.contains(where: { $0.contains("focusedIndexPath: ignored") }) else {
                    return "an invalid focus \(target) was not reported"
                }
                return nil
            }
            guard layout.focusedIndexPath == target else { return "focus \(target) not taken" }
            if wasMoving, target != liftedAt {
                guard model.sections == lifted?.snapshot else { return "focusing elsewhere did not cancel exactly" }
                lifted = nil
            }
        case .unfocus:
            layout.focusedIndexPath = nil
            if wasMoving {
                guard model.sections == lifted?.snapshot else { return "losing focus did not cancel exactly" }
            }
            lifted = nil
        case .insertItem:
            let s = index(operation.b, model.sections.count)
            let at = index(operation.a, model.sections[s].count + 1)
            external = true
            view.performBatchUpdates { [self] in
                let identity = model.makeIdentity()
                expected.insert(identity)
                model.sections[s].insert(identity, at: at)
                view.insertItems(at: [path(at, s)])
            }
        case .deleteItem:
            let s = index(operation.b, model.sections.count)
            guard !model.sections[s].isEmpty else { return nil }
            let at = index(operation.a, model.sections[s].count)
            external = true
            view.performBatchUpdates { [self] in
                expected.remove(model.sections[s].remove(at: at))
                view.deleteItems(at: [path(at, s)])
            }
        case .moveItem:
            let s = index(operation.b, model.sections.count)
            guard !model.sections[s].isEmpty else { return nil }
            let from = index(operation.a, model.sections[s].count)
            let item = model.sections[s].remove(at: from)
            let to = index(operation.a / 2, model.sections[0].count + 1)
            model.sections[0].insert(item, at: to)
            external = true
            view.moveItem(at: path(from, s), to: path(to, 0))
        case .reloadData:
            external = true
            view.reloadData()
        case .scroll:
            view.contentOffset = CGPoint(x: 0, y: operation.y)
        case .fingerBegin:
            let point = CGPoint(x: operation.x, y: operation.y + view.contentOffset.y)
            let began = layout.beginDragging(at: point)
            if began, wasMoving { return "a finger lifted an item during a keyboard move" }
        case .fingerMove:
            let before = model.sections
            layout.updateDragging(to: CGPoint(x: operation.x, y: operation.y + view.contentOffset.y))
            layout.step(1.0 / 60)
            if wasMoving, model.sections != before { return "a finger moved a keyboard-lifted item" }
        case .fingerEnd, .fingerCancel:
            if wasMoving {
                guard operation.kind == .fingerCancel else { return nil }
            }
            operation.kind == .fingerEnd ? layout.endDragging() : layout.cancelDragging()
            if wasMoving { lifted = nil }
        default: break
        }
        if external, wasMoving {
            lifted = nil
            guard !layout.isDragging else { return "a data change did not end the keyboard move" }
            guard model.announcements.dropFirst(heard).contains(where: { $0.kind == .interrupted }) else {
                return "a data change ended the move unannounced"
            }
        }
        return nil
    }

    /// Where `identity` is now, or nil.
    private func locate(_ identity: Int) -> IndexPath? {
        for (s, items) in model.sections.enumerated() {
            if let i = items.firstIndex(of: identity) { return path(i, s) }
        }
        return nil
    }

    /// Presses `key`, checking its answer against the model.
    private func press(_ key: KeyboardHIDUsage) -> String? {
        let before = model.sections
        let focusBefore = layout.focusedIndexPath
        let movingBefore = layout.isMovingWithKeyboard
        let heard = model.announcements.count
        let answer = layout.handleKeyPress(key)
        if let answer, model.announcements.count != heard + 1 || model.announcements.last != answer {
            return "the answer \(answer) was not posted once"
        }
        guard let answer else {
            guard model.sections == before, layout.focusedIndexPath == focusBefore else {
                return "a nil answer changed"
            }
            return nil
        }
        // The announced place is the item's, in the model's numbers.
        if let path = answer.indexPath {
            guard answer.position == path.item + 1, answer.count == model.sections[path.section].count else {
                return "\(answer) does not match the model's \(model.sections[path.section].count) items"
            }
            if answer.kind != .focused, answer.kind != .lifted, !answer.kind.isRefusal {
                guard answer.text.contains("position \(path.item + 1)") else { return "\(answer.text) misplaces it" }
            }
        }
        switch answer.kind {
        case .lifted:
            guard let focus = layout.focusedIndexPath, model.sections == before else { return "lifting changed data" }
            guard model.canMoveItem(at: focus) else { return "lifted a pinned item" }
            lifted = (model[focus], before)
        case .moved:
            guard let lifted, let from = focusBefore, let to = layout.focusedIndexPath else { return "moved nothing" }
            // Exactly the lifted item moved, from its place to the announced one.
            var moved = before
            moved[from.section].remove(at: from.item)
            moved[to.section].insert(lifted.identity, at: to.item)
            guard model.sections == moved, before[from.section][from.item] == lifted.identity else {
                return "the move \(from) → \(to) gave \(model.sections), not \(moved)"
            }
            guard to != IndexPath(item: 0, section: 0) else { return "moved into the refused slot" }
        case .dropped:
            guard let lifted, let focus = layout.focusedIndexPath, model.sections == before,
                model[focus] == lifted.identity
            else { return "the drop changed data or lost the item" }
            self.lifted = nil
        case .cancelled:
            guard let lifted, model.sections == lifted.snapshot else {
                return "cancel gave \(model.sections), not \(lifted?.snapshot ?? [])"
            }
            self.lifted = nil
        case .focused:
            guard model.sections == before, !movingBefore, layout.focusedIndexPath == answer.indexPath else {
                return "focusing changed data"
            }
        case .refused:
            guard model.sections == before, layout.focusedIndexPath == focusBefore,
                layout.isMovingWithKeyboard == movingBefore
            else { return "a refused key changed something" }
        case .interrupted, .focusLost:
            return "a key answered \(answer.kind)"
        }
        return nil
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
        if let focus = layout.focusedIndexPath, !view.isValid(focus) { return "the focus \(focus) names no item" }
        if layout.isMovingWithKeyboard {
            guard let lifted, let focus = layout.focusedIndexPath else { return "moving without a lifted item" }
            guard layout.draggedIndexPaths == [focus], model[focus] == lifted.identity else {
                return "the lifted \(lifted.identity) is not at the focus \(focus)"
            }
        } else if lifted != nil {
            return "the keyboard move ended without an answer"
        }
        if !layout.isDragging {
            for attributes in view.visibleLayoutAttributes() where attributes.isHidden {
                return "\(attributes.indexPath) is hidden with nothing dragged"
            }
        }
        for attributes in view.visibleLayoutAttributes() where !attributes.frame.isAllFinite {
            return "attributes \(attributes) are not finite"
        }
        return nil
    }
}

extension ReorderAnnouncement.Kind {
    var isRefusal: Bool {
        if case .refused = self { return true }
        return false
    }
}
