import KineticAnimation
import KineticDynamics
import KineticGestures
import KineticLayout
// `PhotosPlayScene` (`photos`): a photo viewer, iOS's commonest physics-feeling screen: a paging
// strip of zooming scroll views, a card that turns and springs back, drag to dismiss handed to a
// property animator that a touch catches mid-flight, and a scrubber driving an animator.
import KineticPlatform

/// A photo viewer: five photos (coloured cards) in a horizontally paging scroll view, each in a
/// zooming scroll view of its own, as Photos builds it.
///
/// - **Pinch** zooms a photo about the fingers (1×…3×, rubber-banding past the limits and
///   springing back); **double-tap** zooms in to 2.5× about the tap, or back out; **one finger
///   pans** a zoomed photo, and a swipe that starts with it at its edge and heads past it turns
///   the page (the pages are nested in the pager: ``/KineticLayout/ScrollView/enclosingScrollView``).
/// - **Two fingers turning** tilt the photo; let go and a spring (a ``ViewPropertyAnimator``)
///   turns it back, starting at the fingers' angular velocity.
/// - **Drag a photo down** and let go: a spring animator (``SpringTimingParameters`` with the
///   finger's velocity, relative to the distance left, as UIKit's) flies it off the bottom (then
///   brings it back) or home. **Touch it mid-flight** and the animator pauses where it is: lift
///   and it carries on, drag and the photo follows the finger from there.
/// - **The scrubber** at the bottom sets a paused animator's `fractionComplete`: the info panel
///   slides up as the knob moves right.
public final class PhotosPlayScene: InteractiveScene {
    public let clock = ManualClock()
    public let arena: GestureArena
    /// Runs the property animators.
    public let animator: ViewAnimator
    /// The paging strip.
    public let pager: ScrollView
    /// Each photo's zooming scroll view, one per page.
    public let pages: [ScrollView]
    /// The photos: each page's zoomed view (in its scroll view's content).
    public let photos: [PhotoItem]
    /// Each photo's mount: its `center`'s distance from ``home`` is the dismissing drag, its
    /// `transform` the two-finger tilt (kept apart from the zoom's scale, which is the photo's).
    public let mounts: [PhotoItem]
    /// The info panel the scrubber's animator slides up.
    public let panel: PhotoItem
    /// The animator the scrubber scrubs (paused from the start).
    public let scrubAnimator: ViewPropertyAnimator
    /// Each photo's dismissing (or returning) animator, while there is one.
    public private(set) var dismissAnimators: [ViewPropertyAnimator?]
    /// Each photo's tilt animator, while there is one.
    public private(set) var tiltAnimators: [ViewPropertyAnimator?]
    /// The one-finger drag that dismisses a photo (the scroll views bring their own pans and
    /// pinches).
    public let dismissPan = PanGestureRecognizer()
    /// A press that begins at once (no minimum duration): it catches a flying photo.
    public let catcher = LongPressGestureRecognizer()
    /// The two-finger turn that tilts a photo.
    public let rotation = RotationGestureRecognizer()
    /// The double tap that zooms in and out.
    public let doubleTap = TapGestureRecognizer()
    /// The drag along the scrubber's track.
    public let scrubber = PanGestureRecognizer()
    /// The finger's location when the dismissing drag's finger came down, and the mount's centre
    /// then: the photo follows the finger from there.
    private var dragStart: (finger: CGPoint, mount: CGPoint)?
    /// The tilt when the rotation began.
    private var tiltStart = 0.0
    /// The page whose animator a touch caught (paused), if one did.
    public private(set) var caughtPage: Int?
    private let rules: PhotosRules

    /// How many photos; their size at 1× (3 : 4, 20 pt from the sides); the zoom limits.
    public static let count = 5
    public static let photoSize = CGSize(width: 335, height: 447)
    public static let minimumZoom: CGFloat = 1, maximumZoom: CGFloat = 3, doubleTapZoom: CGFloat = 2.5
    /// Where a mount rests: the view's centre.
    public static let home = CGPoint(x: 187.5, y: 333.5)
    /// A drag let go this far below home (points) or this fast downwards (points per second)
    /// dismisses; otherwise the photo springs home.
    public static let dismissDistance: CGFloat = 100, dismissSpeed: CGFloat = 600
    /// Where a dismissed photo flies to: below the view.
    public static let dismissedY: CGFloat = home.y + 800
    /// The scrubber's track: its left end, length and height on screen.
    public static let track = (x: CGFloat(40), y: CGFloat(630), length: CGFloat(295))
    /// The info panel's place with the scrubber at 0 and at 1.
    static let panelFrom = CGRect(x: 87.5, y: 700, width: 200, height: 100)
    static let panelTo = CGRect(x: 20, y: 480, width: 335, height: 120)

