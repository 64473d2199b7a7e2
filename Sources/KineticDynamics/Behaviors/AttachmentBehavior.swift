import KineticPlatform

/// Connects an item to a fixed anchor point or to another item (UIKit's `UIAttachmentBehavior`).
///
/// The plain initialisers make a distance attachment: a rigid rod while `frequency` is 0 (the
/// default), a damped spring otherwise. Its `length` is the distance at association unless set;
/// moving `anchorPoint` keeps it. An anchor attachment that is rigid, has no set length and whose
/// points are closer than 1 pt becomes a pin at the anchor instead (the item turns about it).
/// The factories make the other kinds: sliding (translation along an axis only), limit (a rope:
/// at most `length` apart), fixed (welded) and pin (a shared point, with `frictionTorque` and an
/// angle `attachmentRange`). Offsets from center are in the item's own axes: they turn with it.
///
/// Ranges: an anchor point (or attachment point) beyond the world's ±10¹² pt, and an offset from
/// center beyond ±10⁸ pt, count as those limits, with one log line per initialiser or
/// assignment. A point of a body farther than 10⁸ pt from its center that the engine derives
/// (a factory's attachment point far from the items) is held at that distance silently.
open class AttachmentBehavior: DynamicBehavior {
    // Internal members are final unless overridden: in Embedded Swift another module cannot call the others.
    /// What the attachment connects (UIKit's `UIAttachmentBehaviorType`).
    public enum AttachmentType: Sendable {
        /// Two items.
        case items
        /// An item and a fixed point.
        case anchor
    }

    /// The constraint behind an attachment, fixed at creation.
    enum Kind {
        case distance, limit, pin, sliding, fixed
    }

    /// Below this distance (1 pt) a rigid anchor attachment becomes a pin.
    private static let pinThreshold = 0.01

    let kind: Kind
    /// Whether this attachment is to an anchor point or between two items.
    public let attachedBehaviorType: AttachmentType
    /// The attached items: one for an anchor attachment, two otherwise.
    public let items: [any DynamicItem]
    private let offsets: [Offset]
    private let axis: Vec2
    @exclusivity(unchecked) private(set) var joint: JointHandle?
    /// The anchor point as last set on the attachment itself (`anchorPoint` reads the group's
    /// while a group moved it last).
    @exclusivity(unchecked) private var storedAnchorPoint: CGPoint
    /// The group that moves this anchor with others, and this attachment's place in it. The
    /// group clears it in its deinit, so it never dangles.
    @exclusivity(unchecked) unowned(unsafe) var anchorGroup: AttachmentAnchorGroup?
    var anchorGroupIndex = 0
    /// The group's move count when `anchorPoint` was last set here: the later of the two wins.
    private var anchorSetAtMove: UInt64 = 0
    private var lengthIsSet = false
    private var storedLength: CGFloat = 0

    // MARK: Creating attachments

