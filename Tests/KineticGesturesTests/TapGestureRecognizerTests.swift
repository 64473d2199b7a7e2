import Foundation
import KineticDynamics
import KineticTestSupport
import Testing

@testable import KineticGestures

@Suite("Tap gesture recognizer")
struct TapGestureRecognizerTests {
    /// A fresh arena with one tap recognizer named "tap".
    private func setUp(configure: (TapGestureRecognizer) -> Void = { _ in }) -> (
        GestureArena, TapGestureRecognizer, Recorder
    ) {
        let arena = GestureArena(clock: ManualClock())
        let tap = TapGestureRecognizer()
        tap.name = "tap"
        configure(tap)
        arena.addGestureRecognizer(tap)
        let recorder = Recorder(arena)
        recorder.watch(tap)
        return (arena, tap, recorder)
    }

    /// A discrete gesture: possible → recognized (one action, state `.recognized`) → reset.
    @Test func singleTapIsRecognizedOnLift() {
        let (arena, tap, recorder) = setUp()
        arena.handle(touch(1, .began, 50, 60, at: 0))
        #expect(tap.state == .possible)
        arena.handle(touch(1, .moved, 53, 64, at: 0.05))  // 5 pt: within the 10 pt allowance
        #expect(tap.state == .possible)
        arena.handle(touch(1, .ended, 53, 64, at: 0.1))
        #expect(recorder.actionStates(of: "tap") == [.recognized])
        #expect(recorder.actions.first?.time == 0.1)
        #expect(recorder.states(of: "tap") == [.ended, .possible])
        #expect(tap.state == .possible)
        // The tap's location is where it touched down.
        #expect(tap.location(in: nil) == CGPoint(x: 50, y: 60))
        #expect(GestureRecognizer.State.recognized == .ended)
    }

    /// Moving more than 10 pt fails the tap at once; it stays `.failed` while the finger is
    /// down and is reset when it lifts. Exactly 10 pt is still a tap.
    @Test func movementBeyondTenPointsFails() {
        let (arena, tap, recorder) = setUp()
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.handle(touch(1, .moved, 6, 8, at: 0.02))  // exactly 10 pt
        #expect(tap.state == .possible)
        arena.handle(touch(1, .moved, 6, 8.01, at: 0.03))  // just beyond
        #expect(tap.state == .failed)
        arena.handle(touch(1, .moved, 0, 0, at: 0.04))  // coming back does not revive it
        #expect(tap.state == .failed)
        arena.handle(touch(1, .ended, 0, 0, at: 0.05))
        #expect(tap.state == .possible)
        #expect(recorder.actions.isEmpty)
        #expect(recorder.states(of: "tap") == [.failed, .possible])

        // A fresh tap afterwards works.
        arena.handle(touch(1, .began, 0, 0, at: 0.2))
        arena.handle(touch(1, .ended, 0, 0, at: 0.25))
        #expect(recorder.actionStates(of: "tap") == [.recognized])
    }

    @Test func doubleTapIsRecognizedOnTheSecondLift() {
        let (arena, _, recorder) = setUp { $0.numberOfTapsRequired = 2 }
        arena.handle(touch(1, .began, 100, 100, at: 0))
        arena.handle(touch(1, .ended, 100, 100, at: 0.08))
        #expect(recorder.changes.isEmpty)
        arena.handle(touch(1, .began, 104, 97, at: 0.3))  // 0.22 s later, 5 pt away
        arena.handle(touch(1, .ended, 104, 97, at: 0.38))
        #expect(recorder.actionStates(of: "tap") == [.recognized])
        #expect(recorder.actions.first?.time == 0.38)
    }

    /// The second tap must begin within 0.35 s of the first lift: the timer fails the
    /// recognizer at exactly lift + 0.35 s, with no event needed.
    @Test func doubleTapFailsWhenTooSlow() {
        let (arena, tap, recorder) = setUp { $0.numberOfTapsRequired = 2 }
        arena.handle(touch(1, .began, 100, 100, at: 0))
        arena.handle(touch(1, .ended, 100, 100, at: 0.1))
        arena.advance(to: 0.1 + 0.35 - 1e-9)
        #expect(tap.state == .possible)
        #expect(recorder.changes.isEmpty)
        arena.advance(to: 0.45 + 1e-9)
        #expect(recorder.states(of: "tap") == [.failed, .possible])
        // A second tap now starts a new sequence: it is one tap of two, not a double tap.
        arena.handle(touch(1, .began, 100, 100, at: 0.5))
        arena.handle(touch(1, .ended, 100, 100, at: 0.55))
        #expect(recorder.actions.isEmpty)
    }

