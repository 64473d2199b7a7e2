/// A convex shape in its body's frame. Polygons keep vertices (counter-clockwise in y-up maths,
/// i.e. positive signed area; clockwise as drawn on a y-down screen) and outward unit normals in
/// a pool owned by the world; a shape refers to a run of it. A 2-vertex polygon is a segment
/// (boundaries). `radius` rounds a polygon (0 for boxes) or is a circle's radius.
struct ShapeRef {
    let vertices: UnsafePointer<Vec2>
    let normals: UnsafePointer<Vec2>
    let count: Int
    let radius: Double
}

/// A circle in its body's frame.
struct Circle {
    var center: Vec2
    var radius: Double
}

/// A body's placement: position and rotation (cos, sin).
struct Transform {
    var p: Vec2
    var q: Vec2

    @inline(__always) func apply(_ v: Vec2) -> Vec2 { p + rotate(q, v) }
    @inline(__always) func applyInverse(_ v: Vec2) -> Vec2 { inverseRotate(q, v - p) }
}

/// One contact point of a manifold.
struct ManifoldPoint {
    /// World point, midway between the surfaces.
    var point: Vec2 = .zero
    /// point − body A's position (world axes).
    var anchorA: Vec2 = .zero
    /// point − body B's position (world axes).
    var anchorB: Vec2 = .zero
    /// Negative when overlapping.
    var separation: Double = 0
    /// Feature key, stable across steps while the same features touch (warm starting).
    var id: UInt32 = 0
}

/// Up to two contact points sharing a normal from A to B.
struct Manifold {
    var normal: Vec2 = .zero
    var points: (ManifoldPoint, ManifoldPoint) = (ManifoldPoint(), ManifoldPoint())
    var pointCount = 0

    static let empty = Manifold()

    /// Appends a point given in world coordinates.
    @inline(__always) mutating func add(point: Vec2, separation: Double, id: UInt32, _ xfA: Transform, _ xfB: Transform) {
        let m = ManifoldPoint(point: point, anchorA: point - xfA.p, anchorB: point - xfB.p, separation: separation, id: id)
        if pointCount == 0 { points.0 = m } else { points.1 = m }
        pointCount += 1
    }
}
