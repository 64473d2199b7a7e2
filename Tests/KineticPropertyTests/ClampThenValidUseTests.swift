import Foundation
import KineticDynamics
import PropertyBased
import Testing

/// Issue 32: a clamp must leave a state in which every invariant holds, as before the bad
/// value. Each property makes some ordinary calls, then one call with an extreme value (which
/// the library clamps, ignores or refuses with a log line), then only valid calls, and checks
/// every invariant after each call.
@Suite("A clamp leaves every invariant holding")
struct ClampThenValidUseTests {
    static let engineCounter = FuzzRun.Counter("engine, one bad value then valid use")

    /// The engine: no item's center or transform, no custom field's input and no point of the
    /// debug drawing is ever NaN or infinite, and the engine never has to restore a body (its
    /// last line of defence, which means a NaN got into its state).
    @Test func engineStaysFiniteAfterABadValue() async {
        let input = zip(
            CheckedEngineOperation.generator(hostile: false).array(of: 0...10),
            CheckedEngineOperation.generator(hostile: true),
            CheckedEngineOperation.generator(hostile: false).array(of: 1...30)
        )
        await propertyCheck(count: FuzzRun.iterations(default: 150), input: input) { before, bad, after in
            let harness = CheckedEngineHarness()
            Self.engineCounter.record(operations: harness.run(before: before, bad: bad, after: after))
        }
        Self.engineCounter.report()
    }
}

/// One call of the engine property: one of ``EngineOperation``'s, or one of the calls it does
/// not make (items of any size joining, item groups, anchor groups), as raw choices.
struct CheckedEngineOperation: CustomStringConvertible, Sendable {
    /// The calls ``EngineOperation`` does not make.
    enum Extra: Int, CaseIterable, Sendable {
        /// A new item of size (a, b) at (c, d), in gravity, a collision and an item behaviour of
        /// density `c`, or on a spring to (c, d).
        case sizedItem
        /// A group of two new items of sizes a and b, in gravity and a collision.
        case group
        /// The anchor attachments so far, in one anchor group with offsets (a, b) around (c, d).
        case anchorGroup
        /// The last anchor group's anchors moved around (a, b).
        case moveAnchors
    }

    var engine: EngineOperation
    /// The extra call, when there is one (a quarter of the time); else `engine`.
    var extra: Extra?
    var selector: Int
    var a: Double, b: Double, c: Double, d: Double

    var description: String {
        guard let extra else { return engine.description }
        return "\(extra)(selector: \(selector), \(a), \(b), \(c), \(d))"
    }

    static func generator(hostile: Bool) -> Generator<CheckedEngineOperation, some SendableSequenceType> {
        let number = hostile ? ExtremeDouble.any : ExtremeDouble.finite.map { min(max($0, -1e4), 1e4) }
        return zip(
            EngineOperation.generator(hostile: hostile), Gen.int(in: 0...(4 * Extra.allCases.count - 1)),
            Gen.int(in: 0...15), zip(number, number, number, number)
        ).map { engine, kind, selector, numbers in
            CheckedEngineOperation(
                engine: engine, extra: kind < Extra.allCases.count ? Extra(rawValue: kind) : nil, selector: selector,
                a: numbers.0, b: numbers.1, c: numbers.2, d: numbers.3)
        }
    }
}

/// An ``EngineHarness`` whose items also feel a custom field that records what it is given, and
/// whose invariants include the debug drawing and the engine's own recoveries.
final class CheckedEngineHarness {
    let harness = EngineHarness(hostile: false)
    /// Inputs the custom field's evaluator was given that were not finite.
    private(set) var badFieldInputs: [String] = []
    /// How many times the evaluator ran.
    private(set) var fieldEvaluations = 0
    /// The custom field every item feels.
    private var field: FieldBehavior!
    /// Items the extra calls made, group members included.
    private var extraItems: [FuzzItem] = []
    /// Anchor groups made, the last one last.
    private var anchorGroups: [AttachmentAnchorGroup] = []

    init() {
        field = FieldBehavior.field { [weak self] _, position, velocity, mass, charge, dt in
            self?.fieldEvaluations += 1
            if !(position.isAllFinite && velocity.isAllFinite && mass.isFinite && charge.isFinite && dt.isFinite) {
                self?.badFieldInputs.append("position \(position), velocity \(velocity), mass \(mass), dt \(dt)")
            }
            return .zero
        }
        for item in harness.items { field.addItem(item) }
        harness.animator.addBehavior(field)
    }

