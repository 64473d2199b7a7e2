/// Box2D 2.x's contact solver: sequential normal and friction impulses with warm starting,
/// restitution above a threshold (`WideContactSolver`), and non-linear position correction
/// (`WidePositionSolver`), both a row of four contacts at a time. Speculative points
/// (separation > 0: still apart but closing fast) let the bodies approach exactly to the
/// surface this step and no further, which is what stops fast items tunnelling.
enum ContactSolver {
    /// Impacts slower than this (1 m/s = 100 pt/s) do not bounce: resting contacts stay put.
    static let restitutionThreshold = 1.0
    /// Fraction of overlap removed per position iteration.
    static let baumgarte = 0.2
}
