import KineticAnimation
import KineticDynamics
import KineticGestures
import KineticPlatform

/// A view that scrolls its content (UIKit's `UIScrollView`), headless: a frame, a content size
/// and an offset, moved by a pan that follows the finger, a deceleration when it lifts, a rubber
/// band past the edges with a bounce back, paging, and animated scrolls, all with iOS's numbers
/// (`ScrollPhysics`) and driven by a ``/KineticGestures/GestureArena``'s touches and time.
///
/// ```swift
/// let scrollView = ScrollView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
/// scrollView.contentSize = CGSize(width: 375, height: 20_000)
/// scrollView.install(in: arena)   // its pan joins the arena; the arena's time moves it
/// arena.handle(touch)             // touches in
/// arena.advance(to: clock.now)    // one call per frame: timers, deceleration, bounce
/// ```
///
/// The same touches and frame times always give the same offsets, bit for bit.
///
/// As a `UIView` is, a scroll view is a ``/KineticDynamics/DynamicItem``: its `center` is its frame's centre and
/// its ``bounds`` are the visible content rectangle, so a recognizer's `location(in:)` a scroll
/// view is in content coordinates.
open class ScrollView: DynamicItem {
    // Internal members are final unless overridden: in Embedded Swift another module cannot call the others.
    /// How quickly a released scroll slows (UIKit's `UIScrollView.DecelerationRate`): the share
    /// of its speed it keeps each millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public var rawValue: Double
        public init(rawValue: Double) { self.rawValue = rawValue }
        /// 0.998: a release at v points per millisecond travels 499·v points.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// 0.99: travels 99·v points.
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// Where ignored input is reported.
    public var logger = Logger(label: "Kinetic.ScrollView")

    /// Told what the scroll view does. Held weakly, as in UIKit (strongly in the WebAssembly
    /// build, which has no weak references: see `WeakReference`).
    @WeakReference public var delegate: (any ScrollViewDelegate)?

    /// The scroll view this one is nested in, if any (UIKit finds it among the view's superviews;
    /// Kinetic's views have no hierarchy, so it is set). A pan that starts with this view at an
    /// edge and heads past it, along an axis the enclosing view scrolls, does not begin here: the
    /// enclosing view's pan takes the touch, as nested `UIScrollView`s hand it on (a zoomed photo
    /// at its edge gives the swipe to its pager). A pan that began here stays here to its end,
    /// rubber band included. Held weakly (strongly in the WebAssembly build: see `WeakReference`).
    @WeakReference public var enclosingScrollView: ScrollView?

    /// The view's frame in the arena's space (its superview). Its size is the visible size. A
    /// frame with a non-finite or negative component is logged and ignored.
    public var frame: CGRect {
        didSet {
            guard Self.isUsable(frame) else {
                logger.error("frame: ignored \(frame.logDescription): it must be finite with a non-negative size")
                frame = oldValue
                return
            }
            guard frame.size != oldValue.size else { return }
            boundsDidChange(from: CGRect(origin: contentOffset, size: oldValue.size))
        }
    }

    /// The scroll position: the content point at the view's top-left corner.
    ///
    /// Assigning it does not clamp, as in UIKit: a scroll view sits beyond its content while it
    /// bounces. A non-finite offset is logged and ignored.
    public var contentOffset: CGPoint = .zero {
        didSet {
            // Swift does not call the observer again for an assignment made inside it.
            guard contentOffset.x.isFinite, contentOffset.y.isFinite else {
                logger.error("contentOffset: ignored non-finite offset \(contentOffset.logDescription)")
                contentOffset = oldValue
                return
            }
            guard contentOffset != oldValue else { return }
            boundsDidChange(from: CGRect(origin: oldValue, size: frame.size))
            delegate?.scrollViewDidScroll(self)
        }
    }

    /// The size of the content. Negative or non-finite sizes are logged and ignored. A
    /// collection view's comes from its layout.
    open var contentSize: CGSize {
        get { storedContentSize }
        set {
            guard newValue.width.isFinite, newValue.height.isFinite, newValue.width >= 0, newValue.height >= 0 else {
                logger.error("contentSize: ignored \(newValue.logDescription): it must be finite and non-negative")
                return
            }
            storedContentSize = newValue
        }
    }

    private var storedContentSize: CGSize = .zero

