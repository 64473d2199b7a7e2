import Foundation
import KineticAnimation
import KineticDynamics
import KineticGestures
import KineticLayout
import KineticPlatform
import Testing

@testable import KineticScenes

/// The photos scene: a pinch zooms the first photo about the fingers past its 3× limit and it
/// springs back; one finger pans it; double taps zoom it out, in about the tap and out again; two
/// fingers turn it and it springs upright; a flick pages to the second photo; a drag down flings
/// it away with the finger's velocity, a touch catches it mid-flight and drags it home; the
/// scrubber scrubs the info panel. Checked against independent truths (the centroid under the
/// fingers, the finger's speed, a replay without the catch) and replayed twice to the same
/// frames. `Traces/photos.json` is this trace, for the playground, the digests and the GIF.
@Suite("The photos scene")
struct PhotosSceneTests {
    static let rate = 120.0

    /// Two fingers about `from` (`span` apart at angle `angle`) moving over `duration` seconds to
    /// about `to`, `toSpan` apart at `toAngle`, then lifting; ids 1 and 2.
    static func twoFingers(
        at start: Double, duration: Double, from: CGPoint, to: CGPoint, span: Double, toSpan: Double,
        angle: Double = 0, toAngle: Double = 0, moving: Bool = false
    ) -> [Touch] {
        func fingers(_ f: Double) -> (CGPoint, CGPoint) {
            let c = CGPoint(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
            let r = (span + (toSpan - span) * f) / 2, a = angle + (toAngle - angle) * f
            let d = CGPoint(x: r * Foundation.cos(a), y: r * Foundation.sin(a))
            return (CGPoint(x: c.x - d.x, y: c.y - d.y), CGPoint(x: c.x + d.x, y: c.y + d.y))
        }
        let (a0, b0) = fingers(0)
        var events = [
            Traces.touch(.began, a0.x, a0.y, start, id: 1), Traces.touch(.began, b0.x, b0.y, start, id: 2),
        ]
        let steps = Int(duration * rate)
        for i in 1...steps {
            let (a, b) = fingers(Double(i) / Double(steps))
            let t = start + Double(i) / rate
            events += [Traces.touch(.moved, a.x, a.y, t, id: 1), Traces.touch(.moved, b.x, b.y, t, id: 2)]
        }
        // Lifted a frame later: still, or (`moving`) one more step along.
        let (a1, b1) = fingers(moving ? 1 + 1 / Double(steps) : 1)
        let end = start + duration + 1 / rate
        return events + [Traces.touch(.ended, a1.x, a1.y, end, id: 1), Traces.touch(.ended, b1.x, b1.y, end, id: 2)]
    }

    /// A finger down at `from`, still for `hold` s, moved at constant speed to `to` over `slide`
    /// s, still for `rest` s, lifted.
    static func drag(
        from: CGPoint, to: CGPoint, at start: Double, hold: Double = 0, slide: Double, rest: Double = 0,
        flick: Bool = false
    ) -> [Touch] {
        var events = [Traces.touch(.began, from.x, from.y, start)]
        let holdSteps = Int((hold * rate).rounded())
        for i in 0..<holdSteps { events.append(Traces.touch(.moved, from.x, from.y, start + Double(i + 1) / rate)) }
        let moveStart = start + Double(holdSteps) / rate
        let steps = max(1, Int((slide * rate).rounded()))
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            events.append(
                Traces.touch(
                    .moved, from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f, moveStart + Double(i) / rate))
        }
        let restSteps = Int((rest * rate).rounded())
        let moveEnd = moveStart + Double(steps) / rate
        for i in 0..<restSteps { events.append(Traces.touch(.moved, to.x, to.y, moveEnd + Double(i + 1) / rate)) }
        // Lifted a frame later: still, or (a flick) one more step along.
        let f = flick ? 1 + 1 / Double(steps) : 1
        let lift = CGPoint(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
        events.append(Traces.touch(.ended, lift.x, lift.y, moveEnd + Double(restSteps + 1) / rate))
        return events
    }

    static func doubleTap(_ p: CGPoint, at t: Double) -> [Touch] {
        Traces.tap(p, at: t) + Traces.tap(p, at: t + 0.18)
    }

    /// The pinch's centroid and spans: fingers 80 apart about (187, 333), spread to 260 while the
    /// centroid drifts 7 pt (less than the pan's 10 pt hysteresis).
    static let pinchFrom = CGPoint(x: 187, y: 333), pinchTo = CGPoint(x: 191, y: 327)
    static let pinchStart = 0.3, pinchDuration = 0.5
    /// The drag down: from (187, 300) at 1200 pt/s for 0.125 s (150 pt), let go at once.
    static let dismissStart = 6.8, dismissSpeed = 1200.0
    /// The catch: 0.05 s after the release, at (187, 560), held 0.3 s, then dragged up 300 pt.
    static let catchStart = dismissStart + 0.18, catchPoint = CGPoint(x: 187, y: 560)

    static var events: [Touch] {
        var events = twoFingers(
            at: pinchStart, duration: pinchDuration, from: pinchFrom, to: pinchTo, span: 80, toSpan: 260)
        events += drag(from: CGPoint(x: 220, y: 420), to: CGPoint(x: 140, y: 320), at: 1.4, slide: 0.3, rest: 0.1)
        events += doubleTap(CGPoint(x: 187, y: 333), at: 2.3)
        events += doubleTap(CGPoint(x: 260, y: 250), at: 3.0)
        events += doubleTap(CGPoint(x: 187, y: 333), at: 3.7)
        events += twoFingers(
            at: 4.4, duration: 0.4, from: CGPoint(x: 187, y: 333), to: CGPoint(x: 187, y: 333), span: 140,
            toSpan: 140, angle: 0, toAngle: 0.7, moving: true)
        events += drag(from: CGPoint(x: 300, y: 333), to: CGPoint(x: 150, y: 333), at: 5.3, slide: 0.15)
        let slide = 150 / dismissSpeed
        events += drag(
            from: CGPoint(x: 187, y: 300), to: CGPoint(x: 187, y: 450), at: dismissStart, slide: slide, flick: true)
        events += drag(
            from: catchPoint, to: CGPoint(x: catchPoint.x, y: catchPoint.y - 300), at: catchStart, hold: 0.3,
            slide: 0.4, rest: 0.15)
        events += drag(from: CGPoint(x: 60, y: 630), to: CGPoint(x: 260, y: 630), at: 9.0, slide: 0.5, rest: 0.1)
        return events
    }

    static var trace: TouchTrace { TouchTrace(scene: "photos", seed: 1, events: events) }

    /// Where the fingers of `events` are at `time` (the last event of each id at or before it).
    static func fingers(at time: Double, in events: [Touch]) -> [Int: CGPoint] {
        var down: [Int: CGPoint] = [:]
        for e in events where e.timestamp <= time {
            if e.phase == .ended || e.phase == .cancelled { down[e.id] = nil } else { down[e.id] = e.location }
        }
        return down
    }

    /// The pinch zooms about the fingers: the photo's point under their centroid (in its own
    /// coordinates, from what is drawn) is the same on every frame of the pinch, to 1e-9, and is
    /// the point under the centroid when the fingers began (scale 1, the photo at (20, 110)). Past
    /// 3× it rubber-bands, and springs back to exactly 3× once the fingers lift.
    @Test func thePinchKeepsThePointUnderTheFingersAndBouncesBackFromTheLimit() throws {
        var points: [CGPoint] = []
        var peak = 0.0
        let replay = try #require(
            Replay(Self.trace, tail: 0) { time, scene in
                guard time < 1.3, let s = scene as? PhotosPlayScene else { return }
                let zoom = Double(s.pages[0].zoomScale)
                peak = max(peak, zoom)
                let fingers = Self.fingers(at: time, in: Self.events)
                guard s.pages[0].isZooming, let a = fingers[1], let b = fingers[2] else { return }
                let c = CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
                let frame = s.photoFrame(0)
                let origin = CGPoint(
                    x: frame.center.x - frame.size.width / 2, y: frame.center.y - frame.size.height / 2)
                points.append(CGPoint(x: (c.x - origin.x) / zoom, y: (c.y - origin.y) / zoom))
            })
        _ = replay
        #expect(points.count > 40)
        let first = try #require(points.first)
        for p in points { #expect(abs(p.x - first.x) < 1e-9 && abs(p.y - first.y) < 1e-9, "\(p) vs \(first)") }
        // The centroid at the began event lies on the fingers' path, early on.
        let start = CGPoint(x: Self.pinchFrom.x - 20, y: Self.pinchFrom.y - 110)
        #expect(abs(first.x - start.x) < 1 && abs(first.y - start.y) < 1, "\(first)")
        #expect(peak > 3.05 && peak < 3 * (260.0 / 80 / 3).squareRoot() + 1e-9, "rubber-banded to \(peak)")
    }

    /// Replayed whole: the pinch's 3× bounce, the pan, the double taps (out, in to 2.5×, out), the
    /// tilt back to upright, the page flick to photo 2, the dismissal caught and dragged home, the
    /// scrubber at (260 − 40) / 295. Twice, to the same frames.
    @Test func theTraceZoomsTurnsPagesDismissesCatchesAndScrubs() throws {
        var zoomedIn = 0.0
        let replay = try #require(
            Replay(Self.trace, tail: 2) { time, scene in
                guard time > 3.3 && time < 4.0, let s = scene as? PhotosPlayScene else { return }
                zoomedIn = max(zoomedIn, Double(s.pages[0].zoomScale))
            })
        let scene = try #require(replay.scene as? PhotosPlayScene)
        #expect(zoomedIn == 2.5, "the double tap zoomed in to 2.5×")
        #expect(scene.pages[0].zoomScale == 1, "and the next zoomed out")
        #expect(scene.pager.contentOffset.x == 375 && scene.currentPage == 1)
        for mount in scene.mounts {
            #expect(mount.transform == .identity && mount.center == PhotosPlayScene.home)
        }
        #expect(abs(Double(scene.scrubAnimator.fractionComplete) - 220.0 / 295) < 1e-12)
        #expect(scene.scrubAnimator.state == .active && !scene.scrubAnimator.isRunning, "still paused, scrubbed")
        let expectedY = 700 + 50 + (480 + 60 - 750) * 220.0 / 295
        #expect(abs(Double(scene.panel.center.y) - expectedY) < 1e-9, "linear scrubbing")
        let again = try #require(Replay(Self.trace, tail: 2))
        #expect(replay.frameDigests == again.frameDigests)
    }

