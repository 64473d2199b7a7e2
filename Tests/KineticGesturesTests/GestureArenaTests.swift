import Foundation
import KineticDynamics
import KineticTestSupport
import Testing

@testable import KineticGestures

@Suite("Gesture arena: delivery and arbitration")
struct GestureArenaTests {
    /// A tap and a long press on the same view, as in countless iOS apps. The view is
    /// returned too: a recognizer holds its view weakly, as in UIKit, and the caller owns it.
    private func tapAndLongPress() -> (
        GestureArena, TapGestureRecognizer, LongPressGestureRecognizer, Recorder, TestView
    ) {
        let arena = GestureArena(clock: ManualClock())
        let view = TestView()
        let tap = TapGestureRecognizer()
        tap.name = "tap"
        let press = LongPressGestureRecognizer()
        press.name = "press"
        arena.addGestureRecognizer(tap, to: view)
        arena.addGestureRecognizer(press, to: view)
        let recorder = Recorder(arena)
        recorder.watch(tap)
        recorder.watch(press)
        return (arena, tap, press, recorder, view)
    }

    /// A quick tap: the tap recognizes on the lift and the long press fails (it was still
    /// possible, and loses to the tap).
    @Test func quickTapBeatsLongPress() {
        let (arena, _, press, recorder, view) = tapAndLongPress()
        arena.handle(touch(1, .began, 100, 100, at: 0))
        arena.handle(touch(1, .ended, 100, 100, at: 0.2))
        #expect(recorder.actionStates(of: "tap") == [.recognized])
        #expect(recorder.actionStates(of: "press") == [])
        #expect(recorder.states(of: "press") == [.failed, .possible])
        arena.advance(to: 1)
        #expect(press.state == .possible)
        #expect(recorder.actionStates(of: "press") == [])
        withExtendedLifetime(view) {}
    }

    /// A held press: the long press begins at 0.5 s and the tap fails then; lifting ends the
    /// long press and recognizes nothing else.
    @Test func heldPressBeatsTap() {
        let (arena, tap, _, recorder, view) = tapAndLongPress()
        arena.handle(touch(1, .began, 100, 100, at: 0))
        arena.advance(to: 0.5)
        #expect(recorder.actionStates(of: "press") == [.began])
        #expect(tap.state == .failed)
        #expect(recorder.changes.map(\.description) == ["tap: possible→failed", "press: possible→began"])
        arena.handle(touch(1, .ended, 100, 100, at: 0.6))
        #expect(recorder.actionStates(of: "press") == [.began, .ended])
        #expect(recorder.actionStates(of: "tap") == [])
        #expect(tap.state == .possible)
        withExtendedLifetime(view) {}
    }

    /// A recognizer whose view has gone receives nothing (its view is held weakly).
    @Test func recognizerOfADeallocatedViewReceivesNothing() {
        let arena = GestureArena(clock: ManualClock())
        let tap = TapGestureRecognizer()
        do {
            let view = TestView()
            arena.addGestureRecognizer(tap, to: view)
            #expect(tap.view === view)
        }
        #expect(tap.view == nil)
        arena.handle(touch(1, .began, 100, 100, at: 0))
        #expect(tap.numberOfTouches == 0)
    }

    /// Moving the finger: the pan begins at 10 pt and the tap, still possible, fails.
    @Test func panBeatsTapOnceItMoves() {
        let arena = GestureArena(clock: ManualClock())
        let tap = TapGestureRecognizer()
        tap.name = "tap"
        tap.allowableMovement = 30  // so only the pan's winning can fail it
        let pan = PanGestureRecognizer()
        pan.name = "pan"
        arena.addGestureRecognizer(tap)
        arena.addGestureRecognizer(pan)
        let recorder = Recorder(arena)
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.handle(touch(1, .moved, 12, 0, at: 0.05))
        #expect(recorder.changes.map(\.description) == ["tap: possible→failed", "pan: possible→began"])
    }

