import Foundation
import KineticDynamics
import KineticTestSupport
import Testing

@testable import KineticAnimation

/// Misuses UIKit traps on trap with UIKit's message (checked in a child process). The messages
/// are UIKit's assertions and exceptions in `UIViewPropertyAnimator` (iOS 10.3's UIKit, where
/// `%@` is the animator's description), and the release message every iOS app that drops a
/// paused animator has met.
@Suite("Property animator: traps with UIKit's messages")
struct PropertyAnimatorTrapTests {
    @Test func finishingAnAnimatorThatIsNotStoppedTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let runner = ViewAnimator(clock: ManualClock())
            let view = TestView()
            let animator = ViewPropertyAnimator(duration: 1, curve: .linear, viewAnimator: runner, items: [view]) {
                view.alpha = 0
            }
            animator.startAnimation()
            animator.finishAnimation(at: .end)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("finishAnimationAtPosition: should only be called on a stopped animator!"))
    }

    @Test func releasingAPausedAnimatorTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let runner = ViewAnimator(clock: ManualClock())
            let view = TestView()
            do {
                let animator = ViewPropertyAnimator(duration: 1, curve: .linear, viewAnimator: runner, items: [view]) {
                    view.alpha = 0
                }
                animator.pauseAnimation()
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("It is an error to release a paused or stopped property animator."))
    }

    @Test func stoppingAnInactiveAnimatorTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let runner = ViewAnimator(clock: ManualClock())
            let animator = ViewPropertyAnimator(duration: 1, curve: .linear, viewAnimator: runner, items: [])
            animator.stopAnimation(true)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            stderr.contains("<ViewPropertyAnimator(0x")
                && stderr.contains("[inactive] interruptible> is already stopped!"))
    }

    @Test func startingWithoutAnimationsTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let runner = ViewAnimator(clock: ManualClock())
            ViewPropertyAnimator(duration: 1, curve: .linear, viewAnimator: runner, items: []).startAnimation()
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("must have at least one animation block to start!"))
    }

    @Test func negativeDelayTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let runner = ViewAnimator(clock: ManualClock())
            let view = TestView()
            let animator = ViewPropertyAnimator(duration: 1, curve: .linear, viewAnimator: runner, items: [view]) {
                view.alpha = 0
            }
            animator.startAnimation(afterDelay: -1)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("The delay should be greater than or equal to zero."))
    }

    @Test func startingAPausedAnimatorWithADelayTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let runner = ViewAnimator(clock: ManualClock())
            let view = TestView()
            let animator = ViewPropertyAnimator(duration: 1, curve: .linear, viewAnimator: runner, items: [view]) {
                view.alpha = 0
            }
            animator.pauseAnimation()
            animator.startAnimation(afterDelay: 1)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("[active] interruptible>) cannot be started with a delay!"))
    }

    @Test func settingInterruptibleWhileActiveTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let runner = ViewAnimator(clock: ManualClock())
            let view = TestView()
            let animator = ViewPropertyAnimator(duration: 1, curve: .linear, viewAnimator: runner, items: [view]) {
                view.alpha = 0
            }
            animator.startAnimation()
            animator.isInterruptible = false
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("It is not allowed to set the interruptible property of an active animator"))
    }

    @Test func interruptingAnUninterruptibleAnimatorTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let runner = ViewAnimator(clock: ManualClock())
            let view = TestView()
            let animator = ViewPropertyAnimator(duration: 1, curve: .linear, viewAnimator: runner, items: [view]) {
                view.alpha = 0
            }
            animator.isInterruptible = false
            animator.startAnimation()
            animator.pauseAnimation()
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("[active] running> that is not interruptible cannot be paused!"))
    }

    @Test func stoppingTwiceTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let runner = ViewAnimator(clock: ManualClock())
            let view = TestView()
            let animator = ViewPropertyAnimator(duration: 1, curve: .linear, viewAnimator: runner, items: [view]) {
                view.alpha = 0
            }
            animator.startAnimation()
            animator.stopAnimation(false)
            animator.stopAnimation(false)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("[stopped] interruptible> is already stopped!"))
    }
}
