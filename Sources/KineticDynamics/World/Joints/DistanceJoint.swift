/// Keeps two anchor points at a fixed distance: a rigid rod when `frequency` is 0, otherwise a
/// damped spring (Box2D 2.x's soft constraint).
///
/// The soft form is Box2D 2.2's: from the spring's frequency ω = 2πf and damping ratio ζ, with
/// the constraint's effective mass m, the stiffness k = mω² and damping c = 2mζω give
/// γ = 1/(h(c + hk)) and bias β = C·h·k·γ; the velocity iteration then solves
/// Cdot + β + γλ = 0. This is implicit Euler on the spring, which rings less than the analytic
/// oscillator — and it is exactly what UIKit Dynamics does, so we keep it.
struct DistanceJoint: SolverJoint {
    var bodyA: Int32
    var bodyB: Int32
    // Solver state, valid within a sub-step; first, so a velocity iteration reads one
    // contiguous run of the struct.
    var impulse: Double = 0
    private var rA: Vec2 = .zero
    private var rB: Vec2 = .zero
    private var u: Vec2 = .zero
    private var mass: Double = 0
    private var gamma: Double = 0
    private var bias: Double = 0
    /// Whether body A can move. Anchor attachments all share the static ground body; skipping
    /// its (always zero) update keeps thousands of joints from serialising on one memory slot.
    private var aMoves = true

    /// Anchor points in each body's frame, metres.
    var localAnchorA: Vec2
    var localAnchorB: Vec2
    /// Rest length, metres.
    var length: Double
    /// Spring frequency in Hz; 0 makes the joint rigid.
    var frequency: Double = 0
    /// Damping ratio (1 = critical).
    var dampingRatio: Double = 0

    init(bodyA: Int32, bodyB: Int32, localAnchorA: Vec2, localAnchorB: Vec2, length: Double) {
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.localAnchorA = localAnchorA
        self.localAnchorB = localAnchorB
        self.length = min(length, worldLengthLimit)
    }

    var needsPositionSolve: Bool { frequency == 0 }
    var isSpring: Bool { frequency > 0 }

    mutating func prepare(_ bodies: BoundedPointer<Body>, h: Double) {
        let a = bodies.pointer(at: bodyA), b = bodies.pointer(at: bodyB)
        rA = rotate(a.pointee.rotation, localAnchorA)
        rB = rotate(b.pointee.rotation, localAnchorB)
        u = b.pointee.position + rB - a.pointee.position - rA
        let currentLength = KineticDynamics.length(u)
        // Below the slop the direction is meaningless; apply nothing rather than divide by ~0.
        u = currentLength > Settings.linearSlop ? u / currentLength : .zero

        let mA = a.pointee.invMass, iA = a.pointee.invInertia
        let mB = b.pointee.invMass, iB = b.pointee.invInertia
        aMoves = mA != 0 || iA != 0
        let crAu = cross(rA, u), crBu = cross(rB, u)
        var invMass = mA + iA * crAu * crAu + mB + iB * crBu * crBu
        mass = invMass != 0 ? 1 / invMass : 0

        if frequency > 0 {
            (gamma, bias) = softConstraint(
                frequency: frequency, dampingRatio: dampingRatio, mass: mass, error: currentLength - length, h: h)
            invMass += gamma
            mass = invMass != 0 ? 1 / invMass : 0
        } else {
            gamma = 0
            bias = 0
        }

        // Warm start: the last sub-step's impulse is a good first guess for this one.
        let p = impulse * u
        if aMoves {
            a.pointee.linearVelocity -= mA * p
            a.pointee.angularVelocity -= iA * cross(rA, p)
        }
        b.pointee.linearVelocity += mB * p
        b.pointee.angularVelocity += iB * cross(rB, p)
    }