    @Test func doubleTapFailsWhenTheSecondTapLandsFarAway() {
        let (arena, _, recorder) = setUp { $0.numberOfTapsRequired = 2 }
        arena.handle(touch(1, .began, 100, 100, at: 0))
        arena.handle(touch(1, .ended, 100, 100, at: 0.1))
        arena.handle(touch(1, .began, 160, 100, at: 0.2))  // 60 pt > 45 pt
        #expect(recorder.states(of: "tap") == [.failed])
        arena.handle(touch(1, .ended, 160, 100, at: 0.25))
        #expect(recorder.actions.isEmpty)
    }

    @Test func tapHeldTooLongFails() {
        let (arena, tap, recorder) = setUp()
        arena.handle(touch(1, .began, 0, 0, at: 1))
        arena.advance(to: 1.7499)
        #expect(tap.state == .possible)
        arena.advance(to: 1.75)
        #expect(tap.state == .failed)
        arena.handle(touch(1, .ended, 0, 0, at: 1.8))
        #expect(recorder.actions.isEmpty)
        #expect(tap.state == .possible)
    }

    /// Two fingers: both must come down in the tap; the location is their centroid.
    @Test func twoFingerTap() {
        let (arena, tap, recorder) = setUp { $0.numberOfTouchesRequired = 2 }
        arena.handle(touch(1, .began, 10, 10, at: 0))
        arena.handle(touch(2, .began, 30, 50, at: 0.02))
        #expect(tap.numberOfTouches == 2)
        arena.handle(touch(1, .ended, 10, 10, at: 0.1))
        #expect(recorder.actions.isEmpty)  // one finger still down
        arena.handle(touch(2, .ended, 30, 50, at: 0.12))
        #expect(recorder.actionStates(of: "tap") == [.recognized])
        #expect(tap.location(in: nil) == CGPoint(x: 20, y: 30))

        // One finger is not enough…
        recorder.clear()
        arena.handle(touch(1, .began, 10, 10, at: 1))
        arena.handle(touch(1, .ended, 10, 10, at: 1.1))
        #expect(recorder.states(of: "tap") == [.failed, .possible])
        // …and three are too many.
        recorder.clear()
        arena.handle([
            touch(1, .began, 10, 10, at: 2), touch(2, .began, 20, 10, at: 2), touch(3, .began, 30, 10, at: 2),
        ])
        #expect(tap.state == .failed)
    }

    @Test func cancelledTouchFailsTheTap() {
        let (arena, tap, recorder) = setUp()
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.handle(touch(1, .cancelled, 0, 0, at: 0.05))
        #expect(recorder.states(of: "tap") == [.failed, .possible])
        #expect(recorder.actions.isEmpty)
        #expect(tap.state == .possible)
    }

    /// The classic pairing: a single tap that requires the double tap to fail is recognized
    /// only once the double tap has given up (0.35 s after the lift); a double tap recognizes
    /// the double tap only.
    @Test func singleTapWaitsForDoubleTapToFail() {
        let arena = GestureArena(clock: ManualClock())
        let single = TapGestureRecognizer()
        single.name = "single"
        let double = TapGestureRecognizer()
        double.name = "double"
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        arena.addGestureRecognizer(single)
        arena.addGestureRecognizer(double)
        let recorder = Recorder(arena)
        recorder.watch(single)
        recorder.watch(double)

        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.handle(touch(1, .ended, 0, 0, at: 0.1))
        #expect(single.state == .possible)  // waiting, not yet published
        arena.advance(to: 0.3)
        #expect(recorder.actions.isEmpty)
        arena.advance(to: 0.5)
        #expect(recorder.actionStates(of: "single") == [.recognized])
        #expect(close(recorder.actions.first?.time ?? .nan, 0.45, 1e-12))  // the instant the double tap failed
        #expect(recorder.states(of: "double") == [.failed, .possible])

        recorder.clear()
        arena.handle(touch(1, .began, 0, 0, at: 1))
        arena.handle(touch(1, .ended, 0, 0, at: 1.1))
        arena.handle(touch(1, .began, 0, 0, at: 1.2))
        arena.handle(touch(1, .ended, 0, 0, at: 1.3))
        #expect(recorder.actionStates(of: "double") == [.recognized])
        #expect(recorder.actionStates(of: "single") == [])
        #expect(recorder.states(of: "single") == [.failed, .possible])
        arena.advance(to: 3)
        #expect(recorder.actionStates(of: "single") == [])
    }
}
