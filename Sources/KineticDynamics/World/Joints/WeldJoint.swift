/// Glues B to A: no relative translation or rotation (UIKit's `fixedAttachment`).
///
/// The formulation is Box2D 2.2's weld joint: a point constraint pB − pA = 0 plus the
/// relative angle θB − θA − θref = 0, solved as one 3×3 block so the three rows cannot undo
/// each other within an iteration. With `frequency` > 0 the angular row becomes a damped
/// torsional spring (the same implicit-Euler soft constraint as `DistanceJoint`: k = mω²,
/// c = 2mζω, γ = 1/(h(c + hk)), bias = C·h·k·γ) and is solved separately from the still-rigid
/// point rows.
///
/// A rigid weld's anchor is immaterial: with the relative angle held, vB + ω×rB − vA − ω×rA =
/// vB − vA − ω×(cB − cA) for any shared point p (rA = p − cA, rB = p − cB), so every choice of p
/// gives the same constraint. Its conditioning is another matter: K holds rA² and rB² next to
/// the masses, and an anchor 10⁵ pt away makes K's inverse, and each linearised position step,
/// cancel terms 10⁹ times larger than the answer, and the weld falls apart. So the rigid rows
/// hold `rigidAnchorA` and `rigidAnchorB`, the midpoint of the two centres when the joint was made
/// (any well-placed shared point would do); the caller's anchor is kept for a soft weld, whose
/// torsional spring turns the bodies about it.
struct WeldJoint: SolverJoint {
    var bodyA: Int32
    var bodyB: Int32
    /// Anchor points in each body's frame, metres.
    var localAnchorA: Vec2
    var localAnchorB: Vec2
    /// The shared point the rigid rows hold, in each body's frame (see above).
    var rigidAnchorA: Vec2
    var rigidAnchorB: Vec2
    /// angleB − angleA when the joint was made; the joint holds this relative angle.
    var referenceAngle: Double
    /// Angular spring frequency in Hz; 0 makes the joint rigid.
    var frequency: Double = 0
    /// Angular damping ratio (1 = critical).
    var dampingRatio: Double = 0

    // Solver state, valid within a sub-step.
    /// Accumulated (point x, point y, angular) impulse, kept across sub-steps for warm starting.
    var impulse: SIMD3<Double> = .zero
    private var rA: Vec2 = .zero
    private var rB: Vec2 = .zero
    /// K⁻¹ (rigid), or the point block's inverse with the soft angular mass in a33 (soft).
    private var mass = SymmetricMatrix3()
    private var gamma: Double = 0
    private var bias: Double = 0

    /// A weld of the bodies at the caller's anchor (`localAnchorA`, `localAnchorB`); its rigid rows
    /// hold `rigidAnchorA` and `rigidAnchorB` (by default the same point).
    init(
        bodyA: Int32, bodyB: Int32, localAnchorA: Vec2, localAnchorB: Vec2, referenceAngle: Double,
        rigidAnchorA: Vec2? = nil, rigidAnchorB: Vec2? = nil
    ) {
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.localAnchorA = localAnchorA
        self.localAnchorB = localAnchorB
        self.rigidAnchorA = rigidAnchorA ?? localAnchorA
        self.rigidAnchorB = rigidAnchorB ?? localAnchorB
        self.referenceAngle = referenceAngle
    }

    /// The anchors the rows hold now: the caller's for a soft weld, the well-placed ones for a rigid weld.
    private var anchors: (a: Vec2, b: Vec2) {
        frequency > 0 ? (localAnchorA, localAnchorB) : (rigidAnchorA, rigidAnchorB)
    }

    var needsPositionSolve: Bool { true }

    mutating func prepare(_ bodies: BoundedPointer<Body>, h: Double) {
        let a = bodies.pointer(at: bodyA), b = bodies.pointer(at: bodyB)
        let (anchorA, anchorB) = anchors
        rA = rotate(a.pointee.rotation, anchorA)
        rB = rotate(b.pointee.rotation, anchorB)

        let mA = a.pointee.invMass, iA = a.pointee.invInertia
        let mB = b.pointee.invMass, iB = b.pointee.invInertia
        let k = SymmetricMatrix3.pointAndAngle(rA: rA, rB: rB, mA: mA, iA: iA, mB: mB, iB: iB)

        if frequency > 0 {
            mass = k.inverse22()
            var invM = iA + iB
            let m = invM > 0 ? 1 / invM : 0
            let c = b.pointee.angle - a.pointee.angle - referenceAngle
            (gamma, bias) = softConstraint(frequency: frequency, dampingRatio: dampingRatio, mass: m, error: c, h: h)
            invM += gamma
            mass.a33 = invM != 0 ? 1 / invM : 0
        } else {
            // Neither body can turn: the angular row is empty and K singular, so weld the
            // points alone rather than let the zero inverse free the joint entirely.
            mass = k.a33 == 0 ? k.inverse22() : k.inverse33()
            gamma = 0
            bias = 0
        }

        // Warm start: the last sub-step's impulses are a good first guess for this one.
        let p = Vec2(impulse.x, impulse.y)
        a.pointee.linearVelocity -= mA * p
        a.pointee.angularVelocity -= iA * (cross(rA, p) + impulse.z)
        b.pointee.linearVelocity += mB * p
        b.pointee.angularVelocity += iB * (cross(rB, p) + impulse.z)
    }

