import Foundation
import KineticDynamics
import KineticTestSupport
import Testing

@testable import KineticGestures

/// The references between an arena, its recognizers, their items, failure requirements and
/// participants, in the cases where one could dangle or keep the other alive. The references are
/// written for both builds (the WebAssembly build has no `weak`): a recognizer's `arena` does not
/// own the arena and is cleared by it (removal, the arena's `deinit`); failure requirements are
/// non-owning links listed at both ends, which each recognizer's `deinit` takes down; the view,
/// the delegate and the participants are `WeakReference`s. Under AddressSanitizer
/// (`Scripts/test`) a read of a freed object fails these tests.
@Suite("Gesture recognizer lifetimes")
struct RecognizerLifetimeTests {
    /// The arena goes first, in the middle of a pan: the recognizer no longer refers to it or
    /// to its item, and still works on its own (disabling it cancels the gesture; its location
    /// and translation still answer); it can join another arena.
    @Test func arenaReleasedMidGesture() {
        let view = TestView()
        let pan = PanGestureRecognizer()
        let delegate = PermissiveDelegate()
        pan.delegate = delegate
        var states: [GestureRecognizer.State] = []
        pan.addAction { states.append($0.state) }
        weak var released: GestureArena?
        do {
            let arena = GestureArena(clock: ManualClock())
            released = arena
            arena.addGestureRecognizer(pan, to: view)
            arena.handle(touch(1, .began, 100, 100, at: 0))
            arena.handle(touch(1, .moved, 130, 100, at: 0.1))
            #expect(pan.arena === arena && pan.view === view && pan.state == .began)
        }
        #expect(released == nil)
        #expect(pan.arena == nil && pan.view == nil && !pan.isBoundToView)
        #expect(pan.translation(in: nil) == CGPoint(x: 30, y: 0))
        #expect(pan.location(in: nil) == CGPoint(x: 130, y: 100))
        pan.setTranslation(CGPoint(x: 2e12, y: 0), in: nil)  // logs through the detached logger
        pan.isEnabled = false
        #expect(states == [.began, .cancelled] && pan.state == .possible)

        pan.isEnabled = true
        let arena = GestureArena(clock: ManualClock())
        arena.addGestureRecognizer(pan, to: view)
        arena.handle(touch(1, .began, 100, 100, at: 0))
        arena.handle(touch(1, .moved, 130, 100, at: 0.1))
        #expect(pan.arena === arena && pan.state == .began)
    }

    /// Removing a recognizer clears its references to the arena and the item, so it keeps
    /// neither.
    @Test func removalClearsTheArenaAndTheItem() {
        let arena = GestureArena(clock: ManualClock())
        let tap = TapGestureRecognizer()
        weak var releasedView: TestView?
        do {
            let view = TestView()
            releasedView = view
            arena.addGestureRecognizer(tap, to: view)
            arena.removeGestureRecognizer(tap)
            #expect(tap.arena == nil && tap.view == nil)
        }
        #expect(releasedView == nil)
    }

    /// The item goes in the middle of a gesture (natively: the build that has weak references):
    /// the recognizer finishes the touches it already tracks and takes no new ones.
    @Test func itemReleasedMidGesture() {
        let arena = GestureArena(clock: ManualClock())
        let pan = PanGestureRecognizer()
        var states: [GestureRecognizer.State] = []
        pan.addAction { states.append($0.state) }
        do {
            let view = TestView()
            arena.addGestureRecognizer(pan, to: view)
            arena.handle(touch(1, .began, 100, 100, at: 0))
            arena.handle(touch(1, .moved, 130, 100, at: 0.1))
        }
        #expect(pan.view == nil)
        arena.handle(touch(1, .moved, 160, 100, at: 0.2))
        arena.handle(touch(1, .ended, 160, 100, at: 0.3))
        #expect(states == [.began, .changed, .ended])
        arena.handle(touch(2, .began, 100, 100, at: 1))
        #expect(pan.numberOfTouches == 0)
    }

    /// Two recognizers that require each other to fail do not keep each other alive.
    @Test func mutualFailureRequirementsAreNoCycle() {
        weak var first: TapGestureRecognizer?
        weak var second: TapGestureRecognizer?
        do {
            let a = TapGestureRecognizer(), b = TapGestureRecognizer()
            a.require(toFail: b)
            b.require(toFail: a)
            first = a
            second = b
            #expect(a.failureRequirements.count == 1 && a.dependents.count == 1)
        }
        #expect(first == nil && second == nil)
    }

    /// The recognizer waited for goes first: it leaves the list of the one waiting, which then
    /// recognizes without waiting. The one waiting goes first: it leaves the other's list of
    /// dependents, so that one's own end finds nothing freed.
    @Test func eitherEndOfAFailureRequirementMayGoFirst() {
        let arena = GestureArena(clock: ManualClock())
        let single = TapGestureRecognizer()
        single.name = "single"
        let recorder = Recorder(arena)
        recorder.watch(single)
        arena.addGestureRecognizer(single)
        do {
            let double = TapGestureRecognizer()
            double.numberOfTapsRequired = 2
            single.require(toFail: double)
            #expect(double.dependents.count == 1)
            arena.addGestureRecognizer(double)
            arena.removeGestureRecognizer(double)
        }
        #expect(single.failureRequirements.isEmpty)
        arena.handle(touch(1, .began, 100, 100, at: 0))
        arena.handle(touch(1, .ended, 100, 100, at: 0.05))
        #expect(recorder.actionStates(of: "single") == [.recognized])

        let required = TapGestureRecognizer()
        do {
            let waiting = TapGestureRecognizer()
            waiting.require(toFail: required)
            required.require(toFail: single)
            #expect(required.dependents.count == 1)
        }
        #expect(required.dependents.isEmpty && required.failureRequirements.count == 1)
        #expect(single.dependents.count == 1)
    }

    /// A participant that goes is skipped; the arena does not keep it natively.
    @Test func participantReleasedIsSkipped() {
        final class Counter: GestureArenaParticipant {
            var times: [TimeInterval] = []
            func arenaDidAdvance(to time: TimeInterval) { times.append(time) }
        }
        let arena = GestureArena(clock: ManualClock())
        let kept = Counter()
        weak var released: Counter?
        do {
            let gone = Counter()
            released = gone
            arena.addParticipant(gone)
            arena.addParticipant(kept)
            arena.advance(to: 1)
            #expect(gone.times == [1])
        }
        #expect(released == nil)
        arena.advance(to: 2)
        #expect(kept.times == [1, 2])
    }
}
