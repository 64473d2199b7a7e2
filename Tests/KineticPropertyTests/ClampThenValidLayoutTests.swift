import Foundation
import KineticAnimation
import KineticDynamics
import KineticInteractions
import KineticLayout
import PropertyBased
import Testing

/// Issue 32, the collection view's half: some ordinary calls, one call with an extreme value
/// (a layout metric, a frame, an offset, an inset, a spring's or a reorder's parameter, a size
/// from the flow delegate, a drag to the largest Double...), then only valid calls; after each,
/// checked against the test's own model: a query for the whole content returns every item once,
/// the visible cells name existing items, every batch update's index-path mapping matches the
/// model's change, a reorder never loses or duplicates an item, and every frame is finite.
@Suite("A clamp leaves the collection view's invariants holding")
@MainActor
struct ClampThenValidLayoutTests {
    static let counters = LayoutKind.allCases.map {
        FuzzRun.Counter("collection view (\($0)), one bad value then valid use")
    }

    @Test(arguments: LayoutKind.allCases)
    func invariantsHoldAfterABadValue(_ kind: LayoutKind) async {
        let input = zip(
            LayoutOperation.generator(hostile: false, layout: kind).array(of: 0...10),
            LayoutOperation.generator(hostile: true, layout: kind),
            LayoutOperation.generator(hostile: false, layout: kind).array(of: 1...30)
        )
        let counter = Self.counters[kind.rawValue]
        await propertyCheck(count: FuzzRun.iterations(default: 100), input: input) { before, bad, after in
            let harness = LayoutClampHarness(kind)
            counter.record(operations: harness.run(before: before, bad: bad, after: after))
        }
        counter.report()
    }
}

/// Issue 32, the finger's reorder: one extreme setting (edge auto-scroll, the settle spring,
/// hysteresis, insets, metrics), then a random touch stream with data changes mid-drag; after
/// each step the visible cells name existing items and a query for the whole content finds every
/// item, besides ``TouchHarness``'s own invariants (the data a permutation, counts, finiteness).
@Suite("A clamp leaves the finger's reorder valid")
@MainActor
struct ClampThenReorderTests {
    static let counter = FuzzRun.Counter("reorder by finger, one bad setting then touches")

    @Test func reorderCellsNameExistingItemsAfterABadSetting() async {
        let input = zip(
            Gen.int(in: 0...9), ExtremeDouble.any, ExtremeDouble.any, TouchOperation.generator.array(of: 1...40))
        await propertyCheck(count: FuzzRun.iterations(default: 150), input: input) { setting, x, y, operations in
            let harness = TouchHarness(reorder: true)
            Self.counter.record(operations: 1 + Self.run(harness, setting: setting, x, y, operations))
        }
        Self.counter.report()
    }

    /// Applies the bad setting, then the operations, checking after each; returns how many ran.
    static func run(_ harness: TouchHarness, setting: Int, _ x: Double, _ y: Double, _ operations: [TouchOperation])
        -> Int
    {
        guard let reorder = harness.reorder else { return 0 }
        let layout = reorder.layout
        switch setting {
        case 0: layout.autoScroll.edgeSize = x
        case 1: layout.autoScroll.maximumSpeed = x
        case 2: layout.autoScroll.rampDuration = x
        case 3:
            layout.autoScroll.mode = .paging
            layout.autoScroll.pageTurnDuration = x
            layout.autoScroll.pageRepeatInterval = y
        case 4: reorder.settleSpring = Spring(response: x, dampingRatio: y)
        case 5: layout.reorderHysteresis = x
        case 6: harness.view.contentInset = EdgeInsets(top: x, left: 0, bottom: y, right: 0)
        case 7: layout.itemSize = CGSize(width: x, height: y)
        case 8: layout.minimumLineSpacing = x
        default: layout.sectionInset = EdgeInsets(top: x, left: y, bottom: x, right: y)
        }
        // The setting's own refusal is expected; from here on the library refuses nothing.
        harness.capture.clear()
        for (index, operation) in operations.enumerated() {
            harness.perform(operation)
            if let broken = harness.brokenInvariant() ?? cellsBroken(harness) {
                Issue.record("setting \(setting) (\(x), \(y)), after operation \(index), \(operation): \(broken)")
                return index + 1
            }
        }
        return operations.count
    }

