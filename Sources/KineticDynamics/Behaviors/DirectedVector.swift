import KineticPlatform

/// A vector that is also read and written as (angle, magnitude), as gravity and push expose
/// it. The vector is the truth (so (0, 1) stays exactly (0, 1)); the angle is remembered
/// separately so that a zero magnitude does not forget the direction.
struct DirectedVector {
    private(set) var vector: CGVector
    private var rememberedAngle: CGFloat

    init(vector: CGVector) {
        self.vector = vector
        rememberedAngle = atan2(vector.dy, vector.dx)
    }

    var magnitude: CGFloat { (vector.dx * vector.dx + vector.dy * vector.dy).squareRoot() }

    var angle: CGFloat { magnitude > 0 ? atan2(vector.dy, vector.dx) : rememberedAngle }

    mutating func setVector(_ v: CGVector) {
        vector = v
        if magnitude > 0 { rememberedAngle = atan2(v.dy, v.dx) }
    }

    mutating func set(angle: CGFloat, magnitude: CGFloat) {
        rememberedAngle = angle
        vector = CGVector(dx: magnitude * cos(angle), dy: magnitude * sin(angle))
    }
}
