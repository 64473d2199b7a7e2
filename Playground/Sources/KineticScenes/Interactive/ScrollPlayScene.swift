import KineticDynamics
import KineticGestures
import KineticLayout
// `ScrollPlayScene` (`scroll`): the scroll view's physics on show.
import KineticPlatform

/// A long list (300 rows) in a 375×667 view to pan and fling: the deceleration, the rubber band
/// and the bounce at both ends, with UIKit's numbers; the *paging* switch turns it into twelve
/// horizontal pages that settle one at a time. The debug overlay shows the velocity and where
/// the content will come to rest while it moves on its own.
public final class ScrollPlayScene: TunableScene {
    public let clock = ManualClock()
    public let arena: GestureArena
    public private(set) var collectionView: CollectionView
    private let rows = CountDataSource(count: 300)
    private let pages = CountDataSource(count: 12)
    public private(set) var paging = false

    public init() {
        arena = GestureArena(clock: clock)
        collectionView = Self.makeView(paging: false, data: rows)
        collectionView.install(in: arena)
    }

    private static func makeView(paging: Bool, data: CountDataSource) -> CollectionView {
        let layout = FlowLayout()
        let size = InteractiveSceneName.viewSize
        if paging {
            // Pages exactly a view wide: 10 pt margins, 20 pt between pages.
            layout.scrollDirection = .horizontal
            layout.itemSize = CGSize(width: size.width - 20, height: size.height - 20)
            layout.minimumLineSpacing = 20
        } else {
            layout.itemSize = CGSize(width: size.width - 20, height: 60)
        }
        layout.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let view = CollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
        view.dataSource = data
        view.isPagingEnabled = paging
        view.alwaysBounceVertical = !paging
        view.alwaysBounceHorizontal = paging
        view.layoutIfNeeded()
        return view
    }

    public var parameters: [SceneParameter] {
        [SceneParameter(name: "paging", minimum: 0, maximum: 1, value: paging ? 1 : 0, isSwitch: true)]
    }

    public func setParameter(_ name: String, to value: Double) -> Bool {
        guard name == "paging", value == 0 || value == 1 else { return false }
        guard (value == 1) != paging else { return true }
        paging = value == 1
        // The old view leaves the arena whole (its pinch too, not only its pan).
        collectionView.removeFromArena()
        collectionView = Self.makeView(paging: paging, data: paging ? pages : rows)
        collectionView.install(in: arena)
        return true
    }

    public func advance(to time: TimeInterval) {
        clock.sleep(until: time)
        arena.advance(to: time)
    }

    public var state: [Double] {
        [Double(collectionView.contentOffset.x), Double(collectionView.contentOffset.y)]
    }

    public var scrollView: ScrollView? { collectionView }

    public var summary: String {
        "offset: \(collectionView.contentOffset)\ndecelerating: \(collectionView.isDecelerating)"
    }

    public var overlay: DebugOverlay { DebugOverlay(scrolling: collectionView, size: InteractiveSceneName.viewSize) }

    public var drawables: [Drawable] {
        Self.drawables(of: collectionView.visibleLayoutAttributes(), offset: collectionView.contentOffset) {
            String($0.item)
        }
    }
}
