import KineticAnimation
import KineticDynamics
import KineticGestures
import KineticLayout
import KineticPlatform

/// Seed 003's drag-and-rearrange as a reusable controller over a ``/KineticLayout/RearrangeableFlowLayout``:
/// a long press lifts the cell (or the selected cells), moving the finger moves it and the
/// others make room, the edges auto-scroll, and the release drops it with a spring that starts
/// at the finger's velocity. A second finger or a data change cancels the drag.
///
/// Feed it the press's phases in the collection view's own coordinates (or ``install(in:)`` a
/// long-press recognizer in an arena, whose ``/KineticGestures/GestureArena/advance(to:)`` then advances it) and
/// call ``advance(to:)`` every frame.
public final class ReorderInteraction: GestureArenaParticipant {
    /// The collection view, laid out by ``layout``.
    public let collectionView: CollectionView
    /// The layout that reorders.
    public let layout: RearrangeableFlowLayout
    /// Runs the settle animations.
    public let viewAnimator: ViewAnimator
    /// The settle spring (default: response 0.35 s, damping ratio 0.8).
    public var settleSpring = Spring(response: 0.35, dampingRatio: 0.8)

    private var velocity = VelocityTracker()
    private var lastTime: TimeInterval?

    /// Drives `collectionView`, whose layout must be a ``/KineticLayout/RearrangeableFlowLayout``.
    public init?(collectionView: CollectionView, clock: any AnimationClock) {
        guard let layout = collectionView.collectionViewLayout as? RearrangeableFlowLayout else { return nil }
        self.collectionView = collectionView
        self.layout = layout
        viewAnimator = ViewAnimator(clock: clock)
    }

    private func content(_ point: CGPoint) -> CGPoint {
        CGPoint(x: point.x + collectionView.contentOffset.x, y: point.y + collectionView.contentOffset.y)
    }

    // MARK: Press phases (view coordinates)

    /// The press began at `point`: lift what is there. Returns whether something was lifted.
    @discardableResult
    public func began(at point: CGPoint, time: TimeInterval) -> Bool {
        velocity.reset()
        velocity.addSample(point, at: time)
        return layout.beginDragging(at: content(point))
    }

    /// The finger moved to `point`.
    public func changed(to point: CGPoint, time: TimeInterval) {
        velocity.addSample(point, at: time)
        layout.updateDragging(to: content(point))
    }

    /// The finger lifted: drop where the block is, settling each representation into its slot
    /// on a spring that starts at the finger's velocity.
    public func ended() {
        guard layout.isDragging else { return }
        let representations = layout.representations.map { $0.copy() }
        let release = velocity.velocity
        layout.endDragging()
        collectionView.layoutIfNeeded()
        // Each representation carries its item's index path, which the drop keeps.
        for representation in representations {
            let path = representation.indexPath
            guard let slot = layout.layoutAttributesForItem(at: path) else { continue }
            let from = representation.center, to = slot.center
            let distance = Elementary.hypot(to.x - from.x, to.y - from.y)
            // UIKit's spring velocity is a fraction of the distance per second, along the way.
            let along =
                distance > 1 ? (release.dx * (to.x - from.x) + release.dy * (to.y - from.y)) / (distance * distance) : 0
            layout.beginSettling(representation, at: path)
            viewAnimator.animate(
                with: settleSpring, initialSpringVelocity: along.isFinite ? along : 0, items: [representation]
            ) {
                representation.center = to
            } completion: { [layout] _ in
                // The layout, held strongly: so does this interaction, and the layout holds
                // neither it nor its animator, so there is no cycle.
                layout.endSettling(at: path)
            }
        }
    }

    /// The press was cancelled (a second finger, the system): everything goes back.
    public func cancelled() {
        layout.cancelDragging()
    }

    /// Advances auto-scroll and the settle animations to `time`.
    public func advance(to time: TimeInterval) {
        guard time.isFinite else { return }
        if let lastTime, time > lastTime { layout.step(time - lastTime) }
        lastTime = time
        viewAnimator.step(to: time)
    }

    // MARK: Recognizers

    /// Adds a long-press recognizer to `arena` (over everything: the collection view fills it)
    /// that drives this reorder, and returns it.
    @discardableResult
    public func install(in arena: GestureArena) -> LongPressGestureRecognizer {
        let press = LongPressGestureRecognizer()
        // The arena holds the press, which holds this action: the action holds this interaction
        // weakly (strongly in the WebAssembly build, where the interaction holds neither the
        // press nor the arena: no cycle), and reads the time from the press's own arena.
        let owner = WeakReference(wrappedValue: self)
        _ = press.addAction { press in
            guard let self = owner.wrappedValue else { return }
            let time = press.arena?.currentTime ?? 0
            switch press.state {
            case .began:
                // Nothing under the finger: the press runs on, moving nothing.
                self.began(at: press.location, time: time)
            case .changed: self.changed(to: press.location, time: time)
            case .ended: self.ended()
            case .cancelled, .failed: self.cancelled()
            default: break
            }
        }
        arena.addGestureRecognizer(press)
        arena.addParticipant(self)
        return press
    }

    /// Advances to the arena's time.
    public func arenaDidAdvance(to time: TimeInterval) { advance(to: time) }
}