    /// Extra scrollable space around the content. Non-finite insets are logged and ignored.
    public var contentInset: EdgeInsets = .zero {
        didSet {
            guard
                [contentInset.top, contentInset.left, contentInset.bottom, contentInset.right].allSatisfy({
                    $0.isFinite
                })
            else {
                logger.error("contentInset: ignored non-finite insets \(contentInset)")
                contentInset = oldValue
                return
            }
        }
    }

    /// The insets the scroll view uses: ``contentInset`` (there are no safe areas headless).
    public var adjustedContentInset: EdgeInsets { contentInset }

    /// The visible rectangle in content coordinates: origin the content offset, size the frame's.
    public var bounds: CGRect {
        get { CGRect(origin: contentOffset, size: frame.size) }
        set {
            frame.size = newValue.size
            contentOffset = newValue.origin
        }
    }

    /// The frame's centre (a ``/KineticDynamics/DynamicItem``'s position); setting it moves the frame.
    public var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }

    /// The view's transform; kept for ``/KineticDynamics/DynamicItem``, it does not turn the scrolling.
    public var transform: CGAffineTransform = .identity

    /// Whether a pan scrolls. Default true.
    public var isScrollEnabled = true {
        didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
    }

    /// Whether a release settles on a multiple of the view's size. Default false.
    public var isPagingEnabled = false

    /// Whether the content can be pulled past its edges on a rubber band and bounces back.
    /// Default true.
    public var bounces = true

    /// Whether a vertical drag bounces even when the content is no taller than the view.
    public var alwaysBounceVertical = false

    /// Whether a horizontal drag bounces even when the content is no wider than the view.
    public var alwaysBounceHorizontal = false

    /// Whether a drag that starts mostly along one axis scrolls along that axis only.
    public var isDirectionalLockEnabled = false

    /// How quickly a released scroll slows. Any value is accepted; the physics uses it within
    /// 0…0.9995 (a non-finite rate is logged and ignored).
    public var decelerationRate: DecelerationRate = .normal {
        didSet {
            guard decelerationRate.rawValue.isFinite else {
                logger.error("decelerationRate: ignored non-finite rate \(decelerationRate.rawValue)")
                decelerationRate = oldValue
                return
            }
        }
    }

    /// Whether ``scrollToTop()`` (the status bar's tap) scrolls to the top. Default true.
    public var scrollsToTop = true

    /// Whether a finger is down on the content (it may not have moved yet).
    public internal(set) var isTracking = false

    /// Whether a pan is moving the content.
    public internal(set) var isDragging = false

    /// Whether the content moves on after a drag: decelerating, bouncing or settling on a page.
    public internal(set) var isDecelerating = false

    /// The pan that scrolls (UIKit's `panGestureRecognizer`). ``install(in:)`` adds it to an
    /// arena, attached to this view; other recognizers may `require(toFail:)` it.
    public let panGestureRecognizer: PanGestureRecognizer

    /// What moves the content without a finger, per axis, and why.
    var motion: (x: ScrollMotion?, y: ScrollMotion?, reason: MotionReason)?

    /// Why the content moves without a finger, which says what the delegate hears at the end.
    enum MotionReason { case deceleration, animation, scrollToTop }

    /// The drag in progress: where it started (the offset before any rubber band) and the
    /// pan's translation when it began, and the axes it may move.
    var drag: (rawStart: CGPoint, translation: CGPoint, horizontal: Bool, vertical: Bool)?

    /// The arena's time as last seen, when motions start.
    var currentTime: TimeInterval = 0

    /// The content's velocity while it moves on its own (decelerating, bouncing, animating), in
    /// points per second; zero otherwise. (Kinetic's: UIKit keeps it private.)
    public internal(set) var scrollingVelocity: CGPoint = .zero

    /// Where the content comes to rest while it moves on its own: the target of the deceleration,
    /// bounce or animation; nil otherwise. (Kinetic's: UIKit keeps it private.)
    public var targetContentOffset: CGPoint? {
        guard let motion else { return nil }
        return CGPoint(x: motion.x?.destination ?? contentOffset.x, y: motion.y?.destination ?? contentOffset.y)
    }

    /// The pinch that zooms the view ``ScrollViewDelegate/viewForZooming(in:)`` names (UIKit's
    /// `pinchGestureRecognizer`): it begins only when the delegate names a view and
    /// ``maximumZoomScale`` exceeds ``minimumZoomScale``; ``install(in:)`` adds it to the arena.
    public let pinchGestureRecognizer: PinchGestureRecognizer?

    /// The smallest zoom scale. Default 1. Not positive and finite: logged and ignored.
    public final var minimumZoomScale: CGFloat {
        get { CGFloat(zoomLimits.minimum) }
        set { setZoomLimit(newValue, isMinimum: true) }
    }

    /// The largest zoom scale. Default 1 (no zooming). Not positive and finite: logged and
    /// ignored; below ``minimumZoomScale``, logged, and the minimum is the limit both ways.
    public final var maximumZoomScale: CGFloat {
        get { CGFloat(zoomLimits.maximum) }
        set { setZoomLimit(newValue, isMinimum: false) }
    }

    /// Whether a pinch may take the scale past its limits, rubber-banding, and then springs back.
    /// Default true.
    public final var bouncesZoom = true

    /// Whether a pinch is zooming now.
    public internal(set) final var isZooming = false

    /// Whether the scale is springing back inside its limits after a pinch past them.
    public internal(set) final var isZoomBouncing = false

    /// The limits as set.
    final var zoomLimits: (minimum: Double, maximum: Double) = (1, 1)
    /// The current scale.
    final var storedZoomScale = 1.0
    /// A pinch under way: the zoomed view's point under the fingers (in its own coordinates) and
    /// the scale when it began.
    final var pinchAnchor: (point: CGPoint, scale: Double)?
    /// An animated zoom under way.
    final var zoomAnimation: ZoomAnimation?

    /// Set when a touch stops a moving scroll view: that touch does not select what is under it.
    public internal(set) var touchStoppedScrolling = false

    /// How the pan reaches this view without keeping it alive (the view owns the pan, which an
    /// arena may keep after the view has gone); cut in `deinit`.
    let scrollViewLink = ObjectLink<ScrollView>()

    /// Creates a scroll view with `frame` (a non-finite or negative frame is taken as `.zero`).
    public init(frame: CGRect) {
        self.frame = Self.isUsable(frame) ? frame : .zero
        let pan = ScrollPanGestureRecognizer(scrollView: scrollViewLink)
        panGestureRecognizer = pan
        pan.name = "scroll view pan"
        let pinch = ScrollPinchGestureRecognizer(scrollView: scrollViewLink)
        pinch.name = "scroll view pinch"
        pinchGestureRecognizer = pinch
        scrollViewLink.attach(self)
        // The action reaches the view through the pan, so the pan's actions hold nothing that
        // holds the view.
        pan.addAction { pan in pan.scrollView?.panned(pan) }
        pinch.addAction { pinch in pinch.scrollView?.pinched(pinch) }
    }

    deinit {
        scrollViewLink.cut()
    }

    static func isUsable(_ frame: CGRect) -> Bool {
        [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height].allSatisfy { $0.isFinite }
            && frame.size.width >= 0
            && frame.size.height >= 0
    }

    /// Called when the visible rectangle moved or changed size; a collection view asks its
    /// layout whether to lay out again.
    func boundsDidChange(from oldBounds: CGRect) {}

    // MARK: The scrollable range

    /// The offsets the content may rest at on each axis: from `-inset.left` to
    /// `contentSize.width + inset.right - bounds.width` (likewise vertically), or the minimum
    /// alone when the content and its insets are smaller than the view.
    final func offsetRange() -> (x: ClosedRange<Double>, y: ClosedRange<Double>) {
        let size = contentSize, inset = adjustedContentInset, view = frame.size
        func range(_ leading: Double, _ trailing: Double, _ content: Double, _ visible: Double) -> ClosedRange<Double> {
            let lower = -leading
            let upper = max(lower, content + trailing - visible)
            return upper.isFinite && lower.isFinite ? lower...upper : 0...0
        }
        return (
            range(inset.left, inset.right, size.width, view.width),
            range(inset.top, inset.bottom, size.height, view.height)
        )
    }

    /// Whether a drag moves the content horizontally: the content is wider than the view, or
    /// it bounces always.
    final var scrollsHorizontally: Bool {
        let range = offsetRange().x
        return range.upperBound > range.lowerBound || (bounces && alwaysBounceHorizontal)
    }

    /// Whether a drag moves the content vertically.
    final var scrollsVertically: Bool {
        let range = offsetRange().y
        return range.upperBound > range.lowerBound || (bounces && alwaysBounceVertical)
    }

    /// `offset` clamped, on each axis, to the scrollable range. A non-finite component is
    /// replaced by the current offset's before clamping.
    public func clampedContentOffset(_ offset: CGPoint) -> CGPoint {
        let range = offsetRange()
        func clamp(_ value: Double, _ current: Double, _ range: ClosedRange<Double>) -> Double {
            min(max(value.isFinite ? value : current, range.lowerBound), range.upperBound)
        }
        return CGPoint(x: clamp(offset.x, contentOffset.x, range.x), y: clamp(offset.y, contentOffset.y, range.y))
    }

    // MARK: Scrolling by code

    /// Scrolls to `contentOffset`, clamped to the scrollable range; animated, over
    /// 0.3 s (`ScrollPhysics.animationDuration`) on an ease-in-out curve, ending with
    /// `scrollViewDidEndScrollingAnimation`. A touch on the view stops the animation where it
    /// is. Outside an arena (nothing drives time) the offset applies at once. A non-finite
    /// offset is logged and ignored.
    ///
    /// Unlike UIKit's, which may leave the view beyond its content, this clamps: it is the
    /// programmatic scroll. Assign ``contentOffset`` for an unclamped one.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        guard contentOffset.x.isFinite, contentOffset.y.isFinite else {
            logger.error("setContentOffset(_:animated:): ignored non-finite offset \(contentOffset.logDescription)")
            return
        }
        scroll(to: clampedContentOffset(contentOffset), animated: animated, reason: .animation)
    }

    /// Scrolls the least distance that shows `rect` (content coordinates), as much of it as
    /// fits, within the visible rectangle less the insets; nothing if it shows already. A
    /// non-finite rectangle is logged and ignored.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        guard [rect.origin.x, rect.origin.y, rect.width, rect.height].allSatisfy({ $0.isFinite }) else {
            logger.error("scrollRectToVisible(_:animated:): ignored non-finite rectangle \(rect.logDescription)")
            return
        }
        let inset = adjustedContentInset
        let visible = CGRect(
            x: contentOffset.x + inset.left, y: contentOffset.y + inset.top,
            width: max(0, frame.width - inset.left - inset.right),
            height: max(0, frame.height - inset.top - inset.bottom))
        func axis(_ low: Double, _ high: Double, _ visibleLow: Double, _ visibleHigh: Double) -> Double {
            // Past the far edge: bring the far side in, unless that would hide the near side.
            if high > visibleHigh { return min(high - visibleHigh, low - visibleLow) }
            if low < visibleLow { return low - visibleLow }
            return 0
        }
        let dx = axis(rect.minX, rect.maxX, visible.minX, visible.maxX)
        let dy = axis(rect.minY, rect.maxY, visible.minY, visible.maxY)
        guard dx != 0 || dy != 0 else { return }
        setContentOffset(CGPoint(x: contentOffset.x + dx, y: contentOffset.y + dy), animated: animated)
    }

    /// A mouse wheel's or trackpad's scroll by `delta` points (the content moves by it, clamped
    /// to the range; a trackpad's own momentum arrives as more deltas, so there is no
    /// deceleration of ours). It stops any motion first. Non-finite deltas are ignored.
    public func scroll(byWheel delta: CGPoint) {
        guard delta.x.isFinite, delta.y.isFinite, isScrollEnabled, !isDragging else { return }
        stopMotion()
        contentOffset = clampedContentOffset(CGPoint(x: contentOffset.x + delta.x, y: contentOffset.y + delta.y))
    }

    /// A tap on the status bar: if ``scrollsToTop`` and the delegate agree, scrolls to the top
    /// (animated) and then tells the delegate `scrollViewDidScrollToTop`.
    public func scrollToTop() {
        guard scrollsToTop, delegate?.scrollViewShouldScrollToTop(self) ?? true else { return }
        let top = clampedContentOffset(CGPoint(x: contentOffset.x, y: -adjustedContentInset.top))
        scroll(to: top, animated: true, reason: .scrollToTop)
    }

    final func scroll(to target: CGPoint, animated: Bool, reason: MotionReason) {
        stopMotion()
        syncTime()
        guard animated, panGestureRecognizer.arena != nil, target != contentOffset else {
            contentOffset = target
            if reason == .scrollToTop { delegate?.scrollViewDidScrollToTop(self) }
            return
        }
        let duration = ScrollPhysics.animationDuration
        func timed(_ from: Double, _ to: Double) -> ScrollMotion? {
            from == to
                ? nil
                : ScrollMotion(
                    kind: .timed(start: from, target: to, duration: duration, curve: .easeInOut), began: currentTime)
        }
        motion = (timed(contentOffset.x, target.x), timed(contentOffset.y, target.y), reason)
    }

    /// Catches up with the arena's time (it moves with every event, not only with frames), so
    /// a motion starts at the instant of the touch or call that starts it.
    final func syncTime() {
        if let time = panGestureRecognizer.arena?.currentTime, time.isFinite { currentTime = max(currentTime, time) }
    }

    /// Moves the content offset by `delta` because the content above what is shown changed size
    /// (a self-sizing layout keeping the visible content still): a motion under way moves with
    /// it, so a deceleration or an animation carries on from the new place. Non-finite deltas
    /// are ignored.
    final func adjustContentOffset(by delta: CGPoint) {
        guard delta.x.isFinite, delta.y.isFinite, delta != .zero else { return }
        if var current = motion {
            current.x?.shift(by: delta.x)
            current.y?.shift(by: delta.y)
            motion = current
        }
        contentOffset = CGPoint(x: contentOffset.x + delta.x, y: contentOffset.y + delta.y)
    }

    /// Ends any motion where it is, telling no one (a touch stopped it, or code replaced it).
    final func stopMotion() {
        guard motion != nil else { return }
        motion = nil
        scrollingVelocity = .zero
        isDecelerating = false
    }

    // MARK: The arena

    /// Adds the scroll view's pan to `arena`, attached to this view, and makes the arena's time
    /// move it (deceleration, bounce, animated scrolls). A scroll view lives in one arena.
    public func install(in arena: GestureArena) {
        arena.addGestureRecognizer(panGestureRecognizer, to: self)
        if let pinchGestureRecognizer { arena.addGestureRecognizer(pinchGestureRecognizer, to: self) }
        arena.addParticipant(self)
        currentTime = arena.currentTime
    }

    /// Takes the scroll view's recognizers (its pan and its pinch) and time out of the arena it
    /// is in: the undoing of ``install(in:)``, for a view that is replaced or goes.
    public final func removeFromArena() {
        guard let arena = panGestureRecognizer.arena else { return }
        arena.removeGestureRecognizer(panGestureRecognizer)
        if let pinchGestureRecognizer { arena.removeGestureRecognizer(pinchGestureRecognizer) }
        arena.removeParticipant(self)
    }
}

