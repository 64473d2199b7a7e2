import KineticDynamics
import KineticGestures
import KineticLayout
// `ScrollScene` (`kinetic bench scroll`): a long flow layout decelerating after flings.
import KineticPlatform

/// A collection view of `count` 50×50 pt cells (a uniform flow layout, 10 pt spacing) in a
/// 375×667 pt view, installed in an arena and flung upward by a finger whenever it comes to
/// rest, from a third of the way down. Each frame does what a screen does: the arena's time
/// (the deceleration) and the visible query.
public final class ScrollScene: Scene {
    public let clock = ManualClock()
    public let arena: GestureArena
    public let view: CollectionView
    /// The scene has no physics; the animator is empty.
    public let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 375, height: 667))
    /// The cells are layout attributes, not scene items: nothing to write to a CSV.
    public let items: [SceneItem] = []
    private let data: CountDataSource
    /// How many cells the last frame's visible query returned.
    public private(set) var visibleCount = 0
    /// How many flings so far.
    public private(set) var flings = 0

    public init(count: Int = 1_000_000) {
        data = CountDataSource(count: count)
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 50, height: 50)
        layout.minimumLineSpacing = 10
        layout.minimumInteritemSpacing = 10
        arena = GestureArena(clock: clock)
        view = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
        view.dataSource = data
        view.contentOffset = CGPoint(x: 0, y: (view.contentSize.height / 3).rounded())
        view.layoutIfNeeded()
        view.install(in: arena)
    }

    /// The frame of the fling in progress (0 is the touch-down), if a finger is flinging.
    private var flingFrame: Int?

    public func advance(to t: TimeInterval, dt: TimeInterval) {
        clock.sleep(until: t)
        if flingFrame == nil, !view.isDecelerating { flingFrame = 0 }
        if let frame = flingFrame {
            // A finger drawn up at 3000 pt/s for 12 frames, then lifted still moving.
            let phase: Touch.Phase = frame == 0 ? .began : frame == 13 ? .ended : .moved
            if frame == 0 { flings += 1 }
            let y = 600 - 3000 * Double(frame) * dt
            arena.handle(Touch(id: flings, phase: phase, location: CGPoint(x: 180, y: y), timestamp: t))
            flingFrame = frame == 13 ? nil : frame + 1
        }
        arena.advance(to: t)
        visibleCount = view.visibleLayoutAttributes().count
    }
}
