// `SpringyPlayScene` (`springy`): scroll the springy flow layout with a finger and watch the rows wobble.
import Foundation
import KineticDynamics
import KineticGestures
import KineticLayout

/// The springy flow layout under a finger: 1000 rows in a 375×667 view; pan to scroll (with
/// UIScrollView's deceleration after a flick) and the rows wobble on their springs.
public final class SpringyPlayScene: InteractiveScene {
    public let clock = ManualClock()
    public let arena: GestureArena
    public let collectionView: CollectionView
    public let layout = SpringyFlowLayout()
    private let data = CountDataSource(count: 1000)
    private var panStart: CGFloat = 0
    /// The scroll velocity after a flick, pt/s; decays as UIScrollView's normal rate (0.998/ms).
    private var velocity: CGFloat = 0
    private var lastTime: TimeInterval = 0

    public init() {
        arena = GestureArena(clock: clock)
        layout.itemSize = CGSize(width: 355, height: 50)
        layout.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        collectionView = CollectionView(
            frame: CGRect(origin: .zero, size: InteractiveSceneName.viewSize), collectionViewLayout: layout)
        collectionView.dataSource = data
        collectionView.layoutIfNeeded()
        let pan = PanGestureRecognizer()
        _ = pan.addAction { [weak self] pan in
            guard let self else { return }
            let finger = pan.location
            switch pan.state {
            case .began:
                self.velocity = 0
                self.panStart = self.collectionView.contentOffset.y + pan.translation(in: nil).y
                fallthrough
            case .changed:
                self.scroll(to: self.panStart - pan.translation(in: nil).y, finger: finger)
            case .ended:
                self.velocity = -pan.velocity(in: nil).y
            case .cancelled, .failed:
                self.layout.touchLocation = nil
            default: break
            }
        }
        arena.addGestureRecognizer(pan)
    }

    /// Scrolls to `offset` (clamped) with the finger at `finger` (view coordinates).
    private func scroll(to offset: CGFloat, finger: CGPoint?) {
        let clamped = collectionView.clampedContentOffset(CGPoint(x: 0, y: offset))
        if let finger {
            layout.touchLocation = CGPoint(x: finger.x, y: finger.y + clamped.y)
        }
        collectionView.contentOffset = clamped
    }

    public func advance(to time: TimeInterval) {
        clock.sleep(until: time)
        arena.advance(to: time)
        let dt = time - lastTime
        lastTime = max(lastTime, time)
        if dt > 0, velocity != 0 {
            let before = collectionView.contentOffset.y
            scroll(to: before + velocity * CGFloat(dt), finger: nil)
            velocity *= CGFloat(pow(0.998, dt * 1000))
            if abs(velocity) < 5 || collectionView.contentOffset.y == before {
                velocity = 0
                layout.touchLocation = nil
            }
        }
        if dt > 0 { layout.dynamicAnimator.step(dt) }
        collectionView.layoutIfNeeded()
    }

    public var state: [Double] {
        [Double(collectionView.contentOffset.y)]
            + collectionView.visibleLayoutAttributes().sorted { $0.indexPath < $1.indexPath }.flatMap {
                [Double($0.center.x), Double($0.center.y)]
            }
    }

    public var summary: String {
        "scrolled: \(collectionView.contentOffset.y) pt, \(layout.springCount) springs"
    }

    public var overlay: DebugOverlay { DebugOverlay([layout.dynamicAnimator], offset: collectionView.contentOffset) }

    public var drawables: [Drawable] {
        Self.drawables(of: collectionView.visibleLayoutAttributes(), offset: collectionView.contentOffset) {
            String($0.item)
        }
    }
}