    static func cellsBroken(_ harness: TouchHarness) -> String? {
        let view = harness.view
        for attributes in view.visibleLayoutAttributes() where attributes.representedElementCategory == .cell {
            guard view.isValid(attributes.indexPath) else {
                let counts = (0..<view.numberOfSections).map { view.numberOfItems(inSection: $0) }
                return "a visible cell names \(attributes.indexPath), which is no item (\(counts) by section)"
            }
        }
        let rect = CGRect(origin: .zero, size: view.contentSize)
        let found = Set(
            (view.collectionViewLayout.layoutAttributesForElements(in: rect) ?? []).filter {
                $0.representedElementCategory == .cell
            }.map(\.indexPath))
        let total = (0..<view.numberOfSections).reduce(0) { $0 + view.numberOfItems(inSection: $1) }
        guard found.count == total, found.allSatisfy(view.isValid) else {
            return "a query for the whole content \(rect) found \(found.count) of \(total) items"
        }
        return nil
    }
}

/// Issue 32: the reorder's and the springy layout's settings outside their ranges get a clear
/// answer: clamped or ignored, with one log line per assignment.
@Suite("Layout settings out of range are logged once")
@MainActor
struct LayoutSettingClampTests {
    @Test func autoScrollSettingsAreClampedOnce() {
        let harness = TouchHarness(reorder: true)
        let layout = harness.reorder!.layout
        harness.capture.clear()
        layout.autoScroll.maximumSpeed = 2000
        #expect(harness.capture.messages.isEmpty)
        layout.autoScroll.maximumSpeed = .infinity
        layout.autoScroll.edgeSize = -3
        layout.autoScroll.rampDuration = .nan
        layout.autoScroll.pageTurnDuration = 1e300
        #expect(harness.capture.messages.count == 4)
        #expect(harness.capture.messages.allSatisfy { $0.contains("RearrangeableFlowLayout.autoScroll: clamped") })
        let maximum = RearrangeableFlowLayout.AutoScrollSettings.maximumValue
        #expect(layout.autoScroll.maximumSpeed == maximum && layout.autoScroll.edgeSize == 0)
        #expect(layout.autoScroll.rampDuration == 0.5 && layout.autoScroll.pageTurnDuration == maximum)
        layout.reorderHysteresis = -1
        #expect(layout.reorderHysteresis == 4)
        #expect(harness.capture.messages.last?.contains("reorderHysteresis: ignored -1.0") == true)
    }

    @Test func springySettingsOutOfRangeAreIgnoredOnce() {
        let layout = SpringyFlowLayout()
        let model = SectionsModel([Array(0..<6)])
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        let capture = LogCapture()
        view.logger = capture.logger
        view.dataSource = model
        layout.tilingMargin = .nan
        layout.scrollResistanceDistance = 0
        #expect(layout.tilingMargin == 100 && layout.scrollResistanceDistance == 1500)
        #expect(capture.messages.count == 2)
        #expect(capture.messages.first?.contains("SpringyFlowLayout.tilingMargin: ignored") == true)
        layout.tilingMargin = .greatestFiniteMagnitude
        view.layoutIfNeeded()
        #expect(layout.springCount == 6, "a margin of the largest Double tiles the content, as 1e9 pt does")
        #expect(capture.messages.count == 2)
    }
}

/// The layouts the property runs on.
enum LayoutKind: Int, CaseIterable, Sendable, CustomStringConvertible {
    /// A flow layout with its own metrics.
    case flow
    /// A flow layout sized item by item by its delegate.
    case flowDelegate
    /// A springy flow layout.
    case springy
    /// A rearrangeable flow layout, reordered by its methods.
    case rearrangeable

    var description: String { ["flow", "flow delegate", "springy", "rearrangeable"][rawValue] }
}