    /// The tilt follows the fingers' line (its angle from the first finger to the second, 0 when
    /// they came down) on every frame; the spring that turns it back starts at the fingers'
    /// angular velocity (0.7 rad over 0.4 s, lifted moving) relative to the angle left, as
    /// UIKit's (the lift's step turned it 0.7 / 48 more); it overshoots (damping 0.6) and ends upright.
    @Test func theTiltFollowsTheFingersAndSpringsBackFromTheirVelocity() throws {
        let release = 4.4 + 0.4 + 1.0 / 120
        var followed = 0
        var lowest = 0.0
        var spring: (velocity: Double, angle: Double)?
        let replay = try #require(
            Replay(Self.trace, tail: 0) { time, scene in
                guard time > 4.4, time < 5.3, let s = scene as? PhotosPlayScene else { return }
                let angle = Double(Elementary.atan2(s.mounts[0].transform.b, s.mounts[0].transform.a))
                lowest = min(lowest, angle)
                if s.rotation.state == .changed, let a = Self.fingers(at: time, in: Self.events)[1],
                    let b = Self.fingers(at: time, in: Self.events)[2]
                {
                    #expect(abs(angle - Double(Elementary.atan2(b.y - a.y, b.x - a.x))) < 1e-9)
                    followed += 1
                }
                if spring == nil, time >= release, let back = s.tiltAnimators[0],
                    let timing = back.timingParameters?.springTimingParameters
                {
                    spring = (Double(timing.initialVelocity.dx), 0.7 * (1 + 1 / 48.0))
                }
            })
        #expect(followed > 30)
        let start = try #require(spring)
        // Each finger's move is an event of its own, so the recognizer also samples the line
        // half-turned between them: its least-squares rate is the fingers' within 1 %.
        #expect(abs(start.velocity * (0 - start.angle) - 0.7 / 0.4) < 0.0175, "\(start.velocity)")
        #expect(lowest < -0.01, "overshot upright: \(lowest)")
        #expect((replay.scene as? PhotosPlayScene)?.mounts[0].transform == .identity)
    }

    /// The drag down lifts at 1200 pt/s: the flight's spring starts at that speed relative to the
    /// distance left to the dismissed place. A touch 0.05 s later pauses it where it is: the photo
    /// is where the flight without the catch has it at that frame, stays there while the finger
    /// rests, then moves exactly as the finger does.
    @Test func theDismissalStartsAtTheFingersVelocityAndTheCatchPausesItWhereItIs() throws {
        let release = Self.dismissStart + 16.0 / 120
        var atRelease: (y: Double, velocity: CGVector)?
        var uncaught: [(time: Double, y: Double)] = []
        let withoutCatch = Self.events.filter { $0.timestamp <= release }
        _ = try #require(
            Replay(TouchTrace(scene: "photos", events: withoutCatch), tail: 0.5) { time, scene in
                guard let s = scene as? PhotosPlayScene else { return }
                uncaught.append((time, Double(s.mounts[1].center.y)))
                if atRelease == nil, time >= release, let flight = s.dismissAnimators[1],
                    let spring = flight.timingParameters?.springTimingParameters
                {
                    atRelease = (Double(s.mounts[1].center.y), spring.initialVelocity)
                }
            })
        let start = try #require(atRelease)
        // At the release the photo was 150 + 10 pt down (the lift's step); it flies to home + 800.
        let left = Double(PhotosPlayScene.dismissedY) - (333.5 + 160)
        #expect(abs(Double(start.velocity.dy) * left - Self.dismissSpeed) < 1e-6, "\(start.velocity)")
        #expect(start.velocity.dx == 0)

        var caught: [(time: Double, y: Double)] = []
        _ = try #require(
            Replay(Self.trace, tail: 0) { time, scene in
                guard time >= Self.catchStart, time < Self.catchStart + 0.8, let s = scene as? PhotosPlayScene else {
                    return
                }
                caught.append((time, Double(s.mounts[1].center.y)))
            })
        // The touch came between two frames: the flight stops where the last frame drew it.
        let first = try #require(caught.first)
        let flying = try #require(uncaught.last { $0.time < Self.catchStart })
        #expect(first.y == flying.y, "caught where the flight was drawn: \(first.y) vs \(flying.y)")
        let next = try #require(uncaught.first { $0.time >= Self.catchStart })
        #expect(next.y > flying.y, "the flight without the catch flew on")
        #expect(first.y > 333.5 + 160 && first.y < 760, "mid-flight")
        // Held still 0.3 s: no move at all.
        for frame in caught where frame.time < Self.catchStart + 0.3 { #expect(frame.y == first.y) }
        // Then it follows the finger from there (the finger's travel since it came down).
        for frame in caught where frame.time > Self.catchStart + 0.35 && frame.time < Self.catchStart + 0.69 {
            let finger = try #require(Self.fingers(at: frame.time, in: Self.events)[1])
            #expect(abs(frame.y - (first.y + Double(finger.y - Self.catchPoint.y))) < 1e-9)
        }
    }

    /// Fingers that come down at one place (a pinch with no span, a turn with no direction) and
    /// a touch at NaN leave every number finite.
    @Test func coincidentFingersAndNaNLeaveTheSceneFinite() throws {
        let p = CGPoint(x: 187, y: 333)
        var events: [Touch] = []
        for i in 0...30 {
            let t = 0.1 + Double(i) / 120, d = i < 10 ? 0 : Double(i - 10) * 3
            let phase: Touch.Phase = i == 0 ? .began : .moved
            events += [Traces.touch(phase, p.x, p.y, t, id: 1), Traces.touch(phase, p.x + d, p.y + d, t, id: 2)]
        }
        events += [Traces.touch(.moved, .nan, .nan, 0.4, id: 1), Traces.touch(.ended, p.x, p.y, 0.41, id: 1)]
        events += [Traces.touch(.ended, p.x, p.y, 0.41, id: 2)]
        let scene = PhotosPlayScene()
        for event in events {
            scene.handle(event)
            scene.advance(to: event.timestamp)
        }
        scene.advance(to: 2)
        #expect(scene.state.allSatisfy { $0.isFinite })
        #expect(scene.drawables.allSatisfy { [$0.x, $0.y, $0.width, $0.height, $0.angle].allSatisfy { $0.isFinite } })
    }

    /// The committed sample trace is this one.
    /// A zoomed photo hands a swipe past its edge to the pager (the pages are nested in it, as
    /// Photos nests its zooming scroll views): a double tap zooms photo 1 to 2.5×; a long pan left
    /// takes it to its right edge (the pan is the photo's to its end, rubber band included: the
    /// pager does not move); a flick left that starts there turns to photo 2, and photo 1 was not
    /// moved by it (then, the pager settled, it zooms back out, as in Photos). The edge: the
    /// content's width (the photo at 2.5×) less the page's, the photo being wider than the page
    /// (no centring inset).
    @Test func aZoomedPhotoAtItsEdgeHandsASwipeToThePager() throws {
        var events = Self.doubleTap(CGPoint(x: 187, y: 333), at: 0.3)
        events += Self.drag(from: CGPoint(x: 340, y: 333), to: CGPoint(x: 20, y: 333), at: 1.2, slide: 0.4, rest: 0.1)
        events += Self.drag(
            from: CGPoint(x: 300, y: 333), to: CGPoint(x: 150, y: 333), at: 3.0, slide: 0.15, flick: true)
        var beforeSwipe: CGPoint?
        var edge = 0.0
        var pagerBeforeSwipe = 0.0
        var photoDuringSwipe: [CGPoint] = []
        let replay = try #require(
            Replay(TouchTrace(scene: "photos", events: events), tail: 2) { time, scene in
                guard let s = scene as? PhotosPlayScene else { return }
                let page = s.pages[0]
                if time < 3.0 {
                    beforeSwipe = page.contentOffset
                    edge = Double(page.contentSize.width + page.contentInset.right - page.frame.width)
                    pagerBeforeSwipe = max(pagerBeforeSwipe, abs(Double(s.pager.contentOffset.x)))
                } else if time < 3.2 {
                    photoDuringSwipe.append(page.contentOffset)
                }
            })
        let scene = try #require(replay.scene as? PhotosPlayScene)
        #expect(abs(edge - (PhotosPlayScene.photoSize.width * 2.5 - 375)) < 1e-9, "zoomed to 2.5×")
        #expect(Double(beforeSwipe?.x ?? 0) == edge, "the long pan left photo 1 at its right edge")
        #expect(pagerBeforeSwipe == 0, "the pan was the photo's: the pager never moved")
        #expect(photoDuringSwipe.allSatisfy { $0 == beforeSwipe }, "the swipe did not move the photo")
        #expect(scene.pager.contentOffset.x == 375 && scene.currentPage == 1, "the swipe turned the page")
        #expect(scene.pages[0].zoomScale == 1, "photo 1 zoomed back out once the pager settled")
    }

    @Test func theSampleTraceIsThisTrace() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../Traces/photos.json")
        if ProcessInfo.processInfo.environment["KINETIC_WRITE_TRACES"] != nil {
            try Self.trace.encoded().write(to: url)
        }
        let committed = try TouchTrace.decode(from: Data(contentsOf: url))
        #expect(committed.events == Self.trace.events)
        #expect(committed.scene == "photos")
    }
}
