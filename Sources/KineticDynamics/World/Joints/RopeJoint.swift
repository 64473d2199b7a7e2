/// Keeps two anchor points no farther apart than `maxLength` (UIKit's `limitAttachment`): a
/// rope that goes taut at full length and exerts nothing while slack.
///
/// The formulation is Box2D 2.2's rope joint: one inequality row along the rope, C = d − L ≤ 0,
/// whose accumulated impulse may only pull (≤ 0). While slack the row is made speculative —
/// the velocity bias C/h lets the anchors approach exactly as fast as closes the remaining
/// slack within the sub-step — so a rope snapping taut stops at full length instead of
/// overshooting and being pulled back by the position pass.
struct RopeJoint: SolverJoint {
    var bodyA: Int32
    var bodyB: Int32
    /// Anchor points in each body's frame, metres.
    var localAnchorA: Vec2
    var localAnchorB: Vec2
    /// Longest allowed distance between the anchors, metres.
    var maxLength: Double

    // Solver state, valid within a sub-step.
    /// Accumulated impulse along `u`, ≤ 0; kept across sub-steps for warm starting.
    var impulse: Double = 0
    private var rA: Vec2 = .zero
    private var rB: Vec2 = .zero
    /// Unit vector from anchor A to anchor B (zero when they coincide).
    private var u: Vec2 = .zero
    /// Current anchor distance at `prepare`.
    private var currentLength: Double = 0
    private var mass: Double = 0
    private var invH: Double = 0

    init(bodyA: Int32, bodyB: Int32, localAnchorA: Vec2, localAnchorB: Vec2, maxLength: Double) {
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.localAnchorA = localAnchorA
        self.localAnchorB = localAnchorB
        self.maxLength = min(maxLength, worldLengthLimit)
    }

    var needsPositionSolve: Bool { true }

    mutating func prepare(_ bodies: BoundedPointer<Body>, h: Double) {
        let a = bodies.pointer(at: bodyA), b = bodies.pointer(at: bodyB)
        invH = h > 0 ? 1 / h : 0
        rA = rotate(a.pointee.rotation, localAnchorA)
        rB = rotate(b.pointee.rotation, localAnchorB)
        u = b.pointee.position + rB - a.pointee.position - rA
        currentLength = KineticDynamics.length(u)

        // Anchors this close have no meaningful direction; a rope this short is slack anyway
        // unless maxLength is ~0, and then pulling along a noise direction would only jitter.
        guard currentLength > Settings.linearSlop else {
            u = .zero
            mass = 0
            impulse = 0
            return
        }
        u /= currentLength

        let mA = a.pointee.invMass, iA = a.pointee.invInertia
        let mB = b.pointee.invMass, iB = b.pointee.invInertia
        let crA = cross(rA, u), crB = cross(rB, u)
        let invMass = mA + iA * crA * crA + mB + iB * crB * crB
        mass = invMass != 0 ? 1 / invMass : 0

        // Warm start: the last sub-step's impulse is a good first guess for this one. If the
        // rope has since gone slack, the speculative row below takes it back.
        let p = impulse * u
        a.pointee.linearVelocity -= mA * p
        a.pointee.angularVelocity -= iA * cross(rA, p)
        b.pointee.linearVelocity += mB * p
        b.pointee.angularVelocity += iB * cross(rB, p)
    }

    mutating func solveVelocity(_ bodies: BoundedPointer<Body>) {
        guard mass > 0 else { return }
        let a = bodies.pointer(at: bodyA), b = bodies.pointer(at: bodyB)
        let vpA = a.pointee.linearVelocity + cross(a.pointee.angularVelocity, rA)
        let vpB = b.pointee.linearVelocity + cross(b.pointee.angularVelocity, rB)
        var cdot = dot(u, vpB - vpA)
        let c = currentLength - maxLength
        // Slack: allow separating as fast as uses up the slack in one sub-step, no faster.
        if c < 0 { cdot += invH * c }
        let old = impulse
        impulse = min(old - mass * cdot, 0)
        let lambda = impulse - old
        let p = lambda * u
        a.pointee.linearVelocity -= a.pointee.invMass * p
        a.pointee.angularVelocity -= a.pointee.invInertia * cross(rA, p)
        b.pointee.linearVelocity += b.pointee.invMass * p
        b.pointee.angularVelocity += b.pointee.invInertia * cross(rB, p)
    }

    mutating func solvePosition(_ bodies: BoundedPointer<Body>) -> Bool {
        let a = bodies.pointer(at: bodyA), b = bodies.pointer(at: bodyB)
        let rA = rotate(KineticDynamics.rotation(a.pointee.angle), localAnchorA)
        let rB = rotate(KineticDynamics.rotation(b.pointee.angle), localAnchorB)
        var u = b.pointee.position + rB - a.pointee.position - rA
        let currentLength = KineticDynamics.length(u)
        // Only over-length is an error; a slack rope is always solved.
        let error = currentLength - maxLength
        guard error > 0, currentLength > 0 else { return true }
        u /= currentLength
        let c = min(error, Settings.maxLinearCorrection)
        let crA = cross(rA, u), crB = cross(rB, u)
        let invMass =
            a.pointee.invMass + a.pointee.invInertia * crA * crA
            + b.pointee.invMass + b.pointee.invInertia * crB * crB
        guard invMass > 0 else { return true }
        let p = (-c / invMass) * u
        a.pointee.position -= a.pointee.invMass * p
        a.pointee.angle -= a.pointee.invInertia * cross(rA, p)
        b.pointee.position += b.pointee.invMass * p
        b.pointee.angle += b.pointee.invInertia * cross(rB, p)
        return error < Settings.linearSlop
    }
}
