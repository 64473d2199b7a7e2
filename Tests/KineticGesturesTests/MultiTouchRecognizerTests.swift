import Foundation
import KineticDynamics
import KineticTestSupport
import Testing

@testable import KineticGestures

/// An arena with `recognizers` (named), recording, logging into a capture.
private func arena(_ recognizers: [GestureRecognizer]) -> (GestureArena, Recorder, LogCapture) {
    let arena = GestureArena(clock: ManualClock())
    let logs = LogCapture()
    arena.logger = logs.logger
    let recorder = Recorder(arena)
    for r in recognizers {
        arena.addGestureRecognizer(r)
        recorder.watch(r)
    }
    return (arena, recorder, logs)
}

/// Two fingers at `a` and `b` in one event.
private func two(_ phase: Touch.Phase, _ a: (Double, Double), _ b: (Double, Double), at t: Double) -> [Touch] {
    [touch(1, phase, a.0, a.1, at: t), touch(2, phase, b.0, b.1, at: t)]
}

/// The pinch: the threshold (our 8 pt), the scale as the ratio of the fingers' distances, the
/// velocity as the scale's rate, the end when both fingers lift (Apple's documented rule).
@Suite("Pinch gesture recognizer")
struct PinchGestureRecognizerTests {
    @Test func beginsAfterEightPointsAndScalesByTheSpanRatio() {
        let pinch = PinchGestureRecognizer()
        pinch.name = "pinch"
        let (arena, recorder, _) = arena([pinch])
        arena.handle(two(.began, (100, 100), (200, 100), at: 0))
        arena.handle(two(.moved, (100, 100), (207.9, 100), at: 0.01))
        #expect(pinch.state == .possible)
        arena.handle(two(.moved, (100, 100), (208, 100), at: 0.02))
        #expect(pinch.state == .began && close(Double(pinch.scale), 1.08, 1e-12))
        // 30-40-50: fingers 150 pt apart along a diagonal.
        arena.handle(two(.moved, (10, 20), (100, 140), at: 0.03))
        #expect(close(Double(pinch.scale), 1.5, 1e-12))
        arena.handle([touch(2, .ended, 100, 140, at: 0.04)])
        #expect(pinch.state == .changed)  // one finger down holds it
        arena.handle([touch(1, .ended, 10, 20, at: 0.05)])
        #expect(recorder.actionStates(of: "pinch") == [.began, .changed, .ended])
        #expect(pinch.state == .possible && pinch.scale == 1)
    }

    /// Fingers spreading at a constant rate, span = 100 + 200·t: the scale is 1 + 2t and its
    /// velocity 2 per second (a straight line's least-squares slope is exact).
    @Test func velocityIsTheScalesRate() {
        let pinch = PinchGestureRecognizer()
        let (arena, _, _) = arena([pinch])
        arena.handle(two(.began, (0, 0), (100, 0), at: 0))
        for frame in 1...12 {
            let t = Double(frame) / 120
            arena.handle(two(.moved, (0, 0), (100 + 200 * t, 0), at: t))
        }
        #expect(close(Double(pinch.scale), 1 + 2 * 0.1, 1e-12))
        #expect(close(Double(pinch.velocity), 2, 1e-9))
        arena.handle(two(.ended, (0, 0), (120, 0), at: 0.11))
    }

    /// Setting the scale re-bases; a change of fingers continues from the scale reached.
    @Test func settingTheScaleAndChangingFingersDoNotJump() {
        let pinch = PinchGestureRecognizer()
        let (arena, _, _) = arena([pinch])
        arena.handle(two(.began, (0, 0), (100, 0), at: 0))
        arena.handle(two(.moved, (0, 0), (150, 0), at: 0.1))
        pinch.scale = 1
        arena.handle(two(.moved, (0, 0), (300, 0), at: 0.2))
        #expect(close(Double(pinch.scale), 2, 1e-12))
        // A third finger comes down; the first lifts: the pair is now fingers 2 and 3.
        arena.handle([touch(3, .began, 300, 100, at: 0.3)])
        arena.handle([touch(1, .ended, 0, 0, at: 0.4)])
        #expect(close(Double(pinch.scale), 2, 1e-12))
        // Fingers 2 and 3 are 100 pt apart; doubling that doubles the scale.
        arena.handle([touch(3, .moved, 300, 200, at: 0.5)])
        #expect(close(Double(pinch.scale), 4, 1e-12))
        arena.handle([touch(2, .ended, 300, 0, at: 0.6), touch(3, .ended, 300, 200, at: 0.6)])
    }

