/// One point of a packed contact constraint: only what a velocity iteration touches.
struct ConstraintPoint {
    var anchorA: Vec2 = .zero
    var anchorB: Vec2 = .zero
    var normalImpulse: Double = 0
    var tangentImpulse: Double = 0
    var normalMass: Double = 0
    var tangentMass: Double = 0
    /// Closing speed allowed this sub-step: separation / h for a speculative point, else 0.
    var bias: Double = 0
    /// Normal velocity before the solve (restitution).
    var relativeVelocity: Double = 0
    var maxNormalImpulse: Double = 0
}

/// A contact packed for the velocity iterations, as Box2D 2.x packs its velocity constraints:
/// contiguous, in colour order (no movable body twice within a colour, so consecutive
/// constraints do not wait on each other), with the bodies' inverse masses copied in. Built
/// from the active contacts every sub-step; impulses go back to the contacts afterwards for
/// warm starting and touch events.
struct ContactConstraint {
    var bodyA: Int32 = 0
    var bodyB: Int32 = 0
    var contact: Int32 = 0
    var pointCount: Int32 = 0
    var aMoves = true
    var bMoves = true
    var normal: Vec2 = .zero
    var friction: Double = 0
    var restitution: Double = 0
    var mA: Double = 0
    var iA: Double = 0
    var mB: Double = 0
    var iB: Double = 0
    /// Two-point effective-mass matrix and determinant (0: solve the points one by one).
    var k11: Double = 0
    var k12: Double = 0
    var k22: Double = 0
    var det: Double = 0
    var p0 = ConstraintPoint()
    var p1 = ConstraintPoint()
}
