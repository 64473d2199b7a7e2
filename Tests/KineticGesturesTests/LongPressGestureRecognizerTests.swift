import Foundation
import KineticDynamics
import Testing

@testable import KineticGestures

@Suite("Long-press gesture recognizer")
struct LongPressGestureRecognizerTests {
    private func setUp(clock: ManualClock = ManualClock(), configure: (LongPressGestureRecognizer) -> Void = { _ in })
        -> (GestureArena, LongPressGestureRecognizer, Recorder)
    {
        let arena = GestureArena(clock: clock)
        let press = LongPressGestureRecognizer()
        press.name = "press"
        configure(press)
        arena.addGestureRecognizer(press)
        let recorder = Recorder(arena)
        recorder.watch(press)
        return (arena, press, recorder)
    }

    /// The press begins on time, at exactly 0.5 s after touch-down, with no movement and no
    /// touch event: only the clock moves.
    @Test func beginsAtExactlyHalfASecondWithoutMovement() {
        let clock = ManualClock()
        let (arena, press, recorder) = setUp(clock: clock)
        arena.handle(touch(1, .began, 120, 80, at: 0))
        clock.advance(by: 0.4999999)
        arena.update()
        #expect(press.state == .possible)
        clock.sleep(until: 0.5)
        arena.update()
        #expect(press.state == .began)
        #expect(recorder.actionStates(of: "press") == [.began])
        #expect(recorder.actions.first?.time == 0.5)
        #expect(press.location(in: nil) == CGPoint(x: 120, y: 80))
        arena.handle(touch(1, .ended, 120, 80, at: 0.9))
        #expect(recorder.actionStates(of: "press") == [.began, .ended])
        #expect(recorder.states(of: "press") == [.began, .ended, .possible])
    }

    /// The arena names the press's deadline, so a run loop can sleep until it: touch-down time
    /// plus `minimumPressDuration`, nothing before the touch and nothing once the timer fired.
    @Test func theArenaNamesThePendingDeadline() {
        let (arena, press, _) = setUp { $0.minimumPressDuration = 0.8 }
        #expect(arena.nextTimerDeadline == nil)
        arena.handle(touch(1, .began, 10, 10, at: 2))
        #expect(arena.nextTimerDeadline == 2.8)
        arena.advance(to: 2.8)
        #expect(press.state == .began)
        #expect(arena.nextTimerDeadline == nil)
        arena.handle(touch(1, .ended, 10, 10, at: 3))
        #expect(arena.nextTimerDeadline == nil)
    }

    /// A lift whose timestamp is past 0.5 s fires the timer first: began, then ended.
    @Test func timerDueBeforeAnEventFiresFirst() {
        let (arena, _, recorder) = setUp()
        arena.handle(touch(1, .began, 0, 0, at: 10))
        arena.handle(touch(1, .ended, 0, 0, at: 10.7))
        #expect(recorder.actionStates(of: "press") == [.began, .ended])
        #expect(recorder.actions.map(\.time) == [10.5, 10.7])
    }

    @Test func movementBeyondTheAllowanceFailsIt() {
        let (arena, press, recorder) = setUp()
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.handle(touch(1, .moved, 0, 9.9, at: 0.2))
        #expect(press.state == .possible)
        arena.handle(touch(1, .moved, 0, 10.1, at: 0.3))
        #expect(press.state == .failed)
        arena.advance(to: 1)
        #expect(press.state == .failed)  // finger still down: not reset, timer gone
        #expect(recorder.actions.isEmpty)
        arena.handle(touch(1, .ended, 0, 10.1, at: 1.1))
        #expect(recorder.states(of: "press") == [.failed, .possible])
    }

    @Test func movementWithinTheAllowanceStillBegins() {
        let (arena, press, _) = setUp()
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.handle(touch(1, .moved, 6, 7, at: 0.3))  // 9.2 pt
        arena.advance(to: 0.5)
        #expect(press.state == .began)
    }

    @Test func liftingEarlyFailsIt() {
        let (arena, press, recorder) = setUp()
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.handle(touch(1, .ended, 0, 0, at: 0.3))
        #expect(recorder.states(of: "press") == [.failed, .possible])
        arena.advance(to: 2)
        #expect(press.state == .possible)
        #expect(recorder.actions.isEmpty)
    }

    /// After it begins, movement (any distance) reports `.changed`; a stationary sample does not.
    @Test func movementAfterBeginningReportsChanged() {
        let (arena, press, recorder) = setUp()
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.advance(to: 0.5)
        arena.handle(touch(1, .moved, 40, 0, at: 0.6))
        arena.handle(touch(1, .stationary, 40, 0, at: 0.65))
        arena.handle(touch(1, .moved, 80, 10, at: 0.7))
        #expect(press.location(in: nil) == CGPoint(x: 80, y: 10))
        arena.handle(touch(1, .ended, 80, 10, at: 0.8))
        #expect(recorder.actionStates(of: "press") == [.began, .changed, .changed, .ended])
    }

    @Test func cancelledTouchCancelsARunningPress() {
        let (arena, _, recorder) = setUp()
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.advance(to: 0.6)
        arena.handle(touch(1, .cancelled, 0, 0, at: 0.7))
        #expect(recorder.actionStates(of: "press") == [.began, .cancelled])
        #expect(recorder.states(of: "press") == [.began, .cancelled, .possible])
    }

    /// A second finger cancels a running one-finger press and fails one that has not begun.
    @Test func extraFingerCancelsOrFails() {
        let (arena, press, recorder) = setUp()
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.advance(to: 0.5)
        arena.handle(touch(2, .began, 50, 0, at: 0.6))
        #expect(recorder.actionStates(of: "press") == [.began, .cancelled])
        #expect(press.state == .cancelled)
        arena.handle([touch(1, .ended, 0, 0, at: 0.7), touch(2, .ended, 50, 0, at: 0.7)])
        #expect(press.state == .possible)

        recorder.clear()
        arena.handle(touch(1, .began, 0, 0, at: 1))
        arena.handle(touch(2, .began, 50, 0, at: 1.2))
        #expect(press.state == .failed)
        arena.advance(to: 2)
        #expect(recorder.actions.isEmpty)
    }

    /// With two fingers required, the half second counts from the second finger.
    @Test func twoFingerPressTimesFromTheSecondFinger() {
        let (arena, press, recorder) = setUp { $0.numberOfTouchesRequired = 2 }
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.handle(touch(2, .began, 40, 20, at: 0.25))
        arena.advance(to: 0.7499)
        #expect(press.state == .possible)
        arena.advance(to: 0.75)
        #expect(press.state == .began)
        #expect(recorder.actions.first?.time == 0.75)
        #expect(press.location(in: nil) == CGPoint(x: 20, y: 10))
    }

    @Test func negativeDurationIsZero() {
        let (arena, press, _) = setUp { $0.minimumPressDuration = -1 }
        arena.handle(touch(1, .began, 0, 0, at: 3))
        #expect(press.state == .began)
    }
}