    /// Two pans on the same touches: by default the first to begin wins and the other fails;
    /// a delegate allowing simultaneous recognition lets both run.
    @Test(arguments: [false, true])
    func simultaneousRecognitionViaTheDelegate(allowed: Bool) {
        let arena = GestureArena(clock: ManualClock())
        let first = PanGestureRecognizer()
        first.name = "first"
        let second = PanGestureRecognizer()
        second.name = "second"
        second.hysteresis = 20  // begins later
        let delegate = PermissiveDelegate()
        delegate.allowsSimultaneous = allowed
        second.delegate = delegate  // one side saying yes is enough
        arena.addGestureRecognizer(first)
        arena.addGestureRecognizer(second)
        let recorder = Recorder(arena)
        recorder.watch(first)
        recorder.watch(second)
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.handle(touch(1, .moved, 15, 0, at: 0.02))
        arena.handle(touch(1, .moved, 30, 0, at: 0.04))
        arena.handle(touch(1, .ended, 30, 0, at: 0.06))
        #expect(recorder.actionStates(of: "first") == [.began, .changed, .ended])
        if allowed {
            #expect(recorder.actionStates(of: "second") == [.began, .ended])
        } else {
            #expect(recorder.actionStates(of: "second") == [])
            #expect(recorder.states(of: "second") == [.failed, .possible])
        }
    }

    /// The reordering pattern: a long press that drags, with a pan allowed alongside.
    @Test func longPressAndPanTogether() {
        let arena = GestureArena(clock: ManualClock())
        let press = LongPressGestureRecognizer()
        press.name = "press"
        let pan = PanGestureRecognizer()
        pan.name = "pan"
        let delegate = PermissiveDelegate()
        press.delegate = delegate
        arena.addGestureRecognizer(press)
        arena.addGestureRecognizer(pan)
        let recorder = Recorder(arena)
        recorder.watch(press)
        recorder.watch(pan)
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.advance(to: 0.5)
        arena.handle(touch(1, .moved, 40, 0, at: 0.6))
        arena.handle(touch(1, .ended, 40, 0, at: 0.7))
        #expect(recorder.actionStates(of: "press") == [.began, .changed, .ended])
        #expect(recorder.actionStates(of: "pan") == [.began, .ended])
    }

    /// `require(toFail:)`: a pan that requires a long press to fail waits while the press is
    /// possible, begins the moment the press fails (here by moving past its allowance), and
    /// fails outright if the press begins first.
    @Test func requireToFailDelaysUntilTheOtherFails() {
        let arena = GestureArena(clock: ManualClock())
        let pan = PanGestureRecognizer()
        pan.name = "pan"
        pan.hysteresis = 5
        let press = LongPressGestureRecognizer()
        press.name = "press"
        press.allowableMovement = 20
        pan.require(toFail: press)
        arena.addGestureRecognizer(pan)
        arena.addGestureRecognizer(press)
        let recorder = Recorder(arena)
        recorder.watch(pan)
        var translationAtBegan: CGPoint?
        pan.addAction { pan in if pan.state == .began { translationAtBegan = pan.translation(in: nil) } }

        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.handle(touch(1, .moved, 10, 0, at: 0.1))  // past the pan's 5 pt: it waits
        #expect(pan.state == .possible)
        arena.handle(touch(1, .moved, 15, 0, at: 0.2))  // still waiting, still tracking
        #expect(pan.state == .possible)
        arena.handle(touch(1, .moved, 25, 0, at: 0.3))  // the press fails: the pan begins
        #expect(recorder.changes.map(\.description) == ["press: possible→failed", "pan: possible→began"])
        #expect(translationAtBegan == CGPoint(x: 25, y: 0))
        arena.handle(touch(1, .ended, 25, 0, at: 0.4))
        #expect(recorder.actionStates(of: "pan") == [.began, .ended])

        recorder.clear()
        arena.handle(touch(1, .began, 0, 0, at: 1))
        arena.advance(to: 1.5)  // the press begins
        arena.handle(touch(1, .moved, 30, 0, at: 1.6))
        #expect(recorder.states(of: "pan") == [.failed])
        #expect(recorder.actionStates(of: "pan") == [])
    }

