import Foundation
import KineticDynamics
import KineticGestures
import Testing

@testable import KineticLayout

/// A scroll view nested in another (``ScrollView/enclosingScrollView``): a photo zoomed to 2× in
/// its page (300×400 showing 600×800) inside a horizontally paging strip of three pages. The
/// truths, UIKit's for nested scroll views: a pan that starts with the photo at an edge and heads
/// past it goes to the strip (which pages: the strip's own rule, a settled offset a multiple of
/// its width), and the photo does not move; any other pan scrolls the photo and never the strip,
/// rubber band included (a pan stays with the view it began in).
@Suite("Nested scroll views")
struct NestedScrollViewTests {
    final class Strip {
        let clock = ManualClock()
        let arena: GestureArena
        let pager = ScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        let photo = ScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))

        init(photoOffset: CGPoint, pagerOffset: CGFloat = 0, nested: Bool = true) {
            arena = GestureArena(clock: clock)
            pager.contentSize = CGSize(width: 900, height: 400)
            pager.isPagingEnabled = true
            pager.contentOffset = CGPoint(x: pagerOffset, y: 0)
            photo.contentSize = CGSize(width: 600, height: 800)
            photo.contentOffset = photoOffset
            if nested { photo.enclosingScrollView = pager }
            // The photo's pan first, as a subview's recognizers are asked before its ancestors'.
            photo.install(in: arena)
            pager.install(in: arena)
        }

        /// A finger from (150, 200) moving `velocity` pt/s for 0.25 s at 120 Hz, then lifted;
        /// `watch` sees every frame while it is down.
        func swipe(_ velocity: CGVector, watch: () -> Void = {}) {
            let frame = 1.0 / 120
            var point = CGPoint(x: 150, y: 200)
            func step(_ phase: Touch.Phase) {
                clock.advance(by: frame)
                arena.handle(Touch(id: 1, phase: phase, location: point, timestamp: clock.now))
                arena.advance(to: clock.now)
            }
            step(.began)
            for _ in 0..<30 {
                point = CGPoint(x: point.x + velocity.dx * frame, y: point.y + velocity.dy * frame)
                step(.moved)
                watch()
            }
            step(.ended)
            for _ in 0..<(120 * 4) {
                clock.advance(by: frame)
                arena.advance(to: clock.now)
            }
        }
    }

    /// At its right edge, a swipe left goes to the strip, which turns to the next page.
    @Test func aSwipePastTheEdgeTurnsThePage() {
        let strip = Strip(photoOffset: CGPoint(x: 300, y: 100))
        strip.swipe(CGVector(dx: -1200, dy: 0)) {
            #expect(!strip.photo.isDragging && strip.photo.contentOffset == CGPoint(x: 300, y: 100))
        }
        #expect(strip.pager.contentOffset.x == 300, "the next page")
        #expect(strip.photo.contentOffset == CGPoint(x: 300, y: 100), "the photo did not move")
        // And back: at its left edge, a swipe right turns to the page before.
        let back = Strip(photoOffset: CGPoint(x: 0, y: 100), pagerOffset: 300)
        back.swipe(CGVector(dx: 1200, dy: 0))
        #expect(back.pager.contentOffset.x == 0 && back.photo.contentOffset == CGPoint(x: 0, y: 100))
    }

    /// Short of the edge, the photo takes the whole pan: it scrolls to its edge, rubber-bands past
    /// it while the finger goes on, and springs back to the edge; the strip never moves.
    @Test func aPanThatBeganInsideStaysInside() {
        let strip = Strip(photoOffset: CGPoint(x: 150, y: 100))
        var furthest: CGFloat = 0
        strip.swipe(CGVector(dx: -1200, dy: 0)) {
            furthest = max(furthest, strip.photo.contentOffset.x)
            #expect(strip.pager.contentOffset.x == 0)
        }
        #expect(furthest > 300, "past the edge on the rubber band")
        #expect(strip.photo.contentOffset.x == 300 && strip.pager.contentOffset.x == 0)
    }

    /// At the edge, a pan away from it, or along an axis the strip does not scroll, is the
    /// photo's.
    @Test func aPanAwayFromTheEdgeOrAcrossTheStripIsThePhotos() {
        let away = Strip(photoOffset: CGPoint(x: 300, y: 100))
        away.swipe(CGVector(dx: 600, dy: 0))
        #expect(away.photo.contentOffset.x < 300 && away.pager.contentOffset.x == 0)
        let down = Strip(photoOffset: CGPoint(x: 300, y: 100))
        down.swipe(CGVector(dx: 0, dy: -600))
        #expect(down.photo.contentOffset.y > 100 && down.pager.contentOffset.x == 0)
        // At the bottom too, a vertical pan past it stays the photo's: the strip does not scroll
        // vertically.
        let bottom = Strip(photoOffset: CGPoint(x: 300, y: 400))
        var furthest: CGFloat = 0
        bottom.swipe(CGVector(dx: 0, dy: -1200)) { furthest = max(furthest, bottom.photo.contentOffset.y) }
        #expect(furthest > 400 && bottom.photo.contentOffset.y == 400 && bottom.pager.contentOffset.x == 0)
    }

    /// Without an enclosing scroll view the photo keeps the pan at its edge (it rubber-bands), as
    /// a scroll view on its own does; one set to itself is no enclosing view.
    @Test func aViewOnItsOwnKeepsThePanAtItsEdge() {
        for own in [false, true] {
            let strip = Strip(photoOffset: CGPoint(x: 300, y: 100), nested: false)
            if own { strip.photo.enclosingScrollView = strip.photo }
            var furthest: CGFloat = 0
            strip.swipe(CGVector(dx: -1200, dy: 0)) { furthest = max(furthest, strip.photo.contentOffset.x) }
            #expect(furthest > 300 && strip.photo.contentOffset.x == 300 && strip.pager.contentOffset.x == 0)
        }
    }
}
