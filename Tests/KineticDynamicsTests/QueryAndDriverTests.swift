import Foundation
import Testing

@testable import KineticDynamics

@Suite("items(in:) and the real-time driver")
struct QueryAndDriverTests {
    /// items(in:) answers bounding boxes grown by 10 pt; a rotated item's box is its rotated
    /// rectangle's axis-aligned bounds.
    @Test func itemsInRectUsesGrownBoundingBoxes() {
        let item = TestItem(center: CGPoint(x: 100, y: 100), size: CGSize(width: 100, height: 20))
        let animator = DynamicAnimator()
        animator.addBehavior(DynamicItemBehavior(items: [item]))
        // Box spans x 50…150, y 90…110; grown, x 40…160.
        #expect(animator.items(in: CGRect(x: 155, y: 95, width: 10, height: 10)).count == 1)
        #expect(animator.items(in: CGRect(x: 165, y: 95, width: 10, height: 10)).isEmpty)
        // Turned 90°: spans y 50…150 → grown 40…160.
        item.transform = CGAffineTransform(rotationAngle: .pi / 2)
        animator.updateItem(usingCurrentState: item)
        #expect(animator.items(in: CGRect(x: 95, y: 155, width: 10, height: 10)).count == 1)
        #expect(animator.items(in: CGRect(x: 155, y: 95, width: 10, height: 10)).isEmpty)
    }

    /// The driver steps once per frame boundary crossed on its clock, never while paused, and
    /// drops a long stall's backlog.
    @Test func driverStepsPerFrameOnTheClock() {
        let clock = ManualClock()
        let animator = DynamicAnimator()
        let empty = DynamicBehavior()
        var frames = 0
        empty.action = { frames += 1 }
        animator.addBehavior(empty)
        let driver = AnimationDriver(animator: animator, clock: clock, framesPerSecond: 60)
        driver.maximumFramesPerTick = 60
        clock.advance(by: 0.5 + 1e-9)
        #expect(driver.tick() == 30 && frames == 30)
        #expect(abs(animator.elapsedTime - 0.5) < 1e-12)
        driver.maximumFramesPerTick = 8
        clock.advance(by: 10)
        #expect(driver.tick() == 8)
        clock.advance(by: 1.0 / 60.0)
        #expect(driver.tick() == 1)

        empty.action = nil  // nothing left to run: the animator pauses
        driver.tick()
        clock.advance(by: 1)
        let before = frames
        driver.tick()
        #expect(!animator.isRunning && frames == before)
    }

    @Test func runLoopSleepsOnTheClock() {
        let clock = ManualClock()
        let animator = DynamicAnimator()
        let item = TestItem(center: .zero)
        animator.addBehavior(GravityBehavior(items: [item]))
        let driver = AnimationDriver(animator: animator, clock: clock, framesPerSecond: 120)
        var frames = 0
        driver.onFrame = { _ in frames += 1 }
        driver.run { frames < 120 }
        #expect(frames == 120 && abs(clock.now - 1) < 1e-9)
        #expect(item.center.y > 400)
    }
}
