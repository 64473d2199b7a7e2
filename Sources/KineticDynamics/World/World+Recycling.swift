// Contact recycling: a manifold, once computed, serves the following sub-steps while its two
// shapes barely move relative to each other. The idea is Box2D v3's ("contact recycling",
// physics_world.c, after the persistent manifolds of PhysX); the derivation below is ours, for
// this solver's manifolds.
//
// A manifold point is two anchors, one fixed in each body, that met at the contact point when
// the manifold was computed, with the separation s₀ there. Carried rigidly with the bodies they
// part by d = (p_B + R_B·a_B) − (p_A + R_A·a_A), and the separation of the same two features is
//
//     s = s₀ + n·d,
//
// n being the reference face's normal turned with the reference body (as computed, the normal
// is that face's, or its negation when the face is B's). For a vertex against a face this is
// exact: it is the vertex's distance from the face's line. What a fresh manifold could answer
// differently is only *which* features touch: the incident vertex slides out of the face's slab,
// a corner comes round, another face becomes the deepest. Each needs the two shapes to move
// relative to each other. Watch one shape from the other's frame: its surface points x (|x| ≤ r,
// r its `extent` from its body's origin) sit at p + R·x there, so since the manifold was
// computed each has moved by at most
//
//     δ = |Δp| + r·|q − q₀|        (q = (cos, sin) of R; |q − q₀| = 2 |sin(Δθ/2)|)
//
// relative to the other shape. The shape watched is one that moves, the smaller if both do (a
// boundary's frame may lie far from the contact and its extent is the whole line). So the
// manifold is carried over while δ stays under a tolerance:
// - points: 4 slops (2 pt), the fixed part of the speculative distance, so that a corner coming
//   round is found before it closes that gap. (Box2D v3 allows touching manifolds 10 slops; on
//   the 500-box pile 4 is faster too, and at 2000 boxes within 2 %.) A point whose separation
//   has grown past this step's speculative distance, which the routines would leave out, stays
//   but gives up its impulses (see `recycleManifold`).
//   Only polygon pairs carry points (a circle's normal follows the centres, not a face).
// - no points: the shapes were farther apart than that step's speculative distance D₀, so they
//   are still at least D₀ − δ apart, and this step closes at most h·(|v_B − v_A| + |ω_A|·r_A +
//   |ω_B|·r_B) of it (r: each shape's extent), c for short. While δ + c + 1 slop < D₀ they stay
//   a slop apart through the step: a speculative point would take no impulse, and "no points"
//   is the same answer. (Boxes falling side by side close at their relative speed, not their
//   own, so their empty manifolds are carried while they fall.)
// And neither body may have turned by more than acos 0.98 ≈ 11.5° since, as in v3.
//
// The position pass starts from s₀ and adds the anchors' drift itself, so a point keeps both:
// `baseSeparation` (s₀) and `separation` (s, for the speculative bias and the events).

/// Where two bodies stood when their contact's manifold was computed.
struct ManifoldOrigin {
    /// The watched shape's body frame in the other's: A's in B's when `watchesA`, else B's in A's.
    var pose = Transform.identity
    var rotationA = Vec2(1, 0)
    var rotationB = Vec2(1, 0)
    /// The manifold's normal as computed (world).
    var normal: Vec2 = .zero
    /// The speculative distance the collision routine was given.
    var speculativeDistance: Double = 0
    var watchesA = false
    var isValid = false
}

extension World {
    /// Which of a contact's shapes recycling watches from the other's frame: one whose body
    /// moves, the one of smaller extent if both do; nil when neither moves.
    @inline(__always)
    static func watchesA(
        _ shapeA: UnsafePointer<Shape>, _ shapeB: UnsafePointer<Shape>, _ bodyA: UnsafePointer<Body>,
        _ bodyB: UnsafePointer<Body>
    ) -> Bool? {
        let aMoves = bodyA.pointee.kind == .dynamic, bMoves = bodyB.pointee.kind == .dynamic
        if aMoves && bMoves { return shapeA.pointee.extent < shapeB.pointee.extent }
        return aMoves ? true : bMoves ? false : nil
    }

    /// Remembers where contact `c`'s bodies stand: its manifold was just computed with
    /// `speculativeDistance`.
    @inline(__always)
    func recordOrigin(
        of c: UnsafeMutablePointer<Contact>, _ shapeA: UnsafePointer<Shape>, _ shapeB: UnsafePointer<Shape>,
        _ bodyA: UnsafePointer<Body>, _ bodyB: UnsafePointer<Body>, _ xfA: Transform, _ xfB: Transform,
        speculativeDistance: Double
    ) {
        guard let watchesA = Self.watchesA(shapeA, shapeB, bodyA, bodyB) else {
            c.pointee.computedAt.isValid = false
            return
        }
        c.pointee.computedAt = ManifoldOrigin(
            pose: watchesA ? xfB.inverseTimes(xfA) : xfA.inverseTimes(xfB), rotationA: xfA.q, rotationB: xfB.q,
            normal: c.pointee.normal, speculativeDistance: speculativeDistance, watchesA: watchesA, isValid: true)
    }

