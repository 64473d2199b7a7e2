import Foundation
import KineticDynamics
import KineticGestures
import Testing
import UIKitCompat

/// A snapping carousel's scroll delegate as UIKit code writes it (only the import changed):
/// it rounds the release's target to whole 300 pt cards, and the deceleration ends there.
final class SnappingCarousel: NSObject, UIScrollViewDelegate {
    let cardWidth: CGFloat = 300

    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        let index = (targetContentOffset.pointee.x / cardWidth).rounded()
        targetContentOffset.pointee.x = index * cardWidth
    }
}

@Suite("Porting a UIScrollViewDelegate")
struct ScrollDelegatePortTests {
    @Test func aSnappingCarouselEndsOnACard() {
        let clock = ManualClock()
        let arena = GestureArena(clock: clock)
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 375, height: 200))
        scrollView.contentSize = CGSize(width: 3000, height: 200)
        let carousel = SnappingCarousel()
        scrollView.delegate = carousel
        scrollView.install(in: arena)
        var x = 300.0
        func frame(_ phase: Touch.Phase?) {
            clock.advance(by: 1.0 / 120)
            if let phase {
                arena.handle(Touch(id: 1, phase: phase, location: CGPoint(x: x, y: 100), timestamp: clock.now))
            }
            arena.advance(to: clock.now)
        }
        frame(.began)
        for _ in 0..<12 {
            x -= 1100.0 / 120
            frame(.moved)
        }
        x -= 1100.0 / 120
        frame(.ended)
        for _ in 0..<1200 where scrollView.isDecelerating { frame(nil) }
        let offset = Double(scrollView.contentOffset.x)
        #expect(offset > 300 && offset.truncatingRemainder(dividingBy: 300) == 0, "\(offset)")
    }
}
