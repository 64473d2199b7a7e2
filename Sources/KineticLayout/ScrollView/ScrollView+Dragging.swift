import KineticDynamics
import KineticGestures
import KineticPlatform

/// The scroll view's pan (UIKit's private `UIScrollViewPanGestureRecognizer`): a pan that also
/// tells its scroll view when a finger comes down (which stops a moving scroll view at once)
/// and lifts.
///
/// The scroll view owns the pan; the pan reaches it through its link, which the view cuts when it
/// goes, so a pan an arena still holds does nothing once its view has gone. Its delegate is
/// ``ScrollPanDelegate``, which the pan owns and which asks the view: in UIKit the scroll view is
/// its pan's delegate, but a delegate is held strongly in the WebAssembly build, where the view
/// holding its pan and the pan holding its view would keep each other alive.
final class ScrollPanGestureRecognizer: PanGestureRecognizer {
    private let scrollViewLink: ObjectLink<ScrollView>
    private let ownDelegate: ScrollPanDelegate

    /// The scroll view, while it lives.
    var scrollView: ScrollView? { scrollViewLink.object }

    init(scrollView link: ObjectLink<ScrollView>) {
        scrollViewLink = link
        ownDelegate = ScrollPanDelegate(scrollView: link)
        super.init()
        delegate = ownDelegate
    }

    override func touchesBegan(_ touches: [Touch]) {
        scrollView?.fingerDown(at: touches.first?.timestamp)
        super.touchesBegan(touches)
    }

    /// The arena resets a recognizer once all its touches have lifted, whatever it recognized
    /// (or if another gesture won): the fingers are gone.
    override func reset() {
        super.reset()
        scrollView?.fingersLifted(at: arena?.currentTime)
    }
}

/// The scroll view pan's (and pinch's) delegate: the view's own answers (``ScrollView`` is a
/// ``/KineticGestures/GestureRecognizerDelegate``), while the view lives.
final class ScrollPanDelegate: GestureRecognizerDelegate {
    private let scrollViewLink: ObjectLink<ScrollView>

    init(scrollView link: ObjectLink<ScrollView>) { scrollViewLink = link }

    /// The view's answer; a pan whose view has gone does not begin.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        scrollViewLink.object?.gestureRecognizerShouldBegin(gestureRecognizer) ?? false
    }

    /// The view's answer: its pan and pinch recognize together.
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool {
        scrollViewLink.object?.gestureRecognizer(
            gestureRecognizer, shouldRecognizeSimultaneouslyWith: otherGestureRecognizer)
            ?? false
    }
}

extension ScrollView {
    /// A finger touched the view: tracking begins, and a moving view stops where it is; the
    /// touch then selects nothing (``touchStoppedScrolling``).
    func fingerDown(at time: TimeInterval?) {
        if let time, time.isFinite { currentTime = max(currentTime, time) }
        guard !isTracking else { return }
        isTracking = true
        touchStoppedScrolling = motion != nil
        stopMotion()
    }

    /// The last finger lifted. If it never dragged, content it stopped past an edge springs back.
    func fingersLifted(at time: TimeInterval?) {
        if let time, time.isFinite { currentTime = max(currentTime, time) }
        isTracking = false
        if !isDragging { settleIfOutOfRange() }
    }

