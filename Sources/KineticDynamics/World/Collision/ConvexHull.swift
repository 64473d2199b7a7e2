import KineticPlatform

// Polygon builders for collision shapes, in metres, body frame.
//
// Every polygon they return is in the solver's winding: counter-clockwise in ordinary y-up
// maths (positive signed area Σ cross(vᵢ, vᵢ₊₁)), which is *clockwise as drawn on a y-down
// screen*. normals[i] is the outward unit normal of the edge vᵢ → vᵢ₊₁: the edge turned by −90°,
// (e.y, −e.x) / |e|. Outward follows from positive area: the interior lies to the left of each
// edge, so its right-hand perpendicular points out.

/// Outward unit normals of a polygon with positive signed area.
private func outwardNormals(_ vertices: [Vec2]) -> [Vec2] {
    vertices.indices.map { i in
        let e = vertices[i + 1 == vertices.count ? 0 : i + 1] - vertices[i]
        return Vec2(e.y, -e.x) / length(e)
    }
}

/// Twice the signed area (positive when counter-clockwise in y-up maths).
private func doubleSignedArea(_ p: [Vec2]) -> Double {
    var sum = 0.0
    for i in p.indices { sum += cross(p[i], p[i + 1 == p.count ? 0 : i + 1]) }
    return sum
}

/// The collision polygon for points given counter-clockwise *as seen on a y-down screen*
/// (UIKit's rule for a collision bounding path), or nil when the points are not such a polygon:
/// concave, self-intersecting, wound the other way, non-finite, or degenerate (fewer than three
/// distinct corners, or no area).
///
/// On a y-down screen counter-clockwise means negative signed area in the raw coordinates, so
/// the accepted points come back reversed, in the solver's winding (see the top of this file).
/// Points within `Settings.linearSlop` of their predecessor are dropped (including a closing
/// repeat of the first point), and so are points within `linearSlop` of the straight line
/// between their neighbours: a flattened curve's nearly straight runs would otherwise make
/// slivers of faces that only slow the narrow phase, and a dent that shallow is not a real
/// concavity.
func makeConvexPolygon(_ points: [Vec2]) -> (vertices: [Vec2], normals: [Vec2])? {
    let slop = Settings.linearSlop
    var p: [Vec2] = []
    p.reserveCapacity(points.count)
    for v in points {
        guard v.isFinite else { return nil }
        if let last = p.last, length(v - last) <= slop { continue }
        p.append(v)
    }
    while p.count > 1, length(p[0] - p[p.count - 1]) <= slop { p.removeLast() }
    guard p.count >= 3 else { return nil }

    // Winding first, on the raw points: counter-clockwise on screen is negative area.
    guard doubleSignedArea(p) < 0 else { return nil }
    p.reverse()

    // Drop points lying (within slop) on the segment between their neighbours. A point on the
    // line but *outside* that segment is a fold-back, not a collinear point: it stays, and the
    // convexity test rejects it.
    var i = 0
    var sinceRemoval = 0
    while p.count >= 3 && sinceRemoval < p.count {
        let n = p.count
        let a = p[(i + n - 1) % n], b = p[i % n], c = p[(i + 1) % n]
        let ac = c - a
        let acLength = length(ac)
        let between = dot(b - a, ac) >= 0 && dot(b - c, -ac) >= 0
        let offLine = acLength > 0 ? abs(cross(ac, b - a)) / acLength : length(b - a)
        if between && offLine <= slop {
            p.remove(at: i % n)
            sinceRemoval = 0
            if i >= p.count { i = 0 }
        } else {
            i = (i + 1) % n
            sinceRemoval += 1
        }
    }
    guard p.count >= 3, doubleSignedArea(p) > 0 else { return nil }

    // Convex and simple: every corner turns left, and the turns add up to exactly one
    // revolution. (All-left turns alone admit stars that wind twice, such as a pentagram.)
    var turning = 0.0
    for k in p.indices {
        let a = p[k], b = p[(k + 1) % p.count], c = p[(k + 2) % p.count]
        let e1 = b - a, e2 = c - b
        let turn = cross(e1, e2)
        guard turn > 0 else { return nil }
        turning += Elementary.atan2(turn, dot(e1, e2))
    }
    guard abs(turning - 2 * Double.pi) < 1e-6 else { return nil }
    return (p, outwardNormals(p))
}

/// A box centred on the origin, in the solver's winding; normals −y, +x, +y, −x.
func boxPolygon(halfWidth hw: Double, halfHeight hh: Double) -> (vertices: [Vec2], normals: [Vec2]) {
    ([Vec2(-hw, -hh), Vec2(hw, -hh), Vec2(hw, hh), Vec2(-hw, hh)], [Vec2(0, -1), Vec2(1, 0), Vec2(0, 1), Vec2(-1, 0)])
}

/// A polygon standing in for the ellipse with the given half axes, centred on the origin, in
/// the solver's winding (`vertexCount` is raised to at least 3).
///
/// It is the ellipse's circumscribed polygon: every edge touches the ellipse at its midpoint,
/// and the vertices sit half a step off the axes, so when the count is a multiple of 4 the
/// polygon has flat faces exactly at ±halfWidth and ±halfHeight. The item's frame then meets a
/// floor or wall flush, resting on a face (as a real ellipse rests stably on its end) rather
/// than balancing on a corner.
func ellipsePolygon(halfWidth hw: Double, halfHeight hh: Double, vertexCount: Int) -> (
    vertices: [Vec2], normals: [Vec2]
) {
    let n = max(vertexCount, 3)
    let step = 2 * Double.pi / Double(n)
    // An affine image of the unit circle's circumscribed polygon circumscribes the ellipse.
    let reach = 1 / Elementary.cos(0.5 * step)
    let vertices = (0..<n).map { k -> Vec2 in
        let t = (Double(k) + 0.5) * step
        let (cosine, sine) = Elementary.cosSin(t)
        return Vec2(hw * reach * cosine, hh * reach * sine)
    }
    return (vertices, outwardNormals(vertices))
}
