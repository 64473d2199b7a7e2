import KineticDynamics
import KineticGestures
import KineticInteractions
import KineticLayout
// `DragPlayScene` (seed 000, `drag`): select cells and drag them on springs.
import KineticPlatform

/// Seed 000: 1000 cells of 50 pt in a 375×667 view; tap to select, long press to drag the
/// selection on springs, pan or flick to scroll.
public final class DragPlayScene: InteractiveScene {
    public let clock = ManualClock()
    public let arena: GestureArena
    public let collectionView: CollectionView
    public let interaction: MultiSelectDragInteraction
    private let data = CountDataSource(count: 1000)

    public init() {
        arena = GestureArena(clock: clock)
        collectionView = CollectionView(
            frame: CGRect(origin: .zero, size: InteractiveSceneName.viewSize), collectionViewLayout: DraggableLayout())
        collectionView.dataSource = data
        collectionView.layoutIfNeeded()
        interaction = MultiSelectDragInteraction(collectionView: collectionView)!
        interaction.install(in: arena)
        // The collection view scrolls under a finger that moves before the long press fires; one
        // held still lifts the cell instead (the press begins first, and the pan fails).
        collectionView.install(in: arena)
    }

    public func advance(to time: TimeInterval) {
        clock.sleep(until: time)
        arena.advance(to: time)  // the interaction's springs and the scrolling with it
    }

    public var state: [Double] {
        collectionView.visibleLayoutAttributes().sorted { $0.indexPath < $1.indexPath }.flatMap {
            [Double($0.indexPath.item), Double($0.center.x), Double($0.center.y), Double($0.zIndex)]
        } + interaction.selectedIndexPaths.map { Double($0.item) }
    }

    public var scrollView: ScrollView? { collectionView }

    public var summary: String {
        let selected = interaction.selectedIndexPaths.map { String($0.item) }.joined(separator: ",")
        let dragging = interaction.layout.animator != nil
        return "selected: [\(selected)]\ndragging: \(dragging)"
    }

    public var drawables: [Drawable] {
        // Numbered, so the order the colours ramp over reads as text too.
        Self.drawables(
            of: collectionView.visibleLayoutAttributes(), offset: collectionView.contentOffset,
            selected: Set(interaction.selectedIndexPaths), label: { String($0.item) })
    }

    public var overlay: DebugOverlay {
        DebugOverlay(interaction.layout.animator.map { [$0] } ?? [], offset: collectionView.contentOffset)
            .adding(scrolling: collectionView, size: InteractiveSceneName.viewSize)
    }
}
