import Foundation
import KineticDynamics
import KineticGestures
import Testing

@testable import KineticLayout

/// The scroll view's contract beyond the formulas: UIKit's delegate order, touches that stop
/// it, animated scrolls, directional lock, determinism and bad input.
@Suite("Scroll view behaviour")
struct ScrollViewBehaviourTests {
    /// A drag, release and deceleration report in UIKit's order, each once.
    @Test func theDelegateHearsUIKitsOrder() {
        let h = ScrollHarness()
        h.view.contentOffset = CGPoint(x: 0, y: 3000)
        h.recorder.events.removeAll()
        h.drag(from: CGPoint(x: 180, y: 600), velocity: CGVector(dx: 0, dy: -1000), frames: 15)
        h.settle()
        #expect(
            h.recorder.events == [
                "willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(true)", "willBeginDecelerating",
                "didScroll", "didEndDecelerating",
            ])
        // A drag released at rest does not decelerate.
        h.recorder.events.removeAll()
        h.drag(from: CGPoint(x: 180, y: 600), velocity: CGVector(dx: 0, dy: -600), frames: 10, lift: false)
        for _ in 0..<20 { h.step((.moved, CGPoint(x: 180, y: 600 - 600 * 10 / 120))) }
        h.step((.ended, CGPoint(x: 180, y: 600 - 600 * 10 / 120)))
        #expect(h.recorder.events == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(false)"])
        #expect(!h.view.isDecelerating && !h.view.isDragging && !h.view.isTracking)
    }

    /// A finger on a decelerating view stops it at once, where it is, and the touch is marked
    /// so it selects nothing; a touch on a still view is not marked.
    @Test func aTouchStopsADeceleration() {
        let h = ScrollHarness()
        h.view.contentOffset = CGPoint(x: 0, y: 3000)
        h.drag(from: CGPoint(x: 180, y: 600), velocity: CGVector(dx: 0, dy: -2000), frames: 10)
        for _ in 0..<10 { h.step() }
        let stopped = h.view.contentOffset
        h.step((.began, CGPoint(x: 100, y: 300)))
        #expect(!h.view.isDecelerating && h.view.isTracking && h.view.touchStoppedScrolling)
        #expect(h.view.contentOffset == stopped)
        for _ in 0..<10 { h.step() }
        #expect(h.view.contentOffset == stopped)
        h.step((.ended, CGPoint(x: 100, y: 300)))
        h.step((.began, CGPoint(x: 100, y: 300)))
        #expect(!h.view.touchStoppedScrolling)
    }

    /// `setContentOffset(_:animated:)` eases in and out over 0.3 s and then says so; a touch
    /// stops it where it is.
    @Test func animatedScrollsEaseAndCanBeInterrupted() {
        let h = ScrollHarness()
        h.view.setContentOffset(CGPoint(x: 0, y: 900), animated: true)
        var offsets: [Double] = []
        for _ in 0..<36 {
            h.step()
            offsets.append(Double(h.view.contentOffset.y))
        }
        // Ease in and out: the first and last frames move least, the middle most; the end exact.
        let steps = zip(offsets.dropFirst(), offsets).map { $0 - $1 }
        #expect(steps.first! < steps[steps.count / 2] && steps.last! < steps[steps.count / 2])
        #expect(offsets.last == 900 && h.recorder.events.last == "didEndScrollingAnimation")
        #expect(offsets[35] == 900 && offsets[34] < 900)  // 36 frames of 1/120 s: 0.3 s
        h.view.setContentOffset(CGPoint(x: 0, y: 0), animated: true)
        for _ in 0..<10 { h.step() }
        h.step((.began, CGPoint(x: 100, y: 100)))
        let stopped = h.view.contentOffset.y
        for _ in 0..<40 { h.step() }
        #expect(h.view.contentOffset.y == stopped && stopped > 0 && stopped < 900)
        #expect(h.recorder.events.filter { $0 == "didEndScrollingAnimation" }.count == 1)
    }

    /// Scroll to top: to `-contentInset.top`, then `scrollViewDidScrollToTop`; not when
    /// `scrollsToTop` is off.
    @Test func scrollToTop() {
        let h = ScrollHarness { $0.contentInset = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0) }
        h.view.contentOffset = CGPoint(x: 0, y: 5000)
        h.view.scrollToTop()
        for _ in 0..<40 { h.step() }
        #expect(h.view.contentOffset.y == -20 && h.recorder.events.last == "didScrollToTop")
        h.view.contentOffset = CGPoint(x: 0, y: 5000)
        h.view.scrollsToTop = false
        h.view.scrollToTop()
        for _ in 0..<40 { h.step() }
        #expect(h.view.contentOffset.y == 5000)
    }

    /// `scrollRectToVisible` moves the least distance that shows the rectangle.
    @Test func scrollRectToVisibleMovesTheLeast() {
        let h = ScrollHarness()
        h.view.scrollRectToVisible(CGRect(x: 0, y: 1000, width: 50, height: 100), animated: false)
        #expect(h.view.contentOffset.y == CGFloat(1100 - 667))
        h.view.scrollRectToVisible(CGRect(x: 0, y: 500, width: 50, height: 50), animated: false)
        #expect(h.view.contentOffset.y == CGFloat(1100 - 667), "already visible: no move")
        h.view.scrollRectToVisible(CGRect(x: 0, y: 100, width: 50, height: 50), animated: false)
        #expect(h.view.contentOffset.y == 100)
    }

    /// With directional lock, a mostly vertical drag moves only vertically; without, both.
    @Test func directionalLockKeepsToOneAxis() {
        for locked in [true, false] {
            let h = ScrollHarness(content: CGSize(width: 3000, height: 3000)) { $0.isDirectionalLockEnabled = locked }
            h.view.contentOffset = CGPoint(x: 1000, y: 1000)
            h.drag(from: CGPoint(x: 200, y: 500), velocity: CGVector(dx: -300, dy: -1200), frames: 20, lift: false)
            #expect(h.view.contentOffset.y > 1000)
            #expect((h.view.contentOffset.x == 1000) == locked, "locked \(locked): \(h.view.contentOffset)")
        }
    }

    /// Content no taller than the view does not scroll, unless it always bounces; then it
    /// rubber-bands and returns to its place.
    @Test func shortContentScrollsOnlyWithAlwaysBounce() {
        let still = ScrollHarness(content: CGSize(width: 375, height: 300))
        still.drag(from: CGPoint(x: 180, y: 400), velocity: CGVector(dx: 0, dy: -1000), frames: 20, lift: false)
        #expect(still.view.contentOffset == .zero && !still.view.isDragging)
        let bouncy = ScrollHarness(content: CGSize(width: 375, height: 300)) { $0.alwaysBounceVertical = true }
        bouncy.drag(from: CGPoint(x: 180, y: 400), velocity: CGVector(dx: 0, dy: -1000), frames: 20)
        #expect(bouncy.view.contentOffset.y > 0)
        bouncy.settle()
        #expect(bouncy.view.contentOffset == .zero)
    }

    /// Content that shrinks under a deceleration ends at its new edge.
    @Test func contentThatShrinksWhileMovingEndsAtTheNewEdge() {
        let h = ScrollHarness()
        h.view.contentOffset = CGPoint(x: 0, y: 3000)
        h.drag(from: CGPoint(x: 180, y: 600), velocity: CGVector(dx: 0, dy: -3000), frames: 10)
        for _ in 0..<5 { h.step() }
        h.view.contentSize = CGSize(width: 375, height: 2000)
        h.settle()
        #expect(h.view.contentOffset.y == CGFloat(2000 - 667) && !h.view.isDecelerating)
    }

    /// The same touches at the same frame times give bit-identical offsets.
    @Test func scrollingIsDeterministic() {
        func run() -> [CGPoint] {
            let h = ScrollHarness(content: CGSize(width: 375, height: 4000))
            h.drag(from: CGPoint(x: 180, y: 600), velocity: CGVector(dx: 40, dy: -2500), frames: 12)
            h.settle()
            h.drag(from: CGPoint(x: 180, y: 100), velocity: CGVector(dx: 0, dy: 4000), frames: 12)
            h.settle()
            return h.recorder.offsets
        }
        let a = run(), b = run()
        #expect(a.count > 100 && a == b)
    }

    /// Bad input: non-finite or negative sizes and offsets are refused and logged; a huge
    /// velocity ends at the end of the content; rates outside 0…1 still stop.
    @Test func badInputKeepsEverythingFinite() {
        let h = ScrollHarness()
        h.view.contentSize = CGSize(width: CGFloat.nan, height: 10)
        h.view.contentSize = CGSize(width: -1, height: 10)
        #expect(h.view.contentSize == CGSize(width: 375, height: 20_000))
        h.view.contentOffset = CGPoint(x: CGFloat.infinity, y: 0)
        h.view.frame = CGRect(x: 0, y: 0, width: 375, height: -CGFloat.infinity)
        h.view.setContentOffset(CGPoint(x: 0, y: CGFloat.nan), animated: true)
        h.view.scrollRectToVisible(CGRect(x: 0, y: CGFloat.nan, width: 1, height: 1), animated: true)
        h.view.decelerationRate = .init(rawValue: .nan)
        #expect(h.view.contentOffset == .zero && h.view.frame.height == 667 && h.view.decelerationRate == .normal)
        // A finger that crosses 100 000 pt in a frame.
        h.drag(from: CGPoint(x: 180, y: 600), velocity: CGVector(dx: 0, dy: -12_000_000), frames: 2)
        h.settle(limit: 30)
        #expect(h.view.contentOffset.y == CGFloat(20_000 - 667))
        // A delegate that answers a non-finite target: the current offset stands in for it.
        let lying = ScrollHarness()
        lying.recorder.overrideTarget = CGPoint(x: CGFloat.nan, y: CGFloat.infinity)
        lying.view.contentOffset = CGPoint(x: 0, y: 3000)
        lying.drag(from: CGPoint(x: 180, y: 600), velocity: CGVector(dx: 0, dy: -1000), frames: 10)
        lying.settle()
        #expect(lying.view.contentOffset.x == 0 && lying.view.contentOffset.y.isFinite && !lying.view.isDecelerating)
        for rate in [1.5, 1, 0, -3] {
            let r = ScrollHarness { $0.decelerationRate = .init(rawValue: rate) }
            r.view.contentOffset = CGPoint(x: 0, y: 5000)
            r.drag(from: CGPoint(x: 180, y: 600), velocity: CGVector(dx: 0, dy: -1000), frames: 10)
            r.settle(limit: 60)
            let y = Double(r.view.contentOffset.y)
            #expect(y.isFinite && y >= 5000 && y <= 20_000 - 667 && !r.view.isDecelerating, "rate \(rate): \(y)")
        }
    }
}

