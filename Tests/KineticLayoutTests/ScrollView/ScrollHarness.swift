import Foundation
import KineticDynamics
import KineticGestures

@testable import KineticLayout

/// A 375×667 scroll view in an arena on a manual clock, driven at 120 Hz as a screen would be:
/// touches, then `arena.advance(to:)`, once per frame.
final class ScrollHarness {
    let clock = ManualClock()
    let arena: GestureArena
    let view: ScrollView
    let recorder = DelegateRecorder()
    var time: TimeInterval { clock.now }
    static let frame = 1.0 / 120

    init(content: CGSize = CGSize(width: 375, height: 20_000), configure: (ScrollView) -> Void = { _ in }) {
        arena = GestureArena(clock: clock)
        view = ScrollView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        view.contentSize = content
        configure(view)
        view.delegate = recorder
        view.install(in: arena)
    }

    /// One frame: the touch (if any) at the frame's time, then the arena (timers, scrolling).
    func step(_ touch: (phase: Touch.Phase, point: CGPoint)? = nil) {
        clock.advance(by: Self.frame)
        if let touch { arena.handle(Touch(id: 1, phase: touch.phase, location: touch.point, timestamp: clock.now)) }
        arena.advance(to: clock.now)
    }

    /// A finger down at `start`, moved at a constant `velocity` (pt/s) for `frames` frames, and
    /// lifted a frame later still moving (unless `lift` is false). Returns where it lifted.
    @discardableResult
    func drag(from start: CGPoint, velocity: CGVector, frames: Int, lift: Bool = true) -> CGPoint {
        step((.began, start))
        var point = start
        for _ in 0..<frames {
            point = CGPoint(x: point.x + velocity.dx * Self.frame, y: point.y + velocity.dy * Self.frame)
            step((.moved, point))
        }
        if lift {
            point = CGPoint(x: point.x + velocity.dx * Self.frame, y: point.y + velocity.dy * Self.frame)
            step((.ended, point))
        }
        return point
    }

    /// Frames until the view stops moving (no motion left), at most `limit` seconds.
    func settle(limit: Double = 10) {
        var frames = 0
        while view.isDecelerating || view.motion != nil, Double(frames) * Self.frame < limit {
            step()
            frames += 1
        }
    }
}

/// Records the delegate's callbacks in order, and may move the release's target.
final class DelegateRecorder: ScrollViewDelegate {
    var events: [String] = []
    var offsets: [CGPoint] = []
    var releaseVelocity: CGPoint?
    var releaseTarget: CGPoint?
    /// If set, the target the delegate answers.
    var overrideTarget: CGPoint?

    func scrollViewDidScroll(_ scrollView: ScrollView) {
        if events.last != "didScroll" { events.append("didScroll") }
        offsets.append(scrollView.contentOffset)
    }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { events.append("willBeginDragging") }
    func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        events.append("willEndDragging")
        releaseVelocity = velocity
        releaseTarget = targetContentOffset.pointee
        if let overrideTarget { targetContentOffset.pointee = overrideTarget }
    }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        events.append("didEndDragging(\(decelerate))")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { events.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { events.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { events.append("didEndScrollingAnimation") }
    func scrollViewDidScrollToTop(_ scrollView: ScrollView) { events.append("didScrollToTop") }
}
