/// Lets B slide relative to A along an axis fixed in A, and nothing else (UIKit's
/// `slidingAttachment`): no sideways motion, no relative rotation, and an optional range of
/// translation along the axis.
///
/// The formulation is Box2D 2.2's prismatic joint. With d = pB − pA, the axis a and its
/// perpendicular p both turning with A, the rows are p·d = 0 and θB − θA − θref = 0, solved
/// together as a 2×2 block; an active translation limit on a·d joins them as a 3×3 block.
/// The lever arms use d + rA (not rA) because the axis is attached to A: turning A swings the
/// axis across B's anchor wherever B has slid to.
struct PrismaticJoint: SolverJoint {
    var bodyA: Int32
    var bodyB: Int32
    /// Anchor points in each body's frame, metres.
    var localAnchorA: Vec2
    var localAnchorB: Vec2
    /// Unit sliding direction in A's frame.
    var localAxisA: Vec2
    /// angleB − angleA when the joint was made; the joint holds this relative angle.
    var referenceAngle: Double
    /// Bounds on the translation a·d along the axis, metres, used when `enableLimit` is set.
    var lowerTranslation: Double = 0
    var upperTranslation: Double = 0
    var enableLimit = false

    // Solver state, valid within a sub-step.
    /// Accumulated (perpendicular, angular, limit) impulse, kept across sub-steps for warm
    /// starting.
    var impulse: SIMD3<Double> = .zero
    private var axis: Vec2 = .zero
    private var perp: Vec2 = .zero
    /// Angular lever arms of the axis row (a1 on A, a2 on B) and of the perpendicular row.
    private var a1: Double = 0
    private var a2: Double = 0
    private var s1: Double = 0
    private var s2: Double = 0
    private var k = SymmetricMatrix3()
    private var limitState: JointLimitState = .inactive

    init(
        bodyA: Int32, bodyB: Int32, localAnchorA: Vec2, localAnchorB: Vec2, localAxisA: Vec2,
        referenceAngle: Double
    ) {
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.localAnchorA = localAnchorA
        self.localAnchorB = localAnchorB
        self.localAxisA = localAxisA
        self.referenceAngle = referenceAngle
    }

    var needsPositionSolve: Bool { true }

    /// The unit axis in A's frame; a degenerate axis falls back to A's x axis rather than
    /// producing a zero row (which would silently free the joint) or NaN.
    private var unitAxisA: Vec2 {
        let l = KineticDynamics.length(localAxisA)
        return l > 0 && l.isFinite ? localAxisA / l : Vec2(1, 0)
    }

    /// K for the (perpendicular, angular, axial) rows.
    private static func effectiveMass(
        mA: Double, iA: Double, mB: Double, iB: Double, s1: Double, s2: Double, a1: Double, a2: Double
    ) -> SymmetricMatrix3 {
        var k = SymmetricMatrix3()
        k.a11 = mA + mB + iA * s1 * s1 + iB * s2 * s2
        k.a12 = iA * s1 + iB * s2
        k.a13 = iA * s1 * a1 + iB * s2 * a2
        // Neither body can turn: the angular row is empty. A unit diagonal keeps K invertible;
        // the row's impulse then multiplies zero inverse inertias and does nothing.
        k.a22 = iA + iB == 0 ? 1 : iA + iB
        k.a23 = iA * a1 + iB * a2
        k.a33 = mA + mB + iA * a1 * a1 + iB * a2 * a2
        return k
    }