extension ScrollView: GestureRecognizerDelegate {
    /// The pan begins only where it can move the content: scrolling is enabled and the content
    /// is larger than the view on an axis (or always bounces), so a touch on content that
    /// cannot scroll is left to other gestures, as on iOS.
    ///
    /// A view that scrolls on one axis only takes a pan that leans its way: a pan whose first
    /// decisive movement (past the hysteresis) is more across that axis than along it fails, so
    /// another gesture (an enclosing scroll view on the other axis, a swipe) takes the touch. A
    /// horizontal section inside a vertical list works this way on iOS: the first decisive
    /// direction wins, a diagonal pan goes to the axis it leans to.
    ///
    /// A view with an ``enclosingScrollView`` also leaves it a pan that heads past its own edge
    /// (see ``enclosingScrollView``).
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if gestureRecognizer === pinchGestureRecognizer { return canZoom }
        guard gestureRecognizer === panGestureRecognizer else { return true }
        let horizontal = scrollsHorizontally, vertical = scrollsVertically
        guard isScrollEnabled, horizontal || vertical else { return false }
        let moved = panGestureRecognizer.translation(in: nil)
        if let outer = enclosingScrollView, outer !== self, headsPastEdge(moved, enclosedBy: outer) { return false }
        guard horizontal != vertical else { return true }
        let along = abs(horizontal ? moved.x : moved.y), across = abs(horizontal ? moved.y : moved.x)
        return !(across > along)
    }

    /// Whether a pan that moved by `moved` heads past this view's edge along an axis `outer`
    /// scrolls: it leans along that axis (ties go to the horizontal), and the content is at the
    /// end of its range the finger pushes it toward, or past it (a finger moving left or up
    /// raises the offset). Within half a point of the end counts as at it: an offset that zooming
    /// or a settled bounce left a rounding error short of the edge cannot be seen to be.
    private func headsPastEdge(_ moved: CGPoint, enclosedBy outer: ScrollView) -> Bool {
        let horizontal = abs(moved.x) >= abs(moved.y)
        guard outer.isScrollEnabled, horizontal ? outer.scrollsHorizontally : outer.scrollsVertically else {
            return false
        }
        let range = horizontal ? offsetRange().x : offsetRange().y
        let offset = Double(horizontal ? contentOffset.x : contentOffset.y)
        let push = Double(horizontal ? moved.x : moved.y)
        if push < 0 { return offset >= range.upperBound - 0.5 }
        if push > 0 { return offset <= range.lowerBound + 0.5 }
        return false
    }

    /// The scroll view's pan and pinch recognize together (two fingers pan while they zoom), as
    /// in UIKit.
    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool {
        let pinch = pinchGestureRecognizer
        return (gestureRecognizer === panGestureRecognizer && otherGestureRecognizer === pinch)
            || (gestureRecognizer === pinch && otherGestureRecognizer === panGestureRecognizer)
    }
}

