/// One point of a contact: where it is, and the impulses kept between sub-steps (matched by
/// feature id for warm starting).
struct ContactPoint {
    /// World contact point, midway between the surfaces, when the manifold was computed.
    var point: Vec2 = .zero
    /// Anchors relative to each body's center, world axes (velocity solve).
    var anchorA: Vec2 = .zero
    var anchorB: Vec2 = .zero
    /// The same anchors in each body's frame (position solve, after bodies moved).
    var localAnchorA: Vec2 = .zero
    var localAnchorB: Vec2 = .zero
    /// Separation when the manifold was computed; negative is overlap.
    var separation: Double = 0
    /// Impulses of the last sub-step, for warm starting (the solve itself runs on the packed
    /// `ContactConstraint`s and copies them back).
    var normalImpulse: Double = 0
    var tangentImpulse: Double = 0
    /// Largest normal impulse this sub-step: touch events and the callbacks' contact point.
    var maxNormalImpulse: Double = 0
    var id: UInt32 = 0
    /// Separation when the manifold was computed, where both anchors met at `point`; a
    /// recycled manifold's `separation` adds the anchors' drift along the normal since. The
    /// position pass starts from this one (it adds the drift itself).
    var baseSeparation: Double = 0
}

/// A potential or actual contact between two shapes whose fat boxes overlap. Lives in stable
/// slots (shapes link to it through intrusive lists), created by the broad phase and destroyed
/// when the boxes part.
struct Contact {
    // Laid out hot first: the per-step pass over every contact reads only the first cache line
    // (identity, liveness, point count) for the many contacts whose shapes are apart.
    var shapeA: Int32 = -1
    var shapeB: Int32 = -1
    var bodyA: Int32 = 0
    var bodyB: Int32 = 0
    var pointCount = 0
    var isAlive = false
    /// Touching as of the last sub-step: a point within linear slop, or one that took an
    /// impulse (a fast item stopped by a speculative point never gets closer than its gap).
    var isTouching = false
    var aMoves = true
    var bMoves = true
    /// Intrusive doubly-linked lists of each shape's contacts.
    var nextA: Int32 = -1
    var prevA: Int32 = -1
    var nextB: Int32 = -1
    var prevB: Int32 = -1
    /// The world's `materialsGeneration` when the friction, restitution and mobility below were
    /// taken from the bodies.
    var materialsGeneration: UInt32 = 0
    /// Where the bodies stood when the manifold was computed (World+Recycling.swift): read
    /// next, by the recycling test, so it follows the first line (2–4 % at 2000 boxes).
    var computedAt = ManifoldOrigin()
    /// The smallest separation of the manifold.
    var minSeparation: Double = .infinity
    var friction: Double = 0
    var restitution: Double = 0
    /// Unit normal from A to B, world.
    var normal: Vec2 = .zero
    var p0 = ContactPoint()
    var p1 = ContactPoint()

    /// Whether the contact touches after this sub-step's velocity solve: a point within
    /// linear slop, or one that took an impulse.
    var touchesNow: Bool {
        minSeparation <= Settings.linearSlop || max(p0.maxNormalImpulse, pointCount > 1 ? p1.maxNormalImpulse : 0) > 0
    }
}

/// A began or ended touch, for the collision delegate (reported after the frame).
struct ContactEvent {
    var shapeA: Int32
    var shapeB: Int32
    /// Point of the largest normal impulse (began only), world metres.
    var point: Vec2
    var began: Bool
}
