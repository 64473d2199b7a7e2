import Foundation
import KineticDynamics
import KineticTestSupport
import Testing

@testable import KineticAnimation

/// Who holds whom between an animator, its animations and their tracks. The references are
/// written for both builds: an animation's `animator` does not own it and is cleared by the
/// animator when the animation finishes and in the animator's `deinit`; a track owns its
/// animation, which holds no tracks (there is no `weak` in the WebAssembly build). These are
/// the cases where a reference could dangle or a cycle could leak; under AddressSanitizer
/// (`Scripts/test`) a read of a freed animator would fail them.
@Suite("View animation lifetimes")
struct ViewAnimationLifetimeTests {
    /// The animator goes first, with one animation running and one waiting for its delay:
    /// the animator is freed (the handles do not keep it), the animations never finish (their
    /// completions never run), and cancelling a handle afterwards does nothing.
    @Test func animatorReleasedWhileAnimating() {
        let clock = ManualClock()
        let view = TestView(center: .zero)
        var results: [Bool] = []
        weak var released: ViewAnimator?
        var (running, waiting): (ViewAnimation?, ViewAnimation?)
        do {
            let animator = ViewAnimator(clock: clock)
            released = animator
            running = animator.animate(
                withDuration: 1, options: .curveLinear, items: [view], animations: { view.center.x = 100 },
                completion: { results.append($0) })
            waiting = animator.animate(
                withDuration: 1, delay: 5, options: .curveLinear, items: [view], animations: { view.center.y = 100 },
                completion: { results.append($0) })
            clock.sleep(until: 0.5)
            animator.update()
            #expect(running?.animator === animator && waiting?.animator === animator)
        }
        #expect(released == nil)
        #expect(running?.animator == nil && waiting?.animator == nil)
        running?.cancel()
        waiting?.cancel()
        #expect(results.isEmpty)
        #expect(running?.isFinished == false && waiting?.isFinished == false)
        #expect(close(Double(view.center.x), 50, 1e-9) && view.center.y == 0)
    }

    /// The caller drops its handle at once: the animation still runs to its end (its track
    /// holds it) and completes; once finished, nothing holds it any more, and it no longer
    /// refers to the animator.
    @Test func droppedHandleStillCompletesAndIsFreed() {
        let clock = ManualClock()
        let animator = ViewAnimator(clock: clock)
        let view = TestView(center: .zero)
        var results: [Bool] = []
        weak var animation: ViewAnimation?
        animation = animator.animate(
            withDuration: 1, options: .curveLinear, items: [view], animations: { view.center.x = 100 },
            completion: { results.append($0) })
        clock.sleep(until: 0.5)
        animator.update()
        #expect(animation != nil && animation?.animator === animator)
        clock.sleep(until: 2)
        animator.update()
        #expect(results == [true] && view.center.x == 100)
        #expect(animation == nil && !animator.isAnimating)
    }

    /// A finished, cancelled or replaced animation lets go of its animator at once, so a handle
    /// kept longer than the animator cannot reach it.
    @Test func finishedAnimationsForgetTheirAnimator() {
        let clock = ManualClock()
        let view = TestView(center: .zero), other = TestView(center: .zero)
        var handles: [ViewAnimation] = []
        var results: [Bool] = []
        weak var released: ViewAnimator?
        do {
            let animator = ViewAnimator(clock: clock)
            released = animator
            let replaced = animator.animate(
                withDuration: 1, options: .curveLinear, items: [view], animations: { view.center.x = 100 },
                completion: { results.append($0) })
            clock.sleep(until: 0.25)
            animator.update()
            let replacing = animator.animate(
                withDuration: 1, options: .curveLinear, items: [view], animations: { view.center.x = 0 },
                completion: { results.append($0) })
            let cancelled = animator.animate(
                withDuration: 1, options: .curveLinear, items: [other], animations: { other.alpha = 0.5 },
                completion: { results.append($0) })
            clock.sleep(until: 0.5)
            animator.update()
            cancelled.cancel()
            clock.sleep(until: 2)
            animator.update()
            handles = [replaced, replacing, cancelled]
            #expect(handles.allSatisfy { $0.isFinished && $0.animator == nil })
        }
        #expect(released == nil)
        for handle in handles { handle.cancel() }
        #expect(results == [false, false, true])
    }
}
