import Foundation
import KineticDynamics
import KineticGestures
import Testing

@testable import KineticLayout

/// The scroll view against iOS's published numbers: the rubber band (Grant Paul's formula with
/// c = 0.55), the deceleration (the speed times the rate each millisecond, whose sum is the
/// projection v·d/(1 − d)), the critically damped bounce, and paging.
@Suite("Scroll view physics")
struct ScrollViewPhysicsTests {
    /// The values published with the formula (D = 960: 5 → 2.74, 10 → 5.47, 100 → 52.02,
    /// 400 → 178.98, 960 → 340.65, to the two decimals printed); the slope at the edge is c; the
    /// band never reaches D; the inverse undoes it.
    @Test func rubberBandMatchesThePublishedTable() {
        for (pull, shown) in [(5.0, 2.74), (10, 5.47), (100, 52.02), (400, 178.98), (960, 340.65)] {
            #expect(abs(ScrollPhysics.rubberBand(pull, dimension: 960) - shown) < 0.005, "\(pull)")
        }
        for dimension in [100.0, 667, 2000] {
            #expect(abs(ScrollPhysics.rubberBand(1e-6, dimension: dimension) / 1e-6 - 0.55) < 1e-6)
            #expect(ScrollPhysics.rubberBand(1e12, dimension: dimension) < dimension)
            for pull in [-300.0, -1, 0.5, 42, 5000] {
                let shown = ScrollPhysics.rubberBand(pull, dimension: dimension)
                #expect(shown.sign == pull.sign && abs(shown) < abs(pull))
                #expect(
                    abs(ScrollPhysics.inverseRubberBand(shown, dimension: dimension) - pull) < 1e-6 * max(1, abs(pull)))
            }
        }
        #expect(ScrollPhysics.rubberBand(10, dimension: 0) == 0 && ScrollPhysics.rubberBand(.nan, dimension: 100) == 0)
    }

    /// Pulled past the top by a finger, the content shows the rubber band of the pull, for
    /// several pulls, in the view's height D = 667.
    @Test(arguments: [20.0, 100, 400])
    func aPullPastTheEdgeShowsTheRubberBand(pull: Double) {
        let h = ScrollHarness()
        // Down 10 pt (the slop) first: the content follows from where the pan began.
        h.step((.began, CGPoint(x: 180, y: 100)))
        h.step((.moved, CGPoint(x: 180, y: 112)))
        h.step((.moved, CGPoint(x: 180, y: 112 + pull)))
        #expect(h.view.isDragging)
        #expect(abs(Double(h.view.contentOffset.y) + ScrollPhysics.rubberBand(pull, dimension: 667)) < 1e-9)
    }

    /// Inside the content the offset follows the finger 1:1, from where the pan began (no jump
    /// by the slop).
    @Test func theContentFollowsTheFinger() {
        let h = ScrollHarness()
        h.view.contentOffset = CGPoint(x: 0, y: 1000)
        h.step((.began, CGPoint(x: 180, y: 500)))
        h.step((.moved, CGPoint(x: 180, y: 488)))  // past the 10 pt slop: the pan begins here
        #expect(h.view.contentOffset.y == 1000)
        h.step((.moved, CGPoint(x: 180, y: 388)))
        #expect(h.view.contentOffset.y == 1100)
    }

    /// A fling at v pt/ms: the delegate hears v and the projection x₀ + v·d/(1 − d) (499·v for
    /// 0.998); the content then follows x₀ + v·d(1 − dᵗ)/(1 − d), t in ms, and comes to rest
    /// exactly on the target.
    @Test(arguments: [ScrollView.DecelerationRate.normal, .fast])
    func aFlingDeceleratesOntoItsProjection(rate: ScrollView.DecelerationRate) throws {
        let h = ScrollHarness { $0.decelerationRate = rate }
        h.view.contentOffset = CGPoint(x: 0, y: 5000)
        h.drag(from: CGPoint(x: 180, y: 600), velocity: CGVector(dx: 0, dy: -1500), frames: 20)
        let released = h.time
        let start = Double(h.view.contentOffset.y)
        let velocity = try #require(h.recorder.releaseVelocity)
        // The pan's least-squares velocity is exact for a constant speed (to rounding).
        #expect(abs(Double(velocity.y) - 1.5) < 1e-9 && velocity.x == 0)
        let d = rate.rawValue
        let target = start + 1.5 * d / (1 - d)
        #expect(abs(Double(try #require(h.recorder.releaseTarget).y) - target) < 1e-9)
        if rate == .normal { #expect(abs(target - start - 1.5 * 499) < 1e-6) }
        #expect(h.view.isDecelerating)
        for _ in 0..<60 {
            h.step()
            let t = (h.time - released) * 1000
            let expected = start + 1.5 * d * (1 - pow(d, t)) / (1 - d)
            #expect(abs(Double(h.view.contentOffset.y) - expected) < 1e-6)
        }
        h.settle()
        #expect(Double(h.view.contentOffset.y) == Double(try #require(h.recorder.releaseTarget).y))
        #expect(!h.view.isDecelerating && h.recorder.events.last == "didEndDecelerating")
    }

    /// The speed decays as v·dᵗ: measured between frames, the content's speed half a second in
    /// is 0.998⁵⁰⁰ ≈ 0.368 of the release speed.
    @Test func theSpeedDecaysByTheRatePerMillisecond() {
        let h = ScrollHarness()
        h.view.contentOffset = CGPoint(x: 0, y: 5000)
        h.drag(from: CGPoint(x: 180, y: 600), velocity: CGVector(dx: 0, dy: -2000), frames: 20)
        let released = h.time
        while h.time - released < 0.5 - 1e-9 { h.step() }
        let before = Double(h.view.contentOffset.y)
        h.step()
        let speed = (Double(h.view.contentOffset.y) - before) / (ScrollHarness.frame * 1000)
        // The mean speed over the frame starting at t = 500 ms: v·d⁵⁰⁰·(1 − d^8.33)/(8.33·(1 − d))·d.
        let d = 0.998, n = ScrollHarness.frame * 1000
        let expected = 2.0 * pow(d, 500) * d * (1 - pow(d, n)) / ((1 - d) * n)
        #expect(abs(speed - expected) < 1e-9)
        #expect(abs(speed / 2 - 0.368) < 0.01)
    }

    /// The delegate may move the target; the deceleration then ends exactly there, on the same
    /// curve scaled.
    @Test func theDelegateCanMoveTheTarget() {
        let h = ScrollHarness()
        h.recorder.overrideTarget = CGPoint(x: 0, y: 1234.5)
        h.view.contentOffset = CGPoint(x: 0, y: 800)
        h.drag(from: CGPoint(x: 180, y: 600), velocity: CGVector(dx: 0, dy: -1000), frames: 15)
        h.settle()
        #expect(h.view.contentOffset == CGPoint(x: 0, y: 1234.5))
    }

    /// Released past the edge, the content springs back to it, critically damped: it moves
    /// toward the edge every frame and never crosses it, and ends on it exactly.
    @Test(arguments: [30.0, 150, 600])
    func aReleasePastTheEdgeBouncesBackWithoutOvershoot(pull: Double) {
        let h = ScrollHarness()
        h.step((.began, CGPoint(x: 180, y: 100)))
        h.step((.moved, CGPoint(x: 180, y: 112)))
        h.step((.moved, CGPoint(x: 180, y: 112 + pull)))
        for _ in 0..<30 { h.step((.moved, CGPoint(x: 180, y: 112 + pull))) }  // held still: no fling
        h.step((.ended, CGPoint(x: 180, y: 112 + pull)))
        var last = Double(h.view.contentOffset.y)
        #expect(last < 0)
        var frames = 0
        while h.view.isDecelerating, frames < 240 {
            h.step()
            let y = Double(h.view.contentOffset.y)
            #expect(y >= last && y <= 0, "frame \(frames): \(y) after \(last)")
            last = y
            frames += 1
        }
        #expect(h.view.contentOffset.y == 0 && !h.view.isDecelerating)
        // About the spring's response: back within a second.
        #expect(Double(frames) * ScrollHarness.frame < 1)
    }

    /// A fling that reaches the end runs on past it, then the spring brings it back to the
    /// edge: it passes the end once, never comes back inside short of it, and rests on it.
    @Test func aFlingIntoTheEndBounces() {
        let h = ScrollHarness(content: CGSize(width: 375, height: 2000))
        let end = 2000.0 - 667
        h.view.contentOffset = CGPoint(x: 0, y: end - 300)
        h.drag(from: CGPoint(x: 180, y: 600), velocity: CGVector(dx: 0, dy: -3000), frames: 10)
        #expect(h.recorder.releaseTarget?.y == CGFloat(end), "the target is clamped to the content")
        var passed = false
        var frames = 0
        while h.view.isDecelerating, frames < 600 {
            h.step()
            let y = Double(h.view.contentOffset.y)
            if y > end { passed = true }
            if passed { #expect(y >= end, "back inside after passing the end: \(y)") }
            frames += 1
        }
        #expect(passed && Double(h.view.contentOffset.y) == end)
    }

    /// Without bounces a fling stops at the end, and a pull past the edge does not move it.
    @Test func withoutBouncesTheEdgeIsAWall() {
        let h = ScrollHarness(content: CGSize(width: 375, height: 2000)) { $0.bounces = false }
        h.view.contentOffset = CGPoint(x: 0, y: 1000)
        h.drag(from: CGPoint(x: 180, y: 600), velocity: CGVector(dx: 0, dy: -3000), frames: 10)
        var highest = 0.0
        while h.view.isDecelerating {
            h.step()
            highest = max(highest, Double(h.view.contentOffset.y))
        }
        #expect(highest == Double(2000 - 667) && h.view.contentOffset.y == CGFloat(2000 - 667))
        h.drag(from: CGPoint(x: 180, y: 100), velocity: CGVector(dx: 0, dy: -600), frames: 30, lift: false)
        #expect(h.view.contentOffset.y == CGFloat(2000 - 667))
    }

    /// Paging: a slow short flick still turns the page; a fast fling turns one page only; a
    /// drag past half a page released still turns it; a short still release stays.
    @Test func pagingSettlesOnPageBoundaries() {
        func release(from page: Int, velocity: Double, frames: Int) -> Double {
            let h = ScrollHarness(content: CGSize(width: 375 * 6, height: 667)) { $0.isPagingEnabled = true }
            h.view.contentOffset = CGPoint(x: 375 * Double(page), y: 0)
            h.drag(from: CGPoint(x: 300, y: 300), velocity: CGVector(dx: -velocity, dy: 0), frames: frames)
            h.settle()
            return Double(h.view.contentOffset.x)
        }
        #expect(release(from: 2, velocity: 300, frames: 6) == 375 * 3)  // 25 pt at 0.3 pt/ms
        #expect(release(from: 2, velocity: -300, frames: 6) == 375 * 1)
        #expect(release(from: 2, velocity: 8000, frames: 6) == 375 * 3)  // one page at most
        #expect(release(from: 0, velocity: -8000, frames: 6) == 0)  // not before the first
        #expect(release(from: 5, velocity: 8000, frames: 6) == 375 * 5)  // nor past the last
    }

    @Test func pagingByADragPastHalfAPage() {
        let h = ScrollHarness(content: CGSize(width: 375 * 4, height: 667)) { $0.isPagingEnabled = true }
        h.drag(from: CGPoint(x: 350, y: 300), velocity: CGVector(dx: -1200, dy: 0), frames: 20, lift: false)
        for _ in 0..<30 { h.step((.moved, CGPoint(x: 350 - 1200 * 21 / 120, y: 300))) }  // rest: no velocity
        h.step((.ended, CGPoint(x: 350 - 1200 * 21 / 120, y: 300)))
        h.settle()
        #expect(h.view.contentOffset.x == 375)
        let back = ScrollHarness(content: CGSize(width: 375 * 4, height: 667)) { $0.isPagingEnabled = true }
        back.drag(from: CGPoint(x: 350, y: 300), velocity: CGVector(dx: -600, dy: 0), frames: 10, lift: false)
        for _ in 0..<30 { back.step((.moved, CGPoint(x: 350 - 600 * 11 / 120, y: 300))) }
        back.step((.ended, CGPoint(x: 350 - 600 * 11 / 120, y: 300)))
        back.settle()
        #expect(back.view.contentOffset.x == 0)
    }
}
