import KineticAnimation
import KineticDynamics
import KineticGestures
import KineticPlatform

/// The scroll view's pinch (UIKit's private `UIScrollViewPinchGestureRecognizer`), reaching its
/// view through the link as the pan does.
final class ScrollPinchGestureRecognizer: PinchGestureRecognizer {
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
}

/// An animated zoom: the scale along ease-in-out from `fromScale` to `toScale` over `duration`,
/// the zoomed view's point `anchor` kept at a place in the visible area that moves from
/// `fromPlace` to `toPlace` on the same curve (so the offset ends where it should).
struct ZoomAnimation {
    let start: TimeInterval
    let duration: TimeInterval
    let fromScale: Double
    let toScale: Double
    let anchor: CGPoint
    let fromPlace: CGPoint
    let toPlace: CGPoint
    /// A bounce back inside the limits after a pinch (``ScrollView/isZoomBouncing``).
    let isBounce: Bool
}

/// Zooming, as UIKit's scroll view zooms.
///
/// The view ``ScrollViewDelegate/viewForZooming(in:)`` names is scaled by its transform (a
/// scale about its centre), its centre kept where its scaled frame's origin is the content's
/// origin, and the content size set to its bounds' size times the scale, as UIKit does.
///
/// **A pinch** zooms about the fingers' centroid: the zoomed view's point under the centroid when
/// the pinch began stays under the centroid, however the fingers move (so two fingers pan while
/// they zoom). Past a limit, with ``bouncesZoom``, the scale rubber-bands — the square root of the
/// overshoot ratio, (raw / limit)^½, our choice: UIKit does not publish its curve — and springs
/// back to the limit about the centroid when the fingers lift (ease-in-out over 0.3 s, the scroll
/// view's animation duration); without it, the scale stops at the limit.
///
/// **Bad input**: a zoom scale or limit that is not positive and finite is logged and ignored;
/// a maximum below the minimum is logged, and the minimum is then the limit both ways.
extension ScrollView {
    /// The scale of the zoomed view. Setting it zooms about the visible centre at once (clamped
    /// to the limits), as `setZoomScale(_:animated: false)`.
    public var zoomScale: CGFloat {
        get { CGFloat(storedZoomScale) }
        set { setZoomScale(newValue, animated: false) }
    }

    /// Zooms to `scale` (clamped to the limits) about the visible centre, animated over 0.3 s
    /// on ease-in-out or at once. Not positive and finite: logged and ignored.
    public func setZoomScale(_ scale: CGFloat, animated: Bool) {
        let value = Double(scale)
        guard value.isFinite, value > 0 else {
            let message = "ScrollView.zoomScale: ignored \(scale) (it must be positive and finite)"
            logger.warning("\(message)")
            return
        }
        let s1 = clampedZoom(value)
        let s0 = storedZoomScale
        let center = CGPoint(x: frame.width / 2, y: frame.height / 2)
        let anchor = CGPoint(
            x: (contentOffset.x + center.x - zoomedOrigin.x) / CGFloat(s0),
            y: (contentOffset.y + center.y - zoomedOrigin.y) / CGFloat(s0))
        zoom(to: s1, anchor: anchor, place: center, clampOffset: true, animated: animated, isBounce: false)
    }

    /// Zooms so that `rect` (in the zoomed view's coordinates) fills the visible area, as much as
    /// the limits allow, centred on it (UIKit's `zoom(to:animated:)`). A rectangle that is not
    /// finite with a positive size is logged and ignored.
    public func zoom(to rect: CGRect, animated: Bool) {
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite,
            rect.width > 0, rect.height > 0
        else {
            let message = "ScrollView.zoom(to:animated:): ignored \(rect.logDescription)"
            logger.warning("\(message)")
            return
        }
        let s1 = clampedZoom(min(Double(frame.width / rect.width), Double(frame.height / rect.height)))
        let anchor = CGPoint(x: rect.midX, y: rect.midY)
        zoom(
            to: s1, anchor: anchor, place: CGPoint(x: frame.width / 2, y: frame.height / 2), clampOffset: true,
            animated: animated, isBounce: false)
    }

    // MARK: Internals

