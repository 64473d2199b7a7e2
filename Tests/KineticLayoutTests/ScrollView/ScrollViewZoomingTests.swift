import Foundation
import KineticDynamics
import KineticGestures
import KineticTestSupport
import Testing

@testable import KineticLayout

/// A photo to zoom, the delegate's callbacks, and (optionally) the common UIKit recipe that
/// centres content smaller than the view in `scrollViewDidZoom`.
private final class PhotoDelegate: ScrollViewDelegate {
    let photo = TestView(center: CGPoint(x: 150, y: 200), size: CGSize(width: 300, height: 400))
    var centresSmallContent = false
    var events: [String] = []
    var endScales: [CGFloat] = []

    func viewForZooming(in scrollView: ScrollView) -> (any DynamicItem)? { photo }
    func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: (any DynamicItem)?) {
        events.append("willBeginZooming")
    }
    func scrollViewDidZoom(_ scrollView: ScrollView) {
        if events.last != "didZoom" { events.append("didZoom") }
        guard centresSmallContent else { return }
        let size = scrollView.contentSize, visible = scrollView.bounds.size
        photo.center = CGPoint(x: max(size.width, visible.width) / 2, y: max(size.height, visible.height) / 2)
    }
    func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: (any DynamicItem)?, atScale scale: CGFloat) {
        events.append("didEndZooming")
        endScales.append(scale)
    }
}

/// A 300×400 scroll view whose frame starts at (20, 50) in the arena, zooming a 300×400 photo
/// between 1 and 4.
private func zoomScene() -> (ManualClock, GestureArena, ScrollView, PhotoDelegate, LogCapture) {
    let clock = ManualClock()
    let arena = GestureArena(clock: clock)
    let view = ScrollView(frame: CGRect(x: 20, y: 50, width: 300, height: 400))
    let logs = LogCapture()
    view.logger = logs.logger
    let delegate = PhotoDelegate()
    view.delegate = delegate
    view.contentSize = CGSize(width: 300, height: 400)
    view.minimumZoomScale = 1
    view.maximumZoomScale = 4
    view.install(in: arena)
    return (clock, arena, view, delegate, logs)
}

/// Where the photo's point `p` (in its own coordinates) is on screen, from the photo's centre
/// and transform and the scroll view's frame and offset (UIView's geometry, computed here).
private func onScreen(_ p: CGPoint, _ view: ScrollView, _ photo: TestView) -> CGPoint {
    let s = Double(photo.transform.a)
    let originX = Double(photo.center.x) - Double(photo.bounds.width) * s / 2
    let originY = Double(photo.center.y) - Double(photo.bounds.height) * s / 2
    return CGPoint(
        x: Double(view.frame.minX) + originX + Double(p.x) * s - Double(view.contentOffset.x),
        y: Double(view.frame.minY) + originY + Double(p.y) * s - Double(view.contentOffset.y))
}

/// Two fingers about `centre`, `span` apart horizontally.
private func fingers(_ phase: Touch.Phase, _ centre: CGPoint, _ span: Double, _ t: Double) -> [Touch] {
    [
        Touch(
            id: 1, phase: phase, location: CGPoint(x: Double(centre.x) - span / 2, y: Double(centre.y)), timestamp: t),
        Touch(
            id: 2, phase: phase, location: CGPoint(x: Double(centre.x) + span / 2, y: Double(centre.y)), timestamp: t),
    ]
}

