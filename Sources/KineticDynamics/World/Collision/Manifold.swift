// The narrow phase's vocabulary: shapes as the collision routines read them, body placements,
// and the contact manifold they produce. Plain values, so a manifold can be computed for every
// touching pair every sub-step without touching the heap.

/// A convex shape in its body's frame. Polygons keep vertices and outward unit normals in a pool
/// owned by the world; a shape refers to a run of it. A 2-vertex polygon is a segment (used for
/// boundaries). `radius` rounds a polygon (0 for boxes) or is the circle's radius.
///
/// Winding: vertices run counter-clockwise in ordinary y-up maths (positive signed area), which
/// is *clockwise as drawn on a y-down screen*. `normals[i]` is the outward normal of the edge
/// from `vertices[i]` to `vertices[i + 1]` (wrapping), i.e. that edge's direction turned by −90°:
/// (e.y, −e.x) / |e|. A segment p0 → p1 has normals (e.y, −e.x)/|e| and its negation, one per
/// side; `makeConvexPolygon`, `boxPolygon` and `ellipsePolygon` build this form.
struct ShapeRef {
    /// The shape's run of the vertex pool: `count` of them.
    let vertices: BoundedPointer<Vec2>
    /// The shape's run of the normal pool: `count` of them.
    let normals: BoundedPointer<Vec2>
    let count: Int
    let radius: Double
    /// Half extents when the polygon is a centred, axis-aligned box in `boxPolygon`'s order;
    /// zero otherwise.
    var box: Vec2 = .zero
}

/// A circle; `center` is in its body's frame.
struct Circle {
    var center: Vec2
    var radius: Double
}

/// A body's placement: position and rotation (cos, sin). Maps body-frame points to world.
struct Transform {
    var p: Vec2
    var q: Vec2

    static let identity = Transform(p: .zero, q: Vec2(1, 0))

    /// Body frame → world.
    @inline(__always) func apply(_ v: Vec2) -> Vec2 { p + rotate(q, v) }
    /// World → body frame.
    @inline(__always) func applyInverse(_ v: Vec2) -> Vec2 { inverseRotate(q, v - p) }

    /// The placement of `other`'s frame within this one (self⁻¹ · other): maps points of
    /// `other`'s body frame into this body's frame. The collision routines work in one shape's
    /// frame so only the other shape's features need transforming.
    @inline(__always) func inverseTimes(_ other: Transform) -> Transform {
        Transform(
            p: inverseRotate(q, other.p - p),
            q: Vec2(q.x * other.q.x + q.y * other.q.y, q.x * other.q.y - q.y * other.q.x)
        )
    }
}

/// One contact point of a manifold.
struct ManifoldPoint {
    /// World point, midway between the two surfaces.
    var point: Vec2 = .zero
    /// point − body A's position (world axes).
    var anchorA: Vec2 = .zero
    /// point − body B's position (world axes).
    var anchorB: Vec2 = .zero
    /// Distance between the surfaces along the normal: negative when overlapping, positive for
    /// a speculative point (apart, but near enough to matter this step).
    var separation: Double = 0
    /// Feature key: equal from one step to the next while the same features touch, so the
    /// solver can carry the point's impulses over (warm starting). See `FeatureID`.
    var id: UInt32 = 0
}

/// Up to two contact points sharing one normal. `pointCount` 0 means the shapes are farther
/// apart than the speculative distance (then `normal` is meaningless).
struct Manifold {
    /// Unit normal in world axes, pointing from shape A towards shape B.
    var normal: Vec2 = .zero
    var points: (ManifoldPoint, ManifoldPoint) = (ManifoldPoint(), ManifoldPoint())
    var pointCount = 0

    static let empty = Manifold()

    /// Appends a point given in world coordinates (at most two; the routines never add more).
    @inline(__always) mutating func add(point: Vec2, separation: Double, id: UInt32, _ xfA: Transform, _ xfB: Transform)
    {
        let m = ManifoldPoint(
            point: point, anchorA: point - xfA.p, anchorB: point - xfB.p, separation: separation, id: id)
        if pointCount == 0 { points.0 = m } else { points.1 = m }
        pointCount += 1
    }
}

/// Layout of `ManifoldPoint.id` for polygon contacts. Only equality matters to the solver; the
/// layout just guarantees that different feature pairs of one shape pair get different keys.
///
///     bits 0–7    reference edge index (the face whose normal is the contact normal)
///     bits 8–15   incident vertex (kind 0) or incident edge (kinds 1–3) index
///     bits 16–17  kind: 0 an incident vertex inside the reference face;
///                       1 incident edge clipped by the reference face's start-vertex side;
///                       2 incident edge clipped by the reference face's end-vertex side;
///                       3 the single closest-features point of a separated, corner-to-corner pair
///     bit 31      the reference face belongs to shape B
///
/// Indices are kept modulo 256: a polygon with more vertices can only make two of its own
/// points share a key, which costs a warm start, never correctness. Circle contacts (one point)
/// use id 0.
enum FeatureID {
    static let incidentVertex: UInt32 = 0
    static let clippedAtStart: UInt32 = 1
    static let clippedAtEnd: UInt32 = 2
    static let closestFeatures: UInt32 = 3

    @inline(__always) static func make(reference: Int, incident: Int, kind: UInt32, referenceIsB: Bool) -> UInt32 {
        (referenceIsB ? 1 << 31 : 0) | kind << 16 | UInt32(truncatingIfNeeded: incident & 0xFF) << 8
            | UInt32(truncatingIfNeeded: reference & 0xFF)
    }
}
