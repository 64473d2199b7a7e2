// The code of the documentation's Getting Started article (Sources/Kinetic/Kinetic.docc/GettingStarted.md)
// and of the README's example, compiled and checked: if the API changes, this fails first.
import Kinetic
import Testing

/// Any class with a center, bounds and transform is a dynamic item.
final class Box: DynamicItem {
    var center = CGPoint(x: 200, y: 100)
    var bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    var transform = CGAffineTransform.identity
}

@Suite("Getting started")
struct GettingStartedTests {
    /// A box on a 2 Hz spring under gravity sags g/ω² ≈ 6.3 pt below the anchor.
    @Test func aBoxHangsOnASpring() {
        let box = Box()
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800))
        animator.addBehavior(GravityBehavior(items: [box]))
        let spring = AttachmentBehavior(item: box, attachedToAnchor: CGPoint(x: 200, y: 100))
        spring.frequency = 2
        spring.damping = 0.3
        animator.addBehavior(spring)

        for _ in 0..<60 { animator.step(1.0 / 60) }
        #expect(abs(box.center.x - 200) < 1e-9)
        #expect(abs(box.center.y - 106.3) < 0.5, "\(box.center)")
    }

    /// In real time an `AnimationDriver` steps the animator from a clock; with a `ManualClock`
    /// no real time passes, so the same code is a test.
    @Test func aDriverStepsTheAnimatorFromAClock() {
        let box = Box()
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800))
        animator.addBehavior(SnapBehavior(item: box, snapTo: CGPoint(x: 300, y: 400)))
        let clock = ManualClock()
        let driver = AnimationDriver(animator: animator, clock: clock, framesPerSecond: 60)
        var frames = 0
        driver.onFrame = { _ in frames += 1 }
        driver.run(while: { animator.isRunning })  // sleeps on the clock between frames
        #expect(!animator.isRunning, "paused at rest after \(frames) frames")
        #expect(hypot(box.center.x - 300, box.center.y - 400) < 0.5)
    }
}