    /// Whether a pinch may zoom: a view to zoom and room between the limits.
    final var canZoom: Bool {
        zoomLimits.maximum > zoomLimits.minimum && delegate?.viewForZooming(in: self) != nil
    }

    /// The effective limits (a maximum below the minimum is the minimum).
    final var effectiveZoomLimits: (minimum: Double, maximum: Double) {
        (zoomLimits.minimum, max(zoomLimits.maximum, zoomLimits.minimum))
    }

    final func clampedZoom(_ scale: Double) -> Double {
        let limits = effectiveZoomLimits
        return min(max(scale, limits.minimum), limits.maximum)
    }

    final func setZoomLimit(_ value: CGFloat, isMinimum: Bool) {
        let name = isMinimum ? "minimumZoomScale" : "maximumZoomScale"
        let v = Double(value)
        guard v.isFinite, v > 0 else {
            let message = "ScrollView.\(name): ignored \(value) (it must be positive and finite)"
            logger.warning("\(message)")
            return
        }
        if isMinimum { zoomLimits.minimum = v } else { zoomLimits.maximum = v }
        if zoomLimits.maximum < zoomLimits.minimum {
            let message =
                "ScrollView.\(name): maximumZoomScale \(zoomLimits.maximum) is below minimumZoomScale "
                + "\(zoomLimits.minimum); the minimum is the limit both ways"
            logger.warning("\(message)")
        }
    }

    /// Where the zoomed view's scaled frame starts in the content (its origin; moved by a
    /// delegate that centres small content).
    final var zoomedOrigin: CGPoint {
        guard let view = delegate?.viewForZooming(in: self) else { return .zero }
        let s = CGFloat(storedZoomScale)
        return CGPoint(x: view.center.x - view.bounds.width * s / 2, y: view.center.y - view.bounds.height * s / 2)
    }

    /// Scales the zoomed view to `scale` and moves the content so that the view's point `anchor`
    /// is at `place` in the visible area; tells the delegate.
    final func applyZoom(_ scale: Double, anchor: CGPoint, place: CGPoint) {
        storedZoomScale = scale
        guard let view = delegate?.viewForZooming(in: self) else { return }
        let s = CGFloat(scale)
        let size = view.bounds.size
        view.transform = CGAffineTransform(scaleX: s, y: s)
        view.center = CGPoint(x: size.width * s / 2, y: size.height * s / 2)
        contentSize = CGSize(width: size.width * s, height: size.height * s)
        contentOffset = CGPoint(x: anchor.x * s - place.x, y: anchor.y * s - place.y)
        delegate?.scrollViewDidZoom(self)
    }

    /// Zooms to `scale` keeping `anchor` at `place`, or (with `clampOffset`) with the offset
    /// clamped into the content at the new scale; animated or at once.
    final func zoom(
        to scale: Double, anchor: CGPoint, place: CGPoint, clampOffset: Bool, animated: Bool, isBounce: Bool
    ) {
        guard let view = delegate?.viewForZooming(in: self) else {
            storedZoomScale = scale
            return
        }
        stopMotion()
        zoomAnimation = nil
        var target = place
        if clampOffset {
            // The offset at the new scale, clamped as the content will be then.
            let s = CGFloat(scale)
            let content = CGSize(width: view.bounds.width * s, height: view.bounds.height * s)
            let inset = adjustedContentInset
            func clamp(_ value: CGFloat, _ leading: CGFloat, _ trailing: CGFloat, _ size: CGFloat, _ visible: CGFloat)
                -> CGFloat
            {
                let lower = -leading
                let upper = max(lower, size + trailing - visible)
                return min(max(value, lower), upper)
            }
            let offset = CGPoint(
                x: clamp(anchor.x * s - place.x, inset.left, inset.right, content.width, frame.width),
                y: clamp(anchor.y * s - place.y, inset.top, inset.bottom, content.height, frame.height))
            target = CGPoint(x: anchor.x * s - offset.x, y: anchor.y * s - offset.y)
        }
        syncTime()
        guard animated, panGestureRecognizer.arena != nil, scale != storedZoomScale || target != place else {
            applyZoom(scale, anchor: anchor, place: target)
            if animated || isBounce { delegate?.scrollViewDidEndZooming(self, with: view, atScale: CGFloat(scale)) }
            return
        }
        let s0 = CGFloat(storedZoomScale)
        let from = CGPoint(x: anchor.x * s0 - contentOffset.x, y: anchor.y * s0 - contentOffset.y)
        isZoomBouncing = isBounce
        zoomAnimation = ZoomAnimation(
            start: currentTime, duration: ScrollPhysics.animationDuration, fromScale: storedZoomScale,
            toScale: scale, anchor: anchor, fromPlace: from, toPlace: target, isBounce: isBounce)
    }