    /// Fingers that come down at one place: one log line naming the scale, and a finite scale.
    @Test func coincidentFingersAreLoggedAndStayFinite() {
        let pinch = PinchGestureRecognizer()
        let (arena, _, logs) = arena([pinch])
        arena.handle(two(.began, (50, 50), (50, 50), at: 0))
        #expect(logs.messages.count == 1 && logs.messages[0].contains("PinchGestureRecognizer.scale"))
        arena.handle(two(.moved, (50, 50), (60, 50), at: 0.1))
        #expect(pinch.state == .began && pinch.scale.isFinite && close(Double(pinch.scale), 100, 1e-9))
        arena.handle(two(.moved, (50, 50), (50, 50), at: 0.2))  // the fingers meet: scale 0
        #expect(pinch.scale == 0 && pinch.velocity.isFinite)
        pinch.scale = .nan
        #expect(pinch.scale == 0 && logs.messages.count == 2)
        pinch.scale = 1e300  // a velocity fit over such samples would overflow
        #expect(pinch.scale == 1e12 && logs.messages.count == 3 && logs.messages[2].contains("clamped"))
        arena.handle(two(.moved, (50, 50), (60, 50), at: 0.25))
        #expect(pinch.scale.isFinite && pinch.velocity.isFinite)
        arena.handle(two(.ended, (50, 50), (50, 50), at: 0.3))
    }
}

/// The rotation: the threshold (our 5°), the angle turned counted past ±π, its rate.
@Suite("Rotation gesture recognizer")
struct RotationGestureRecognizerTests {
    /// Finger 2 circles finger 1 at radius 100, at angle θ.
    private func at(_ theta: Double) -> (Double, Double) { (100 * cos(theta), 100 * sin(theta)) }

    @Test func beginsAfterFiveDegreesAndCountsPastHalfATurn() {
        let rotation = RotationGestureRecognizer()
        rotation.name = "rotation"
        let (arena, recorder, _) = arena([rotation])
        arena.handle(two(.began, (0, 0), at(0), at: 0))
        arena.handle(two(.moved, (0, 0), at(4.9 * .pi / 180), at: 0.01))
        #expect(rotation.state == .possible)
        arena.handle(two(.moved, (0, 0), at(5.1 * .pi / 180), at: 0.02))
        #expect(rotation.state == .began && close(Double(rotation.rotation), 5.1 * .pi / 180, 1e-12))
        // Three quarter turns in steps of 0.3 rad, then on to 1.25 turns: the rotation keeps counting.
        var theta = 5.1 * .pi / 180
        var time = 0.02
        while theta < 2.5 * .pi {
            theta = min(theta + 0.3, 2.5 * .pi)
            time += 0.01
            arena.handle(two(.moved, (0, 0), at(theta), at: time))
        }
        #expect(close(Double(rotation.rotation), 2.5 * .pi, 1e-9))
        arena.handle(two(.ended, (0, 0), at(theta), at: time + 0.01))
        #expect(recorder.actionStates(of: "rotation").first == .began)
        #expect(recorder.actionStates(of: "rotation").last == .ended)
    }

    /// A constant turn of 2 rad/s: velocity 2.
    @Test func velocityIsTheTurnsRate() {
        let rotation = RotationGestureRecognizer()
        let (arena, _, _) = arena([rotation])
        arena.handle(two(.began, (0, 0), at(0), at: 0))
        for frame in 1...12 {
            let t = Double(frame) / 120
            arena.handle(two(.moved, (0, 0), at(-2 * t), at: t))  // counter-clockwise on screen: negative
        }
        #expect(close(Double(rotation.rotation), -0.2, 1e-12))
        #expect(close(Double(rotation.velocity), -2, 1e-9))
        arena.handle(two(.ended, (0, 0), at(-0.2), at: 0.11))
    }

    /// Fingers at one place have no direction: the rotation holds, with one log line.
    @Test func zeroSpanHoldsTheRotation() {
        let rotation = RotationGestureRecognizer()
        let (arena, _, logs) = arena([rotation])
        arena.handle(two(.began, (0, 0), at(0), at: 0))
        arena.handle(two(.moved, (0, 0), at(0.2), at: 0.1))
        arena.handle(two(.moved, (0, 0), (0, 0), at: 0.2))
        arena.handle(two(.moved, (0, 0), (0, 0), at: 0.3))
        #expect(close(Double(rotation.rotation), 0.2, 1e-12) && rotation.velocity.isFinite)
        #expect(logs.messages.count == 1 && logs.messages[0].contains("RotationGestureRecognizer.rotation"))
        arena.handle(two(.moved, (0, 0), at(0.5), at: 0.4))
        #expect(close(Double(rotation.rotation), 0.5, 1e-12))
        rotation.rotation = -1e300
        #expect(rotation.rotation == -1e12 && logs.messages.count == 2)
        arena.handle(two(.moved, (0, 0), at(0.6), at: 0.45))
        #expect(rotation.rotation.isFinite && rotation.velocity.isFinite)
        arena.handle(two(.ended, (0, 0), at(0.5), at: 0.5))
    }