@Suite("Scroll view zooming")
struct ScrollViewZoomingTests {
    /// The photo's point under the fingers' centroid when the pinch begins stays under the
    /// centroid to 1e-9 pt while the fingers spread and move (two fingers pan as they zoom); the
    /// scale is the spans' ratio.
    @Test func pinchKeepsThePointUnderTheFingers() {
        let (clock, arena, view, delegate, _) = zoomScene()
        let start = CGPoint(x: 120, y: 200)
        arena.handle(fingers(.began, start, 100, 0))
        var anchor: CGPoint?
        for frame in 1...40 {
            let t = Double(frame) / 120
            clock.sleep(until: t)
            let centre = CGPoint(x: 120 + 1.5 * Double(frame), y: 200 - Double(frame))
            let span = 100 + 5 * Double(frame)
            arena.handle(fingers(.moved, centre, span, t))
            arena.advance(to: t)
            guard view.isZooming else { continue }
            if anchor == nil {
                // The pinch began at this event (the span 8 pt wider): the point under the
                // centroid then, from the geometry before it (scale 1, offset 0, frame at (20, 50)).
                anchor = CGPoint(x: Double(centre.x) - 20, y: Double(centre.y) - 50)
                #expect(frame == 2)
            }
            let s = span / 100
            #expect(abs(Double(view.zoomScale) - s) < 1e-12)
            let seen = onScreen(anchor!, view, delegate.photo)
            #expect(abs(Double(seen.x - centre.x)) < 1e-9 && abs(Double(seen.y - centre.y)) < 1e-9, "frame \(frame)")
            #expect(view.contentSize == CGSize(width: 300 * s, height: 400 * s))
        }
        #expect(anchor != nil)
        arena.handle(fingers(.ended, CGPoint(x: 180, y: 160), 300, 41.0 / 120))
        #expect(delegate.events.first == "willBeginZooming" && delegate.events.contains("didZoom"))
        #expect(delegate.endScales == [3])
        #expect(!view.isZooming)
    }

    /// Past the maximum the scale rubber-bands, limit·(raw/limit)^½, and springs back to the limit
    /// (over 0.3 s) when the fingers lift; without `bouncesZoom` it stops at the limit.
    @Test(arguments: [true, false])
    func pinchPastTheLimitBandsAndBouncesBack(bounces: Bool) {
        let (clock, arena, view, delegate, _) = zoomScene()
        view.bouncesZoom = bounces
        let centre = CGPoint(x: 170, y: 250)
        arena.handle(fingers(.began, centre, 40, 0))
        for frame in 1...10 {
            let t = Double(frame) / 120
            clock.sleep(until: t)
            arena.handle(fingers(.moved, centre, 40 + 32 * Double(frame), t))  // to 360: raw 9
            arena.advance(to: t)
        }
        #expect(abs(Double(view.zoomScale) - (bounces ? 6 : 4)) < 1e-12)
        arena.handle(fingers(.ended, centre, 360, 11.0 / 120))
        if bounces {
            #expect(view.isZoomBouncing && delegate.endScales.isEmpty)
            clock.sleep(until: 11.0 / 120 + 0.15)
            arena.advance(to: clock.now)
            #expect(view.zoomScale > 4 && view.zoomScale < 6)
            clock.sleep(until: 11.0 / 120 + 0.3)
            arena.advance(to: clock.now)
        }
        #expect(view.zoomScale == 4 && !view.isZoomBouncing && delegate.endScales == [4])
        #expect(view.contentOffset.x.isFinite && view.contentOffset.y.isFinite)
    }

    /// `setZoomScale(_:animated:)` zooms about the visible centre; `zoom(to:animated:)` fills the
    /// view with a rectangle of the photo.
    @Test func programmaticZooms() {
        let (clock, arena, view, delegate, _) = zoomScene()
        view.setZoomScale(2, animated: false)
        // The photo point at the visible centre, (150, 200), stays there: offset = 2·(150, 200) − (150, 200).
        #expect(view.zoomScale == 2 && view.contentOffset == CGPoint(x: 150, y: 200))
        #expect(view.contentSize == CGSize(width: 600, height: 800))
        #expect(delegate.endScales.isEmpty)
        // A rectangle a quarter the view's size, at the photo's top-left: scale 4, offset 0.
        view.zoom(to: CGRect(x: 0, y: 0, width: 75, height: 100), animated: true)
        #expect(view.zoomScale == 2)
        clock.sleep(until: 0.15)
        arena.advance(to: 0.15)
        // Ease-in-out's control points (0.42, 0) and (0.58, 1) are symmetric about the middle, so
        // halfway in time is halfway in scale: 3.
        #expect(abs(Double(view.zoomScale) - 3) < 1e-12)
        clock.sleep(until: 0.3)
        arena.advance(to: 0.3)
        #expect(view.zoomScale == 4 && view.contentOffset == .zero && delegate.endScales == [4])
        // Beyond the limits, clamped: scale 1 shows the whole photo.
        view.setZoomScale(100, animated: false)
        #expect(view.zoomScale == 4)
        view.zoom(to: CGRect(x: 0, y: 0, width: 3000, height: 4000), animated: false)
        #expect(view.zoomScale == 1 && view.contentOffset == .zero)
    }

