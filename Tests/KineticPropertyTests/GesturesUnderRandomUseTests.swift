import Foundation
import KineticDynamics
import KineticGestures
import KineticLayout
import KineticTestSupport
import PropertyBased
import Testing

/// Random raw touch streams (out of order, duplicated ids, cancelled, NaN and huge
/// coordinates, time going backwards) into an arena of taps, a double tap, a long press, a pan,
/// a pinch, a rotation, a swipe, a screen-edge pan and a zooming scroll view, with their
/// parameters set to bad values (issue 20): nothing traps, every output is finite, and once
/// every finger has lifted and time has passed, every recognizer is back to `.possible`.
@Suite("Gestures under random use")
@MainActor
struct GesturesUnderRandomUseTests {
    static let counter = FuzzRun.Counter("gestures")

    @Test func recognizersStayFiniteAndReturnToPossible() async {
        let operations = TouchOperation.generator.array(of: 1...50)
        await propertyCheck(count: FuzzRun.iterations(default: 300), input: operations) { operations in
            let harness = GestureHarness()
            Self.counter.record(operations: harness.run(operations))
        }
        Self.counter.report()
    }
}

@MainActor
final class GestureHarness {
    let clock = ManualClock()
    let arena: GestureArena
    let view = TestView(center: CGPoint(x: 200, y: 300), size: CGSize(width: 300, height: 300))
    let tap = TapGestureRecognizer()
    let doubleTap = TapGestureRecognizer()
    let press = LongPressGestureRecognizer()
    let pan = PanGestureRecognizer()
    let pinch = PinchGestureRecognizer()
    let rotation = RotationGestureRecognizer()
    let swipe = SwipeGestureRecognizer()
    let edgePan = ScreenEdgePanGestureRecognizer()
    let zoomDelegate = ZoomingDelegate()
    let scrollView = ScrollView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
    var time: TimeInterval = 0
    /// Every location an action saw.
    var seen: [CGPoint] = []

    init() {
        arena = GestureArena(clock: clock)
        doubleTap.numberOfTapsRequired = 2
        tap.require(toFail: doubleTap)
        scrollView.contentSize = CGSize(width: 400, height: 4000)
        scrollView.logger.logLevel = .critical
        swipe.direction = [.left, .up]
        edgePan.edges = .all
        edgePan.screenBounds = CGRect(x: 0, y: 0, width: 400, height: 800)
        scrollView.delegate = zoomDelegate
        scrollView.minimumZoomScale = 0.5
        scrollView.maximumZoomScale = 3
        for recognizer in [tap, doubleTap, press, pan, pinch, rotation, swipe, edgePan] as [GestureRecognizer] {
            _ = recognizer.addAction { [weak self] r in self?.seen.append(r.location) }
        }
        arena.addGestureRecognizer(tap, to: view)
        arena.addGestureRecognizer(doubleTap, to: view)
        arena.addGestureRecognizer(press)
        arena.addGestureRecognizer(pan, to: view)
        arena.addGestureRecognizer(pinch, to: view)
        arena.addGestureRecognizer(rotation)
        arena.addGestureRecognizer(swipe, to: view)
        arena.addGestureRecognizer(edgePan)
        scrollView.install(in: arena)
    }

    var recognizers: [GestureRecognizer] { arena.gestureRecognizers }

    func run(_ operations: [TouchOperation]) -> Int {
        for (index, operation) in operations.enumerated() {
            perform(operation)
            if let broken = brokenInvariant() {
                Issue.record("after operation \(index), \(operation): \(broken)")
                return index + 1
            }
        }
        // Every finger lifts, time passes: every recognizer is ready again.
        for finger in 0...2 {
            arena.handle(Touch(id: finger, phase: .ended, location: CGPoint(x: 1, y: 1), timestamp: time))
        }
        time += 10
        clock.sleep(until: time)
        arena.advance(to: time)
        if !arena.touches.isEmpty { Issue.record("fingers still down after they all lifted: \(arena.touches)") }
        for recognizer in recognizers where recognizer.state != .possible {
            Issue.record("\(type(of: recognizer)) is \(recognizer.state) after every finger lifted")
        }
        if let broken = brokenInvariant() { Issue.record("after the fingers lifted: \(broken)") }
        return operations.count + 1
    }

