import Foundation
import KineticDynamics
import KineticTestSupport
import Testing

@testable import KineticGestures

@Suite("Pan gesture recognizer")
struct PanGestureRecognizerTests {
    private func setUp(configure: (PanGestureRecognizer) -> Void = { _ in }) -> (
        GestureArena, PanGestureRecognizer, Recorder
    ) {
        let arena = GestureArena(clock: ManualClock())
        let pan = PanGestureRecognizer()
        pan.name = "pan"
        configure(pan)
        arena.addGestureRecognizer(pan)
        let recorder = Recorder(arena)
        recorder.watch(pan)
        return (arena, pan, recorder)
    }

    /// Below 10 pt from the touch-down the pan waits; at 10 pt it begins, with the
    /// translation measured from the touch-down point.
    @Test func beginsAfterTenPointsAndTranslatesFromTouchDown() {
        let (arena, pan, recorder) = setUp()
        var translations: [CGPoint] = []
        pan.addAction { pan in translations.append(pan.translation(in: nil)) }
        arena.handle(touch(1, .began, 100, 100, at: 0))
        arena.handle(touch(1, .moved, 106, 107.9, at: 0.01))  // 9.93 pt
        #expect(pan.state == .possible)
        arena.handle(touch(1, .moved, 106, 108, at: 0.02))  // exactly 10 pt
        #expect(pan.state == .began)
        arena.handle(touch(1, .moved, 130, 90, at: 0.03))
        arena.handle(touch(1, .stationary, 130, 90, at: 0.04))  // no movement: no .changed
        arena.handle(touch(1, .ended, 130, 90, at: 0.05))
        #expect(recorder.actionStates(of: "pan") == [.began, .changed, .ended])
        #expect(translations == [CGPoint(x: 6, y: 8), CGPoint(x: 30, y: -10), CGPoint(x: 30, y: -10)])
        #expect(recorder.states(of: "pan") == [.began, .changed, .ended, .possible])
        #expect(pan.translation(in: nil) == .zero)  // reset
    }

    @Test func liftingBeforeTheThresholdFails() {
        let (arena, pan, recorder) = setUp()
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.handle(touch(1, .moved, 5, 0, at: 0.1))
        arena.handle(touch(1, .ended, 5, 0, at: 0.2))
        #expect(recorder.states(of: "pan") == [.failed, .possible])
        #expect(recorder.actions.isEmpty)
        #expect(pan.state == .possible)
    }

    /// `translation(in:)` answers in an item's coordinates: for an item turned 90°, a drag to
    /// the right is a drag towards its −y.
    @Test func translationInARotatedItem() {
        let (arena, pan, _) = setUp()
        let view = TestView()
        view.transform = CGAffineTransform(rotationAngle: .pi / 2).scaledBy(x: 2, y: 2)
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.handle(touch(1, .moved, 40, 0, at: 0.1))
        let t = pan.translation(in: view)
        // The item's x axis points along screen +y and its units are 2 screen points.
        #expect(close(Double(t.x), 0, 1e-12) && close(Double(t.y), -20, 1e-12))
        // Setting the translation in the item's coordinates sets it on screen through the
        // item's transform: (0, −20) in the item is (40, 0) on screen.
        pan.setTranslation(CGPoint(x: 0, y: -5), in: view)
        let screen = pan.translation(in: nil)
        #expect(close(Double(screen.x), 10, 1e-12) && close(Double(screen.y), 0, 1e-12))
    }

    /// `setTranslation` re-bases: later movement adds to the value set. It also restarts the
    /// velocity fit, as UIKit documents.
    @Test func setTranslationRebasesAndResetsVelocity() {
        let (arena, pan, _) = setUp()
        arena.handle(touch(1, .began, 0, 0, at: 0))
        for k in 1...6 { arena.handle(touch(1, .moved, 20 * Double(k), 0, at: Double(k) / 100)) }
        #expect(pan.velocity(in: nil).x > 1000)
        pan.setTranslation(.zero, in: nil)
        #expect(pan.velocity(in: nil) == .zero)
        arena.handle(touch(1, .moved, 130, 5, at: 0.07))
        #expect(pan.translation(in: nil) == CGPoint(x: 10, y: 5))
    }

    /// A second finger moves the centroid, but the translation carries on without a jump; a
    /// finger leaving does the same. Only real movement adds to it.
    @Test func fingersJoiningAndLeavingDoNotJump() {
        let (arena, pan, _) = setUp()
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.handle(touch(1, .moved, 20, 0, at: 0.05))
        #expect(pan.translation(in: nil) == CGPoint(x: 20, y: 0))
        arena.handle(touch(2, .began, 100, 100, at: 0.06))
        #expect(pan.translation(in: nil) == CGPoint(x: 20, y: 0))
        #expect(pan.numberOfTouches == 2)
        // Both fingers move by (10, 4): the centroid moves by the same.
        arena.handle([touch(1, .moved, 30, 4, at: 0.07), touch(2, .moved, 110, 104, at: 0.07)])
        #expect(pan.translation(in: nil) == CGPoint(x: 30, y: 4))
        arena.handle(touch(1, .ended, 30, 4, at: 0.08))
        #expect(pan.translation(in: nil) == CGPoint(x: 30, y: 4))
        #expect(pan.state == .changed)
        arena.handle(touch(2, .moved, 115, 104, at: 0.09))
        #expect(pan.translation(in: nil) == CGPoint(x: 35, y: 4))
    }

    /// With `maximumNumberOfTouches` 1, a second finger cancels a running pan and fails a
    /// pan that has not begun.
    @Test func tooManyFingersCancelOrFail() {
        let (arena, pan, recorder) = setUp { $0.maximumNumberOfTouches = 1 }
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.handle(touch(1, .moved, 30, 0, at: 0.05))
        arena.handle(touch(2, .began, 100, 0, at: 0.06))
        #expect(recorder.actionStates(of: "pan") == [.began, .cancelled])
        arena.handle([touch(1, .ended, 30, 0, at: 0.1), touch(2, .ended, 100, 0, at: 0.1)])
        #expect(pan.state == .possible)

        recorder.clear()
        arena.handle(touch(1, .began, 0, 0, at: 1))
        arena.handle(touch(2, .began, 10, 0, at: 1.01))
        #expect(pan.state == .failed)
    }

    @Test func minimumTouchesHoldsThePanBack() {
        let (arena, pan, recorder) = setUp { $0.minimumNumberOfTouches = 2 }
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.handle(touch(1, .moved, 40, 0, at: 0.05))
        #expect(pan.state == .possible)
        arena.handle(touch(2, .began, 40, 40, at: 0.06))
        arena.handle([touch(1, .moved, 50, 0, at: 0.07), touch(2, .moved, 50, 40, at: 0.07)])
        #expect(pan.state == .began)
        arena.handle(touch(2, .ended, 50, 40, at: 0.08))  // one finger left: below the minimum
        #expect(recorder.actionStates(of: "pan") == [.began, .ended])
    }

    @Test func cancelledTouchCancelsThePan() {
        let (arena, _, recorder) = setUp()
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.handle(touch(1, .moved, 0, 30, at: 0.05))
        arena.handle(touch(1, .cancelled, 0, 30, at: 0.06))
        #expect(recorder.actionStates(of: "pan") == [.began, .cancelled])
    }
}
