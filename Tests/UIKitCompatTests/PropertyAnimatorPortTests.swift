// The modern drag-to-dismiss recipe (a pan drives a UIViewPropertyAnimator: pause on touch,
// scrub with the translation, hand the finger's velocity to a UISpringTimingParameters on
// release, catch it mid-flight with a new touch), written with UIKit's names against
// UIKitCompat, end to end through an arena.
import Testing
import UIKitCompat

/// A sheet, as a bare animatable item.
final class Sheet: AnimatableItem {
    var center = CGPoint(x: 200, y: 300)
    var bounds = CGRect(x: 0, y: 0, width: 400, height: 600)
    var transform = CGAffineTransform.identity
    var alpha: CGFloat = 1
}

@Suite("Drag to dismiss with a property animator through UIKitCompat")
struct PropertyAnimatorPortTests {
    /// The controller's code, as a UIKit app writes it (with the headless runner and items).
    final class DismissController {
        let sheet = Sheet()
        let runner: ViewAnimator
        var animator: UIViewPropertyAnimator?
        var startFraction: CGFloat = 0
        let distance: CGFloat = 600
        var handedOverVelocity: CGFloat?

        init(clock: ManualClock) { runner = ViewAnimator(clock: clock) }

        func handlePan(_ pan: UIPanGestureRecognizer) {
            switch pan.state {
            case .began:
                if animator == nil || animator?.state == .inactive {
                    let sheet = self.sheet
                    let dismissed = CGPoint(x: sheet.center.x, y: sheet.center.y + distance)
                    animator = UIViewPropertyAnimator(
                        duration: 0.5, curve: .easeOut, viewAnimator: runner, items: [sheet]
                    ) { sheet.center = dismissed }
                }
                animator?.pauseAnimation()
                startFraction = animator?.fractionComplete ?? 0
            case .changed:
                animator?.fractionComplete = startFraction + pan.translation(in: nil).y / distance
            case .ended:
                guard let animator else { return }
                let velocity = pan.velocity(in: nil).y
                let remaining = distance * (1 - animator.fractionComplete)
                handedOverVelocity = velocity
                let spring = UISpringTimingParameters(
                    dampingRatio: 1, initialVelocity: CGVector(dx: 0, dy: velocity / remaining))
                animator.continueAnimation(withTimingParameters: spring, durationFactor: 0)
            default:
                break
            }
        }
    }

    @Test func flickHandsTheVelocityToTheSpringAndACatchPausesItWhereItIs() {
        let clock = ManualClock()
        let controller = DismissController(clock: clock)
        let arena = GestureArena(clock: clock)
        let pan = UIPanGestureRecognizer()
        pan.addAction { controller.handlePan($0) }
        arena.addGestureRecognizer(pan)

        // A drag of 120 pt at 1000 pt/s (10 pt per 10 ms), released while moving.
        var t = 0.0
        arena.handle(UITouch(id: 1, phase: .began, location: CGPoint(x: 200, y: 300), timestamp: t))
        for step in 1...12 {
            t = Double(step) * 0.01
            clock.sleep(until: t)
            arena.handle(
                UITouch(id: 1, phase: .moved, location: CGPoint(x: 200, y: 300 + 10 * Double(step)), timestamp: t))
            controller.runner.update()
        }
        // Scrubbing is linear: the sheet is under the finger.
        #expect(abs(controller.sheet.center.y - 420) < 1e-9)
        arena.handle(UITouch(id: 1, phase: .ended, location: CGPoint(x: 200, y: 420), timestamp: t))
        let released = controller.sheet.center.y
        // The least-squares velocity of a straight line is exact: 1000 pt/s.
        #expect(abs((controller.handedOverVelocity ?? 0) - 1000) < 1e-6)
        // Right after the release the sheet moves at the finger's speed (no jolt).
        let h = 1e-6
        clock.sleep(until: t + h)
        controller.runner.update()
        #expect(abs((controller.sheet.center.y - released) / h - 1000) < 1)

        // A new touch mid-flight catches it: the pan begins after 10 pt, pausing the animator
        // where it is then; nothing moves while the finger is still.
        clock.sleep(until: t + 0.1)
        controller.runner.update()
        arena.handle(UITouch(id: 2, phase: .began, location: CGPoint(x: 100, y: 500), timestamp: t + 0.1))
        arena.handle(UITouch(id: 2, phase: .moved, location: CGPoint(x: 100, y: 510), timestamp: t + 0.11))
        #expect(controller.animator?.state == .active && controller.animator?.isRunning == false)
        let caught = controller.sheet.center.y
        clock.sleep(until: t + 0.3)
        controller.runner.update()
        #expect(controller.sheet.center.y == caught)
        #expect(caught > 420 && caught < 900)
        // Released with no speed, the spring settles at the dismissed position.
        arena.handle(UITouch(id: 2, phase: .stationary, location: CGPoint(x: 100, y: 510), timestamp: t + 0.3))
        arena.handle(UITouch(id: 2, phase: .ended, location: CGPoint(x: 100, y: 510), timestamp: t + 0.3))
        clock.sleep(until: t + 2)
        controller.runner.update()
        #expect(controller.sheet.center.y == 900 && controller.animator?.state == .inactive)
    }

    /// The rest of the vocabulary answers to UIKit's names.
    @Test func uikitNames() {
        let pinch = UIPinchGestureRecognizer()
        let rotation = UIRotationGestureRecognizer()
        let swipe = UISwipeGestureRecognizer()
        swipe.direction = [.left, .right]
        let edge = UIScreenEdgePanGestureRecognizer()
        edge.edges = UIRectEdge.left
        let cubic: UITimingCurveProvider = UICubicTimingParameters(animationCurve: .easeIn)
        let state: UIViewAnimatingState = .inactive
        let position: UIViewAnimatingPosition = .current
        #expect(pinch.scale == 1 && rotation.rotation == 0 && swipe.numberOfTouchesRequired == 1)
        #expect(cubic.timingCurveType == UITimingCurveType.builtin && state.rawValue == 0 && position.rawValue == 2)
    }
}