    /// Carries contact `c`'s manifold over to where its bodies stand now, if they have moved
    /// little enough relative to each other since it was computed (see the top of this file).
    /// Returns false, changing nothing, when it must be computed afresh.
    @inline(__always)
    func recycleManifold(
        _ c: UnsafeMutablePointer<Contact>, _ shapeA: UnsafePointer<Shape>, _ shapeB: UnsafePointer<Shape>,
        _ bodies: BoundedPointer<Body>, h: Double
    ) -> Bool {
        let origin = c.pointee.computedAt
        guard origin.isValid else { return false }
        let bodyA = bodies.pointer(at: c.pointee.bodyA), bodyB = bodies.pointer(at: c.pointee.bodyB)
        let qA = bodyA.pointee.rotation, qB = bodyB.pointee.rotation
        guard min(dot(qA, origin.rotationA), dot(qB, origin.rotationB)) > Settings.contactRecycleCosine else {
            return false
        }
        // No body's kind or material has changed since the contact took its own: then which
        // shape is watched, and the materials, stand (and the bodies' cold lines stay unread).
        let materialsStand = c.pointee.materialsGeneration == materialsGeneration
        guard materialsStand || Self.watchesA(shapeA, shapeB, bodyA, bodyB) == origin.watchesA else { return false }
        let xfA = Transform(p: bodyA.pointee.position, q: qA), xfB = Transform(p: bodyB.pointee.position, q: qB)
        let pose = origin.watchesA ? xfB.inverseTimes(xfA) : xfA.inverseTimes(xfB)
        let extent = origin.watchesA ? shapeA.pointee.extent : shapeB.pointee.extent
        let drift = length(pose.p - origin.pose.p) + extent * length(pose.q - origin.pose.q)

        if c.pointee.pointCount == 0 {
            // How far the shapes can close this step: their centres' relative speed, and each
            // one's spin times its extent.
            let closing =
                length(bodyB.pointee.linearVelocity - bodyA.pointee.linearVelocity)
                + abs(bodyA.pointee.angularVelocity) * shapeA.pointee.extent
                + abs(bodyB.pointee.angularVelocity) * shapeB.pointee.extent
            return drift + h * closing + Settings.linearSlop < origin.speculativeDistance
        }
        // Points are carried between polygons only: a circle's normal follows the centres, not
        // a face, and its routines are cheap anyway.
        guard drift < recycleDistance, shapeA.pointee.kind == .polygon, shapeB.pointee.kind == .polygon else {
            return false
        }

        // The normal turns with the reference face's body (the feature id says which).
        let referenceIsB = c.pointee.p0.id >> 31 != 0
        let q = referenceIsB ? qB : qA, q0 = referenceIsB ? origin.rotationB : origin.rotationA
        let n = rotate(Vec2(q.x * q0.x + q.y * q0.y, q.y * q0.x - q.x * q0.y), origin.normal)
        // Each point carried: its anchors turned with their bodies, its separation grown by
        // their drift along the normal. A point now beyond this step's speculative distance is
        // one the routines would leave out, and bring back with no impulse when it returns: it
        // stays, inert (its gap is more than the bodies can close in a step, so it takes no
        // impulse), but gives up its impulses, so no warm start pushes through it. One beyond
        // the shapes' reaches, which bound that distance for any pair, sends the pair back.
        let fixedReach = 4 * Settings.linearSlop
        let farthest = fixedReach + shapeA.pointee.reach + shapeB.pointee.reach
        /// A point's anchors and separation where the bodies stand now.
        @inline(__always) func carried(_ p: ContactPoint) -> (anchorA: Vec2, anchorB: Vec2, gap: Double) {
            let anchorA = rotate(qA, p.localAnchorA), anchorB = rotate(qB, p.localAnchorB)
            return (anchorA, anchorB, p.baseSeparation + dot(n, (xfB.p + anchorB) - (xfA.p + anchorA)))
        }
        let twoPoints = c.pointee.pointCount > 1
        let first = carried(c.pointee.p0)
        let second = twoPoints ? carried(c.pointee.p1) : first
        guard first.gap < farthest && second.gap < farthest else { return false }
        // The speculative distance is at least its fixed 4 slops: the bodies' velocities are
        // read (once) only for a point beyond those.
        let reach =
            max(first.gap, second.gap) < fixedReach ? fixedReach : Self.speculativeDistance(bodyA, bodyB, h: h)
        @inline(__always) func store(_ q: (anchorA: Vec2, anchorB: Vec2, gap: Double), in p: inout ContactPoint) {
            p.anchorA = q.anchorA
            p.anchorB = q.anchorB
            p.separation = q.gap
            p.point = 0.5 * ((xfA.p + q.anchorA) + (xfB.p + q.anchorB))
            if q.gap >= reach {
                p.normalImpulse = 0
                p.tangentImpulse = 0
            }
        }
        store(first, in: &c.pointee.p0)
        if twoPoints { store(second, in: &c.pointee.p1) }
        c.pointee.minSeparation = min(first.gap, second.gap)
        c.pointee.normal = n
        if !materialsStand { adoptMaterials(c, shapeA, shapeB, bodyA, bodyB) }
        return true
    }
}
