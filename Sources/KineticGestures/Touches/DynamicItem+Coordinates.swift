import KineticDynamics
import KineticPlatform

// Conversions between the arena's coordinate space (where touches arrive, the "window") and an
// item's own bounds coordinates. An item is placed as a top-level UIView is: its bounds centre
// sits at `center`, turned, scaled and offset by `transform` about that centre. A `nil` item
// stands for the arena's space itself.

extension CGPoint {
    /// Whether both coordinates are finite.
    var isFinite: Bool { x.isFinite && y.isFinite }
}

/// The inverse of the linear part of `t`, or nil when it is singular (a zero scale): such an
/// item has no interior and no meaningful local coordinates.
func inverseLinear(_ t: CGAffineTransform) -> (a: Double, b: Double, c: Double, d: Double)? {
    let a = Double(t.a), b = Double(t.b), c = Double(t.c), d = Double(t.d)
    let det = a * d - b * c
    guard det.isFinite, abs(det) > 1e-12 else { return nil }
    return (d / det, -b / det, -c / det, a / det)
}

/// `point`, given in the arena's space, in `item`'s bounds coordinates; unchanged for nil.
/// A singular transform is ignored (treated as the identity) rather than producing NaN.
func convert(_ point: CGPoint, to item: (any DynamicItem)?) -> CGPoint {
    guard let item else { return point }
    let t = item.transform
    let px = Double(point.x - item.center.x - t.tx)
    let py = Double(point.y - item.center.y - t.ty)
    let bounds = item.bounds
    guard let inv = inverseLinear(t) else {
        return CGPoint(x: px + Double(bounds.midX), y: py + Double(bounds.midY))
    }
    return CGPoint(
        x: inv.a * px + inv.c * py + Double(bounds.midX),
        y: inv.b * px + inv.d * py + Double(bounds.midY))
}

/// The displacement `vector`, given in the arena's space, in `item`'s coordinates: only the
/// item's rotation and scale apply. Unchanged for nil or a singular transform.
func convertVector(_ vector: CGPoint, to item: (any DynamicItem)?) -> CGPoint {
    guard let item, let inv = inverseLinear(item.transform) else { return vector }
    let vx = Double(vector.x), vy = Double(vector.y)
    return CGPoint(x: inv.a * vx + inv.c * vy, y: inv.b * vx + inv.d * vy)
}

/// The displacement `vector`, given in `item`'s coordinates, in the arena's space.
func convertVector(_ vector: CGPoint, from item: (any DynamicItem)?) -> CGPoint {
    guard let item, inverseLinear(item.transform) != nil else { return vector }
    let t = item.transform
    return CGPoint(x: t.a * vector.x + t.c * vector.y, y: t.b * vector.x + t.d * vector.y)
}

/// Whether `point`, in the arena's space, falls inside `item`'s bounds (UIKit's
/// `point(inside:with:)` on an untransformed hierarchy). A zero-scaled item contains nothing.
func itemContains(_ item: any DynamicItem, _ point: CGPoint) -> Bool {
    guard inverseLinear(item.transform) != nil else { return false }
    return item.bounds.contains(convert(point, to: item))
}

/// The mean of `points`; nil for none.
func centroid<S: Sequence>(_ points: S) -> CGPoint? where S.Element == CGPoint {
    var x = 0.0, y = 0.0, n = 0.0
    for p in points {
        x += Double(p.x)
        y += Double(p.y)
        n += 1
    }
    return n > 0 ? CGPoint(x: x / n, y: y / n) : nil
}

/// The distance between two points.
func distance(_ p: CGPoint, _ q: CGPoint) -> Double {
    let dx = Double(p.x - q.x), dy = Double(p.y - q.y)
    return (dx * dx + dy * dy).squareRoot()
}