extension ScrollView: GestureArenaParticipant {
    /// Moves the content to where its motion is at `time`; at the motion's end, tells the
    /// delegate. If the content shrank under a motion, it settles at the new edge instead.
    public func arenaDidAdvance(to time: TimeInterval) {
        currentTime = max(currentTime, time)
        stepZoomAnimation()
        guard var current = motion else { return }
        retarget(&current.x, axis: offsetRange().x, position: contentOffset.x)
        retarget(&current.y, axis: offsetRange().y, position: contentOffset.y)
        // Each axis's motion at this time; one that ended leaves its axis where it ended.
        func advance(_ axis: inout ScrollMotion?, _ position: inout CGFloat, _ velocity: inout CGFloat) -> Bool {
            guard var moving = axis else { return true }
            let sample = moving.sample(at: currentTime)
            (position, velocity) = (sample.position, sample.velocity)
            axis = sample.done ? nil : moving
            return sample.done
        }
        var next = contentOffset
        var velocity = CGPoint.zero
        let xDone = advance(&current.x, &next.x, &velocity.x)
        let yDone = advance(&current.y, &next.y, &velocity.y)
        let done = xDone && yDone
        motion = done ? nil : current
        scrollingVelocity = done ? .zero : velocity
        contentOffset = next
        guard done else { return }
        switch current.reason {
        case .deceleration:
            isDecelerating = false
            delegate?.scrollViewDidEndDecelerating(self)
        case .animation: delegate?.scrollViewDidEndScrollingAnimation(self)
        case .scrollToTop: delegate?.scrollViewDidScrollToTop(self)
        }
    }

