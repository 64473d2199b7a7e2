import Foundation
import KineticTestSupport
import Testing

@testable import KineticAnimation

@Suite("Timing curves")
struct TimingCurveTests {
    /// The Bernstein form of a cubic Bézier coordinate from 0 to 1: the definition.
    private func bernstein(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    private func bernsteinDerivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// For every parameter s, the curve passes through (x(s), y(s)): evaluating at x(s) must
    /// give y(s). UIKit's four curves, with their published control points.
    @Test(arguments: [
        ("linear", AnimationCurve.linear, 0.0, 0.0, 1.0, 1.0),
        ("easeIn", AnimationCurve.easeIn, 0.42, 0.0, 1.0, 1.0),
        ("easeOut", AnimationCurve.easeOut, 0.0, 0.0, 0.58, 1.0),
        ("easeInOut", AnimationCurve.easeInOut, 0.42, 0.0, 0.58, 1.0),
    ])
    func curveFollowsTheBezierDefinition(
        name: String, curve: AnimationCurve, x1: Double, y1: Double, x2: Double, y2: Double
    ) {
        let timing = curve.timingCurve
        #expect(timing.controlPoint1 == CGPoint(x: x1, y: y1) && timing.controlPoint2 == CGPoint(x: x2, y: y2))
        var worstValue = 0.0, worstSlope = 0.0
        for k in 1..<1000 {
            let s = Double(k) / 1000
            let x = bernstein(s, x1, x2)
            let y = bernstein(s, y1, y2)
            worstValue = max(worstValue, abs(timing.value(at: x) - y))
            let dx = bernsteinDerivative(s, x1, x2)
            if dx > 1e-3 {
                worstSlope = max(worstSlope, abs(timing.slope(at: x) - bernsteinDerivative(s, y1, y2) / dx))
            }
        }
        #expect(worstValue < 1e-12, "\(name): value error \(worstValue)")
        #expect(worstSlope < 1e-8, "\(name): slope error \(worstSlope)")
        #expect(timing.value(at: 0) == 0 && timing.value(at: 1) == 1)
        #expect(timing.value(at: -0.5) == 0 && timing.value(at: 2) == 1 && timing.value(at: .nan) == 0)
    }

    /// Linear is the identity; ease-in-out is point-symmetric about (½, ½) (its control
    /// points are), and ease-in and ease-out mirror each other (0.42 = 1 − 0.58).
    @Test func symmetries() {
        for k in 0...100 {
            let x = Double(k) / 100
            #expect(close(TimingCurve.linear.value(at: x), x, 1e-15))
            #expect(close(TimingCurve.easeInOut.value(at: 1 - x), 1 - TimingCurve.easeInOut.value(at: x), 1e-12))
            #expect(close(TimingCurve.easeOut.value(at: 1 - x), 1 - TimingCurve.easeIn.value(at: x), 1e-12))
        }
        #expect(TimingCurve.easeInOut.value(at: 0.5) == 0.5)
        // Ease-in starts at rest: y′(0) = 3·0 while x′(0) = 3·0.42.
        #expect(close(TimingCurve.easeIn.slope(at: 0), 0, 1e-12))
        // At its end both first derivatives vanish (the second control point is (1, 1)); the
        // slope is the limit y″/x″ = 6(y1 − 2y2 + 1) / 6(x1 − 2x2 + 1) = −1 / −0.58.
        #expect(close(TimingCurve.easeIn.slope(at: 1), 1 / 0.58, 1e-4))
    }

    /// A curve with steep control points (y outside 0…1 overshoots) is still solved in x.
    @Test func customCurveAndBadInput() {
        let back = TimingCurve(controlPoint1: CGPoint(x: 0.3, y: -0.5), controlPoint2: CGPoint(x: 0.7, y: 1.5))
        for k in 1..<100 {
            let s = Double(k) / 100
            #expect(close(back.value(at: bernstein(s, 0.3, 0.7)), bernstein(s, -0.5, 1.5), 1e-12))
        }
        let clamped = TimingCurve(controlPoints: -1, 0, 2, 1)
        #expect(clamped.x1 == 0 && clamped.x2 == 1)
        #expect(TimingCurve(controlPoints: .nan, 0, 1, 1) == .linear)
    }

    @Test func optionsSelectUIKitsCurves() {
        #expect(ViewAnimationOptions([]).curve == .easeInOut)
        #expect(ViewAnimationOptions.curveEaseIn.curve == .easeIn)
        #expect(ViewAnimationOptions.curveEaseOut.curve == .easeOut)
        #expect(ViewAnimationOptions.curveLinear.curve == .linear)
        #expect(ViewAnimationOptions.curveLinear.rawValue == 3 << 16)
        #expect(AnimationCurve.linear.rawValue == 3)
    }
}
