// Tuning constants of the solver. They are Box2D 2.x's (which UIKit Dynamics is built on) in
// metres, so that a ported app sees the same slops, limits and sleep thresholds it was tuned
// against on iOS.

enum Settings {
    /// The fixed sub-step: Float(1/120) s, a hair above 1/120 (the value the shipping code uses).
    static let subStep: Double = Double(Float(1.0 / 120.0))
    /// A frame longer than this counts as 1/60 s (a stalled display link must not explode).
    static let maxFrameTime: Double = 0.5
    static let stalledFrameTime: Double = 1.0 / 60.0

    static let velocityIterations = 8
    static let positionIterations = 3

    /// Position error tolerated by rigid constraints (5 mm = 0.5 pt).
    static let linearSlop: Double = 0.005
    static let angularSlop: Double = 2.0 / 180.0 * .pi
    /// Largest position correction per iteration: prevents overshoot on big errors.
    static let maxLinearCorrection: Double = 0.2
    static let maxAngularCorrection: Double = 8.0 / 180.0 * .pi
    /// Largest motion per sub-step; faster bodies are clamped rather than tunnelling through the
    /// integrator's assumptions (2 m per step = 24 000 pt/s at 120 Hz).
    static let maxTranslation: Double = 2.0
    static let maxRotation: Double = 0.5 * .pi
    /// Velocities saturate here (m/s, rad/s), far above anything the translation clamp lets
    /// move: a huge but finite force, gravity or elasticity the caller gave (1e300, the largest
    /// Double) then makes the fastest possible motion, never an infinite velocity.
    static let maxSpeed: Double = 1e12
    /// Forces and torques accumulated for a frame saturate here (N, N·m).
    static let maxForce: Double = 1e200

    /// Contact recycling (World+Recycling.swift): a manifold with points is carried over while
    /// its shapes move less than 4 slops (2 pt) relative to each other, and while neither turns
    /// by more than acos 0.98 ≈ 11.5° since it was computed.
    static let contactRecycleDistance: Double = 4 * linearSlop
    static let contactRecycleCosine: Double = 0.98

    /// A body rests after this long below both tolerances (1 pt/s, 2°/s).
    static let timeToSleep: Double = 0.5
    static let linearSleepTolerance: Double = 0.01
    static let angularSleepTolerance: Double = 2.0 / 180.0 * .pi

    /// Gravity magnitude 1.0 is 1000 pt/s² = 10 m/s².
    static let gravityPerUnit: Double = 10
}