    /// A motion whose end lies outside the range (the content shrank) springs to the nearest
    /// edge from where it is instead.
    private func retarget(_ motion: inout ScrollMotion?, axis range: ClosedRange<Double>, position: Double) {
        guard let current = motion, !range.contains(current.destination) else { return }
        let edge = min(max(current.destination, range.lowerBound), range.upperBound)
        var probe = current
        let velocity = probe.sample(at: currentTime).velocity
        motion = ScrollMotion(
            kind: .spring(rest: edge, offset: position - edge, velocity: velocity), began: currentTime)
    }

    /// Content a lifted finger left outside its range (a touch stopped a bounce, and lifted
    /// without dragging) springs back from rest.
    func settleIfOutOfRange() {
        guard !isDragging, motion == nil else { return }
        let target = clampedContentOffset(contentOffset)
        guard target != contentOffset else { return }
        func spring(_ position: Double, _ rest: Double) -> ScrollMotion? {
            position == rest
                ? nil
                : ScrollMotion(kind: .spring(rest: rest, offset: position - rest, velocity: 0), began: currentTime)
        }
        motion = (spring(contentOffset.x, target.x), spring(contentOffset.y, target.y), .deceleration)
        isDecelerating = true
        delegate?.scrollViewWillBeginDecelerating(self)
    }
}
