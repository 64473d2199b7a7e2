import Foundation
import KineticDynamics
import KineticTestSupport
import Testing

@testable import KineticGestures

/// The shrunk counterexamples the gestures' property test found (KineticPropertyTests, issue
/// 20), kept as plain cases: finite but enormous input must not make an infinite location,
/// translation or velocity.
@Suite("Random use: the gestures' counterexamples")
@MainActor
struct GestureRandomUseRegressionTests {
    /// [insertItem(finger 0, x 1.8e308)]: two fingers at the largest Double in one event; their
    /// centroid's sum overflowed.
    @Test func twoFingersAtTheLargestDoubleHaveAFiniteCentroid() {
        let arena = GestureArena(clock: ManualClock())
        let press = LongPressGestureRecognizer()
        let pan = PanGestureRecognizer()
        arena.addGestureRecognizer(press)
        arena.addGestureRecognizer(pan)
        arena.handle([
            touch(0, .began, .greatestFiniteMagnitude, 0, at: 0), touch(1, .began, .greatestFiniteMagnitude, 0, at: 0),
        ])
        #expect(press.location == CGPoint(x: GestureArena.maximumCoordinate, y: 0))
        arena.handle([touch(0, .moved, 0, 0, at: 0.01), touch(1, .moved, -.greatestFiniteMagnitude, 0, at: 0.01)])
        #expect(pan.location.x.isFinite && pan.translation(in: nil).x.isFinite && pan.velocity(in: nil).x.isFinite)
        #expect(arena.touches.allSatisfy { abs($0.location.x) <= GestureArena.maximumCoordinate })
    }

    /// [insertItem(finger 0, (50, 150)), scroll(translation (0, 1.8e308)), moved(finger 0, (0, 0),
    /// 1.4e-7 s later)]: the translation's difference overflowed and the velocity fit made NaN.
    @Test func hugeTranslationStaysFinite() {
        let arena = GestureArena(clock: ManualClock())
        let pan = PanGestureRecognizer()
        arena.addGestureRecognizer(pan)
        arena.handle([touch(0, .began, 50, 150, at: 0), touch(1, .began, 50, 150, at: 0)])
        pan.setTranslation(CGPoint(x: 0, y: CGFloat.greatestFiniteMagnitude), in: nil)
        #expect(pan.translation(in: nil).y == GestureArena.maximumCoordinate)
        arena.handle(touch(0, .moved, 0, 0, at: 1.4142135623730952e-07))
        let t = pan.translation(in: nil), v = pan.velocity(in: nil)
        #expect(t.x.isFinite && t.y.isFinite && v.x.isFinite && v.y.isFinite, "\(t), \(v)")
    }
}
