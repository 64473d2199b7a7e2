import KineticPlatform

/// A timing curve: the cubic Bézier from (0, 0) to (1, 1) through two control points, mapping
/// an animation's elapsed fraction x to its progress y (Core Animation's
/// `CAMediaTimingFunction`, UIKit's `UICubicTimingParameters`).
///
/// Evaluating it solves the curve's x(s) = x for the Bézier parameter s (Newton's method,
/// falling back to bisection) and returns y(s); x(s) is monotonic because both control-point
/// x values are kept within 0…1.
public struct TimingCurve: Hashable, Sendable {
    /// The first control point's x, in 0…1.
    public let x1: Double
    /// The first control point's y.
    public let y1: Double
    /// The second control point's x, in 0…1.
    public let x2: Double
    /// The second control point's y.
    public let y2: Double

    /// Creates a curve from its control points, as `CAMediaTimingFunction(controlPoints:)`.
    /// x values are clamped to 0…1; a NaN or infinite coordinate makes the curve linear.
    public init(controlPoints x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        let valid = !x1.isNaN && !x2.isNaN && y1.isFinite && y2.isFinite
        self.x1 = valid ? min(max(x1, 0), 1) : 0
        self.y1 = valid ? y1 : 0
        self.x2 = valid ? min(max(x2, 0), 1) : 1
        self.y2 = valid ? y2 : 1
    }

    /// Creates a curve from its control points, as
    /// `UICubicTimingParameters(controlPoint1:controlPoint2:)`.
    public init(controlPoint1: CGPoint, controlPoint2: CGPoint) {
        self.init(
            controlPoints: Double(controlPoint1.x), Double(controlPoint1.y),
            Double(controlPoint2.x), Double(controlPoint2.y))
    }

    /// The first control point.
    public var controlPoint1: CGPoint { CGPoint(x: x1, y: y1) }
    /// The second control point.
    public var controlPoint2: CGPoint { CGPoint(x: x2, y: y2) }

    /// Constant speed: (0, 0), (1, 1).
    public static let linear = TimingCurve(controlPoints: 0, 0, 1, 1)
    /// Slow start: (0.42, 0), (1, 1).
    public static let easeIn = TimingCurve(controlPoints: 0.42, 0, 1, 1)
    /// Slow end: (0, 0), (0.58, 1).
    public static let easeOut = TimingCurve(controlPoints: 0, 0, 0.58, 1)
    /// Slow start and end, UIKit's default: (0.42, 0), (0.58, 1).
    public static let easeInOut = TimingCurve(controlPoints: 0.42, 0, 0.58, 1)

    /// One coordinate of the curve at parameter s: 3(1−s)²s·p1 + 3(1−s)s²·p2 + s³.
    @inline(__always)
    static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return ((a * s + b) * s + c) * s
    }

    /// The derivative of ``bezier(_:_:_:)`` with respect to s.
    @inline(__always)
    static func bezierDerivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return (3 * a * s + 2 * b) * s + c
    }

    /// The Bézier parameter s whose x is `x` (x in 0…1).
    func parameter(forX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        // Newton from s = x converges in a few steps except where the curve is flat in x.
        var s = x
        for _ in 0..<8 {
            let error = Self.bezier(s, x1, x2) - x
            if abs(error) < 1e-14 { return s }
            let slope = Self.bezierDerivative(s, x1, x2)
            if abs(slope) < 1e-9 { break }
            let next = s - error / slope
            if next < 0 || next > 1 { break }
            s = next
        }
        // Bisection: x(s) is monotonic on 0…1.
        var low = 0.0, high = 1.0
        s = x
        for _ in 0..<100 {
            s = (low + high) / 2
            let value = Self.bezier(s, x1, x2)
            if abs(value - x) < 1e-15 { break }
            if value < x { low = s } else { high = s }
            if high - low < 1e-16 { break }
        }
        return s
    }

    /// The progress at elapsed fraction `x`, which is clamped to 0…1 (NaN counts as 0).
    public func value(at x: Double) -> Double {
        let x = x.isNaN ? 0 : min(max(x, 0), 1)
        if x == 0 { return 0 }
        if x == 1 { return 1 }
        // Control points on the diagonal make y(s) = x(s): the identity, exactly.
        if x1 == y1, x2 == y2 { return x }
        return Self.bezier(parameter(forX: x), y1, y2)
    }

    /// The slope dy/dx at elapsed fraction `x`: the speed relative to a linear animation.
    /// Where x'(s) vanishes (an end with its control point on it) the limit is taken by
    /// evaluating a hair inside the curve.
    public func slope(at x: Double) -> Double {
        let x = x.isNaN ? 0 : min(max(x, 0), 1)
        if x1 == y1, x2 == y2 { return 1 }
        var s = parameter(forX: x)
        var dx = Self.bezierDerivative(s, x1, x2)
        if abs(dx) < 1e-9 {
            s = min(max(s, 1e-6), 1 - 1e-6)
            dx = Self.bezierDerivative(s, x1, x2)
            if abs(dx) < 1e-12 { return 0 }
        }
        return Self.bezierDerivative(s, y1, y2) / dx
    }
}
