/// An axis-aligned box in metres.
struct AABB {
    var lower: Vec2
    var upper: Vec2

    @inline(__always) func overlaps(_ o: AABB) -> Bool {
        !(o.lower.x > upper.x || o.upper.x < lower.x || o.lower.y > upper.y || o.upper.y < lower.y)
    }

    @inline(__always) func contains(_ o: AABB) -> Bool {
        lower.x <= o.lower.x && lower.y <= o.lower.y && o.upper.x <= upper.x && o.upper.y <= upper.y
    }

    /// Whether the boxes are more than `distance` apart along x or y (then so are any shapes
    /// inside them).
    @inline(__always) func isApart(from o: AABB, by distance: Double) -> Bool {
        o.lower.x - upper.x > distance || lower.x - o.upper.x > distance || o.lower.y - upper.y > distance
            || lower.y - o.upper.y > distance
    }
}

/// A collision shape attached to a body: a convex polygon (vertices in the world's pool, body
/// frame; two vertices make a boundary segment) or a circle. Plain values; the broad phase and
/// the contact solver walk arrays of these.
struct Shape {
    enum Kind: UInt8 {
        case polygon
        case circle
    }

    // Laid out hot first: the per-step pass over every contact reads the identity, the boxes,
    // the reach and the filter of both shapes, all within the first 128 bytes.
    var body: Int32 = 0
    var vertexStart: Int32 = 0
    var vertexCount: Int32 = 0
    var kind: Kind = .polygon
    /// Set when the fat box was rebuilt (or the shape is new, or its filter changed): only
    /// such shapes can have gained partners, so only they are queried for new pairs.
    var moved = true
    var isAlive = false
    /// Broad-phase box: the tight box grown by a margin, refreshed only when the tight box
    /// leaves it, so contacts are not created and destroyed by every jiggle.
    var fatAABB = AABB(lower: .zero, upper: .zero)
    /// The tight world box as of this sub-step's collision pass (refreshed with the fat box).
    var tightAABB = AABB(lower: .zero, upper: .zero)
    /// How far the body's surface can move this sub-step, as of the collision pass:
    /// h·(|v| + |ω|·1.5·max half extent), the body's share of a contact's speculative distance.
    var reach: Double = 0
    /// Collision behaviours (bits) whose *items* this shape collides with.
    var itemGroups: UInt64 = 0
    /// Collision behaviours (bits) whose *boundaries* this shape collides with.
    var boundaryGroups: UInt64 = 0
    /// For a boundary: the behaviour (bit) that owns it; 0 for an item's shape.
    var boundaryOwner: UInt64 = 0
    /// Circle radius, or polygon rounding (0 for boxes and boundaries).
    var radius: Double = 0
    /// Head of this shape's contact list (−1: none).
    var contactHead: Int32 = -1
    var generation: UInt32 = 0
    /// For a centred, axis-aligned rectangle (an item's default bounds): its half extents, so
    /// the narrow phase can take the closed-form box test. Zero for any other polygon.
    var boxHalfExtents: Vec2 = .zero
    /// Circle center in the body frame.
    var center: Vec2 = .zero
    /// The farthest its surface reaches from its body's origin: a turn by Δθ moves no point of
    /// it by more than this × |2 sin(Δθ/2)| (contact recycling's bound).
    var extent: Double = 0
    /// For a boundary: the façade's tag for its identifier (−1 for the reference boundary).
    var boundaryTag: Int32 = 0

    var isBoundary: Bool { boundaryOwner != 0 }

    /// Whether two shapes may touch: items of a common behaviour, or an item and a boundary of
    /// a behaviour that gives it boundaries. Two boundaries never collide.
    @inline(__always) static func shouldCollide(_ a: Shape, _ b: Shape) -> Bool {
        if a.body == b.body { return false }
        if a.isBoundary { return b.boundaryGroups & a.boundaryOwner != 0 }
        if b.isBoundary { return a.boundaryGroups & b.boundaryOwner != 0 }
        return a.itemGroups & b.itemGroups != 0
    }
}

/// A handle to a shape.
struct ShapeID: Hashable {
    var index: Int32
    var generation: UInt32
}