    public init() {
        arena = GestureArena(clock: clock)
        animator = ViewAnimator(clock: clock)
        let size = InteractiveSceneName.viewSize
        pager = ScrollView(frame: CGRect(origin: .zero, size: size))
        pager.contentSize = CGSize(width: size.width * CGFloat(Self.count), height: size.height)
        pager.isPagingEnabled = true
        pager.alwaysBounceHorizontal = true
        pager.panGestureRecognizer.maximumNumberOfTouches = 1
        var pages: [ScrollView] = []
        var photos: [PhotoItem] = []
        var mounts: [PhotoItem] = []
        let photoSize = Self.photoSize
        for i in 0..<Self.count {
            let page = ScrollView(frame: CGRect(origin: CGPoint(x: size.width * CGFloat(i), y: 0), size: size))
            page.minimumZoomScale = Self.minimumZoom
            page.maximumZoomScale = Self.maximumZoom
            page.contentSize = photoSize
            // Nested in the pager: a zoomed photo at its edge hands a swipe past it to the pager.
            page.enclosingScrollView = pager
            pages.append(page)
            photos.append(PhotoItem(frame: CGRect(origin: .zero, size: photoSize)))
            mounts.append(
                PhotoItem(
                    frame: CGRect(
                        x: Self.home.x - photoSize.width / 2, y: Self.home.y - photoSize.height / 2,
                        width: photoSize.width, height: photoSize.height)))
        }
        self.pages = pages
        self.photos = photos
        self.mounts = mounts
        dismissAnimators = Array(repeating: nil, count: Self.count)
        tiltAnimators = Array(repeating: nil, count: Self.count)
        panel = PhotoItem(frame: Self.panelFrom)
        let panel = panel
        scrubAnimator = ViewPropertyAnimator(duration: 0.5, curve: .easeInOut, viewAnimator: animator, items: [panel]) {
            panel.center = CGPoint(x: Self.panelTo.midX, y: Self.panelTo.midY)
            panel.bounds = CGRect(origin: .zero, size: Self.panelTo.size)
        }
        rules = PhotosRules()
        rules.scene = self
        for page in pages {
            page.delegate = rules
            page.zoomScale = 1
            page.contentInset = Self.centringInset(page)
            page.contentOffset = CGPoint(x: -page.contentInset.left, y: -page.contentInset.top)
        }
        pager.delegate = rules
        scrubAnimator.pauseAnimation()
        installRecognizers()
    }

    /// The scene's recognizers first (delivered first, so the scrubber's pan wins a sideways drag
    /// over the pager's), then the photos' scroll views (a zoomed photo's pan before the pager's),
    /// then the pager.
    private func installRecognizers() {
        dismissPan.maximumNumberOfTouches = 1
        catcher.minimumPressDuration = 0
        doubleTap.numberOfTapsRequired = 2
        scrubber.maximumNumberOfTouches = 1
        dismissPan.name = "dismiss"
        catcher.name = "catch"
        rotation.name = "tilt"
        doubleTap.name = "double tap"
        scrubber.name = "scrubber"
        for recognizer in [scrubber, catcher, dismissPan, rotation, doubleTap] as [GestureRecognizer] {
            recognizer.delegate = rules
            arena.addGestureRecognizer(recognizer)
        }
        _ = scrubber.addAction { [unowned(unsafe) self] pan in self.scrubbed(pan) }
        _ = catcher.addAction { [unowned(unsafe) self] press in self.caught(press) }
        _ = dismissPan.addAction { [unowned(unsafe) self] pan in self.dragged(pan) }
        _ = rotation.addAction { [unowned(unsafe) self] rotation in self.tilted(rotation) }
        _ = doubleTap.addAction { [unowned(unsafe) self] tap in self.doubleTapped(tap) }
        for page in pages { page.install(in: arena) }
        pager.install(in: arena)
    }

    /// Lets go of the delegates (strong in the WebAssembly build) and stops the animators that a
    /// paused or stopped state would keep (releasing one traps, as in UIKit).
    public func tearDown() {
        for page in pages { page.delegate = nil }
        pager.delegate = nil
        for recognizer in [scrubber, catcher, dismissPan, rotation, doubleTap] as [GestureRecognizer] {
            recognizer.delegate = nil
        }
        stopAll()
    }