    mutating func solveVelocity(_ bodies: BoundedPointer<Body>) {
        let a = bodies.pointer(at: bodyA), b = bodies.pointer(at: bodyB)
        let mA = a.pointee.invMass, iA = a.pointee.invInertia
        let mB = b.pointee.invMass, iB = b.pointee.invInertia
        var vA = a.pointee.linearVelocity, wA = a.pointee.angularVelocity
        var vB = b.pointee.linearVelocity, wB = b.pointee.angularVelocity

        if frequency > 0 {
            // The spring row first, on its own: it is soft, so the rigid point rows solved
            // after it get the last word.
            let cdot2 = wB - wA
            let lambda2 = -mass.a33 * (cdot2 + bias + gamma * impulse.z)
            impulse.z += lambda2
            wA -= iA * lambda2
            wB += iB * lambda2

            let cdot1 = vB + cross(wB, rB) - vA - cross(wA, rA)
            let lambda1 = -mass.times22(cdot1)
            impulse.x += lambda1.x
            impulse.y += lambda1.y
            vA -= mA * lambda1
            wA -= iA * cross(rA, lambda1)
            vB += mB * lambda1
            wB += iB * cross(rB, lambda1)
        } else {
            let cdot1 = vB + cross(wB, rB) - vA - cross(wA, rA)
            let lambda = -mass.times(SIMD3(cdot1.x, cdot1.y, wB - wA))
            impulse += lambda
            let p = Vec2(lambda.x, lambda.y)
            vA -= mA * p
            wA -= iA * (cross(rA, p) + lambda.z)
            vB += mB * p
            wB += iB * (cross(rB, p) + lambda.z)
        }

        a.pointee.linearVelocity = vA
        a.pointee.angularVelocity = wA
        b.pointee.linearVelocity = vB
        b.pointee.angularVelocity = wB
    }

    mutating func solvePosition(_ bodies: BoundedPointer<Body>) -> Bool {
        let a = bodies.pointer(at: bodyA), b = bodies.pointer(at: bodyB)
        let mA = a.pointee.invMass, iA = a.pointee.invInertia
        let mB = b.pointee.invMass, iB = b.pointee.invInertia
        // Two immovable bodies: nothing can be corrected, and reporting the error would keep
        // the world awake forever.
        guard mA + iA + mB + iB > 0 else { return true }
        var cA = a.pointee.position, aA = a.pointee.angle
        var cB = b.pointee.position, aB = b.pointee.angle
        let (anchorA, anchorB) = anchors
        let rA = rotate(KineticDynamics.rotation(aA), anchorA)
        let rB = rotate(KineticDynamics.rotation(aB), anchorB)
        let k = SymmetricMatrix3.pointAndAngle(rA: rA, rB: rB, mA: mA, iA: iA, mB: mB, iB: iB)

        let c1 = cB + rB - cA - rA
        let positionError = KineticDynamics.length(c1)
        var angularError = 0.0

        let f: SIMD3<Double>
        if frequency > 0 || k.a33 == 0 {
            // A soft angle is the spring's business, not an error to remove; and with no
            // rotational freedom there is no angle to correct.
            let f2 = -k.solve22(c1)
            f = SIMD3(f2.x, f2.y, 0)
        } else {
            let c2 = aB - aA - referenceAngle
            angularError = abs(c2)
            f = -k.solve33(SIMD3(c1.x, c1.y, c2))
        }

        let p = Vec2(f.x, f.y)
        cA -= mA * p
        aA -= iA * (cross(rA, p) + f.z)
        cB += mB * p
        aB += iB * (cross(rB, p) + f.z)

        a.pointee.position = cA
        a.pointee.angle = aA
        b.pointee.position = cB
        b.pointee.angle = aB
        return positionError <= Settings.linearSlop && angularError <= Settings.angularSlop
    }
}