/// One call on a collection view, its layout or its data, as raw choices.
struct LayoutOperation: CustomStringConvertible, Sendable {
    enum Kind: Int, CaseIterable, Sendable {
        // Data changes, each described to the view as it happens.
        case insertItem, deleteItem, moveItem, reloadItem, insertSection, deleteSection, reloadSection, moveSection
        case batch, reloadData
        // The view and the layout.
        case itemSize, lineSpacing, interitemSpacing, sectionInset, header, footer, direction, frame, offset
        case animatedOffset, inset, scrollToItem, delegateSize
        // The springy layout, the reorder.
        case springFrequency, springDamping, tilingMargin, resistance, touch, stepSprings
        case beginDrag, updateDrag, stepDrag, endDrag, cancelDrag, hysteresis, autoScroll, select
        case beginMovement, updateMovement, endMovement, settle, endSettle
    }

    var kind: Kind
    var a: Int
    var b: Int
    var x: Double
    var y: Double

    var description: String { "\(kind)(\(a), \(b), \(x), \(y))" }

    /// The calls each layout kind makes more often: its own (springs, drags, settling) and the
    /// interactive movements that renumber what it shows, each three more times.
    static func weighted(for layout: LayoutKind) -> [Kind] {
        let own: [Kind]
        switch layout {
        case .flow, .flowDelegate: own = [.beginMovement, .updateMovement, .endMovement]
        case .springy: own = [.springFrequency, .springDamping, .tilingMargin, .resistance, .touch, .stepSprings]
        case .rearrangeable:
            own = [
                .beginDrag, .updateDrag, .stepDrag, .endDrag, .settle, .endSettle, .beginMovement, .updateMovement,
                .endMovement,
            ]
        }
        return Kind.allCases + own + own + own
    }

    /// Numbers anything at all when `hostile`; otherwise ordinary values within `0…1000`, made
    /// to fit each property's documented range by the harness. Kinds as ``weighted(for:)``.
    static func generator(hostile: Bool, layout: LayoutKind) -> Generator<LayoutOperation, some SendableSequenceType> {
        let number = ExtremeDouble.any.map { value in
            hostile ? value : value.isFinite && abs(value) <= 1000 ? abs(value) : 500
        }
        let kinds = weighted(for: layout)
        return zip(Gen.int(in: 0...(kinds.count - 1)), Gen.int(in: 0...40), Gen.int(in: 0...40), number, number).map {
            LayoutOperation(kind: kinds[$0.0], a: $0.1, b: $0.2, x: $0.3, y: $0.4)
        }
    }
}

/// Sections of item identities, each section with an identity of its own: the data source,
/// the flow delegate (sizes by identity), the reorder's delegate, and the truth the view is
/// checked against.
final class TrackedSections: CollectionViewDataSource, CollectionViewDelegateFlowLayout,
    RearrangeableFlowLayoutDelegate
{
    var sections: [[Int]]
    var sectionIDs: [Int]
    /// Sizes the delegate answers, by item identity (others 20…80 pt by identity).
    var sizes: [Int: CGSize] = [:]
    private var next = 1000

    init(_ sections: [[Int]]) {
        self.sections = sections
        sectionIDs = Array(sections.indices)
    }

    func makeIdentity() -> Int {
        defer { next += 1 }
        return next
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        sections[section].count
    }
    func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
        moveDataItem(from: source, to: destination)
    }
    func moveDataItem(from source: IndexPath, to destination: IndexPath) {
        let item = sections[source.section].remove(at: source.item)
        sections[destination.section].insert(item, at: destination.item)
    }
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        // By presented path: during an interactive movement the item shown there is the data's at
        // the matching data path.
        let path = collectionView.dataIndexPath(forPresentedIndexPath: indexPath) ?? indexPath
        let id = sections[path.section][path.item]
        return sizes[id] ?? CGSize(width: 20 + Double(id * 37 % 61), height: 20 + Double(id * 53 % 41))
    }

    /// Every item's path, by identity.
    var paths: [Int: IndexPath] {
        var result: [Int: IndexPath] = [:]
        for (s, items) in sections.enumerated() {
            for (i, id) in items.enumerated() { result[id] = IndexPath(item: i, section: s) }
        }
        return result
    }
}

/// The model as a batch update found it, and what the batch replaced: checked against the
/// mapping the layout is given.
struct ModelSnapshot {
    var sections: [[Int]]
    var sectionIDs: [Int]
}

/// Records the index-path mapping of every batch update a layout is told about.
protocol MappingRecording: AnyObject {
    var onUpdate: ((CollectionView.IndexPathMapping?) -> Void)? { get set }
}

