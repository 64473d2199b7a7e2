import KineticDynamics
import KineticLayout
// `ReorderScene` (`kinetic bench reorder`): seed 003's reorder in a long list, one slot a frame.
import KineticPlatform

/// Seed 003's reorder at scale: `count` cells of 50×50 pt (a uniform flow layout, 10 pt
/// spacing) in a 375×667 pt view scrolled to the middle of the list, one cell lifted, and each
/// frame a *hover step*: the finger moves the lifted cell one slot on (right, then back left,
/// alternately), the data and the layout follow, and the visible query runs, as a screen asks
/// for the frame.
///
/// The data is the reorder scene's numbered cells, whose move turns only the span between the
/// two places, as a data source at this scale must (an array's remove-and-insert would move half
/// the list).
public final class ReorderScene: Scene {
    public let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 375, height: 667))
    public let items: [SceneItem] = []
    public let view: CollectionView
    public let layout = RearrangeableFlowLayout()
    public let data: NumberedCells
    /// How many cells the last frame's visible query returned.
    public private(set) var visibleCount = 0
    private var finger: CGPoint
    private var direction: CGFloat = 1

    public init(count: Int = 1_000_000) {
        data = NumberedCells(count: count)
        layout.itemSize = CGSize(width: 50, height: 50)
        layout.minimumLineSpacing = 10
        layout.minimumInteritemSpacing = 10
        layout.delegate = data
        view = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
        view.dataSource = data
        view.contentOffset = view.clampedContentOffset(CGPoint(x: 0, y: (view.contentSize.height / 2).rounded()))
        view.layoutIfNeeded()
        // Lift the cell nearest the middle of the view, a column from the right edge.
        let middle = CGPoint(x: 30 + 60 * 2, y: view.contentOffset.y + 333)
        let lifted = view.visibleLayoutAttributes().min {
            Elementary.hypot($0.center.x - middle.x, $0.center.y - middle.y)
                < Elementary.hypot($1.center.x - middle.x, $1.center.y - middle.y)
        }
        finger = lifted?.center ?? middle
        layout.beginDragging(at: finger)
    }

    /// One hover step: a slot's width (60 pt) right or left, then the visible query.
    public func advance(to t: TimeInterval, dt: TimeInterval) {
        finger.x += 60 * direction
        direction = -direction
        layout.updateDragging(to: finger)
        visibleCount = view.visibleLayoutAttributes().count
    }
}