    /// The pan's actions: begin, follow and release the drag.
    func panned(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began: beginDrag(pan)
        case .changed: followDrag(pan)
        case .ended: endDrag(pan, cancelled: false)
        case .cancelled: endDrag(pan, cancelled: true)
        default: break
        }
    }

    private func beginDrag(_ pan: PanGestureRecognizer) {
        stopMotion()
        let translation = pan.translation(in: nil)
        var horizontal = scrollsHorizontally, vertical = scrollsVertically
        if isDirectionalLockEnabled, horizontal, vertical {
            // Mostly along one axis (more than twice the other, 63° and steeper): that axis alone.
            let dx = abs(Double(translation.x)), dy = abs(Double(translation.y))
            if dy > 2 * dx { horizontal = false } else if dx > 2 * dy { vertical = false }
        }
        // Start from where the content would be without the rubber band, so a drag that
        // catches a bounce continues it without a jump.
        let range = offsetRange()
        let raw = CGPoint(
            x: Self.unbanded(contentOffset.x, range: range.x, dimension: frame.width),
            y: Self.unbanded(contentOffset.y, range: range.y, dimension: frame.height))
        drag = (raw, translation, horizontal, vertical)
        isDragging = true
        delegate?.scrollViewWillBeginDragging(self)
        followDrag(pan)
    }

    /// A pinch ended with a finger still dragging: the drag carries on from here.
    final func rebaseDrag() {
        guard let current = drag else { return }
        let range = offsetRange()
        let raw = CGPoint(
            x: Self.unbanded(contentOffset.x, range: range.x, dimension: frame.width),
            y: Self.unbanded(contentOffset.y, range: range.y, dimension: frame.height))
        drag = (raw, panGestureRecognizer.translation(in: nil), current.horizontal, current.vertical)
    }

    /// The offset follows the finger 1:1 within the range and on the rubber band past it.
    private func followDrag(_ pan: PanGestureRecognizer) {
        // While a pinch zooms, it places the content under the fingers itself.
        guard let drag, !isZooming else { return }
        let translation = pan.translation(in: nil)
        let range = offsetRange()
        var next = contentOffset
        if drag.horizontal {
            next.x = banded(
                drag.rawStart.x - (translation.x - drag.translation.x), range: range.x, dimension: frame.width)
        }
        if drag.vertical {
            next.y = banded(
                drag.rawStart.y - (translation.y - drag.translation.y), range: range.y, dimension: frame.height)
        }
        contentOffset = next
    }

    /// `raw` shown on the rubber band past the range (or clamped to it without ``bounces``).
    private func banded(_ raw: Double, range: ClosedRange<Double>, dimension: Double) -> Double {
        guard raw.isFinite else { return range.lowerBound }
        if range.contains(raw) { return raw }
        let edge = raw < range.lowerBound ? range.lowerBound : range.upperBound
        return bounces ? edge + ScrollPhysics.rubberBand(raw - edge, dimension: dimension) : edge
    }

    /// The pull that shows `shown`: the rubber band undone.
    static func unbanded(_ shown: Double, range: ClosedRange<Double>, dimension: Double) -> Double {
        if range.contains(shown) { return shown }
        let edge = shown < range.lowerBound ? range.lowerBound : range.upperBound
        return edge + ScrollPhysics.inverseRubberBand(shown - edge, dimension: dimension)
    }

    /// The release: the target the content comes to rest at (the projection, clamped; on a
    /// page with paging), which the delegate may move; then the motion to it.
    private func endDrag(_ pan: PanGestureRecognizer, cancelled: Bool) {
        guard let drag else { return }
        syncTime()
        self.drag = nil
        // The content moves against the finger; UIKit reports points per millisecond.
        let finger = cancelled ? CGPoint.zero : pan.velocity(in: nil)
        func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
        let velocity = CGPoint(
            x: drag.horizontal ? -finite(finger.x) / 1000 : 0,
            y: drag.vertical ? -finite(finger.y) / 1000 : 0)
        let rate = decelerationRate.rawValue
        let range = offsetRange()
        let start = contentOffset
        let projected = CGPoint(
            x: start.x + ScrollPhysics.projectedTravel(velocity: velocity.x, rate: rate),
            y: start.y + ScrollPhysics.projectedTravel(velocity: velocity.y, rate: rate))
        var target: CGPoint
        if isPagingEnabled {
            target = CGPoint(
                x: pageTarget(
                    start: drag.rawStart.x, projected: projected.x, velocity: velocity.x, page: frame.width,
                    range: range.x),
                y: pageTarget(
                    start: drag.rawStart.y, projected: projected.y, velocity: velocity.y, page: frame.height,
                    range: range.y))
        } else {
            target = clampedContentOffset(projected)
        }
        let proposed = target
        var offered = target
        delegate?.scrollViewWillEndDragging(self, withVelocity: velocity, targetContentOffset: &offered)
        if offered != proposed { target = clampedContentOffset(offered) }
        let moved = offered != proposed
        func axis(
            _ start: Double, _ velocity: Double, _ projected: Double, _ target: Double, _ range: ClosedRange<Double>
        ) -> ScrollMotion? {
            let perSecond = velocity * 1000
            if isPagingEnabled || !range.contains(start) {
                // Settle on the page, or come back from past the edge, on the spring.
                guard start != target || velocity != 0 else { return nil }
                return ScrollMotion(
                    kind: .spring(rest: target, offset: start - target, velocity: perSecond), began: currentTime)
            }
            if moved || range.contains(projected) {
                guard abs(target - start) >= ScrollPhysics.restDistance else { return nil }
                return ScrollMotion(
                    kind: .deceleration(start: start, target: target, rate: rate, edge: nil, bounces: bounces),
                    began: currentTime)
            }
            // The fling reaches the edge: on past it by the deceleration, then back on the spring.
            guard abs(target - start) >= ScrollPhysics.restDistance || velocity != 0 else { return nil }
            return ScrollMotion(
                kind: .deceleration(start: start, target: projected, rate: rate, edge: target, bounces: bounces),
                began: currentTime)
        }
        let x = axis(start.x, velocity.x, projected.x, target.x, range.x)
        let y = axis(start.y, velocity.y, projected.y, target.y, range.y)
        let decelerate = x != nil || y != nil
        isDragging = false
        delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerate)
        guard decelerate else { return }
        motion = (x, y, .deceleration)
        isDecelerating = true
        delegate?.scrollViewWillBeginDecelerating(self)
    }

    /// The page boundary nearest the projection, at most one page from the page the drag began
    /// on; a release that would stay on that page turns it anyway when faster than
    /// ``ScrollPhysics/pageTurnVelocity`` in its direction. Pages are multiples of the view's
    /// size; the last ends at the range's end.
    private func pageTarget(
        start: Double, projected: Double, velocity: Double, page: Double, range: ClosedRange<Double>
    ) -> Double {
        guard page > 0, range.upperBound > range.lowerBound else { return range.lowerBound }
        let origin = range.lowerBound
        let last = ((range.upperBound - origin) / page).rounded(.up)
        let from = min(max(((start - origin) / page).rounded(), 0), last)
        var to = min(max(((projected - origin) / page).rounded(), from - 1), from + 1)
        if to == from, abs(velocity) > ScrollPhysics.pageTurnVelocity { to += velocity > 0 ? 1 : -1 }
        to = min(max(to, 0), last)
        return min(max(origin + to * page, range.lowerBound), range.upperBound)
    }
}
