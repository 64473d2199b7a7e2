import Foundation
import KineticDynamics
import PropertyBased
import Testing

/// Random behaviour graphs, built, mutated with bad values and stepped (issue 20): every item's
/// center, bounds, transform and velocity stay finite, and nothing traps. With values inside
/// the documented ranges (finite, non-negative where a range says so, coordinates within
/// ±10⁴ pt, magnitudes up to the largest Double) the animator logs nothing: the library never
/// complains about numbers it computed itself, and its last line of defence ("became
/// non-finite; restored") is never needed.
@Suite("The engine under random use")
struct EngineUnderRandomUseTests {
    static let hostileCounter = FuzzRun.Counter("engine, hostile values")
    static let validCounter = FuzzRun.Counter("engine, values in range")

    @Test func hostileValuesKeepEveryItemFinite() async {
        let operations = EngineOperation.generator(hostile: true).array(of: 1...40)
        await propertyCheck(count: FuzzRun.iterations(default: 150), input: operations) { operations in
            let harness = EngineHarness(hostile: true)
            let performed = harness.run(operations)
            Self.hostileCounter.record(operations: performed)
        }
        Self.hostileCounter.report()
    }

    @Test func valuesInRangeLogNothing() async {
        let operations = EngineOperation.generator(hostile: false).array(of: 1...40)
        await propertyCheck(count: FuzzRun.iterations(default: 150), input: operations) { operations in
            let harness = EngineHarness(hostile: false)
            let performed = harness.run(operations)
            Self.validCounter.record(operations: performed)
            let messages = harness.capture.messages.filter { !$0.contains("Multiple gravity behavior") }
            #expect(messages.isEmpty, "the library logged, though every value was in range: \(messages)")
        }
        Self.validCounter.report()
    }
}

