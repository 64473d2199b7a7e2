/// What the step needs from every kind of joint. Each kind lives in its own dense array
/// (`JointStore`) so the solver loops are monomorphic and allocation-free.
///
/// Bodies are addressed by slot index into the buffer the step passes in; the buffer is the
/// world's body array, borrowed for the whole step.
protocol SolverJoint {
    var bodyA: Int32 { get }
    var bodyB: Int32 { get }
    /// Where the joint holds each body, in that body's frame.
    var localAnchorA: Vec2 { get }
    var localAnchorB: Vec2 { get }
    /// Computes effective masses and biases for a sub-step of `h` seconds and applies the
    /// impulse kept from the previous sub-step (warm starting).
    mutating func prepare(_ bodies: BoundedPointer<Body>, h: Double)
    /// One sequential-impulse velocity iteration.
    mutating func solveVelocity(_ bodies: BoundedPointer<Body>)
    /// One position iteration; returns whether the joint's error is within tolerance.
    mutating func solvePosition(_ bodies: BoundedPointer<Body>) -> Bool
    /// Whether `solvePosition` does anything (soft joints correct only through velocity).
    var needsPositionSolve: Bool { get }
    /// Whether the debug drawing shows the joint as a spring.
    var isSpring: Bool { get }
}

extension SolverJoint {
    var isSpring: Bool { false }
}