    mutating func prepare(_ bodies: BoundedPointer<Body>, h: Double) {
        let a = bodies.pointer(at: bodyA), b = bodies.pointer(at: bodyB)
        let qA = a.pointee.rotation
        let rA = rotate(qA, localAnchorA)
        let rB = rotate(b.pointee.rotation, localAnchorB)
        let d = b.pointee.position + rB - a.pointee.position - rA

        let mA = a.pointee.invMass, iA = a.pointee.invInertia
        let mB = b.pointee.invMass, iB = b.pointee.invInertia

        let localAxis = unitAxisA
        axis = rotate(qA, localAxis)
        perp = rotate(qA, Vec2(-localAxis.y, localAxis.x))
        a1 = cross(d + rA, axis)
        a2 = cross(rB, axis)
        s1 = cross(d + rA, perp)
        s2 = cross(rB, perp)
        k = Self.effectiveMass(mA: mA, iA: iA, mB: mB, iB: iB, s1: s1, s2: s2, a1: a1, a2: a2)

        if enableLimit {
            let translation = dot(axis, d)
            if abs(upperTranslation - lowerTranslation) < 2 * Settings.linearSlop {
                limitState = .equal
            } else if translation <= lowerTranslation {
                // A limit impulse kept from the other side would push the wrong way.
                if limitState != .atLower { impulse.z = 0 }
                limitState = .atLower
            } else if translation >= upperTranslation {
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
        let p = impulse.x * perp + impulse.z * axis
        let lA = impulse.x * s1 + impulse.y + impulse.z * a1
        let lB = impulse.x * s2 + impulse.y + impulse.z * a2
        a.pointee.linearVelocity -= mA * p
        a.pointee.angularVelocity -= iA * lA
        b.pointee.linearVelocity += mB * p
        b.pointee.angularVelocity += iB * lB
    }

    mutating func solveVelocity(_ bodies: BoundedPointer<Body>) {
        let a = bodies.pointer(at: bodyA), b = bodies.pointer(at: bodyB)
        let mA = a.pointee.invMass, iA = a.pointee.invInertia
        let mB = b.pointee.invMass, iB = b.pointee.invInertia
        let vA = a.pointee.linearVelocity, wA = a.pointee.angularVelocity
        let vB = b.pointee.linearVelocity, wB = b.pointee.angularVelocity

        let cdot1 = Vec2(dot(perp, vB - vA) + s2 * wB - s1 * wA, wB - wA)
        let df: SIMD3<Double>
        if enableLimit && limitState != .inactive {
            let cdot2 = dot(axis, vB - vA) + a2 * wB - a1 * wA
            let f1 = impulse
            impulse += k.solve33(-SIMD3(cdot1.x, cdot1.y, cdot2))
            switch limitState {
            case .atLower: impulse.z = max(impulse.z, 0)
            case .atUpper: impulse.z = min(impulse.z, 0)
            case .equal, .inactive: break
            }
            // The clamp changed the limit row's impulse; re-solve the two equality rows given
            // that fixed limit impulse so they stay exactly satisfied:
            // f(1:2) = K(1:2,1:2)⁻¹·(−Cdot1 − K(1:2,3)·(f.z − f1.z)) + f1(1:2).
            let rhs = -cdot1 - (impulse.z - f1.z) * Vec2(k.a13, k.a23)
            let f2 = k.solve22(rhs) + Vec2(f1.x, f1.y)
            impulse.x = f2.x
            impulse.y = f2.y
            df = impulse - f1
        } else {
            let d2 = k.solve22(-cdot1)
            impulse.x += d2.x
            impulse.y += d2.y
            df = SIMD3(d2.x, d2.y, 0)
        }

        let p = df.x * perp + df.z * axis
        let lA = df.x * s1 + df.y + df.z * a1
        let lB = df.x * s2 + df.y + df.z * a2
        a.pointee.linearVelocity = vA - mA * p
        a.pointee.angularVelocity = wA - iA * lA
        b.pointee.linearVelocity = vB + mB * p
        b.pointee.angularVelocity = wB + iB * lB
    }

    mutating func solvePosition(_ bodies: BoundedPointer<Body>) -> Bool {
        let a = bodies.pointer(at: bodyA), b = bodies.pointer(at: bodyB)
        let mA = a.pointee.invMass, iA = a.pointee.invInertia
        let mB = b.pointee.invMass, iB = b.pointee.invInertia
        // Two immovable bodies: nothing can be corrected, and reporting the error would keep
        // the world awake forever.
        guard mA + iA + mB + iB > 0 else { return true }
        let cA = a.pointee.position, aA = a.pointee.angle
        let cB = b.pointee.position, aB = b.pointee.angle
        let qA = KineticDynamics.rotation(aA)
        let rA = rotate(qA, localAnchorA)
        let rB = rotate(KineticDynamics.rotation(aB), localAnchorB)
        let d = cB + rB - cA - rA

        let localAxis = unitAxisA
        let axis = rotate(qA, localAxis)
        let perp = rotate(qA, Vec2(-localAxis.y, localAxis.x))
        let a1 = cross(d + rA, axis), a2 = cross(rB, axis)
        let s1 = cross(d + rA, perp), s2 = cross(rB, perp)

        let c1 = Vec2(dot(perp, d), aB - aA - referenceAngle)
        var linearError = abs(c1.x)
        // Neither body can turn: an angle offset is beyond correction, so it is not an error.
        let angularError = iA + iB > 0 ? abs(c1.y) : 0

        // The limit is judged afresh from the current positions (not the sub-step's state):
        // position iterations move the bodies, and a limit reached only now must still hold.
        var limitActive = false
        var c2 = 0.0
        if enableLimit {
            let translation = dot(axis, d)
            if abs(upperTranslation - lowerTranslation) < 2 * Settings.linearSlop {
                c2 = min(
                    max(translation - lowerTranslation, -Settings.maxLinearCorrection), Settings.maxLinearCorrection)
                linearError = max(linearError, abs(translation - lowerTranslation))
                limitActive = true
            } else if translation <= lowerTranslation {
                // Leave a slop's worth so the limit stays in contact instead of chattering.
                c2 = min(max(translation - lowerTranslation + Settings.linearSlop, -Settings.maxLinearCorrection), 0)
                linearError = max(linearError, lowerTranslation - translation)
                limitActive = true
            } else if translation >= upperTranslation {
                c2 = min(max(translation - upperTranslation - Settings.linearSlop, 0), Settings.maxLinearCorrection)
                linearError = max(linearError, translation - upperTranslation)
                limitActive = true
            }
        }

        let k = Self.effectiveMass(mA: mA, iA: iA, mB: mB, iB: iB, s1: s1, s2: s2, a1: a1, a2: a2)
        let f: SIMD3<Double>
        if limitActive {
            f = k.solve33(-SIMD3(c1.x, c1.y, c2))
        } else {
            let f2 = k.solve22(-c1)
            f = SIMD3(f2.x, f2.y, 0)
        }

        let p = f.x * perp + f.z * axis
        let lA = f.x * s1 + f.y + f.z * a1
        let lB = f.x * s2 + f.y + f.z * a2
        a.pointee.position = cA - mA * p
        a.pointee.angle = aA - iA * lA
        b.pointee.position = cB + mB * p
        b.pointee.angle = aB + iB * lB
        return linearError <= Settings.linearSlop && angularError <= Settings.angularSlop
    }
}
