import KineticPlatform

// Internal 2-D helpers for the solver. The solver works in metres and radians on
// SIMD2<Double>; the public API speaks points and CoreGraphics types.

typealias Vec2 = SIMD2<Double>

/// 100 points are one metre (UIKit Dynamics' unit convention).
let pointsPerMeter: Double = 100

@inline(__always) func cross(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.y - a.y * b.x }
/// Cross of a scalar (angular velocity) with a vector: w × r = (-w·r.y, w·r.x).
@inline(__always) func cross(_ w: Double, _ r: Vec2) -> Vec2 { Vec2(-w * r.y, w * r.x) }
/// Cross of a vector with a scalar: r × s = (s·r.y, -s·r.x).
@inline(__always) func cross(_ r: Vec2, _ s: Double) -> Vec2 { Vec2(s * r.y, -s * r.x) }
@inline(__always) func dot(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.x + a.y * b.y }
@inline(__always) func lengthSquared(_ a: Vec2) -> Double { a.x * a.x + a.y * a.y }
@inline(__always) func length(_ a: Vec2) -> Double { (a.x * a.x + a.y * a.y).squareRoot() }

/// `a` scaled to length 1, or nil if it has no direction (zero or non-finite). Scaled by its
/// largest component first, so components near the largest finite Double, or subnormal ones,
/// neither overflow nor underflow when squared.
func unitVector(_ a: Vec2) -> Vec2? {
    let scale = max(abs(a.x), abs(a.y))
    guard scale > 0, scale.isFinite else { return nil }
    let s = a / scale
    return s / length(s)
}

/// Rotates `v` by the rotation stored as (cos, sin).
@inline(__always) func rotate(_ q: Vec2, _ v: Vec2) -> Vec2 {
    Vec2(q.x * v.x - q.y * v.y, q.y * v.x + q.x * v.y)
}
/// Rotates `v` by the inverse of the rotation (cos, sin).
@inline(__always) func inverseRotate(_ q: Vec2, _ v: Vec2) -> Vec2 {
    Vec2(q.x * v.x + q.y * v.y, -q.y * v.x + q.x * v.y)
}
/// The rotation by `angle` radians as (cos, sin): `Elementary`'s, the same bits everywhere.
@inline(__always) func rotation(_ angle: Double) -> Vec2 {
    let (cosine, sine) = Elementary.cosSin(angle)
    return Vec2(cosine, sine)
}

extension SIMD2 where Scalar == Double {
    var isFinite: Bool { x.isFinite && y.isFinite }
    init(_ p: CGPoint) { self.init(Double(p.x), Double(p.y)) }
    var cgPoint: CGPoint { CGPoint(x: x, y: y) }
}

/// The largest coordinate the world holds, in metres (10¹² pt). A point or an offset beyond it,
/// such as a caller's 1e30 or 1.7e308, is clamped to it on the way in, so that no difference,
/// square or product with a stiffness overflows in the solver (a distance of 1e300 m squared is
/// infinite). At 10¹⁰ m a Double still resolves a few micrometres.
let worldCoordinateLimit = 1e10

/// The farthest an attachment's point may be from its item's centre, in metres (10⁸ pt): an
/// offset or anchor beyond it counts as this far, in the same direction per axis.
let leverArmLimit = 1e6

/// The smallest half side of an item's body or shape, in metres (a side of 10⁻⁶ pt): a smaller
/// positive size counts as this. Below it a mass, a group's mass sum or an inertia underflows
/// to zero or to a subnormal whose inverse is infinite, whatever the density in its range.
let minimumHalfExtent = 5e-9

/// The longest distance between two points of the world, in metres: a joint length beyond it
/// counts as this.
let worldLengthLimit = 3 * worldCoordinateLimit

/// `x` clamped to ±`limit` (a NaN stays NaN).
@inline(__always) func saturated(_ x: Double, _ limit: Double) -> Double { min(max(x, -limit), limit) }

/// `v` with each component clamped to ±`limit`.
@inline(__always) func saturated(_ v: Vec2, _ limit: Double) -> Vec2 {
    Vec2(saturated(v.x, limit), saturated(v.y, limit))
}

/// `v` with each component clamped to ±``worldCoordinateLimit``.
@inline(__always) func clampedToWorld(_ v: Vec2) -> Vec2 {
    Vec2(
        min(max(v.x, -worldCoordinateLimit), worldCoordinateLimit),
        min(max(v.y, -worldCoordinateLimit), worldCoordinateLimit))
}

/// Whether a caller's `(x, y)` in points has a component beyond `limit` metres once in metres:
/// the value a conversion would clamp. Used to report such values, once, where the caller gave
/// them.
@inline(__always) func exceeds(_ x: CGFloat, _ y: CGFloat, metres limit: Double) -> Bool {
    abs(Double(x) / pointsPerMeter) > limit || abs(Double(y) / pointsPerMeter) > limit
}

extension CGPoint {
    var isFinite: Bool { x.isFinite && y.isFinite }
    /// Whether the point lies beyond the world's ±10¹² pt, so that ``meters`` clamps it.
    var isBeyondWorld: Bool { exceeds(x, y, metres: worldCoordinateLimit) }
    /// This point, in points, as a solver vector in metres, clamped to the world's range.
    var meters: Vec2 { clampedToWorld(Vec2(Double(x), Double(y)) / pointsPerMeter) }
}

extension CGVector {
    var isFinite: Bool { dx.isFinite && dy.isFinite }
}

extension Offset {
    var isFinite: Bool { horizontal.isFinite && vertical.isFinite }
    /// Whether the offset reaches beyond the world's ±10¹² pt, so that ``meters`` clamps it.
    var isBeyondWorld: Bool { exceeds(horizontal, vertical, metres: worldCoordinateLimit) }
    /// This offset, in points, as a solver vector in metres, clamped to the world's range.
    var meters: Vec2 { clampedToWorld(Vec2(Double(horizontal), Double(vertical)) / pointsPerMeter) }
}

extension ClosedRange where Bound == Double {
    /// `x` clamped to this range (a NaN stays NaN).
    @inline(__always) func clamp(_ x: Double) -> Double { Swift.min(Swift.max(x, lowerBound), upperBound) }
}
