import Foundation

/// Polygon builders for collision shapes. Stored polygons wind counter-clockwise in y-up maths
/// (positive signed area), which is *clockwise as drawn on a y-down screen*; each normal is the
/// outward unit normal of the edge from vertex i to vertex i + 1.

/// Outward normals of a positively wound polygon.
private func outwardNormals(_ vertices: [Vec2]) -> [Vec2] {
    vertices.indices.map { i in
        let e = vertices[(i + 1) % vertices.count] - vertices[i]
        return Vec2(e.y, -e.x) / length(e)
    }
}

/// The polygon of points given counter-clockwise as seen on a y-down screen (UIKit's rule for a
/// collision bounding path), or nil when it is not a proper convex polygon that way round:
/// concave, self-intersecting, clockwise, or degenerate (fewer than 3 distinct vertices or no
/// area). Duplicate and collinear points are dropped.
func makeConvexPolygon(_ points: [Vec2]) -> (vertices: [Vec2], normals: [Vec2])? {
    // Drop repeats (including a closing repeat of the first point).
    var p: [Vec2] = []
    for v in points where v.isFinite {
        if let last = p.last, length(v - last) <= Settings.linearSlop * 0.01 { continue }
        p.append(v)
    }
    if p.count > 1, length(p[0] - p[p.count - 1]) <= Settings.linearSlop * 0.01 { p.removeLast() }
    guard p.count >= 3 else { return nil }
    // Counter-clockwise on screen is negative signed area in raw coordinates: reverse it.
    var area = 0.0
    for i in p.indices { area += cross(p[i], p[(i + 1) % p.count]) }
    guard area < 0 else { return nil }
    p.reverse()
    // Drop collinear points; then every turn must be strictly left (convex).
    var changed = true
    while changed && p.count >= 3 {
        changed = false
        for i in p.indices {
            let a = p[(i + p.count - 1) % p.count], b = p[i], c = p[(i + 1) % p.count]
            if abs(cross(b - a, c - b)) <= 1e-12 * max(lengthSquared(b - a), lengthSquared(c - b), 1e-30) {
                p.remove(at: i)
                changed = true
                break
            }
        }
    }
    guard p.count >= 3 else { return nil }
    var turns = 0.0
    for i in p.indices {
        let a = p[i], b = p[(i + 1) % p.count], c = p[(i + 2) % p.count]
        guard cross(b - a, c - b) > 0 else { return nil }
        // Total turning of a simple convex polygon is exactly one revolution.
        let e1 = b - a, e2 = c - b
        turns += atan2(cross(e1, e2), dot(e1, e2))
    }
    guard abs(turns - 2 * Double.pi) < 1e-6 else { return nil }
    return (p, outwardNormals(p))
}

/// A box centred on the origin.
func boxPolygon(halfWidth hw: Double, halfHeight hh: Double) -> (vertices: [Vec2], normals: [Vec2]) {
    let v = [Vec2(-hw, -hh), Vec2(hw, -hh), Vec2(hw, hh), Vec2(-hw, hh)]
    return (v, [Vec2(0, -1), Vec2(1, 0), Vec2(0, 1), Vec2(-1, 0)])
}

/// A regular polygon inscribed in the ellipse with the given half axes.
func ellipsePolygon(halfWidth hw: Double, halfHeight hh: Double, vertexCount n: Int) -> (vertices: [Vec2], normals: [Vec2]) {
    let count = max(n, 3)
    let v = (0..<count).map { k -> Vec2 in
        let t = 2 * Double.pi * Double(k) / Double(count)
        return Vec2(hw * cos(t), hh * sin(t))
    }
    return (v, outwardNormals(v))
}