/// An animator, three items held by a probe item behaviour (which reads their velocities), and
/// the behaviours the operations added.
final class EngineHarness {
    let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800))
    let items = (0..<3).map { FuzzItem($0, center: CGPoint(x: 60 + 120 * Double($0), y: 100)) }
    let probe: DynamicItemBehavior
    var behaviors: [DynamicBehavior] = []
    let capture = LogCapture()
    /// Whether the next operations take any value (NaN, infinities, values beyond the documented
    /// ranges) or only values in range.
    var hostile: Bool

    init(hostile: Bool) {
        self.hostile = hostile
        animator.logger = capture.logger
        probe = DynamicItemBehavior(items: items)
        animator.addBehavior(probe)
    }

    /// Performs `operations`, checking the invariants after each; returns how many ran (it stops
    /// at the first broken invariant, which is recorded).
    func run(_ operations: [EngineOperation]) -> Int {
        // Behaviours not yet in the animator, and regions, report through the detached logger:
        // into the same capture.
        DynamicAnimator.detachedLogger.withValue(capture.logger) { runLogged(operations) }
    }

    private func runLogged(_ operations: [EngineOperation]) -> Int {
        for (index, operation) in operations.enumerated() {
            // A step of a running animator writes every item back: then the items' own state must
            // be finite again, whatever the caller set before.
            let writesBack = operation.kind == .step && animator.isRunning
            perform(operation)
            if let broken = brokenInvariant(itemsWrittenBack: writesBack) {
                Issue.record("after operation \(index), \(operation): \(broken)")
                return index + 1
            }
        }
        return operations.count
    }

    /// The items the bits of `target` pick (at least one).
    private func subset(_ target: Int) -> [FuzzItem] {
        let picked = items.indices.filter { target & (1 << $0) != 0 }.map { items[$0] }
        return picked.isEmpty ? [items[target % items.count]] : picked
    }

    private func item(_ target: Int) -> FuzzItem { items[target % items.count] }

    /// A non-negative value for a documented "≥ 0" range when values must be in range.
    private func inRange(_ value: Double) -> Double { hostile ? value : abs(value) }

    /// A value in a documented range "0…`limit`" (beyond it the engine clamps with a log line).
    private func inRange(_ value: Double, upTo limit: Double) -> Double { hostile ? value : min(abs(value), limit) }

    /// `z` used as a coordinate (an offset): within the in-range property's ±10⁴ pt.
    private func coordinate(_ value: Double) -> Double { hostile ? value : min(max(value, -1e4), 1e4) }

    private func add(_ behavior: DynamicBehavior) {
        behaviors.append(behavior)
        animator.addBehavior(behavior)
    }

    func perform(_ operation: EngineOperation) {
        let (t, s, x, y, z) = (operation.target, operation.selector, operation.x, operation.y, operation.z)
        switch operation.kind {
        case .step:
            animator.step(s == 0 ? x : Double(s) / 120)
        case .addGravity:
            let gravity = GravityBehavior(items: subset(t))
            if s % 2 == 1 { gravity.setAngle(x, magnitude: y) }
            add(gravity)
        case .addCollision:
            let collision = CollisionBehavior(items: subset(t))
            collision.collisionMode = [.items, .boundaries, .everything][s % 3]
            if s & 4 != 0 { collision.translatesReferenceBoundsIntoBoundary = true }
            add(collision)
        case .addAttachment:
            let attachment =
                s % 2 == 0
                ? AttachmentBehavior(
                    item: item(t), offsetFromCenter: Offset(horizontal: coordinate(z), vertical: 0),
                    attachedToAnchor: CGPoint(x: x, y: y))
                : AttachmentBehavior(
                    item: item(t), offsetFromCenter: Offset(horizontal: x, vertical: y), attachedTo: item(t + 1),
                    offsetFromCenter: Offset(horizontal: coordinate(z), vertical: 0))
            if s & 2 != 0 {
                attachment.frequency = inRange(z, upTo: 1.5e11)
                attachment.damping = inRange(x, upTo: 1e12)
            }
            if s & 4 != 0 { attachment.length = inRange(y, upTo: 3e12) }
            add(attachment)
        case .addFactoryAttachment:
            let anchor = CGPoint(x: x, y: y)
            let axis = hostile || z != 0 || x != 0 ? CGVector(dx: z, dy: x) : CGVector(dx: 1, dy: 0)
            let attachment: AttachmentBehavior
            switch s % 5 {
            case 0:
                attachment = .slidingAttachment(
                    with: item(t), attachedTo: item(t + 1), attachmentAnchor: anchor, axisOfTranslation: axis)
            case 1: attachment = .slidingAttachment(with: item(t), attachmentAnchor: anchor, axisOfTranslation: axis)
            case 2:
                attachment = .limitAttachment(
                    with: item(t), offsetFromCenter: Offset(horizontal: x, vertical: y), attachedTo: item(t + 1),
                    offsetFromCenter: Offset(horizontal: coordinate(z), vertical: coordinate(z)))
            case 3: attachment = .fixedAttachment(with: item(t), attachedTo: item(t + 1), attachmentAnchor: anchor)
            default: attachment = .pinAttachment(with: item(t), attachedTo: item(t + 1), attachmentAnchor: anchor)
            }
            if s >= 8 {
                let low = hostile ? z : min(z, y), high = hostile ? y : max(z, y)
                attachment.attachmentRange = FloatRange(minimum: low, maximum: high)
                attachment.frictionTorque = inRange(x)
            }
            add(attachment)
        case .addPush:
            let push = PushBehavior(items: subset(t), mode: s % 2 == 0 ? .continuous : .instantaneous)
            push.setAngle(x, magnitude: y)
            if s & 2 != 0 {
                push.setTargetOffsetFromCenter(Offset(horizontal: coordinate(z), vertical: x), for: item(t))
            }
            add(push)
        case .addSnap:
            let snap = SnapBehavior(item: item(t), snapTo: CGPoint(x: x, y: y))
            if s % 2 == 1 { snap.damping = inRange(z) }
            add(snap)
        case .addItemBehavior:
            let behavior = DynamicItemBehavior(items: subset(t))
            behavior.addLinearVelocity(CGPoint(x: x, y: y), for: item(t))
            // In range: within the ±10¹² rad/s the engine saturates at (beyond, it logs a line).
            behavior.addAngularVelocity(hostile ? z : min(max(z, -1e12), 1e12), for: item(t))
            if s & 1 != 0 { behavior.isAnchored = true }
            if s & 2 != 0 { behavior.allowsRotation = false }
            add(behavior)
        case .addField:
            add(makeField(s, x, y, z, items: subset(t)))
        case .removeBehavior:
            guard !behaviors.isEmpty else { return }
            animator.removeBehavior(behaviors.remove(at: t % behaviors.count))
        case .setCenter:
            item(t).center = CGPoint(x: x, y: y)
            animator.updateItem(usingCurrentState: item(t))
        case .setTransform:
            item(t).transform =
                s % 2 == 0
                ? CGAffineTransform(rotationAngle: x) : CGAffineTransform(a: x, b: y, c: -y, d: x, tx: z, ty: 0)
            animator.updateItem(usingCurrentState: item(t))
        case .setBounds:
            // Finite sizes, zero and negative ones included: the engine reads bounds when an item
            // joins (a zero size then traps, as in UIKit; the probe keeps every item joined).
            let w = x.isFinite ? x : 0, h = y.isFinite ? y : 0
            item(t).bounds = CGRect(x: 0, y: 0, width: w, height: h)
        case .setReferenceBounds:
            animator.referenceBounds = CGRect(
                x: x, y: y, width: hostile ? z : abs(coordinate(z)), height: hostile ? x : abs(x))
        case .setProperty:
            guard !behaviors.isEmpty else { return }
            setProperty(of: behaviors[t % behaviors.count], s, x, y, z)
        case .addBoundary:
            let collision = CollisionBehavior(items: subset(t))
            let p1 = CGPoint(x: x, y: y), p2 = CGPoint(x: coordinate(z), y: x)
            // A boundary needs one segment of non-zero length (UIKit traps otherwise); in range,
            // one of at least a nanometre (shorter ones are left out with a log line).
            guard hostile ? p1 != p2 : max(abs(p2.x - p1.x), abs(p2.y - p1.y)) > 1e-7 else { return }
            collision.addBoundary(withIdentifier: s, from: p1, to: p2)
            add(collision)
        case .setBoundaryInsets:
            let collision = CollisionBehavior(items: subset(t))
            collision.setTranslatesReferenceBoundsIntoBoundary(
                with: EdgeInsets(top: x, left: y, bottom: coordinate(z), right: hostile ? x : 0))
            add(collision)
        case .query:
            let found = animator.items(in: CGRect(x: x, y: y, width: z, height: z))
            _ = found.count
        case .addComposite:
            let parent = DynamicBehavior()
            parent.addChildBehavior(GravityBehavior(items: subset(t)))
            parent.addChildBehavior(SnapBehavior(item: item(t), snapTo: CGPoint(x: x, y: y)))
            add(parent)
        }
    }

    private func makeField(_ s: Int, _ x: Double, _ y: Double, _ z: Double, items: [FuzzItem]) -> FieldBehavior {
        let field: FieldBehavior
        switch s % 12 {
        case 0: field = .dragField()
        case 1: field = .vortexField()
        case 2: field = .radialGravityField(position: CGPoint(x: x, y: y))
        case 3: field = .linearGravityField(direction: CGVector(dx: x, dy: y))
        case 4: field = .velocityField(direction: CGVector(dx: x, dy: y))
        case 5: field = .noiseField(smoothness: x, animationSpeed: y)
        case 6: field = .turbulenceField(smoothness: x, animationSpeed: y)
        case 7: field = .springField()
        case 8: field = .electricField()
        case 9: field = .magneticField()
        case 10: field = .field { _, p, v, m, c, _ in CGVector(dx: p.x * m + v.dx, dy: p.y * c + v.dy) }
        default: field = .radialGravityField(position: .zero)
        }
        for item in items { field.addItem(item) }
        field.strength = z
        return field
    }

    private func setProperty(of behavior: DynamicBehavior, _ s: Int, _ x: Double, _ y: Double, _ z: Double) {
        switch behavior {
        case let gravity as GravityBehavior:
            switch s % 3 {
            case 0: gravity.magnitude = x
            case 1: gravity.angle = x
            default: gravity.gravityDirection = CGVector(dx: x, dy: y)
            }
        case let push as PushBehavior:
            switch s % 4 {
            case 0: push.magnitude = x
            case 1: push.angle = x
            case 2: push.pushDirection = CGVector(dx: x, dy: y)
            default: push.active.toggle()
            }
        case let attachment as AttachmentBehavior:
            switch s % 6 {
            case 0: attachment.anchorPoint = CGPoint(x: x, y: y)
            case 1: attachment.length = inRange(x, upTo: 3e12)
            case 2: attachment.frequency = inRange(x, upTo: 1.5e11)
            case 3: attachment.damping = inRange(x, upTo: 1e12)
            case 4: attachment.frictionTorque = inRange(x)
            default:
                let low = hostile ? x : min(x, y), high = hostile ? y : max(x, y)
                attachment.attachmentRange = FloatRange(minimum: low, maximum: high)
            }
        case let snap as SnapBehavior:
            if s % 2 == 0 { snap.snapPoint = CGPoint(x: x, y: y) } else { snap.damping = inRange(x) }
        case let behavior as DynamicItemBehavior:
            switch s % 8 {
            case 0: behavior.elasticity = inRange(x)
            case 1: behavior.friction = inRange(x)
            // In range: the documented 1e-100…1e100 (beyond, it is clamped with a log line).
            case 2: behavior.density = hostile ? x : (1e-100...1e100 ~= abs(x) ? abs(x) : 1)
            case 3: behavior.resistance = inRange(x)
            case 4: behavior.angularResistance = inRange(x)
            case 5: behavior.charge = x
            case 6: behavior.addLinearVelocity(CGPoint(x: x, y: y), for: behavior.items[0])
            default: behavior.addAngularVelocity(x, for: behavior.items[0])
            }
        case let field as FieldBehavior:
            switch s % 8 {
            case 0: field.position = CGPoint(x: x, y: y)
            case 1: field.strength = x
            case 2: field.falloff = x
            case 3: field.minimumRadius = inRange(x)
            case 4: field.direction = CGVector(dx: x, dy: y)
            case 5: field.smoothness = x
            case 6: field.animationSpeed = x
            default:
                field.region =
                    s % 16 < 8
                    ? Region(radius: inRange(x)) : Region(size: CGSize(width: inRange(x), height: inRange(y)))
            }
        case let collision as CollisionBehavior:
            collision.collisionMode = [.items, .boundaries, .everything][s % 3]
        default:
            behavior.action = s % 2 == 0 ? nil : {}
        }
    }

    /// The first invariant that does not hold, or nil: every item's velocity finite, and after a
    /// step that wrote the items back, their center, bounds and transform too.
    func brokenInvariant(itemsWrittenBack: Bool) -> String? {
        for item in items {
            if itemsWrittenBack {
                guard item.center.isAllFinite else { return "\(item) center \(item.center)" }
                guard item.bounds.isAllFinite else { return "\(item) bounds \(item.bounds)" }
                guard item.transform.isAllFinite else { return "\(item) transform \(item.transform)" }
            }
            let v = probe.linearVelocity(for: item), w = probe.angularVelocity(for: item)
            guard v.isAllFinite, w.isFinite else { return "\(item) velocity \(v), angular \(w)" }
        }
        return nil
    }
}