    /// Attaches the center of `item` to `point`.
    public convenience init(item: any DynamicItem, attachedToAnchor point: CGPoint) {
        self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: point)
    }

    /// Attaches the point at `offset` from `item`'s center to `point`.
    public init(item: any DynamicItem, offsetFromCenter offset: Offset, attachedToAnchor point: CGPoint) {
        kind = .distance
        attachedBehaviorType = .anchor
        items = [item]
        offsets = [Self.checked(offset)]
        storedAnchorPoint = point.isFinite ? point : .zero
        axis = .zero
        super.init()
        if !point.isFinite { reportIgnored("anchorPoint", point) }
        checkAnchor("anchorPoint", point)
        checkOffsets()
    }

    /// Attaches the centers of two items.
    public convenience init(item item1: any DynamicItem, attachedTo item2: any DynamicItem) {
        self.init(item: item1, offsetFromCenter: .zero, attachedTo: item2, offsetFromCenter: .zero)
    }

    /// Attaches the point at `offset1` from `item1`'s center to the point at `offset2` from
    /// `item2`'s center.
    public init(
        item item1: any DynamicItem, offsetFromCenter offset1: Offset,
        attachedTo item2: any DynamicItem, offsetFromCenter offset2: Offset
    ) {
        kind = .distance
        attachedBehaviorType = .items
        items = [item1, item2]
        offsets = [Self.checked(offset1), Self.checked(offset2)]
        storedAnchorPoint = .zero
        axis = .zero
        super.init()
        checkOffsets()
    }

    /// Unavailable in UIKit too: an attachment needs items. Traps with UIKit's message.
    public override init() {
        dynamicsTrap("init is undefined for objects of type AttachmentBehavior")
    }

    // Private, not internal: in Embedded Swift another module cannot call an open class's internal designated init.
    private init(kind: Kind, items: [any DynamicItem], offsets: [Offset], anchor: CGPoint, axis: CGVector = .zero) {
        self.kind = kind
        attachedBehaviorType = items.count == 1 ? .anchor : .items
        self.items = items
        self.offsets = offsets.map(Self.checked)
        storedAnchorPoint = anchor.isFinite ? anchor : .zero
        // Scaled by its larger component first, so any finite non-zero axis has a direction: the
        // length of (1e300, 1e300) or of (5e-324, 0) would overflow or underflow.
        var a = Vec2(Double(axis.dx), Double(axis.dy))
        let scale = max(abs(a.x), abs(a.y))
        let usable = scale > 0 && scale.isFinite
        if usable { a /= scale }
        let l = KineticDynamics.length(a)
        a = usable ? a / l : Vec2(1, 0)
        self.axis = a
        super.init()
        if !anchor.isFinite { reportIgnored("attachmentAnchor", anchor) }
        checkAnchor("attachmentAnchor", anchor)
        checkOffsets()
        if kind == .sliding && !usable {
            reportIgnored("axisOfTranslation", axis, reason: "zero or non-finite axis; using (1, 0) for")
        }
    }

    /// Lets `item2` slide relative to `item1` along `axis` through `point`, without turning.
    ///
    /// With turning locked, the slide is the same constraint wherever `point` is, so the engine
    /// holds a point near the items (an anchor far away would only make the solve ill-conditioned).
    /// Any finite non-zero `axis` gives its direction; a zero or non-finite one is (1, 0), logged.
    public class func slidingAttachment(
        with item1: any DynamicItem, attachedTo item2: any DynamicItem,
        attachmentAnchor point: CGPoint, axisOfTranslation axis: CGVector
    ) -> AttachmentBehavior {
        AttachmentBehavior(kind: .sliding, items: [item1, item2], offsets: [.zero, .zero], anchor: point, axis: axis)
    }

    /// Lets `item` slide along `axis` through `point`, without turning (see the two-item form
    /// for `point` and `axis`).
    public class func slidingAttachment(
        with item: any DynamicItem, attachmentAnchor point: CGPoint, axisOfTranslation axis: CGVector
    ) -> AttachmentBehavior {
        AttachmentBehavior(kind: .sliding, items: [item], offsets: [.zero], anchor: point, axis: axis)
    }

    /// Keeps two points on two items at most their current distance apart, like a rope.
    public class func limitAttachment(
        with item1: any DynamicItem, offsetFromCenter offset1: Offset,
        attachedTo item2: any DynamicItem, offsetFromCenter offset2: Offset
    ) -> AttachmentBehavior {
        AttachmentBehavior(kind: .limit, items: [item1, item2], offsets: [offset1, offset2], anchor: .zero)
    }

    /// Welds two items together at `point`.
    ///
    /// A rigid weld (`frequency` 0) is the same constraint wherever `point` is: the engine holds
    /// the midpoint of the items instead, so a far anchor changes nothing. With a `frequency` the
    /// weld's angle is a spring turning the items about `point`; anchored more than about 10⁵ pt
    /// from them, its solve (Box2D 2.x's, as UIKit's) diverges, and the engine restores the
    /// bodies with a log line.
    public class func fixedAttachment(
        with item1: any DynamicItem, attachedTo item2: any DynamicItem, attachmentAnchor point: CGPoint
    ) -> AttachmentBehavior {
        AttachmentBehavior(kind: .fixed, items: [item1, item2], offsets: [.zero, .zero], anchor: point)
    }

    /// Pins two items together at `point`; they turn freely about it (within `attachmentRange`,
    /// against `frictionTorque`).
    public class func pinAttachment(
        with item1: any DynamicItem, attachedTo item2: any DynamicItem, attachmentAnchor point: CGPoint
    ) -> AttachmentBehavior {
        AttachmentBehavior(kind: .pin, items: [item1, item2], offsets: [.zero, .zero], anchor: point)
    }

    private static func checked(_ offset: Offset) -> Offset {
        offset.isFinite ? offset : .zero
    }

    /// Reports an anchor beyond the world's ±10¹² pt, which the joint uses clamped.
    private func checkAnchor(_ property: String, _ point: CGPoint) {
        guard point.isFinite, point.isBeyondWorld else { return }
        reportClamped(property, point, to: "the world's ±1e12 pt")
    }

    /// Reports, in one line, an offset from center beyond ±10⁸ pt, which the joint uses clamped.
    private func checkOffsets() {
        guard let offset = offsets.first(where: { exceeds($0.horizontal, $0.vertical, metres: leverArmLimit) })
        else { return }
        reportClamped("offsetFromCenter", offset, to: "±1e8 pt")
    }

    // MARK: Properties

    /// The fixed point of an anchor attachment (or the attachment point given to a factory).
    /// Moving it keeps `length`. A non-finite point is ignored; a coordinate beyond the world's
    /// ±10¹² pt is kept but counts as ±10¹² pt, with one log line per assignment.
    ///
    /// An ``AttachmentAnchorGroup`` can move it too; whichever moved it last gives its value.
    public var anchorPoint: CGPoint {
        get {
            if let group = anchorGroup, group.moveCount > anchorSetAtMove { return group.anchor(at: anchorGroupIndex) }
            return storedAnchorPoint
        }
        set {
            guard newValue.isFinite else { return reportIgnored("anchorPoint", newValue) }
            storedAnchorPoint = newValue
            if let group = anchorGroup { anchorSetAtMove = group.moveCount }
            checkAnchor("anchorPoint", newValue)
            moveJointAnchor(to: newValue)
        }
    }

    /// Moves the joint's anchor to `point` (world points), if this is an associated anchor
    /// attachment: the anchor lives on the ground body, at the origin, so its local point is
    /// the world point.
    final func moveJointAnchor(to point: CGPoint) {
        guard attachedBehaviorType == .anchor, let joint else { return }
        let p = point.meters
        withHost { host in
            host.world.setJointLocalAnchorA(p, of: joint)
            host.worldDidChange()
        }
    }

    /// Takes the group's current anchor as the attachment's own (the group is going away).
    final func leaveAnchorGroup() {
        storedAnchorPoint = anchorPoint
        anchorGroup = nil
        anchorSetAtMove = 0
    }

    /// The distance the attachment keeps (distance) or does not exceed (limit), in points.
    /// Before association and unless set, the current distance between the attached points.
    /// Must be finite and not negative; a length beyond 3·10¹² pt (the world's diagonal) counts as
    /// that, with one log line per assignment.
    public var length: CGFloat {
        get {
            if let host, let joint, let length = host.world.jointLength(of: joint) {
                return CGFloat(length * pointsPerMeter)
            }
            return lengthIsSet ? storedLength : currentDistance()
        }
        set {
            guard newValue.isFinite, newValue >= 0 else {
                return reportIgnored("length", newValue, reason: "negative or non-finite value")
            }
            if Double(newValue) / pointsPerMeter > worldLengthLimit {
                reportClamped("length", newValue, to: "\(worldLengthLimit * pointsPerMeter) pt")
            }
            storedLength = newValue
            lengthIsSet = true
            guard let host, let joint, host.world.setJointLength(Double(newValue) / pointsPerMeter, of: joint) else {
                return
            }
            host.worldDidChange()
        }
    }

    /// Spring frequency in Hz; 0 (the default) is rigid. Must not be negative. A frequency
    /// above 10¹²/2π Hz (ω = 10¹² rad/s, a rigid rod at any sub-step) counts as that, with one
    /// log line per assignment.
    public var frequency: CGFloat = 0 {
        didSet {
            guard frequency.isFinite, frequency >= 0 else {
                reportIgnored("frequency", frequency, reason: "negative or non-finite value")
                frequency = oldValue
                return
            }
            if 2 * .pi * Double(frequency) > maxSpringOmega {
                reportClamped("frequency", frequency, to: "\(maxSpringOmega / (2 * .pi)) Hz")
            }
            writeSpring()
        }
    }

    /// Spring damping ratio; 1 is critical. Default 0. Must not be negative. A ratio above 10¹²
    /// counts as 10¹², with one log line per assignment.
    public var damping: CGFloat = 0 {
        didSet {
            guard damping.isFinite, damping >= 0 else {
                reportIgnored("damping", damping, reason: "negative or non-finite value")
                damping = oldValue
                return
            }
            if Double(damping) > maxSpringDampingRatio {
                reportClamped("damping", damping, to: "\(maxSpringDampingRatio)")
            }
            writeSpring()
        }
    }

    /// Torque resisting rotation of a pin attachment, in UIKit newton-points. Default 0.
    public var frictionTorque: CGFloat = 0 {
        didSet {
            guard frictionTorque.isFinite, frictionTorque >= 0 else {
                reportIgnored("frictionTorque", frictionTorque, reason: "negative or non-finite value")
                frictionTorque = oldValue
                return
            }
            guard let host, let joint, case .revolute = joint else { return }
            host.world.setJointFrictionTorque(Double(frictionTorque) / pointsPerMeter, of: joint)
            host.worldDidChange()
        }
    }

    /// The allowed rotation (pin, radians) or translation (sliding, points). Default: no limit.
    public var attachmentRange: FloatRange = .infinite {
        didSet {
            guard !attachmentRange.minimum.isNaN, !attachmentRange.maximum.isNaN,
                attachmentRange.minimum <= attachmentRange.maximum
            else {
                reportIgnored("attachmentRange", attachmentRange, reason: "empty or NaN range")
                attachmentRange = oldValue
                return
            }
            writeRange()
        }
    }

    private func currentDistance() -> CGFloat {
        let a = worldPoint(of: 0)
        let b = items.count > 1 ? worldPoint(of: 1) : Vec2(anchorPoint)
        return CGFloat(KineticDynamics.length(b - a))
    }

    /// Where the attached point of item `i` is now, in points, from the item's own state.
    private func worldPoint(of i: Int) -> Vec2 {
        let t = items[i].transform
        let angle = Elementary.atan2(Double(t.b), Double(t.a))
        let o = Vec2(Double(offsets[i].horizontal), Double(offsets[i].vertical))
        return Vec2(items[i].center) + rotate(rotation(angle.isFinite ? angle : 0), o)
    }

    private func writeSpring() {
        guard let host, let joint,
            host.world.setJointSpring(frequency: Double(frequency), dampingRatio: Double(damping), of: joint)
        else { return }
        host.worldDidChange()
    }

    private func writeRange() {
        guard let host, joint != nil else { return }
        writeRangeValues(in: host.world)
        host.worldDidChange()
    }

    // MARK: Association

    override var isPrimitive: Bool { true }

    override func associate(with animator: DynamicAnimator) {
        if items.count > 1 && items[0] === items[1] {
            animator.logger.error(
                "AttachmentBehavior: an item cannot be attached to itself; the attachment does nothing")
            return
        }
        let world = animator.world
        let idA = animator.acquireBody(for: items[0])
        let bodyA = world.pose(of: idA)
        let localA = saturated(offsets[0].meters, leverArmLimit)
        let pointA = bodyA.position + rotate(bodyA.rotation, localA)

        // The other end: a second item, or the ground body (at the origin, unrotated).
        let otherIndex: Int32
        let other: (position: Vec2, rotation: Vec2, angle: Double)
        if items.count > 1 {
            let idB = animator.acquireBody(for: items[1])
            otherIndex = idB.index
            other = world.pose(of: idB)
        } else {
            otherIndex = world.ground
            other = world.pose(of: world.groundID)
        }
        let anchor = anchorPoint.meters
        // A point of a body is held at most `leverArmLimit` from its centre: a weld or a pin to a
        // point 10¹⁰ m away would make the constraint's effective mass from cancelling huge
        // terms, and its impulses overflow.
        func local(_ body: (position: Vec2, rotation: Vec2, angle: Double), _ p: Vec2) -> Vec2 {
            saturated(inverseRotate(body.rotation, p - body.position), leverArmLimit)
        }

        switch kind {
        case .distance:
            let localOther = items.count > 1 ? saturated(offsets[1].meters, leverArmLimit) : anchor
            let pointOther = items.count > 1 ? other.position + rotate(other.rotation, localOther) : anchor
            let distance = KineticDynamics.length(pointOther - pointA)
            if items.count == 1 && frequency == 0 && !lengthIsSet && distance < Self.pinThreshold {
                let j = RevoluteJoint(
                    bodyA: otherIndex, bodyB: idA.index, localAnchorA: anchor, localAnchorB: localA,
                    referenceAngle: bodyA.angle)
                joint = world.createJoint(j)
            } else {
                let rest = lengthIsSet ? Double(storedLength) / pointsPerMeter : distance
                var j = DistanceJoint(
                    bodyA: otherIndex, bodyB: idA.index, localAnchorA: localOther, localAnchorB: localA, length: rest)
                j.frequency = Double(frequency)
                j.dampingRatio = Double(damping)
                joint = world.createJoint(j)
            }
        case .limit:
            let localOther = saturated(offsets[1].meters, leverArmLimit)
            let pointOther = other.position + rotate(other.rotation, localOther)
            let rest = lengthIsSet ? Double(storedLength) / pointsPerMeter : KineticDynamics.length(pointOther - pointA)
            let j = RopeJoint(
                bodyA: idA.index, bodyB: otherIndex, localAnchorA: localA, localAnchorB: localOther, maxLength: rest)
            joint = world.createJoint(j)
        case .pin:
            let j = RevoluteJoint(
                bodyA: idA.index, bodyB: otherIndex, localAnchorA: local(bodyA, anchor),
                localAnchorB: local(other, anchor),
                referenceAngle: other.angle - bodyA.angle)
            joint = world.createJoint(j)
        case .sliding:
            // With the relative angle locked, d = pB − pA is the same for any shared point p, so
            // the joint holds one close to the bodies (the caller's anchor may be far away, and
            // its lever arms ill-condition K; see WeldJoint): the item's centre against the
            // ground, the midpoint of the centres between items.
            let shared = items.count > 1 ? 0.5 * (bodyA.position + other.position) : bodyA.position
            let j = PrismaticJoint(
                bodyA: otherIndex, bodyB: idA.index, localAnchorA: local(other, shared),
                localAnchorB: local(bodyA, shared),
                localAxisA: inverseRotate(other.rotation, axis), referenceAngle: bodyA.angle - other.angle)
            joint = world.createJoint(j)
        case .fixed:
            // The rigid rows hold the midpoint of the centres: the same constraint, well conditioned.
            let midpoint = 0.5 * (bodyA.position + other.position)
            var j = WeldJoint(
                bodyA: idA.index, bodyB: otherIndex, localAnchorA: local(bodyA, anchor),
                localAnchorB: local(other, anchor), referenceAngle: other.angle - bodyA.angle,
                rigidAnchorA: local(bodyA, midpoint), rigidAnchorB: local(other, midpoint))
            j.frequency = Double(frequency)
            j.dampingRatio = Double(damping)
            joint = world.createJoint(j)
        }
        if let joint, case .revolute = joint {
            world.setJointFrictionTorque(Double(frictionTorque) / pointsPerMeter, of: joint)
        }
        writeRangeValues(in: world)
    }

    /// Writes `attachmentRange` into a pin or sliding joint; an infinite range lifts the limit.
    private func writeRangeValues(in world: World) {
        let r = attachmentRange
        guard let joint else { return }
        switch joint {
        case .revolute:
            world.setJointLimit(enabled: !r.isInfinite, lower: Double(r.minimum), upper: Double(r.maximum), of: joint)
        case .prismatic:
            world.setJointLimit(
                enabled: !r.isInfinite, lower: Double(r.minimum) / pointsPerMeter,
                upper: Double(r.maximum) / pointsPerMeter,
                of: joint)
        default: break
        }
    }

    override func dissociate(from animator: DynamicAnimator) {
        let world = animator.world
        if let joint { world.destroyJoint(joint) }
        // Keep a set length; an unset one is re-measured at the next association.
        joint = nil
        if items.count > 1 && items[0] === items[1] { return }
        for item in items.reversed() { animator.releaseBody(for: item) }
    }
}