    deinit {
        stopAll()
    }

    private func stopAll() {
        for animator in dismissAnimators + tiltAnimators + [scrubAnimator] { Self.halt(animator) }
    }

    /// Stops `animator` where it is, if it is active (paused first if it runs).
    private static func halt(_ animator: ViewPropertyAnimator?) {
        guard let animator, animator.state == .active else { return }
        if animator.isRunning { animator.pauseAnimation() }
        animator.stopAnimation(true)
    }

    // MARK: Pages

    /// The page the pager shows most of.
    public var currentPage: Int {
        let width = Double(InteractiveSceneName.viewSize.width)
        let page = (Double(pager.contentOffset.x) / width).rounded()
        return page.isFinite ? min(max(Int(page), 0), Self.count - 1) : 0
    }

    /// The insets that centre a photo smaller than its page (the common UIKit recipe, set in
    /// `scrollViewDidZoom`): half the room left on each axis, none where the photo is larger. The
    /// photo stays at the content's origin, so the point under a pinch stays under the fingers.
    static func centringInset(_ page: ScrollView) -> EdgeInsets {
        let content = page.contentSize, view = page.frame.size
        let x = max(0, (view.width - content.width) / 2), y = max(0, (view.height - content.height) / 2)
        return EdgeInsets(top: y, left: x, bottom: y, right: x)
    }

    /// The pages follow the pager: each is a view wide, side by side in its content.
    func pagerDidScroll() {
        let width = InteractiveSceneName.viewSize.width
        for (i, page) in pages.enumerated() {
            page.frame.origin = CGPoint(x: width * CGFloat(i) - pager.contentOffset.x, y: 0)
        }
    }

    /// The pager settled on a page: the others zoom back out, as in Photos.
    func pagerDidSettle() {
        let current = currentPage
        for (i, page) in pages.enumerated() where i != current && page.zoomScale != 1 {
            page.setZoomScale(1, animated: false)
        }
    }

    /// The photo of `page` as drawn: its centre and size on screen (the zoom, the page's place,
    /// the mount's drag) and its tilt.
    public func photoFrame(_ page: Int) -> (center: CGPoint, size: CGSize, angle: Double) {
        let view = pages[page], photo = photos[page], mount = mounts[page]
        let s = view.zoomScale
        let center = CGPoint(
            x: view.frame.minX + photo.center.x - view.contentOffset.x + mount.center.x - Self.home.x,
            y: view.frame.minY + photo.center.y - view.contentOffset.y + mount.center.y - Self.home.y)
        let size = CGSize(width: photo.bounds.width * s, height: photo.bounds.height * s)
        return (center, size, Double(Elementary.atan2(mount.transform.b, mount.transform.a)))
    }

    /// Whether `point` is on the current page's photo (its tilt aside).
    func isOnPhoto(_ point: CGPoint) -> Bool {
        let frame = photoFrame(currentPage)
        return abs(point.x - frame.center.x) <= frame.size.width / 2
            && abs(point.y - frame.center.y) <= frame.size.height / 2
    }

    /// Whether `point` is on the scrubber (its track, 20 pt either side).
    func isOnScrubber(_ point: CGPoint) -> Bool {
        let t = Self.track
        return point.x >= t.x - 20 && point.x <= t.x + t.length + 20 && abs(point.y - t.y) <= 20
    }

    // MARK: Gestures

    /// The scrubber sets the paused animator's fraction from the finger's place on the track.
    private func scrubbed(_ pan: PanGestureRecognizer) {
        guard pan.state == .began || pan.state == .changed else { return }
        let t = Self.track
        let fraction = min(max((pan.location.x - t.x) / t.length, 0), 1)
        guard fraction.isFinite else { return }
        scrubAnimator.fractionComplete = fraction
    }

    /// A touch on a flying photo pauses its animator where it is; lifted without dragging, the
    /// animator carries on.
    private func caught(_ press: LongPressGestureRecognizer) {
        switch press.state {
        case .began:
            let page = currentPage
            guard let animator = dismissAnimators[page], animator.isRunning else { return }
            animator.pauseAnimation()
            caughtPage = page
        case .ended, .cancelled:
            guard let page = caughtPage else { return }
            caughtPage = nil
            if let animator = dismissAnimators[page], animator.state == .active, !animator.isRunning {
                animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
            }
        default:
            break
        }
    }

