import KineticDynamics
import KineticGestures
import KineticLayout
// `SpringyPlayScene` (`springy`): scroll the springy flow layout with a finger and watch the rows wobble.
import KineticPlatform

/// The springy flow layout under a finger: 1000 rows in a 375×667 view; the collection view
/// scrolls (pan, flick, deceleration, bounce: its own ``ScrollView`` physics) and the rows wobble
/// on their springs, lagging by their distance from the finger.
public final class SpringyPlayScene: InteractiveScene, CollectionViewDelegate {
    public let clock = ManualClock()
    public let arena: GestureArena
    public let collectionView: CollectionView
    public let layout = SpringyFlowLayout()
    private let data = CountDataSource(count: 1000)
    private var lastTime: TimeInterval = 0
    private var fingerAction: GestureRecognizer.ActionIdentifier?

    public init() {
        arena = GestureArena(clock: clock)
        layout.itemSize = CGSize(width: 355, height: 50)
        layout.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        collectionView = CollectionView(
            frame: CGRect(origin: .zero, size: InteractiveSceneName.viewSize), collectionViewLayout: layout)
        collectionView.dataSource = data
        collectionView.layoutIfNeeded()
        collectionView.delegate = self
        collectionView.install(in: arena)
        // The finger, in content coordinates, is where the springs measure their lag from; it
        // stays where it lifted while the view decelerates.
        // The action refers to the scene without holding it (a cycle through the collection
        // view, which the scene holds); it is removed when the scene goes (deinit).
        fingerAction = collectionView.panGestureRecognizer.addAction { [unowned(unsafe) self] pan in
            guard pan.state == .began || pan.state == .changed else { return }
            self.layout.touchLocation = pan.location(in: self.collectionView)
        }
    }

    deinit {
        if let fingerAction { collectionView.panGestureRecognizer.removeAction(fingerAction) }
    }

    /// Ends the cycle through the collection view's delegate, which holds the scene strongly
    /// in the WebAssembly build (Embedded Swift has no weak references).
    public func tearDown() {
        collectionView.delegate = nil
    }

    /// The scroll came to rest: no finger to lag behind.
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
        layout.touchLocation = nil
    }

    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        if !decelerate { layout.touchLocation = nil }
    }

    public func advance(to time: TimeInterval) {
        clock.sleep(until: time)
        arena.advance(to: time)
        let dt = time - lastTime
        lastTime = max(lastTime, time)
        if dt > 0 { layout.dynamicAnimator.step(dt) }
        collectionView.layoutIfNeeded()
    }

    public var state: [Double] {
        [Double(collectionView.contentOffset.y)]
            + collectionView.visibleLayoutAttributes().sorted { $0.indexPath < $1.indexPath }.flatMap {
                [Double($0.center.x), Double($0.center.y)]
            }
    }

    public var scrollView: ScrollView? { collectionView }

    public var summary: String {
        "scrolled: \(collectionView.contentOffset.y) pt, \(layout.springCount) springs"
    }

    public var overlay: DebugOverlay {
        DebugOverlay([layout.dynamicAnimator], offset: collectionView.contentOffset)
            .adding(scrolling: collectionView, size: InteractiveSceneName.viewSize)
    }

    public var drawables: [Drawable] {
        Self.drawables(of: collectionView.visibleLayoutAttributes(), offset: collectionView.contentOffset) {
            String($0.item)
        }
    }
}
