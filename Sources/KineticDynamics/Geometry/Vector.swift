import Foundation

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

/// Rotates `v` by the rotation stored as (cos, sin).
@inline(__always) func rotate(_ q: Vec2, _ v: Vec2) -> Vec2 {
    Vec2(q.x * v.x - q.y * v.y, q.y * v.x + q.x * v.y)
}
/// Rotates `v` by the inverse of the rotation (cos, sin).
@inline(__always) func inverseRotate(_ q: Vec2, _ v: Vec2) -> Vec2 {
    Vec2(q.x * v.x + q.y * v.y, -q.y * v.x + q.x * v.y)
}
@inline(__always) func rotation(_ angle: Double) -> Vec2 { Vec2(cos(angle), sin(angle)) }

extension SIMD2 where Scalar == Double {
    var isFinite: Bool { x.isFinite && y.isFinite }
    init(_ p: CGPoint) { self.init(Double(p.x), Double(p.y)) }
    var cgPoint: CGPoint { CGPoint(x: x, y: y) }
}

extension CGPoint {
    var isFinite: Bool { x.isFinite && y.isFinite }
    /// This point, in points, as a solver vector in metres.
    var meters: Vec2 { Vec2(Double(x), Double(y)) / pointsPerMeter }
}

extension CGVector {
    var isFinite: Bool { dx.isFinite && dy.isFinite }
}

extension Offset {
    var isFinite: Bool { horizontal.isFinite && vertical.isFinite }
    var meters: Vec2 { Vec2(Double(horizontal), Double(vertical)) / pointsPerMeter }
}