    /// Moves an animated zoom to the current time; at its end, tells the delegate.
    final func stepZoomAnimation() {
        guard let animation = zoomAnimation else { return }
        let tau = animation.duration > 0 ? min(max((currentTime - animation.start) / animation.duration, 0), 1) : 1
        let p = TimingCurve.easeInOut.value(at: tau)
        let scale = tau >= 1 ? animation.toScale : animation.fromScale + (animation.toScale - animation.fromScale) * p
        let place = CGPoint(
            x: animation.fromPlace.x + (animation.toPlace.x - animation.fromPlace.x) * CGFloat(p),
            y: animation.fromPlace.y + (animation.toPlace.y - animation.fromPlace.y) * CGFloat(p))
        applyZoom(scale, anchor: animation.anchor, place: tau >= 1 ? animation.toPlace : place)
        if tau >= 1 {
            zoomAnimation = nil
            isZoomBouncing = false
            delegate?.scrollViewDidEndZooming(self, with: delegate?.viewForZooming(in: self), atScale: CGFloat(scale))
        }
    }

    /// The pinch's actions: anchor the point under the fingers, follow, and end (bouncing back
    /// inside the limits if need be).
    func pinched(_ pinch: PinchGestureRecognizer) {
        guard let view = delegate?.viewForZooming(in: self) else { return }
        syncTime()
        let location = pinch.location(in: nil)
        let place = CGPoint(x: location.x - frame.minX, y: location.y - frame.minY)
        switch pinch.state {
        case .began:
            stopMotion()
            zoomAnimation = nil
            isZoomBouncing = false
            isZooming = true
            let s = CGFloat(storedZoomScale), origin = zoomedOrigin
            let anchor = CGPoint(
                x: (contentOffset.x + place.x - origin.x) / s, y: (contentOffset.y + place.y - origin.y) / s)
            pinchAnchor = (anchor, storedZoomScale)
            delegate?.scrollViewWillBeginZooming(self, with: view)
            applyZoom(bandedZoom(storedZoomScale * Double(pinch.scale)), anchor: anchor, place: place)
        case .changed:
            guard let pinchAnchor else { return }
            applyZoom(bandedZoom(pinchAnchor.scale * Double(pinch.scale)), anchor: pinchAnchor.point, place: place)
        case .ended, .cancelled:
            guard let pinchAnchor else { return }
            self.pinchAnchor = nil
            isZooming = false
            let scale = storedZoomScale, limited = clampedZoom(scale)
            if limited != scale {
                zoom(
                    to: limited, anchor: pinchAnchor.point, place: place, clampOffset: true, animated: true,
                    isBounce: true)
            } else {
                delegate?.scrollViewDidEndZooming(self, with: view, atScale: CGFloat(scale))
                if !isDragging { settleIfOutOfRange() }
            }
            if isDragging { rebaseDrag() }
        default:
            break
        }
    }

    /// A pinch's scale past the limits: rubber-banded with ``bouncesZoom`` (the square root of the
    /// overshoot ratio), else stopped at the limit.
    final func bandedZoom(_ raw: Double) -> Double {
        let limits = effectiveZoomLimits
        guard raw.isFinite, raw > 0 else { return raw > 0 ? limits.maximum : limits.minimum }
        guard bouncesZoom else { return min(max(raw, limits.minimum), limits.maximum) }
        if raw > limits.maximum { return limits.maximum * (raw / limits.maximum).squareRoot() }
        if raw < limits.minimum { return limits.minimum * (raw / limits.minimum).squareRoot() }
        return raw
    }
}