    /// The dismissing drag: the photo follows the finger from where it was (a caught animator
    /// stops there); let go, a spring takes it on with the finger's velocity.
    private func dragged(_ pan: PanGestureRecognizer) {
        let page = currentPage, mount = mounts[page]
        switch pan.state {
        case .began:
            Self.halt(dismissAnimators[page])
            dismissAnimators[page] = nil
            caughtPage = nil
            let translation = pan.translation(in: nil)
            let finger = CGPoint(x: pan.location.x - translation.x, y: pan.location.y - translation.y)
            dragStart = (finger, mount.center)
            follow(pan, mount)
        case .changed:
            follow(pan, mount)
        case .ended, .cancelled:
            guard dragStart != nil else { return }
            follow(pan, mount)
            dragStart = nil
            let velocity = pan.state == .ended ? pan.velocity(in: nil) : .zero
            let below = mount.center.y - Self.home.y
            let dismiss = pan.state == .ended && (below > Self.dismissDistance || velocity.y > Self.dismissSpeed)
            let target = dismiss ? CGPoint(x: Self.home.x, y: Self.dismissedY) : Self.home
            fling(page, to: target, velocity: velocity, dampingRatio: dismiss ? 1 : 0.8) { [unowned(unsafe) self] in
                if dismiss { self.bringBack(page) }
            }
        default:
            break
        }
    }

    private func follow(_ pan: PanGestureRecognizer, _ mount: PhotoItem) {
        guard let start = dragStart else { return }
        mount.center = CGPoint(
            x: start.mount.x + pan.location.x - start.finger.x, y: start.mount.y + pan.location.y - start.finger.y)
    }

    /// The velocity `velocity` (points per second) relative to the distance from `from` to `to`
    /// on each axis, as UIKit's spring timing takes it (zero where there is no distance).
    public static func relativeVelocity(_ velocity: CGPoint, from: CGPoint, to: CGPoint) -> CGVector {
        func axis(_ v: CGFloat, _ distance: CGFloat) -> CGFloat {
            let r = abs(distance) < 1e-9 ? 0 : v / distance
            return r.isFinite ? r : 0
        }
        return CGVector(dx: axis(velocity.x, to.x - from.x), dy: axis(velocity.y, to.y - from.y))
    }

    /// Springs page `page`'s mount to `target`, starting at `velocity` (points per second).
    private func fling(
        _ page: Int, to target: CGPoint, velocity: CGPoint, dampingRatio: CGFloat, completion: @escaping () -> Void
    ) {
        let mount = mounts[page]
        let timing = SpringTimingParameters(
            dampingRatio: dampingRatio,
            initialVelocity: Self.relativeVelocity(velocity, from: mount.center, to: target))
        let flight = ViewPropertyAnimator(
            duration: 0.6, timingParameters: timing, viewAnimator: animator, items: [mount])
        flight.addAnimations { mount.center = target }
        flight.addCompletion { position in if position == .end { completion() } }
        dismissAnimators[page] = flight
        flight.startAnimation()
    }

    /// A dismissed photo comes back up from below, as if the viewer opened it again.
    private func bringBack(_ page: Int) {
        dismissAnimators[page] = nil
        fling(page, to: Self.home, velocity: .zero, dampingRatio: 0.85) {}
    }

    /// Two fingers tilt the photo; let go, a spring turns it back upright from the fingers'
    /// angular velocity.
    private func tilted(_ rotation: RotationGestureRecognizer) {
        let page = currentPage, mount = mounts[page]
        switch rotation.state {
        case .began:
            Self.halt(tiltAnimators[page])
            tiltAnimators[page] = nil
            tiltStart = Double(Elementary.atan2(mount.transform.b, mount.transform.a))
            mount.transform = CGAffineTransform(rotationAngle: CGFloat(tiltStart) + rotation.rotation)
        case .changed:
            mount.transform = CGAffineTransform(rotationAngle: CGFloat(tiltStart) + rotation.rotation)
        case .ended, .cancelled:
            // The fingers' last turn first, then the spring from there.
            let angle = tiltStart + Double(rotation.rotation)
            mount.transform = CGAffineTransform(rotationAngle: CGFloat(angle))
            let velocity = rotation.state == .ended ? rotation.velocity : 0
            let relative = abs(angle) < 1e-9 ? 0 : -velocity / CGFloat(angle)
            let timing = SpringTimingParameters(
                dampingRatio: 0.6, initialVelocity: CGVector(dx: relative.isFinite ? relative : 0, dy: 0))
            let back = ViewPropertyAnimator(
                duration: 0.7, timingParameters: timing, viewAnimator: animator, items: [mount])
            back.addAnimations { mount.transform = .identity }
            tiltAnimators[page] = back
            back.startAnimation()
        default:
            break
        }
    }