    func perform(_ operation: TouchOperation) {
        let location = CGPoint(x: operation.x, y: operation.y)
        // The event's own time: a frame on, or the step as given (negative, NaN, infinite).
        let stamp = operation.dt.isFinite ? time + operation.dt : operation.dt
        switch operation.kind {
        case .wait:
            if operation.dt.isFinite, operation.dt > 0 { time += min(operation.dt, 10) }
            clock.sleep(until: time)
            arena.advance(to: operation.dt.isFinite ? time : operation.dt)
            arena.update()
        case .began, .moved, .stationary, .ended, .cancelled:
            let phase: [Touch.Phase] = [.began, .moved, .stationary, .ended, .cancelled]
            arena.handle(
                Touch(
                    id: operation.finger, phase: phase[operation.kind.rawValue - 1], location: location,
                    timestamp: stamp))
        case .insertItem:
            // Two fingers in one event, one id twice.
            arena.handle([
                Touch(id: operation.finger, phase: .began, location: location, timestamp: stamp),
                Touch(id: operation.finger, phase: .moved, location: location, timestamp: stamp),
                Touch(id: (operation.finger + 1) % 3, phase: .began, location: location, timestamp: stamp),
            ])
        case .deleteItem:
            press.minimumPressDuration = operation.dt
            press.allowableMovement = operation.x
            tap.allowableMovement = operation.y
        case .moveItem:
            pan.hysteresis = operation.x
            doubleTap.maximumIntervalBetweenSuccessiveTaps = operation.dt
            doubleTap.maximumDistanceBetweenTaps = operation.y
            tap.maximumTapDuration = operation.dt
        case .reloadData:
            let recognizer = recognizers[operation.finger % recognizers.count]
            recognizer.isEnabled.toggle()
        case .scroll:
            pan.setTranslation(location, in: operation.finger == 0 ? nil : view)
            pinch.scale = location.x
            rotation.rotation = location.y
            swipe.numberOfTouchesRequired = operation.finger
            pinch.hysteresis = CGFloat(operation.dt)
        case .select:
            view.center = location.isAllFinite ? location : view.center
            view.bounds.size = CGSize(width: abs(operation.dt.isFinite ? operation.dt : 1) * 1000, height: 300)
        case .pressAndHold:
            scrollView.scroll(byWheel: location)
            scrollView.setContentOffset(location, animated: operation.finger == 1)
            scrollView.setZoomScale(location.x, animated: operation.finger == 2)
            scrollView.maximumZoomScale = location.y
        }
        time = max(time, arena.currentTime)
    }

    /// The first invariant that does not hold, or nil: every output finite.
    func brokenInvariant() -> String? {
        guard arena.currentTime.isFinite else { return "arena time \(arena.currentTime)" }
        for recognizer in recognizers {
            guard recognizer.location.isAllFinite else {
                return "\(type(of: recognizer)) location \(recognizer.location)"
            }
            for i in 0..<recognizer.numberOfTouches {
                let p = recognizer.location(ofTouch: i, in: nil)
                guard p.isAllFinite else { return "\(type(of: recognizer)) touch \(i) at \(p)" }
            }
        }
        for p in [pan.translation(in: nil), pan.velocity(in: nil), pan.translation(in: view), pan.velocity(in: view)]
        where !p.isAllFinite {
            return "pan translation or velocity \(p)"
        }
        for value in [pinch.scale, pinch.velocity, rotation.rotation, rotation.velocity, scrollView.zoomScale]
        where !value.isFinite {
            return "pinch, rotation or zoom scale \(value)"
        }
        guard scrollView.contentOffset.isAllFinite, scrollView.scrollingVelocity.isAllFinite else {
            return "scroll view offset \(scrollView.contentOffset), velocity \(scrollView.scrollingVelocity)"
        }
        if let bad = seen.first(where: { !$0.isAllFinite }) { return "an action saw location \(bad)" }
        for touch in arena.touches where !(touch.location.isAllFinite && touch.timestamp.isFinite) {
            return "arena touch \(touch)"
        }
        return nil
    }
}

/// Zooms a photo-sized item.
final class ZoomingDelegate: ScrollViewDelegate {
    let photo = TestView(center: CGPoint(x: 200, y: 400), size: CGSize(width: 400, height: 800))
    func viewForZooming(in scrollView: ScrollView) -> (any DynamicItem)? { photo }
}