    /// Pinch and rotation on one pair of fingers: with a delegate allowing it both recognize;
    /// without, the first to begin wins and the other fails (the arena's rule).
    @Test(arguments: [true, false])
    func pinchAndRotationTogether(simultaneous: Bool) {
        let pinch = PinchGestureRecognizer()
        pinch.name = "pinch"
        let rotation = RotationGestureRecognizer()
        rotation.name = "rotation"
        let delegate = PermissiveDelegate()
        delegate.allowsSimultaneous = simultaneous
        pinch.delegate = delegate
        let (arena, recorder, _) = arena([pinch, rotation])
        arena.handle(two(.began, (0, 0), (100, 0), at: 0))
        arena.handle(two(.moved, (0, 0), (120, 0), at: 0.05))  // pinch begins (20 pt)
        arena.handle(two(.moved, (0, 0), (130 * cos(0.3), 130 * sin(0.3)), at: 0.1))  // 17°: rotation tries
        #expect(pinch.state == .changed)
        #expect(rotation.state == (simultaneous ? .began : .failed))
        #expect(recorder.states(of: "rotation").contains(.failed) == !simultaneous)
        arena.handle(two(.ended, (0, 0), (120, 0), at: 0.2))
    }
}

/// The swipe: our 50 pt within 0.5 s within 30°.
@Suite("Swipe gesture recognizer")
struct SwipeGestureRecognizerTests {
    private func swipe(_ configure: (SwipeGestureRecognizer) -> Void = { _ in }) -> (
        SwipeGestureRecognizer, GestureArena, Recorder
    ) {
        let swipe = SwipeGestureRecognizer()
        swipe.name = "swipe"
        configure(swipe)
        let (arena, recorder, _) = arena([swipe])
        return (swipe, arena, recorder)
    }

    @Test func aQuickStraightStrokeIsRecognizedAtFiftyPoints() {
        let (_, arena, recorder) = swipe()
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.handle(touch(1, .moved, 30, 5, at: 0.05))
        arena.handle(touch(1, .moved, 49.9, 8, at: 0.08))
        #expect(recorder.actions.isEmpty)
        arena.handle(touch(1, .moved, 50, 8, at: 0.1))
        #expect(recorder.actionStates(of: "swipe") == [.ended])
        arena.handle(touch(1, .ended, 80, 8, at: 0.15))
        #expect(recorder.actionStates(of: "swipe") == [.ended])
    }

    /// Too slow: the deadline fails it from the clock alone, with no touch event.
    @Test func tooSlowFailsAtTheDeadline() {
        let (swipe, arena, recorder) = swipe()
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.handle(touch(1, .moved, 40, 0, at: 0.3))
        arena.advance(to: 0.4999)
        #expect(swipe.state == .possible)
        arena.advance(to: 0.5)
        #expect(recorder.states(of: "swipe") == [.failed])
        arena.handle(touch(1, .moved, 100, 0, at: 0.55))
        arena.handle(touch(1, .ended, 100, 0, at: 0.6))
        #expect(recorder.actions.isEmpty)
    }

    /// Too crooked: 31° off the direction fails; 29° does not.
    @Test(arguments: [29.0, 31.0])
    func crookedStrokesFail(degrees: Double) {
        let (swipe, arena, recorder) = swipe()
        let a = degrees * .pi / 180
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.handle(touch(1, .moved, 60 * cos(a), 60 * sin(a), at: 0.1))
        #expect((recorder.states(of: "swipe") == [.failed]) == (degrees > 30))
        #expect(recorder.actionStates(of: "swipe") == (degrees > 30 ? [] : [.ended]))
        arena.handle(touch(1, .ended, 60, 0, at: 0.2))
    }

