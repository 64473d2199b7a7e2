/// Pins an anchor on B to an anchor on A so the two turn about a shared point (UIKit's
/// `pinAttachment`), with optional rotational friction and an optional limit on the relative
/// angle (UIKit's `attachmentRange`).
///
/// The formulation is Box2D 2.2's revolute joint. The point constraint C = pB − pA = 0 is
/// solved as a 2×2 block; when the angle limit is active it joins the point rows in one 3×3
/// block so the pin and the limit do not fight each other across iterations. Friction is a
/// motor of speed 0 whose accumulated impulse is clamped to ±frictionTorque·h: it can stop the
/// relative rotation, never reverse it.
struct RevoluteJoint: SolverJoint {
    var bodyA: Int32
    var bodyB: Int32
    /// Anchor points in each body's frame, metres.
    var localAnchorA: Vec2
    var localAnchorB: Vec2
    /// angleB − angleA when the joint was made: the relative angle the limit is measured from.
    var referenceAngle: Double
    /// Largest torque rotational friction may apply, N·m; 0 turns friction off.
    var frictionTorque: Double = 0
    /// Bounds on angleB − angleA − referenceAngle, radians, used when `enableLimit` is set.
    var lowerAngle: Double = 0
    var upperAngle: Double = 0
    var enableLimit = false

    // Solver state, valid within a sub-step.
    /// Accumulated (point x, point y, limit) impulse, kept across sub-steps for warm starting.
    var impulse: SIMD3<Double> = .zero
    /// Accumulated friction impulse.
    var motorImpulse: Double = 0
    private var rA: Vec2 = .zero
    private var rB: Vec2 = .zero
    private var k = SymmetricMatrix3()
    /// 1 / (iA + iB): the effective mass for pure relative rotation (friction and limit).
    private var motorMass: Double = 0
    private var limitState: JointLimitState = .inactive
    private var h: Double = 0

    init(bodyA: Int32, bodyB: Int32, localAnchorA: Vec2, localAnchorB: Vec2, referenceAngle: Double) {
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.localAnchorA = localAnchorA
        self.localAnchorB = localAnchorB
        self.referenceAngle = referenceAngle
    }

    var needsPositionSolve: Bool { true }

    mutating func prepare(_ bodies: BoundedPointer<Body>, h: Double) {
        let a = bodies.pointer(at: bodyA), b = bodies.pointer(at: bodyB)
        self.h = h
        rA = rotate(a.pointee.rotation, localAnchorA)
        rB = rotate(b.pointee.rotation, localAnchorB)

        let mA = a.pointee.invMass, iA = a.pointee.invInertia
        let mB = b.pointee.invMass, iB = b.pointee.invInertia
        k = .pointAndAngle(rA: rA, rB: rB, mA: mA, iA: iA, mB: mB, iB: iB)
        motorMass = iA + iB
        // Neither body can turn: the angular rows are empty, so friction and the limit have
        // nothing to act on (and 1/(iA + iB) would divide by zero).
        let fixedRotation = motorMass == 0
        motorMass = fixedRotation ? 0 : 1 / motorMass

        if frictionTorque <= 0 || fixedRotation { motorImpulse = 0 }

        if enableLimit && !fixedRotation {
            let jointAngle = b.pointee.angle - a.pointee.angle - referenceAngle
            if abs(upperAngle - lowerAngle) < 2 * Settings.angularSlop {
                limitState = .equal
            } else if jointAngle <= lowerAngle {
                // A limit impulse kept from the other side would push the wrong way.
                if limitState != .atLower { impulse.z = 0 }
                limitState = .atLower
            } else if jointAngle >= upperAngle {
                if limitState != .atUpper { impulse.z = 0 }
                limitState = .atUpper
            } else {
                limitState = .inactive
                impulse.z = 0
            }
        } else {
            limitState = .inactive
            impulse.z = 0
        }

        // Warm start: the last sub-step's impulses are a good first guess for this one.
        let p = Vec2(impulse.x, impulse.y)
        let angular = motorImpulse + impulse.z
        a.pointee.linearVelocity -= mA * p
        a.pointee.angularVelocity -= iA * (cross(rA, p) + angular)
        b.pointee.linearVelocity += mB * p
        b.pointee.angularVelocity += iB * (cross(rB, p) + angular)
    }