    mutating func solveVelocity(_ bodies: BoundedPointer<Body>) {
        let a = bodies.pointer(at: bodyA), b = bodies.pointer(at: bodyB)
        let vpB = b.pointee.linearVelocity + cross(b.pointee.angularVelocity, rB)
        let vpA = aMoves ? a.pointee.linearVelocity + cross(a.pointee.angularVelocity, rA) : .zero
        let cdot = dot(u, vpB - vpA)
        let lambda = -mass * (cdot + bias + gamma * impulse)
        impulse += lambda
        let p = lambda * u
        if aMoves {
            a.pointee.linearVelocity -= a.pointee.invMass * p
            a.pointee.angularVelocity -= a.pointee.invInertia * cross(rA, p)
        }
        b.pointee.linearVelocity += b.pointee.invMass * p
        b.pointee.angularVelocity += b.pointee.invInertia * cross(rB, p)
    }

    mutating func solvePosition(_ bodies: BoundedPointer<Body>) -> Bool {
        guard frequency == 0 else { return true }
        let a = bodies.pointer(at: bodyA), b = bodies.pointer(at: bodyB)
        let qA = KineticDynamics.rotation(a.pointee.angle), qB = KineticDynamics.rotation(b.pointee.angle)
        let rA = rotate(qA, localAnchorA), rB = rotate(qB, localAnchorB)
        var u = b.pointee.position + rB - a.pointee.position - rA
        let currentLength = KineticDynamics.length(u)
        guard currentLength > 0 else { return true }
        u /= currentLength
        var c = currentLength - length
        c = min(max(c, -Settings.maxLinearCorrection), Settings.maxLinearCorrection)
        let crAu = cross(rA, u), crBu = cross(rB, u)
        let invMass =
            a.pointee.invMass + a.pointee.invInertia * crAu * crAu
            + b.pointee.invMass + b.pointee.invInertia * crBu * crBu
        guard invMass > 0 else { return true }
        let p = (-c / invMass) * u
        a.pointee.position -= a.pointee.invMass * p
        a.pointee.angle -= a.pointee.invInertia * cross(rA, p)
        b.pointee.position += b.pointee.invMass * p
        b.pointee.angle += b.pointee.invInertia * cross(rB, p)
        return abs(c) < Settings.linearSlop
    }
}

/// The soft constraint's γ and bias (Box2D 2.2) for a spring of `frequency` Hz and damping ratio
/// `dampingRatio` on a row of effective mass `mass` with position error `error`, over a
/// sub-step `h`: with ω = 2πf, k = mω² and d = 2mζω, γ = 1/(h(d + hk)) and bias = error·h·k·γ.
///
/// A huge frequency or mass (any finite value is accepted) overflows k to infinity, and then
/// the bias to ∞·0 = NaN. The same quantities without k, γ = 1/(hmω(2ζ + hω)) and
/// bias = error / (2ζ/ω + h), are used then. ω and ζ saturate at ``maxSpringOmega`` and
/// ``maxSpringDampingRatio``: a spring that stiff is a rigid rod at any sub-step.
func softConstraint(frequency: Double, dampingRatio: Double, mass: Double, error: Double, h: Double) -> (
    gamma: Double, bias: Double
) {
    let omega = min(2 * Double.pi * frequency, maxSpringOmega)
    let zeta = min(dampingRatio, maxSpringDampingRatio)
    let d = 2 * mass * zeta * omega
    let k = mass * omega * omega
    var gamma = h * (d + h * k)
    gamma = gamma != 0 ? 1 / gamma : 0
    let bias = error * h * k * gamma
    if gamma.isFinite && bias.isFinite { return (gamma, bias) }
    guard mass > 0, mass.isFinite else { return (0, 0) }
    let robustGamma = 1 / (h * mass * omega * (2 * zeta + h * omega))
    return (robustGamma.isFinite ? robustGamma : 0, error / (2 * zeta / omega + h))
}

/// The stiffest spring's angular frequency (rad/s): a caller's frequency above 10¹²/2π Hz
/// counts as this.
let maxSpringOmega = 1e12

/// The largest spring damping ratio: a caller's above it counts as this.
let maxSpringDampingRatio = 1e12