    /// A continuous gesture that ends while still waiting reports began then ended when it is
    /// released, so its actions always see a begin.
    @Test func waitingPanThatEndsReportsBeganThenEnded() {
        let arena = GestureArena(clock: ManualClock())
        let pan = PanGestureRecognizer()
        pan.name = "pan"
        let tap = TapGestureRecognizer()
        tap.name = "tap"
        tap.allowableMovement = 100
        tap.numberOfTapsRequired = 2
        pan.require(toFail: tap)
        arena.addGestureRecognizer(pan)
        arena.addGestureRecognizer(tap)
        let recorder = Recorder(arena)
        recorder.watch(pan)
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.handle(touch(1, .moved, 20, 0, at: 0.1))
        arena.handle(touch(1, .ended, 20, 0, at: 0.2))
        #expect(recorder.actionStates(of: "pan") == [])
        arena.advance(to: 0.6)  // the double tap times out at 0.2 + 0.35
        #expect(recorder.actionStates(of: "pan") == [.began, .ended])
        #expect(pan.state == .possible)
    }

    @Test func delegateCanVetoBeginning() {
        let arena = GestureArena(clock: ManualClock())
        let press = LongPressGestureRecognizer()
        press.name = "press"
        let delegate = PermissiveDelegate()
        delegate.shouldBegin = false
        press.delegate = delegate
        arena.addGestureRecognizer(press)
        let recorder = Recorder(arena)
        recorder.watch(press)
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.advance(to: 0.5)
        #expect(press.state == .failed)
        #expect(recorder.actions.isEmpty)
    }

    @Test func delegateCanRefuseTouches() {
        let arena = GestureArena(clock: ManualClock())
        let tap = TapGestureRecognizer()
        let delegate = PermissiveDelegate()
        delegate.receives = false
        tap.delegate = delegate
        arena.addGestureRecognizer(tap)
        arena.handle(touch(1, .began, 0, 0, at: 0))
        #expect(tap.numberOfTouches == 0)
    }