final class RecordingFlowLayout: FlowLayout, MappingRecording {
    var onUpdate: ((CollectionView.IndexPathMapping?) -> Void)?
    override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
        onUpdate?(collectionView?.indexPathMappingForUpdates)
        super.prepare(forCollectionViewUpdates: updateItems)
    }
}

final class RecordingSpringyLayout: SpringyFlowLayout, MappingRecording {
    var onUpdate: ((CollectionView.IndexPathMapping?) -> Void)?
    override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
        onUpdate?(collectionView?.indexPathMappingForUpdates)
        super.prepare(forCollectionViewUpdates: updateItems)
    }
}

final class RecordingRearrangeableLayout: RearrangeableFlowLayout, MappingRecording {
    var onUpdate: ((CollectionView.IndexPathMapping?) -> Void)?
    override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
        onUpdate?(collectionView?.indexPathMappingForUpdates)
        super.prepare(forCollectionViewUpdates: updateItems)
    }
}

/// A collection view over ``TrackedSections`` with one of the ``LayoutKind``s.
@MainActor
final class LayoutClampHarness {
    let kind: LayoutKind
    let model = TrackedSections([Array(0..<14), Array(14..<20), [], Array(20..<23)])
    let layout: FlowLayout
    let view: CollectionView
    let capture = LogCapture()
    /// Every identity the data must hold.
    var expected = Set(0..<23)
    /// The model when the last batch (or operation) left it.
    var before: ModelSnapshot
    /// Items and sections the running batch replaces: old identity → new identity.
    var replacedItems: [Int: Int] = [:]
    var reloadedSections: Set<Int> = []
    /// A mapping that did not match the model, found while a batch was applied.
    var mappingError: String?
    var hostile = false

    init(_ kind: LayoutKind) {
        self.kind = kind
        switch kind {
        case .flow, .flowDelegate: layout = RecordingFlowLayout()
        case .springy: layout = RecordingSpringyLayout()
        case .rearrangeable: layout = RecordingRearrangeableLayout()
        }
        view = CollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        before = ModelSnapshot(sections: model.sections, sectionIDs: model.sectionIDs)
        view.dataSource = model
        if kind == .flowDelegate { view.delegate = model }
        view.logger = capture.logger
        view.allowsMultipleSelection = true
        (layout as? RearrangeableFlowLayout)?.delegate = model
        (layout as? SpringyFlowLayout)?.dynamicAnimator.logger = capture.logger
        (layout as? MappingRecording)?.onUpdate = { [unowned self] mapping in check(mapping) }
        view.layoutIfNeeded()
    }

    /// Runs the operations, checking after each; returns how many ran.
    func run(before: [LayoutOperation], bad: LayoutOperation, after: [LayoutOperation]) -> Int {
        DynamicAnimator.detachedLogger.withValue(capture.logger) {
            let operations = before.map { ($0, false) } + [(bad, true)] + after.map { ($0, false) }
            for (index, (operation, hostile)) in operations.enumerated() {
                self.hostile = hostile
                perform(operation)
                snapshot()
                if let broken = mappingError ?? brokenInvariant() {
                    Issue.record("after operation \(index), \(operation)\(hostile ? " (the bad one)" : ""): \(broken)")
                    return index + 1
                }
            }
            return operations.count
        }
    }

    private func snapshot() {
        before = ModelSnapshot(sections: model.sections, sectionIDs: model.sectionIDs)
        replacedItems.removeAll()
        reloadedSections.removeAll()
    }

    // MARK: The mapping's truth

