import Foundation
import Testing

@testable import KineticDynamics

/// Issue 32: a value the engine clamps (or counts as another) leaves a state in which every
/// invariant holds, and a loop whose bound is a caller's number stays bounded. Each case is one
/// cause found by random use.
@Suite("Clamped values leave a valid state; callers' numbers bound no loop")
struct ClampedStateTests {
    func animator() -> (DynamicAnimator, LogCapture) {
        let capture = LogCapture()
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800))
        animator.logger = capture.logger
        return (animator, capture)
    }

    /// Two items 5·10⁻³²⁴ pt thin made a group whose mass summed to zero: its centre was 0/0, and
    /// NaN reached the group, its members and every custom field's evaluator. A side below
    /// 10⁻⁶ pt now counts as that, with one log line per item.
    @Test func aGroupOfSubnormallyThinItemsStaysFinite() {
        let (animator, capture) = animator()
        let thin = TestItem(
            center: CGPoint(x: 100, y: 100), size: CGSize(width: 40, height: CGFloat.leastNonzeroMagnitude))
        let flat = TestItem(
            center: CGPoint(x: 140, y: 100), size: CGSize(width: CGFloat.leastNonzeroMagnitude, height: 40))
        let group = DynamicItemGroup(items: [thin, flat])
        var fieldInputs: [CGPoint] = []
        let field = FieldBehavior.field { _, position, _, _, _, _ in
            fieldInputs.append(position)
            return .zero
        }
        field.addItem(group)
        animator.addBehavior(GravityBehavior(items: [group]))
        animator.addBehavior(field)
        run(animator, frames: 10)
        #expect(!fieldInputs.isEmpty)
        #expect(fieldInputs.allSatisfy { $0.isFinite })
        #expect(thin.center.isFinite && flat.center.isFinite && group.center.isFinite)
        #expect(thin.center.y > 100, "the group falls")
        let lines = capture.messages.filter { $0.contains("DynamicItem.bounds: clamped") }
        #expect(lines.count == 2 && lines.allSatisfy { $0.contains("1e-6 pt per side") })
        #expect(!capture.messages.contains { $0.contains("became non-finite") })
    }

    /// A subnormally thin item on its own, colliding with a boundary: its body and its shape
    /// have the smallest size, and nothing goes non-finite.
    @Test func aSubnormallyThinItemCollidesFinitely() {
        let (animator, capture) = animator()
        let item = TestItem(center: CGPoint(x: 100, y: 780), size: CGSize(width: 1e-300, height: 30))
        let collision = CollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.addBehavior(collision)
        run(animator, frames: 120)
        #expect(item.center.isFinite && item.center.y <= 800)
        #expect(animator.debugDrawing().contacts.allSatisfy { $0.isFinite })
        #expect(capture.messages.filter { $0.contains("DynamicItem.bounds: clamped") }.count == 1)
        #expect(!capture.messages.contains { $0.contains("became non-finite") })
    }

    // MARK: The animation driver

    /// A clock whose reading the test sets to anything, NaN and going back included.
    final class SetClock: AnimationClock {
        var now: TimeInterval = 0
        func sleep(until deadline: TimeInterval) {}
    }

    /// A driver of a running animator (an action keeps it awake) that counts the frames stepped.
    func driver(framesPerSecond: Double = 240) -> (AnimationDriver, SetClock, LogCapture, () -> Int) {
        let (animator, capture) = animator()
        let awake = DynamicBehavior()
        awake.action = {}
        animator.addBehavior(awake)
        let clock = SetClock()
        let driver = AnimationDriver(animator: animator, clock: clock, framesPerSecond: framesPerSecond)
        var frames = 0
        driver.onFrame = { _ in frames += 1 }
        return (driver, clock, capture, { frames })
    }

    /// Issue 32's hang: a negative `maximumFramesPerTick` never equalled the frames stepped, so a
    /// clock jump of 10⁶ s at 240 fps stepped the animator 240 million times. Every value now
    /// counts as one in 1…1000, with one log line per assignment outside it.
    @Test(arguments: [Int.min, -8, -1, 0, 1, 8, 1000, 1001, Int.max])
    func aTickStepsAtMostTheClampedMaximum(_ maximum: Int) {
        let (driver, clock, capture, frames) = driver()
        driver.maximumFramesPerTick = maximum
        let limit = min(max(maximum, 1), 1000)
        #expect(capture.messages.count == (limit == maximum ? 0 : 1))
        if limit != maximum {
            #expect(capture.messages.first?.contains("AnimationDriver.maximumFramesPerTick: clamped") == true)
        }
        clock.now = 1e6
        #expect(driver.tick() == limit)
        #expect(frames() == limit)
        // The backlog is dropped: the next frame is due one frame after the jump.
        clock.now = 1e6 + 1.5 / 240
        #expect(driver.tick() == 1)
        #expect(frames() == limit + 1)
        #expect(driver.maximumFramesPerTick == maximum, "the caller's value is kept")
    }

    /// A clock that reads NaN or infinity steps nothing (one line per tick); one that jumps back
    /// restarts the frames one frame later; one so far out that a frame no longer changes its
    /// reading (10³⁰⁰ s) has no frame due, however often it is asked.
    @Test func aTickOfABadClockStepsNothing() {
        let (driver, clock, capture, frames) = driver()
        for reading in [Double.nan, .infinity, -.infinity] {
            clock.now = reading
            #expect(driver.tick() == 0)
        }
        #expect(frames() == 0)
        #expect(capture.messages.count == 3)
        #expect(capture.messages.allSatisfy { $0.contains("AnimationDriver.tick(): ignored non-finite clock time") })
        clock.now = 10
        #expect(driver.tick() == 8, "the default maximum")
        clock.now = -5
        #expect(driver.tick() == 0)
        clock.now = -5 + 1.5 / 240
        #expect(driver.tick() == 1, "frames restarted one frame after the clock went back")
        clock.now = 1e300
        #expect(driver.tick() == 8)
        let stepped = frames()
        for _ in 0..<3 { #expect(driver.tick() == 0) }
        #expect(frames() == stepped)
    }

    /// A frame rate outside 1…1000 counts as the nearest end (60 for NaN), with one log line.
    @Test(arguments: [(Double.nan, 60.0), (0, 1), (-5, 1), (1e300, 1000), (.infinity, 1000), (120, 120)])
    func aFrameRateOutsideItsRangeIsClamped(_ rate: Double, _ expected: Double) {
        let (driver, _, capture, _) = driver(framesPerSecond: rate)
        #expect(driver.framesPerSecond == expected)
        #expect(capture.messages.count == (rate == expected ? 0 : 1))
    }
}