    /// A double tap zooms in about the tap, or back out.
    private func doubleTapped(_ tap: TapGestureRecognizer) {
        guard tap.state == .ended else { return }
        let page = pages[currentPage], photo = photos[currentPage]
        guard page.zoomScale <= Self.minimumZoom else {
            page.setZoomScale(Self.minimumZoom, animated: true)
            return
        }
        // The tap in the photo's own coordinates.
        let s = page.zoomScale
        let origin = CGPoint(
            x: photo.center.x - photo.bounds.width * s / 2, y: photo.center.y - photo.bounds.height * s / 2)
        let point = CGPoint(
            x: (page.contentOffset.x + tap.location.x - page.frame.minX - origin.x) / s,
            y: (page.contentOffset.y + tap.location.y - page.frame.minY - origin.y) / s)
        let size = CGSize(width: page.frame.width / Self.doubleTapZoom, height: page.frame.height / Self.doubleTapZoom)
        page.zoom(
            to: CGRect(
                x: point.x - size.width / 2, y: point.y - size.height / 2, width: size.width, height: size.height),
            animated: true)
    }

    // MARK: Frames

    public func advance(to time: TimeInterval) {
        clock.sleep(until: time)
        arena.advance(to: time)
        animator.step(to: time)
    }

    /// The pager's offset; each page's zoom scale and offset; each mount's centre and tilt; the
    /// info panel's centre and width.
    public var state: [Double] {
        var state = [Double(pager.contentOffset.x)]
        for (page, mount) in zip(pages, mounts) {
            state += [
                Double(page.zoomScale), Double(page.contentOffset.x), Double(page.contentOffset.y),
                Double(mount.center.x), Double(mount.center.y), Double(mount.transform.a), Double(mount.transform.b),
            ]
        }
        state += [Double(panel.center.y), Double(panel.bounds.width), Double(scrubAnimator.fractionComplete)]
        return state
    }

    public var summary: String {
        let page = currentPage
        let zoom = Double(pages[page].zoomScale)
        let tilt = photoFrame(page).angle * 180 / Double.pi
        let drop = Double(mounts[page].center.y - Self.home.y)
        let scrub = Double(scrubAnimator.fractionComplete)
        return "photo: \(page + 1) of \(Self.count)\nzoom: \(zoom)\ntilt: \(tilt)°\ndrop: \(drop) pt\nscrub: \(scrub)"
    }

    public var scrollView: ScrollView? { pager }

    /// The photos on screen as cells coloured far apart (ids 14 apart: the page's hue ramp turns
    /// 77° a photo), the held one lifted; the info panel, the scrubber's track and its knob.
    public var drawables: [Drawable] {
        let view = InteractiveSceneName.viewSize
        var drawables: [Drawable] = []
        let held = [dismissPan, rotation, catcher].contains { $0.state == .began || $0.state == .changed }
        for i in 0..<Self.count {
            let frame = photoFrame(i)
            guard frame.center.x + frame.size.width / 2 > 0, frame.center.x - frame.size.width / 2 < view.width,
                frame.center.y - frame.size.height / 2 < view.height
            else { continue }
            drawables.append(
                Drawable(
                    id: i * 14, kind: .cell, x: Double(frame.center.x), y: Double(frame.center.y),
                    width: Double(frame.size.width), height: Double(frame.size.height), angle: frame.angle,
                    z: held && i == currentPage ? 1 : 0, label: String(i + 1)))
        }
        let t = Self.track
        let fraction = Double(scrubAnimator.fractionComplete)
        drawables.append(
            Drawable(
                id: 1001, kind: .column, x: Double(panel.center.x), y: Double(panel.center.y),
                width: Double(panel.bounds.width), height: Double(panel.bounds.height), z: 2, label: "Info"))
        drawables.append(
            Drawable(
                id: 1003, kind: .column, x: Double(t.x + t.length / 2), y: Double(t.y), width: Double(t.length),
                height: 6, z: 3))
        drawables.append(
            Drawable(
                id: 1005, kind: .card, x: Double(t.x) + fraction * Double(t.length), y: Double(t.y), width: 28,
                height: 28, z: 4))
        return drawables
    }
}
