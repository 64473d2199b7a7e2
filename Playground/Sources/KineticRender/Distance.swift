import Foundation

/// Signed distances from a point to the shapes the renderer draws (negative inside), in the
/// shape's own frame and units; `Canvas` turns them into coverage.
enum Distance {
    /// To a rectangle of half-sizes `hw` × `hh` centred at the origin, its corners rounded by
    /// `r` (at most the smaller half-size; 0 gives sharp corners): exact, inside and out.
    @inline(__always) static func roundedRect(_ x: Double, _ y: Double, hw: Double, hh: Double, r: Double) -> Double {
        let qx = abs(x) - hw + r, qy = abs(y) - hh + r
        let ox = max(qx, 0), oy = max(qy, 0)
        return (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - r
    }

    /// To the segment from (`ax`, `ay`) to (`bx`, `by`), unsigned (a stroke's centre line).
    @inline(__always) static func segment(
        _ x: Double, _ y: Double, _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double
    ) -> Double {
        let vx = bx - ax, vy = by - ay, wx = x - ax, wy = y - ay
        let length2 = vx * vx + vy * vy
        let t = length2 > 0 ? min(max((wx * vx + wy * vy) / length2, 0), 1) : 0
        let dx = wx - t * vx, dy = wy - t * vy
        return (dx * dx + dy * dy).squareRoot()
    }

    /// To the arc of radius `r` about (`cx`, `cy`) from angle `start` sweeping `sweep` radians
    /// (0 < sweep ≤ 2π; angles clockwise on the y-down screen from +x), unsigned.
    @inline(__always) static func arc(
        _ x: Double, _ y: Double, cx: Double, cy: Double, r: Double, start: Double, sweep: Double
    ) -> Double {
        let dx = x - cx, dy = y - cy
        var t = atan2(dy, dx) - start
        t -= 2 * Double.pi * (t / (2 * Double.pi)).rounded(.down)
        if t <= sweep { return abs((dx * dx + dy * dy).squareRoot() - r) }
        // Past either end: the nearer end point.
        let ex0 = cx + r * cos(start) - x, ey0 = cy + r * sin(start) - y
        let ex1 = cx + r * cos(start + sweep) - x, ey1 = cy + r * sin(start + sweep) - y
        return min((ex0 * ex0 + ey0 * ey0).squareRoot(), (ex1 * ex1 + ey1 * ey1).squareRoot())
    }
}