    mutating func solveVelocity(_ bodies: BoundedPointer<Body>) {
        let a = bodies.pointer(at: bodyA), b = bodies.pointer(at: bodyB)
        let mA = a.pointee.invMass, iA = a.pointee.invInertia
        let mB = b.pointee.invMass, iB = b.pointee.invInertia
        var vA = a.pointee.linearVelocity, wA = a.pointee.angularVelocity
        var vB = b.pointee.linearVelocity, wB = b.pointee.angularVelocity
        let fixedRotation = motorMass == 0

        // Friction first: it is the softest constraint, so the point and limit rows solved
        // after it get the last word within the iteration.
        if frictionTorque > 0 && !fixedRotation {
            let cdot = wB - wA
            let old = motorImpulse
            let maxImpulse = h * frictionTorque
            motorImpulse = min(max(old - motorMass * cdot, -maxImpulse), maxImpulse)
            let lambda = motorImpulse - old
            wA -= iA * lambda
            wB += iB * lambda
        }

        let cdot1 = vB + cross(wB, rB) - vA - cross(wA, rA)
        if enableLimit && limitState != .inactive && !fixedRotation {
            let cdot2 = wB - wA
            var lambda = -k.solve33(SIMD3(cdot1.x, cdot1.y, cdot2))
            switch limitState {
            case .equal, .inactive:
                impulse += lambda
            case .atLower where impulse.z + lambda.z < 0,
                .atUpper where impulse.z + lambda.z > 0:
                // The limit would have to pull; release it and re-solve the point rows alone,
                // discounting the limit impulse being withdrawn.
                let rhs = -cdot1 + impulse.z * Vec2(k.a13, k.a23)
                let reduced = k.solve22(rhs)
                lambda = SIMD3(reduced.x, reduced.y, -impulse.z)
                impulse = SIMD3(impulse.x + reduced.x, impulse.y + reduced.y, 0)
            case .atLower, .atUpper:
                impulse += lambda
            }
            let p = Vec2(lambda.x, lambda.y)
            vA -= mA * p
            wA -= iA * (cross(rA, p) + lambda.z)
            vB += mB * p
            wB += iB * (cross(rB, p) + lambda.z)
        } else {
            let lambda = k.solve22(-cdot1)
            impulse.x += lambda.x
            impulse.y += lambda.y
            vA -= mA * lambda
            wA -= iA * cross(rA, lambda)
            vB += mB * lambda
            wB += iB * cross(rB, lambda)
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

        // Limit first, as its own 1-D correction: it only turns the bodies, and the point fix
        // below then works from the corrected angles.
        var angularError = 0.0
        if enableLimit && limitState != .inactive && motorMass > 0 {
            let angle = aB - aA - referenceAngle
            var c = 0.0
            switch limitState {
            case .equal:
                c = min(max(angle - lowerAngle, -Settings.maxAngularCorrection), Settings.maxAngularCorrection)
                angularError = abs(c)
            case .atLower:
                c = angle - lowerAngle
                angularError = max(-c, 0)
                // Leave a slop's worth of penetration so the limit stays active next sub-step
                // instead of chattering on and off.
                c = min(max(c + Settings.angularSlop, -Settings.maxAngularCorrection), 0)
            case .atUpper:
                c = angle - upperAngle
                angularError = max(c, 0)
                c = min(max(c - Settings.angularSlop, 0), Settings.maxAngularCorrection)
            case .inactive:
                break
            }
            let limitImpulse = -motorMass * c
            aA -= iA * limitImpulse
            aB += iB * limitImpulse
        }

        let rA = rotate(KineticDynamics.rotation(aA), localAnchorA)
        let rB = rotate(KineticDynamics.rotation(aB), localAnchorB)
        let c = cB + rB - cA - rA
        let positionError = KineticDynamics.length(c)
        let k = SymmetricMatrix3.pointAndAngle(rA: rA, rB: rB, mA: mA, iA: iA, mB: mB, iB: iB)
        let p = -k.solve22(c)
        cA -= mA * p
        aA -= iA * cross(rA, p)
        cB += mB * p
        aB += iB * cross(rB, p)

        a.pointee.position = cA
        a.pointee.angle = aA
        b.pointee.position = cB
        b.pointee.angle = aB
        return positionError <= Settings.linearSlop && angularError <= Settings.angularSlop
    }
}

// MARK: - Shared by the revolute, prismatic and weld joints

/// Which side of a joint limit is in contact, decided once per sub-step in `prepare`.
enum JointLimitState: UInt8 {
    case inactive
    case atLower
    case atUpper
    /// Lower and upper are closer than two slops: the limit holds both ways, like a lock.
    case equal
}

/// A symmetric 3×3 effective-mass matrix K (the joints' constraint Jacobians make it
/// symmetric), solved by Cramer's rule. A singular K — every body involved is static or
/// unable to move along the constrained directions — solves to zero: no impulse, never NaN.
struct SymmetricMatrix3 {
    var a11 = 0.0, a12 = 0.0, a13 = 0.0
    var a22 = 0.0, a23 = 0.0
    var a33 = 0.0