    /// A recognizer attached to an item gets only touches that begin inside it, in its own
    /// (rotated) bounds; its location is reported in the item's coordinates.
    @Test func touchesBeginningOutsideTheViewAreNotDelivered() {
        let arena = GestureArena(clock: ManualClock())
        let view = TestView(center: CGPoint(x: 200, y: 200), size: CGSize(width: 100, height: 20))
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)  // now 20 wide, 100 tall on screen
        let tap = TapGestureRecognizer()
        arena.addGestureRecognizer(tap, to: view)
        arena.handle(touch(1, .began, 240, 200, at: 0))  // inside the unrotated box, outside the turned one
        #expect(tap.numberOfTouches == 0)
        arena.handle(touch(1, .ended, 240, 200, at: 0.05))
        arena.handle(touch(2, .began, 205, 240, at: 0.1))  // inside the turned box
        #expect(tap.numberOfTouches == 1)
        let local = tap.location(in: view)
        // Screen offset (5, 40) from the centre, turned back by −90°: (40, −5) from the bounds centre (50, 10).
        #expect(close(Double(local.x), 90, 1e-9) && close(Double(local.y), 5, 1e-9))
    }

    /// Disabling a recognizer mid-gesture cancels it (its action sees `.cancelled`) and resets it.
    @Test func disablingCancelsAndResets() {
        let arena = GestureArena(clock: ManualClock())
        let pan = PanGestureRecognizer()
        pan.name = "pan"
        arena.addGestureRecognizer(pan)
        let recorder = Recorder(arena)
        recorder.watch(pan)
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.handle(touch(1, .moved, 30, 0, at: 0.1))
        pan.isEnabled = false
        #expect(recorder.actionStates(of: "pan") == [.began, .cancelled])
        #expect(pan.state == .possible)
        arena.handle(touch(1, .moved, 60, 0, at: 0.2))
        arena.handle(touch(1, .ended, 60, 0, at: 0.3))
        #expect(recorder.actionStates(of: "pan") == [.began, .cancelled])
        pan.isEnabled = true
        arena.handle(touch(1, .began, 0, 0, at: 1))
        arena.handle(touch(1, .moved, 30, 0, at: 1.1))
        #expect(pan.state == .began)
    }

    @Test func removingCancels() {
        let arena = GestureArena(clock: ManualClock())
        let press = LongPressGestureRecognizer()
        press.name = "press"
        arena.addGestureRecognizer(press)
        let recorder = Recorder(arena)
        recorder.watch(press)
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.advance(to: 0.5)
        arena.removeGestureRecognizer(press)
        #expect(recorder.actionStates(of: "press") == [.began, .cancelled])
        #expect(press.arena == nil && press.state == .possible)
        #expect(arena.gestureRecognizers.isEmpty)
    }

    /// Bad input is dropped without disturbing the gesture: NaN locations and timestamps,
    /// unknown finger ids, a second began for a finger already down; a late timestamp is taken
    /// as the arena's time, and an end with a NaN location ends where the finger was.
    @Test func badInputIsIgnored() {
        let arena = GestureArena(clock: ManualClock())
        let pan = PanGestureRecognizer()
        pan.name = "pan"
        arena.addGestureRecognizer(pan)
        let recorder = Recorder(arena)
        recorder.watch(pan)
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.handle(touch(1, .moved, .nan, 50, at: 0.01))
        arena.handle(touch(1, .moved, 50, 50, at: .nan))
        arena.handle(touch(1, .moved, .infinity, 0, at: 0.02))
        arena.handle(touch(7, .moved, 50, 50, at: 0.03))  // never began
        arena.handle(touch(7, .ended, 50, 50, at: 0.03))
        arena.handle(touch(1, .began, 80, 80, at: 0.04))  // already down
        #expect(pan.state == .possible)
        #expect(pan.numberOfTouches == 1)
        #expect(arena.touches.map(\.id) == [1])
        arena.handle(touch(1, .moved, 20, 0, at: 0.05))
        #expect(pan.state == .began)
        arena.handle(touch(1, .moved, 30, 0, at: 0.01))  // out of order: counted at 0.05
        #expect(arena.currentTime == 0.05)
        arena.advance(to: 0.02)  // time does not run backwards
        arena.advance(to: .nan)
        #expect(arena.currentTime == 0.05)
        arena.handle(touch(1, .ended, .nan, .nan, at: 0.06))
        #expect(recorder.actionStates(of: "pan") == [.began, .changed, .ended])
        #expect(pan.state == .possible)
        #expect(arena.touches.isEmpty)
    }

    /// An action may feed the arena; the event is handled after the current one.
    @Test func eventsFromActionsAreQueued() {
        let arena = GestureArena(clock: ManualClock())
        let pan = PanGestureRecognizer()
        pan.name = "pan"
        arena.addGestureRecognizer(pan)
        var states: [GestureRecognizer.State] = []
        pan.addAction { pan in
            states.append(pan.state)
            if pan.state == .began { arena.handle(touch(1, .cancelled, 20, 0, at: 0.2)) }
        }
        // The action holds the arena, which holds the recogniser, which holds the action: the
        // test lets go of that cycle as an app would (LeakSanitizer reported it).
        defer { pan.removeAllActions() }
        arena.handle(touch(1, .began, 0, 0, at: 0))
        arena.handle(touch(1, .moved, 20, 0, at: 0.1))
        #expect(states == [.began, .cancelled])
    }
}