    @Test func directionsAndTouchCounts() {
        // Left and up allowed: a stroke up is recognized, one to the right fails.
        let (_, arena, recorder) = swipe { $0.direction = [.left, .up] }
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.handle(touch(1, .moved, 0, -60, at: 0.1))
        #expect(recorder.actionStates(of: "swipe") == [.ended])
        arena.handle(touch(1, .ended, 0, -60, at: 0.15))
        arena.handle(touch(1, .began, 0, 0, at: 1))
        arena.handle(touch(1, .moved, 60, 0, at: 1.1))
        #expect(recorder.states(of: "swipe").suffix(1) == [.failed])
        arena.handle(touch(1, .ended, 60, 0, at: 1.2))

        // Two fingers required: one alone never recognizes; two do; a third fails it.
        let (_, two, twoRecorder) = swipe {
            $0.numberOfTouchesRequired = 2
            $0.direction = .down
        }
        two.handle(touch(1, .began, 0, 0, at: 0))
        two.handle(touch(1, .moved, 0, 60, at: 0.1))
        two.handle(touch(1, .ended, 0, 60, at: 0.2))
        #expect(twoRecorder.actions.isEmpty)
        two.handle([touch(1, .began, 0, 0, at: 1), touch(2, .began, 40, 0, at: 1)])
        two.handle([touch(1, .moved, 0, 60, at: 1.1), touch(2, .moved, 40, 60, at: 1.1)])
        #expect(twoRecorder.actionStates(of: "swipe") == [.ended])
        two.handle([touch(1, .ended, 0, 60, at: 1.2), touch(2, .ended, 40, 60, at: 1.2)])
        two.handle([touch(1, .began, 0, 0, at: 2), touch(2, .began, 40, 0, at: 2), touch(3, .began, 80, 0, at: 2)])
        #expect(twoRecorder.states(of: "swipe").suffix(1) == [.failed])
    }
}

/// The screen-edge pan: our 20 pt band, inward movement, and priority over a plain pan.
@Suite("Screen-edge pan gesture recognizer")
struct ScreenEdgePanGestureRecognizerTests {
    private func setUp() -> (ScreenEdgePanGestureRecognizer, PanGestureRecognizer, GestureArena, Recorder) {
        let edge = ScreenEdgePanGestureRecognizer()
        edge.name = "edge"
        edge.edges = .left
        edge.screenBounds = CGRect(x: 0, y: 0, width: 320, height: 480)
        let scroll = PanGestureRecognizer()
        scroll.name = "scroll"
        let (arena, recorder, _) = arena([scroll, edge])
        return (edge, scroll, arena, recorder)
    }

    /// From the left edge inwards: the edge pan begins and the scroll view's pan, waiting for
    /// it, fails.
    @Test func fromTheEdgeItWinsOverAPan() {
        let (edge, scroll, arena, recorder) = setUp()
        arena.handle(touch(1, .began, 15, 200, at: 0))
        arena.handle(touch(1, .moved, 30, 202, at: 0.05))
        #expect(edge.state == .began && scroll.state == .failed)
        #expect(recorder.states(of: "scroll") == [.failed])
        #expect(edge.translation(in: nil) == CGPoint(x: 15, y: 2))
        arena.handle(touch(1, .ended, 60, 202, at: 0.1))
        #expect(recorder.actionStates(of: "edge") == [.began, .ended])
        #expect(recorder.states(of: "scroll") == [.failed, .possible])
    }

    /// Away from the edge it fails on touch-down and the pan is not delayed.
    @Test func awayFromTheEdgeThePanRuns() {
        let (edge, scroll, arena, recorder) = setUp()
        arena.handle(touch(1, .began, 100, 200, at: 0))
        #expect(recorder.states(of: "edge") == [.failed])
        arena.handle(touch(1, .moved, 120, 200, at: 0.05))
        #expect(scroll.state == .began && edge.state == .failed)
        arena.handle(touch(1, .ended, 120, 200, at: 0.1))
    }

    /// From the edge but along it (not inwards): it fails and the pan takes over.
    @Test func alongTheEdgeFails() {
        let (edge, scroll, arena, recorder) = setUp()
        arena.handle(touch(1, .began, 5, 200, at: 0))
        arena.handle(touch(1, .moved, 8, 220, at: 0.05))
        #expect(recorder.states(of: "edge").contains(.failed))
        #expect(scroll.state == .began || scroll.state == .changed)
        #expect(edge.state != .began)
        arena.handle(touch(1, .ended, 8, 230, at: 0.1))
    }
}

/// The pan with several fingers: its translation is the centroid's.
@Suite("Pan gesture recognizer: fingers")
struct PanCentroidTests {
    @Test func twoFingerTranslationIsTheCentroids() {
        let pan = PanGestureRecognizer()
        pan.minimumNumberOfTouches = 2
        pan.maximumNumberOfTouches = 2
        let (arena, _, _) = arena([pan])
        arena.handle(two(.began, (0, 0), (100, 0), at: 0))
        arena.handle(two(.moved, (10, 40), (130, 20), at: 0.1))
        // Centroid from (50, 0) to (70, 30).
        #expect(pan.state == .began && pan.translation(in: nil) == CGPoint(x: 20, y: 30))
        #expect(pan.location(in: nil) == CGPoint(x: 70, y: 30))
        arena.handle(two(.ended, (10, 40), (130, 20), at: 0.2))
    }
}
