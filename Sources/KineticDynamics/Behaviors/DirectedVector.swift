import KineticPlatform

/// A vector that is also read and written as (angle, magnitude), as gravity and push expose
/// it. The vector is the truth (so (0, 1) stays exactly (0, 1)); the angle is remembered
/// separately so that a zero magnitude does not forget the direction.
struct DirectedVector {
    private(set) var vector: CGVector
    private var rememberedAngle: CGFloat

    init(vector: CGVector) {
        self.vector = vector
        rememberedAngle = Self.angle(of: vector)
    }

    var magnitude: CGFloat { (vector.dx * vector.dx + vector.dy * vector.dy).squareRoot() }

    var angle: CGFloat { magnitude > 0 ? Self.angle(of: vector) : rememberedAngle }

    mutating func setVector(_ v: CGVector) {
        vector = v
        if magnitude > 0 { rememberedAngle = Self.angle(of: v) }
    }

    mutating func set(angle: CGFloat, magnitude: CGFloat) {
        rememberedAngle = angle
        let (cosine, sine) = Elementary.cosSin(Double(angle))
        vector = CGVector(dx: magnitude * CGFloat(cosine), dy: magnitude * CGFloat(sine))
    }

    /// The angle of `v` from the positive x axis (`Elementary.atan2`: the same bits everywhere).
    private static func angle(of v: CGVector) -> CGFloat {
        CGFloat(Elementary.atan2(Double(v.dy), Double(v.dx)))
    }
}