    /// Runs `before` and `after` as values in range and `bad` as any value, checking after each;
    /// returns how many operations ran (it stops at the first broken invariant, recorded).
    func run(before: [CheckedEngineOperation], bad: CheckedEngineOperation, after: [CheckedEngineOperation]) -> Int {
        DynamicAnimator.detachedLogger.withValue(harness.capture.logger) {
            let operations = before.map { ($0, false) } + [(bad, true)] + after.map { ($0, false) }
            for (index, (operation, hostile)) in operations.enumerated() {
                harness.hostile = hostile
                let writesBack =
                    operation.extra == nil && operation.engine.kind == .step && harness.animator.isRunning
                perform(operation, hostile: hostile)
                if let broken = brokenInvariant(itemsWrittenBack: writesBack) {
                    Issue.record("after operation \(index), \(operation)\(hostile ? " (the bad one)" : ""): \(broken)")
                    return index + 1
                }
            }
            return operations.count
        }
    }

    /// A size for a new item: any finite positive value when `hostile` (1e300 and subnormals
    /// included), else 0.01…10⁴ pt.
    private func size(_ value: Double, hostile: Bool) -> Double {
        let magnitude = abs(value)
        guard magnitude.isFinite, magnitude > 0 else { return 40 }
        return hostile ? magnitude : min(max(magnitude, 0.01), 1e4)
    }

    private func makeItem(width: Double, height: Double, at center: CGPoint) -> FuzzItem {
        let item = FuzzItem(
            100 + extraItems.count, center: center, size: CGSize(width: width, height: height))
        extraItems.append(item)
        return item
    }

    private func add(_ behavior: DynamicBehavior) {
        harness.behaviors.append(behavior)
        harness.animator.addBehavior(behavior)
    }

    func perform(_ operation: CheckedEngineOperation, hostile: Bool) {
        guard let extra = operation.extra else { return harness.perform(operation.engine) }
        let (s, a, b, c, d) = (operation.selector, operation.a, operation.b, operation.c, operation.d)
        switch extra {
        case .sizedItem:
            let item = makeItem(
                width: size(a, hostile: hostile), height: size(b, hostile: hostile), at: CGPoint(x: c, y: d))
            field.addItem(item)
            add(GravityBehavior(items: [item]))
            switch s % 3 {
            case 0:
                let collision = CollisionBehavior(items: [item, harness.items[s % 3]])
                collision.translatesReferenceBoundsIntoBoundary = true
                add(collision)
            case 1:
                let properties = DynamicItemBehavior(items: [item])
                properties.density = hostile ? c : (1e-100...1e100 ~= abs(c) ? abs(c) : 1)
                add(properties)
            default:
                let spring = AttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: d, y: c))
                spring.frequency = 2
                add(spring)
            }
        case .group:
            let first = makeItem(
                width: size(a, hostile: hostile), height: size(b, hostile: hostile), at: CGPoint(x: 100, y: 100))
            let second = makeItem(
                width: size(b, hostile: hostile), height: size(a, hostile: hostile),
                at: CGPoint(x: 100 + (c.isFinite ? min(abs(c), 1e4) : 0), y: 120))
            let group = DynamicItemGroup(items: [first, second])
            add(GravityBehavior(items: [group]))
            let collision = CollisionBehavior(items: [group])
            collision.translatesReferenceBoundsIntoBoundary = s % 2 == 0
            add(collision)
        case .anchorGroup:
            let attachments = harness.behaviors.compactMap { $0 as? AttachmentBehavior }.filter {
                $0.attachedBehaviorType == .anchor
            }
            let offsets = attachments.indices.map { CGVector(dx: a + Double($0), dy: b) }
            anchorGroups.append(
                AttachmentAnchorGroup(attachments: attachments, offsets: offsets, point: CGPoint(x: c, y: d)))
        case .moveAnchors:
            anchorGroups.last?.moveAnchors(to: CGPoint(x: a, y: b))
        }
    }

    func brokenInvariant(itemsWrittenBack: Bool) -> String? {
        if let broken = harness.brokenInvariant(itemsWrittenBack: itemsWrittenBack) { return broken }
        if itemsWrittenBack {
            for item in extraItems where !(item.center.isAllFinite && item.transform.isAllFinite) {
                return "\(item) center \(item.center), transform \(item.transform)"
            }
        }
        if let first = badFieldInputs.first { return "the custom field was given \(first)" }
        let drawing = harness.animator.debugDrawing()
        for joint in drawing.joints where !(joint.start.isAllFinite && joint.end.isAllFinite) {
            return "the debug drawing has a joint from \(joint.start) to \(joint.end)"
        }
        for point in drawing.anchors + drawing.contacts where !point.isAllFinite {
            return "the debug drawing has a point \(point)"
        }
        let restored = harness.capture.messages.filter { $0.contains("became non-finite") }
        if let first = restored.first { return "the engine had to restore a body: \(first)" }
        return nil
    }
}