    /// Checks a batch's mapping against the model's change since `before`, then takes the model
    /// as the new `before` (the layout's own moves make several batches in one operation).
    private func check(_ mapping: CollectionView.IndexPathMapping?) {
        defer { snapshot() }
        guard mappingError == nil else { return }
        guard let mapping else {
            mappingError = "a batch update gave the layout no mapping"
            return
        }
        let now = model.paths
        for (s, id) in before.sectionIDs.enumerated() {
            let expected = model.sectionIDs.firstIndex(of: id)
            guard mapping.newSection(forOldSection: s) == expected else {
                let reloaded = reloadedSections.contains(id) ? ", reloaded" : ""
                mappingError =
                    "the mapping sends section \(s) (identity \(id)\(reloaded)) to "
                    + "\(String(describing: mapping.newSection(forOldSection: s))), the model to "
                    + "\(String(describing: expected))"
                return
            }
            for (i, item) in before.sections[s].enumerated() {
                let old = IndexPath(item: i, section: s)
                let found = mapping.newIndexPath(forOldIndexPath: old)
                // A reloaded section's items are replaced; a reloaded item maps to its successor.
                let truth =
                    reloadedSections.contains(id) ? nil : replacedItems[item].map { now[$0] } ?? now[item]
                guard found == truth else {
                    mappingError =
                        "the mapping sends item \(old) (identity \(item)) to \(String(describing: found)), the model "
                        + "to \(String(describing: truth))"
                    return
                }
            }
        }
        guard mapping.numberOfSectionsAfterUpdate == model.sections.count else {
            mappingError = "the mapping has \(mapping.numberOfSectionsAfterUpdate) sections after the update"
            return
        }
        // Backwards: each section and item after the update from where it was, or nil when new.
        var was: [Int: IndexPath] = [:]
        for (s, items) in before.sections.enumerated() {
            for (i, id) in items.enumerated() { was[id] = IndexPath(item: i, section: s) }
        }
        let successors = Dictionary(replacedItems.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        for (s, id) in model.sectionIDs.enumerated() {
            let expected = before.sectionIDs.firstIndex(of: id)
            guard mapping.oldSection(forNewSection: s) == expected else {
                mappingError =
                    "the mapping takes section \(s) (identity \(id)) from "
                    + "\(String(describing: mapping.oldSection(forNewSection: s))), the model from "
                    + "\(String(describing: expected))"
                return
            }
            for (i, item) in model.sections[s].enumerated() {
                let new = IndexPath(item: i, section: s)
                let found = mapping.oldIndexPath(forNewIndexPath: new)
                let truth = reloadedSections.contains(id) ? nil : was[successors[item] ?? item]
                guard found == truth else {
                    mappingError =
                        "the mapping takes item \(new) (identity \(item)) from \(String(describing: found)), the "
                        + "model from \(String(describing: truth))"
                    return
                }
            }
        }
    }

    // MARK: Operations

    private func path(_ item: Int, _ section: Int) -> IndexPath { IndexPath(item: item, section: section) }

    /// A section index that exists, or nil.
    private func section(_ a: Int) -> Int? { model.sections.isEmpty ? nil : a % model.sections.count }

    /// `value` as a length in a property's range: any value when hostile, else 0…`limit`.
    private func length(_ value: Double, _ limit: Double = 200) -> Double {
        hostile ? value : min(abs(value), limit)
    }

    /// `value` as a coordinate in the content (or anything when hostile).
    private func coordinate(_ value: Double, _ along: Double) -> Double {
        hostile ? value : min(abs(value), along)
    }

    private var rearrangeable: RearrangeableFlowLayout? { layout as? RearrangeableFlowLayout }
    private var springy: SpringyFlowLayout? { layout as? SpringyFlowLayout }

    func perform(_ operation: LayoutOperation) {
        let (a, b, x, y) = (operation.a, operation.b, operation.x, operation.y)
        let content = view.contentSize
        switch operation.kind {
        case .insertItem:
            guard let s = section(a) else { return }
            let at = b % (model.sections[s].count + 1)
            view.performBatchUpdates { [self] in
                let id = model.makeIdentity()
                expected.insert(id)
                model.sections[s].insert(id, at: at)
                view.insertItems(at: [path(at, s)])
            }
        case .deleteItem:
            guard let s = section(a), !model.sections[s].isEmpty else { return }
            let at = b % model.sections[s].count
            view.performBatchUpdates { [self] in
                expected.remove(model.sections[s].remove(at: at))
                view.deleteItems(at: [path(at, s)])
            }
        case .moveItem:
            guard let s = section(a), !model.sections[s].isEmpty, let t = section(b) else { return }
            let from = b % model.sections[s].count
            view.performBatchUpdates { [self] in
                let item = model.sections[s].remove(at: from)
                let to = (a + b) % (model.sections[t].count + 1)
                model.sections[t].insert(item, at: to)
                view.moveItem(at: path(from, s), to: path(to, t))
            }
        case .reloadItem:
            guard let s = section(a), !model.sections[s].isEmpty else { return }
            let at = b % model.sections[s].count
            view.performBatchUpdates { [self] in
                let id = model.makeIdentity()
                let old = model.sections[s][at]
                expected.remove(old)
                expected.insert(id)
                replacedItems[old] = id
                model.sections[s][at] = id
                view.reloadItems(at: [path(at, s)])
            }
        case .insertSection:
            let at = a % (model.sections.count + 1)
            view.performBatchUpdates { [self] in
                let items = (0..<(b % 5)).map { _ in model.makeIdentity() }
                expected.formUnion(items)
                model.sections.insert(items, at: at)
                model.sectionIDs.insert(model.makeIdentity(), at: at)
                view.insertSections(IndexSet(integer: at))
            }
        case .deleteSection:
            guard let s = section(a) else { return }
            view.performBatchUpdates { [self] in
                expected.subtract(model.sections.remove(at: s))
                model.sectionIDs.remove(at: s)
                view.deleteSections(IndexSet(integer: s))
            }
        case .reloadSection:
            guard let s = section(a) else { return }
            view.performBatchUpdates { [self] in
                expected.subtract(model.sections[s])
                let items = (0..<(b % 6)).map { _ in model.makeIdentity() }
                expected.formUnion(items)
                model.sections[s] = items
                reloadedSections.insert(model.sectionIDs[s])
                view.reloadSections(IndexSet(integer: s))
            }
        case .moveSection:
            guard let s = section(a), let t = section(b) else { return }
            view.performBatchUpdates { [self] in
                let items = model.sections.remove(at: s), id = model.sectionIDs.remove(at: s)
                model.sections.insert(items, at: t)
                model.sectionIDs.insert(id, at: t)
                view.moveSection(s, toSection: t)
            }
        case .batch:
            batch(a, b)
        case .reloadData:
            view.reloadData()
        case .itemSize:
            layout.itemSize = CGSize(width: length(x, 300) + (hostile ? 0 : 1), height: length(y, 300))
        case .lineSpacing:
            layout.minimumLineSpacing = length(x, 40)
        case .interitemSpacing:
            layout.minimumInteritemSpacing = length(x, 40)
        case .sectionInset:
            layout.sectionInset = EdgeInsets(top: length(x, 40), left: length(y, 40), bottom: length(y), right: 0)
        case .header:
            layout.headerReferenceSize = CGSize(width: length(x), height: length(y, 60))
        case .footer:
            layout.footerReferenceSize = CGSize(width: length(y), height: length(x, 60))
        case .direction:
            layout.scrollDirection = a % 2 == 0 ? .vertical : .horizontal
        case .frame:
            view.frame = CGRect(x: 0, y: 0, width: length(x, 600) + (hostile ? 0 : 1), height: length(y, 900))
        case .offset:
            view.contentOffset = CGPoint(x: coordinate(x, content.width), y: coordinate(y, content.height))
        case .animatedOffset:
            view.setContentOffset(
                CGPoint(x: coordinate(x, content.width), y: coordinate(y, content.height)), animated: false)
        case .inset:
            view.contentInset = EdgeInsets(top: length(x, 100), left: 0, bottom: length(y, 100), right: 0)
        case .scrollToItem:
            view.scrollToItem(
                at: path(a % 15, b % 5), at: [.top, .centeredVertically, .bottom][a % 3], animated: false)
        case .delegateSize:
            guard let s = section(a), !model.sections[s].isEmpty else { return }
            let id = model.sections[s][b % model.sections[s].count]
            model.sizes[id] = CGSize(width: length(x, 300), height: length(y, 300))
            // A size is data: the view learns of it through a reload of the item.
            view.performBatchUpdates { [self] in
                view.reloadItems(at: [model.paths[id]!])
                replacedItems[id] = id
            }
        case .springFrequency:
            springy?.springFrequency = hostile ? x : 0.5 + min(abs(x), 10)
        case .springDamping:
            springy?.springDamping = hostile ? x : min(abs(x) / 1000, 1)
        case .tilingMargin:
            springy?.tilingMargin = length(x, 400)
        case .resistance:
            springy?.scrollResistanceDistance = hostile ? x : 1 + abs(x) * 3
        case .touch:
            springy?.touchLocation = a % 4 == 0 ? nil : CGPoint(x: coordinate(x, 320), y: coordinate(y, content.height))
        case .stepSprings:
            springy?.dynamicAnimator.step(hostile ? x : 1.0 / 60)
        case .beginDrag:
            rearrangeable?.beginDragging(at: CGPoint(x: coordinate(x, 320), y: coordinate(y, content.height)))
        case .updateDrag:
            rearrangeable?.updateDragging(to: CGPoint(x: coordinate(x, 320), y: coordinate(y, content.height)))
        case .stepDrag:
            rearrangeable?.step(hostile ? x : 1.0 / 60)
        case .endDrag:
            rearrangeable?.endDragging()
        case .cancelDrag:
            rearrangeable?.cancelDragging()
        case .hysteresis:
            rearrangeable?.reorderHysteresis = length(x, 20)
        case .autoScroll:
            var settings = RearrangeableFlowLayout.AutoScrollSettings()
            settings.mode = a % 2 == 0 ? .continuous : .paging
            settings.edgeSize = length(x, 100)
            settings.maximumSpeed = hostile ? y : abs(y) * 3
            settings.rampDuration = hostile ? x : abs(x) / 1000
            settings.pageTurnDuration = hostile ? y : abs(y) / 1000
            settings.pageRepeatInterval = hostile ? x : abs(x) / 1000
            rearrangeable?.autoScroll = settings
        case .select:
            let target = path(a % 15, b % 5)
            if view.isValid(target) { view.selectItem(at: target, animated: false, scrollPosition: []) }
        case .beginMovement:
            view.beginInteractiveMovementForItem(at: path(a % 15, b % 5))
        case .updateMovement:
            // Over an item (of another section, often) or anywhere.
            let over = view.layoutAttributesForItem(at: path(a % 15, b % 5))?.center
            view.updateInteractiveMovementTargetPosition(
                over ?? CGPoint(x: coordinate(x, 320), y: coordinate(y, content.height)))
        case .endMovement:
            if a % 3 == 0 { view.cancelInteractiveMovement() } else { view.endInteractiveMovement() }
        case .settle:
            // A dropped cell on its way into its slot (a section's last item, often), drawn from
            // attributes someone animates: at its slot or anywhere.
            guard let s = section(b), let rearrangeable else { return }
            let count = view.numberOfItems(inSection: s)
            let target = path(a % 2 == 0 ? count - 1 : a % 15, s)
            guard let attributes = view.layoutAttributesForItem(at: target) else { return }
            let moving = attributes.copy()
            if a % 3 == 0 { moving.center = CGPoint(x: coordinate(x, 320), y: coordinate(y, content.height)) }
            rearrangeable.beginSettling(moving, at: target)
        case .endSettle:
            rearrangeable?.endSettling(at: path(a % 15, b % 5))
        }
    }

    /// Several section changes in one batch, described as UIKit wants them, from a final
    /// arrangement chosen first (so the model is the truth, not a second implementation of the
    /// rules): each old section is deleted, reloaded, moved or left (by `a`'s digits in base 4);
    /// the left and reloaded ones keep their order, the moved ones and `b % 3` new ones go
    /// anywhere (by `b`); a left section may also lose its first item.
    private func batch(_ a: Int, _ b: Int) {
        var rng = SplitMix(a &* 1_000_003 &+ b)
        let old = model.sectionIDs
        var roles: [Int] = []  // 0 left, 1 deleted, 2 reloaded, 3 moved
        var digits = a
        for _ in old {
            roles.append(digits % 4)
            digits = digits / 4 + Int(rng.next() % 4)
        }
        var arrangement = old.indices.filter { roles[$0] == 0 || roles[$0] == 2 }.map { Optional($0) }
        for index in old.indices where roles[index] == 3 {
            arrangement.insert(index, at: Int(rng.next() % UInt64(arrangement.count + 1)))
        }
        for _ in 0..<(b % 3) { arrangement.insert(nil, at: Int(rng.next() % UInt64(arrangement.count + 1))) }
        let trimmed = old.indices.first { roles[$0] == 0 && !model.sections[$0].isEmpty }
        view.performBatchUpdates { [self] in
            var sections: [[Int]] = [], ids: [Int] = []
            for (new, source) in arrangement.enumerated() {
                guard let source else {
                    let items = (0..<Int(rng.next() % 3)).map { _ in model.makeIdentity() }
                    expected.formUnion(items)
                    sections.append(items)
                    ids.append(model.makeIdentity())
                    view.insertSections(IndexSet(integer: new))
                    continue
                }
                var items = model.sections[source]
                switch roles[source] {
                case 2:
                    expected.subtract(items)
                    items = (0..<Int(rng.next() % 4)).map { _ in model.makeIdentity() }
                    expected.formUnion(items)
                    reloadedSections.insert(old[source])
                    view.reloadSections(IndexSet(integer: source))
                case 3:
                    view.moveSection(source, toSection: new)
                default:
                    if source == trimmed {
                        expected.remove(items.removeFirst())
                        view.deleteItems(at: [path(0, source)])
                    }
                }
                sections.append(items)
                ids.append(old[source])
            }
            for index in old.indices where roles[index] == 1 {
                expected.subtract(model.sections[index])
                view.deleteSections(IndexSet(integer: index))
            }
            model.sections = sections
            model.sectionIDs = ids
        }
    }

    // MARK: Invariants

    func brokenInvariant() -> String? {
        let all = model.sections.flatMap { $0 }
        guard all.count == expected.count, Set(all) == expected else {
            return "the data \(model.sections) is not a permutation of \(expected.sorted())"
        }
        // During an interactive movement the view presents the moving item at its target.
        let presented = (0..<view.numberOfSections).map { view.numberOfItems(inSection: $0) }
        if view.indexPathForInteractivelyMovingItem == nil {
            guard presented == model.sections.map(\.count) else {
                return "the view shows \(presented) items by section, the data has \(model.sections.map(\.count))"
            }
        }
        guard view.contentOffset.isAllFinite else { return "offset \(view.contentOffset)" }
        let size = view.contentSize
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            return "content size \(size)"
        }
        for attributes in view.visibleLayoutAttributes() {
            guard attributes.frame.isAllFinite, attributes.transform.isAllFinite else {
                return "visible attributes \(attributes) are not finite"
            }
            if attributes.representedElementCategory == .cell, !view.isValid(attributes.indexPath) {
                return "a visible cell names \(attributes.indexPath), which is no item (\(presented) by section)"
            }
        }
        return wholeContentBroken(presented)
    }