    /// K for a point constraint pB − pA = 0 (rows 1–2) plus a relative angle (row 3), with
    /// anchors rA, rB from the centres of mass, inverse masses m and inverse inertias i.
    static func pointAndAngle(rA: Vec2, rB: Vec2, mA: Double, iA: Double, mB: Double, iB: Double)
        -> SymmetricMatrix3
    {
        var k = SymmetricMatrix3()
        k.a11 = mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB
        k.a12 = -rA.y * rA.x * iA - rB.y * rB.x * iB
        k.a13 = -rA.y * iA - rB.y * iB
        k.a22 = mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB
        k.a23 = rA.x * iA + rB.x * iB
        k.a33 = iA + iB
        return k
    }

    /// Solves K·x = b for all three rows.
    func solve33(_ b: SIMD3<Double>) -> SIMD3<Double> {
        // Cofactors of K; det = a11·c11 + a12·c12 + a13·c13.
        let c11 = a22 * a33 - a23 * a23
        let c12 = a13 * a23 - a12 * a33
        let c13 = a12 * a23 - a13 * a22
        var det = a11 * c11 + a12 * c12 + a13 * c13
        guard det != 0 else { return .zero }
        det = 1 / det
        let c22 = a11 * a33 - a13 * a13
        let c23 = a12 * a13 - a11 * a23
        let c33 = a11 * a22 - a12 * a12
        // K is symmetric, so its adjugate is too: x = adj(K)·b / det.
        let x =
            det
            * SIMD3(
                c11 * b.x + c12 * b.y + c13 * b.z,
                c12 * b.x + c22 * b.y + c23 * b.z,
                c13 * b.x + c23 * b.y + c33 * b.z)
        return x.x.isFinite && x.y.isFinite && x.z.isFinite ? x : .zero
    }

    /// Solves the upper-left 2×2 block of K·x = b.
    func solve22(_ b: Vec2) -> Vec2 {
        var det = a11 * a22 - a12 * a12
        guard det != 0 else { return .zero }
        det = 1 / det
        let x = det * Vec2(a22 * b.x - a12 * b.y, a11 * b.y - a12 * b.x)
        return x.isFinite ? x : .zero
    }

    /// The inverse of the whole matrix, or zero when K is singular.
    func inverse33() -> SymmetricMatrix3 {
        let c11 = a22 * a33 - a23 * a23
        let c12 = a13 * a23 - a12 * a33
        let c13 = a12 * a23 - a13 * a22
        var det = a11 * c11 + a12 * c12 + a13 * c13
        guard det != 0 else { return SymmetricMatrix3() }
        det = 1 / det
        var m = SymmetricMatrix3()
        m.a11 = det * c11
        m.a12 = det * c12
        m.a13 = det * c13
        m.a22 = det * (a11 * a33 - a13 * a13)
        m.a23 = det * (a12 * a13 - a11 * a23)
        m.a33 = det * (a11 * a22 - a12 * a12)
        return m.isFinite ? m : SymmetricMatrix3()
    }

    /// The inverse of the upper-left 2×2 block, with zeros in row and column 3.
    func inverse22() -> SymmetricMatrix3 {
        var det = a11 * a22 - a12 * a12
        guard det != 0 else { return SymmetricMatrix3() }
        det = 1 / det
        var m = SymmetricMatrix3()
        m.a11 = det * a22
        m.a12 = -det * a12
        m.a22 = det * a11
        return m.isFinite ? m : SymmetricMatrix3()
    }

    /// K·v.
    func times(_ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(
            a11 * v.x + a12 * v.y + a13 * v.z,
            a12 * v.x + a22 * v.y + a23 * v.z,
            a13 * v.x + a23 * v.y + a33 * v.z)
    }

    /// The upper-left 2×2 block times v.
    func times22(_ v: Vec2) -> Vec2 {
        Vec2(a11 * v.x + a12 * v.y, a12 * v.x + a22 * v.y)
    }

    private var isFinite: Bool {
        a11.isFinite && a12.isFinite && a13.isFinite && a22.isFinite && a23.isFinite && a33.isFinite
    }
}