/// A collection view is a scroll view: a tap that stops its deceleration selects nothing, and
/// the next tap on the still view selects.
@Suite("Collection view scrolling by touch")
struct CollectionViewScrollTouchTests {
    @Test func aTapThatStopsTheScrollSelectsNothing() {
        let clock = ManualClock()
        let arena = GestureArena(clock: clock)
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 50, height: 50)
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
        let data = ArrayDataSource(count: 2000)
        view.dataSource = data
        view.install(in: arena)
        func frame(_ touch: (Touch.Phase, CGPoint)? = nil) {
            clock.advance(by: 1.0 / 120)
            if let touch { arena.handle(Touch(id: 1, phase: touch.0, location: touch.1, timestamp: clock.now)) }
            arena.advance(to: clock.now)
        }
        frame((.began, CGPoint(x: 100, y: 600)))
        for k in 1...12 { frame((.moved, CGPoint(x: 100, y: 600 - 25 * Double(k)))) }
        frame((.ended, CGPoint(x: 100, y: 600 - 25 * 13)))
        for _ in 0..<5 { frame() }
        #expect(view.isDecelerating)
        frame((.began, CGPoint(x: 30, y: 30)))
        frame((.ended, CGPoint(x: 30, y: 30)))
        if let tapped = view.indexPathForItem(at: CGPoint(x: 30, y: 30 + view.contentOffset.y)) {
            view.userDidTapItem(at: tapped)
            #expect(view.indexPathsForSelectedItems?.isEmpty ?? true)
        }
        frame((.began, CGPoint(x: 30, y: 30)))
        frame((.ended, CGPoint(x: 30, y: 30)))
        let tapped = view.indexPathForItem(at: CGPoint(x: 30, y: 30 + view.contentOffset.y))
        #expect(tapped != nil)
        if let tapped {
            view.userDidTapItem(at: tapped)
            #expect(view.indexPathsForSelectedItems == [tapped])
        }
    }
}
