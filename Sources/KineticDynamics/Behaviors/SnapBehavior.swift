import KineticPlatform

/// Pulls an item to a point with a damped, springy motion and turns it upright (UIKit's
/// `UISnapBehavior`).
///
/// As UIKit builds it: a static anchor body at the snap point and four soft distance joints of
/// 4 Hz and rest length 50 pt from two opposite corners of the item, two per corner, at right
/// angles. The joints' damping ratio is `damping` at association; later changes are stored only.
open class SnapBehavior: DynamicBehavior {
    /// Rest length of each of the four springs, metres (50 pt).
    private static let springLength = 0.5
    private static let springFrequency = 4.0

    /// The snapped item.
    public let item: any DynamicItem

    private var anchor: BodyID?
    private var joints: [JointHandle] = []

    /// Creates a snap of `item` to `point`.
    public init(item: any DynamicItem, snapTo point: CGPoint) {
        self.item = item
        self.snapPoint = point.isFinite ? point : .zero
        super.init()
        if !point.isFinite { reportIgnored("snapPoint", point) }
        if point.isFinite && point.isBeyondWorld { reportClamped("snapPoint", point, to: "the world's ±1e12 pt") }
    }

    /// The point the item snaps to. Moving it moves the anchor and wakes the animator. A
    /// non-finite point is ignored; a coordinate beyond the world's ±10¹² pt is kept but counts as
    /// ±10¹² pt, with one log line per assignment.
    public var snapPoint: CGPoint {
        didSet {
            guard snapPoint.isFinite else {
                reportIgnored("snapPoint", snapPoint)
                snapPoint = oldValue
                return
            }
            if snapPoint.isBeyondWorld { reportClamped("snapPoint", snapPoint, to: "the world's ±1e12 pt") }
            guard let host, let anchor else { return }
            host.world.setPosition(snapPoint.meters, of: anchor)
            host.worldDidChange()
        }
    }

    /// The damping ratio of the springs, 0…1; default 0.5. Read at association only.
    public var damping: CGFloat = 0.5 {
        didSet {
            guard damping.isFinite, damping >= 0 else {
                reportIgnored("damping", damping, reason: "negative or non-finite value")
                damping = oldValue
                return
            }
        }
    }

    /// The snapped item, as UIKit's `items` would list it.
    public var items: [any DynamicItem] { [item] }

    // MARK: Association

    override var isPrimitive: Bool { true }

    override func associate(with animator: DynamicAnimator) {
        let body = animator.acquireBody(for: item)
        let world = animator.world
        let anchorBody = world.createBody(position: snapPoint.meters, angle: 0, halfExtents: .zero, kind: .static)
        anchor = anchorBody
        let e = world.halfExtents(of: body)
        let d = Self.springLength
        // Corner (−hw, −hh) to the left and above it, corner (hw, hh) to the right and below it:
        // at rest every spring is D long, and any turn stretches two of them.
        let pairs: [(Vec2, Vec2)] = [
            (Vec2(-e.x, -e.y), Vec2(-e.x - d, -e.y)),
            (Vec2(-e.x, -e.y), Vec2(-e.x, -e.y - d)),
            (Vec2(e.x, e.y), Vec2(e.x + d, e.y)),
            (Vec2(e.x, e.y), Vec2(e.x, e.y + d)),
        ]
        joints = pairs.map { itemLocal, anchorLocal in
            var joint = DistanceJoint(
                bodyA: anchorBody.index, bodyB: body.index, localAnchorA: anchorLocal, localAnchorB: itemLocal,
                length: d)
            joint.frequency = Self.springFrequency
            joint.dampingRatio = Double(damping)
            return world.createJoint(joint)
        }
    }

    override func dissociate(from animator: DynamicAnimator) {
        for joint in joints { animator.world.destroyJoint(joint) }
        joints.removeAll()
        if let anchor { animator.world.destroyBody(anchor) }
        anchor = nil
        animator.releaseBody(for: item)
    }
}
