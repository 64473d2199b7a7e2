import KineticDynamics
import KineticLayout
// `SpringyScrollScene` (`kinetic simulate springy`): the springy flow layout scrolled at a steady speed.
import KineticPlatform

/// The springy flow layout scrolling under a finger: `count` cells of 80×80 pt (10 pt spacing,
/// four to a line) in a 390×844 pt view, the content dragged at 3000 pt/s by a finger held at
/// the view's centre, from the middle of the content. Each frame does what a host does: move
/// the content, ask the layout for the visible cells, step the layout's animator.
public final class SpringyScrollScene: Scene {
    public static let viewSize = CGSize(width: 390, height: 844)
    public static let speed: CGFloat = 3000

    public let layout = SpringyFlowLayout()
    public let view: CollectionView
    public var animator: DynamicAnimator { layout.dynamicAnimator }
    /// The cells are layout attributes, not scene items: nothing to write to a CSV.
    public let items: [SceneItem] = []
    private let data: CountDataSource
    /// How many cells the last frame's visible query returned.
    public private(set) var visibleCount = 0

    public init(count: Int = 100_000) {
        data = CountDataSource(count: count)
        layout.itemSize = CGSize(width: 80, height: 80)
        view = CollectionView(frame: CGRect(origin: .zero, size: Self.viewSize), collectionViewLayout: layout)
        view.dataSource = data
        view.contentOffset = CGPoint(x: 0, y: (view.contentSize.height / 2).rounded())
        view.layoutIfNeeded()
    }

    public func advance(to t: TimeInterval, dt: TimeInterval) {
        let offset = view.contentOffset
        layout.touchLocation = CGPoint(x: offset.x + Self.viewSize.width / 2, y: offset.y + Self.viewSize.height / 2)
        view.contentOffset = CGPoint(x: offset.x, y: offset.y + Self.speed * CGFloat(dt))
        visibleCount = view.visibleLayoutAttributes().count
        layout.dynamicAnimator.step(dt)
    }
}