    /// A query for the whole content returns every item once (a dragged item's slot is hidden
    /// and its representation shown: once visibly). Springy cells may hang off their places: the
    /// query covers the world for them.
    private func wholeContentBroken(_ presented: [Int]) -> String? {
        let size = view.contentSize
        let rect =
            kind == .springy
            ? CGRect(x: -1e13, y: -1e13, width: 2e13 + size.width, height: 2e13 + size.height)
            : CGRect(origin: .zero, size: size)
        let cells = (layout.layoutAttributesForElements(in: rect) ?? []).filter {
            $0.representedElementCategory == .cell
        }
        var shown: [IndexPath: Int] = [:]
        var found = Set<IndexPath>()
        for attributes in cells {
            found.insert(attributes.indexPath)
            if !attributes.isHidden { shown[attributes.indexPath, default: 0] += 1 }
        }
        let expectedPaths = Set(presented.enumerated().flatMap { s, count in (0..<count).map { path($0, s) } })
        guard found == expectedPaths else {
            let missing = expectedPaths.subtracting(found).sorted(), extra = found.subtracting(expectedPaths).sorted()
            return
                "a query for the whole content \(rect) found \(found.count) of \(expectedPaths.count) items "
                + "(missing \(missing.prefix(8)), extra \(extra.prefix(8)))"
        }
        if let twice = shown.first(where: { $0.value > 1 }) {
            return "a query for the whole content shows \(twice.key) \(twice.value) times"
        }
        return nil
    }
}

/// A small seeded generator (SplitMix64), so a batch is a function of its operation's numbers.
struct SplitMix {
    var state: UInt64
    init(_ seed: Int) { state = UInt64(bitPattern: Int64(seed)) }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