    /// The recipe: content smaller than the view is centred in `scrollViewDidZoom`.
    @Test func smallContentIsCentredByTheRecipe() {
        let (_, _, view, delegate, _) = zoomScene()
        delegate.centresSmallContent = true
        view.minimumZoomScale = 0.5
        view.setZoomScale(0.5, animated: false)
        #expect(view.contentSize == CGSize(width: 150, height: 200))
        let photo = delegate.photo
        let frame = CGRect(
            x: photo.center.x - 75, y: photo.center.y - 100, width: 150, height: 200)
        #expect(frame.midX == view.bounds.width / 2 + view.contentOffset.x)
        #expect(frame.midY == view.bounds.height / 2 + view.contentOffset.y)
    }

    /// Bad scales are logged once each, naming the property, and ignored; a maximum below the
    /// minimum makes the minimum the limit both ways; nothing goes non-finite.
    @Test func badScalesAreLoggedAndIgnored() {
        let (_, arena, view, delegate, logs) = zoomScene()
        view.minimumZoomScale = 0
        view.maximumZoomScale = .nan
        view.setZoomScale(-1, animated: true)
        view.zoomScale = .infinity
        #expect(logs.messages.count == 4)
        for (message, name) in zip(logs.messages, ["minimumZoomScale", "maximumZoomScale", "zoomScale", "zoomScale"]) {
            #expect(message.contains("ScrollView.\(name)"))
        }
        #expect(view.minimumZoomScale == 1 && view.maximumZoomScale == 4 && view.zoomScale == 1)
        view.maximumZoomScale = 0.5
        #expect(logs.messages.count == 5 && logs.messages[4].contains("below minimumZoomScale"))
        view.setZoomScale(3, animated: false)
        #expect(view.zoomScale == 1)
        // No room to zoom: the pinch does not begin.
        delegate.events.removeAll()
        arena.handle(fingers(.began, CGPoint(x: 170, y: 250), 40, 0))
        arena.handle(fingers(.moved, CGPoint(x: 170, y: 250), 140, 0.05))
        #expect(!view.isZooming && view.zoomScale == 1 && delegate.events.isEmpty)
        arena.handle(fingers(.ended, CGPoint(x: 170, y: 250), 140, 0.1))
    }

    /// Two runs of one pinch, bounce and pan write bit-identical offsets and scales.
    @Test func replayIsBitIdentical() {
        func run() -> [UInt] {
            let (clock, arena, view, _, _) = zoomScene()
            var trace: [UInt] = []
            arena.handle(fingers(.began, CGPoint(x: 150, y: 200), 50, 0))
            for frame in 1...60 {
                let t = Double(frame) / 120
                clock.sleep(until: t)
                let phase: Touch.Phase = frame == 30 ? .ended : (frame < 30 ? .moved : .stationary)
                if frame <= 30 {
                    arena.handle(fingers(phase, CGPoint(x: 150 + Double(frame), y: 200), 50 + 11 * Double(frame), t))
                }
                arena.advance(to: t)
                trace += [view.zoomScale.bitPattern, view.contentOffset.x.bitPattern, view.contentOffset.y.bitPattern]
            }
            return trace
        }
        #expect(run() == run())
    }
}
