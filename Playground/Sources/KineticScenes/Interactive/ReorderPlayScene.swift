import KineticDynamics
import KineticGestures
import KineticInteractions
import KineticLayout
// `ReorderPlayScene` (seed 003, `reorder`): long press, drag and drop numbered cells.
import KineticPlatform

/// Seed 003: 100 numbered cells of 80 pt in a 375×667 view; long press, drag, drop; edges scroll.
/// Tabbed into, the keyboard reorders too: the first visible cell takes the focus (drawn as a
/// ring), space lifts it, arrows move it, space drops, escape cancels; each step is announced and
/// the haptics of both become scene events.
public final class ReorderPlayScene: TunableScene, KeyboardScene, RearrangeableFlowLayoutAccessibilityDelegate,
    FeedbackObserver
{
    public let clock = ManualClock()
    public let arena: GestureArena
    public let collectionView: CollectionView
    public let interaction: ReorderInteraction
    public let data = NumberedCells(count: 100)
    private let layout = RearrangeableFlowLayout()
    private var events: [SceneEvent] = []

    public init() {
        arena = GestureArena(clock: clock)
        layout.itemSize = CGSize(width: 80, height: 80)
        layout.delegate = data
        collectionView = CollectionView(
            frame: CGRect(origin: .zero, size: InteractiveSceneName.viewSize), collectionViewLayout: layout)
        collectionView.dataSource = data
        collectionView.layoutIfNeeded()
        interaction = ReorderInteraction(collectionView: collectionView, clock: clock)!
        interaction.install(in: arena)
        // The collection view scrolls under a finger that moves before the long press fires; one
        // held still lifts the cell instead (the press begins first, and the pan fails).
        collectionView.install(in: arena)
        layout.accessibilityDelegate = self
        layout.feedbackObserver = self
    }

    /// Lets go of the layout's delegates (strong in the WebAssembly build).
    public func tearDown() {
        layout.accessibilityDelegate = nil
        layout.feedbackObserver = nil
    }

    // MARK: Keyboard

    /// Focus in: the cell focused last if it is in view, else the first visible one. Focus out:
    /// none (a keyboard move is cancelled).
    public func setKeyboardFocus(_ focused: Bool) {
        guard focused else {
            layout.focusedIndexPath = nil
            return
        }
        collectionView.layoutIfNeeded()
        let visible = collectionView.indexPathsForVisibleItems
        if let focus = layout.focusedIndexPath, visible.contains(focus) { return }
        layout.focusedIndexPath = visible.first
    }

    @discardableResult
    public func handleKey(_ key: KeyboardHIDUsage) -> Bool {
        layout.handleKeyPress(key) != nil
    }

    /// Cells are named by their numbers.
    public func accessibilityLabel(forItemAt indexPath: IndexPath) -> String? {
        data.items.indices.contains(indexPath.item) ? "item \(data.items[indexPath.item])" : nil
    }

    public func rearrangeableFlowLayout(_ layout: RearrangeableFlowLayout, didPost announcement: ReorderAnnouncement) {
        events.append(.announcement(announcement.text))
    }

    public func feedbackGenerator(_ generator: FeedbackGenerator, didPlay feedback: Feedback) {
        events.append(.feedback(feedback))
    }

    public func takeEvents() -> [SceneEvent] {
        defer { events.removeAll() }
        return events
    }

    public func advance(to time: TimeInterval) {
        clock.sleep(until: time)
        arena.advance(to: time)  // the interaction's auto-scroll and settles, and the scrolling
        collectionView.layoutIfNeeded()
    }

    public var state: [Double] {
        data.items.map(Double.init) + [Double(collectionView.contentOffset.y)]
            + collectionView.visibleLayoutAttributes().sorted { ($0.indexPath, $0.zIndex) < ($1.indexPath, $1.zIndex) }
            .flatMap {
                [Double($0.center.x), Double($0.center.y), $0.isHidden ? 1 : 0]
            }
    }

    public var scrollView: ScrollView? { collectionView }

    /// The scroll view's velocity and target while it moves on its own (reorder runs no physics).
    public var overlay: DebugOverlay { DebugOverlay(scrolling: collectionView, size: InteractiveSceneName.viewSize) }

    public var summary: String {
        "order: \(data.items.prefix(20).map(String.init).joined(separator: ","))…\nscrolled: "
            + "\(collectionView.contentOffset.y) pt"
    }

    /// The edge auto-scroll's mode: continuous, or a page at a time (seed 003's).
    public var parameters: [SceneParameter] {
        [
            SceneParameter(
                name: "paging", minimum: 0, maximum: 1, value: layout.autoScroll.mode == .paging ? 1 : 0, isSwitch: true
            )
        ]
    }

    public func setParameter(_ name: String, to value: Double) -> Bool {
        guard name == "paging", value == 0 || value == 1 else { return false }
        layout.autoScroll.mode = value == 1 ? .paging : .continuous
        return true
    }

    /// The id of the focus ring's drawable (cells have ids from 0).
    static let focusRingID = -1

    public var drawables: [Drawable] {
        // Cells are labelled with their numbers, which travel with the data.
        var all = Self.drawables(of: collectionView.visibleLayoutAttributes(), offset: collectionView.contentOffset) {
            [data] in
            data.items.indices.contains($0.item) ? String(data.items[$0.item]) : nil
        }
        if let focus = layout.focusedIndexPath, let slot = layout.layoutAttributesForItem(at: focus),
            slot.frame.intersects(collectionView.bounds)
        {
            let offset = collectionView.contentOffset
            all.append(
                Drawable(
                    id: Self.focusRingID, kind: .focusRing, x: Double(slot.center.x - offset.x),
                    y: Double(slot.center.y - offset.y), width: Double(slot.size.width),
                    height: Double(slot.size.height), z: 2000))
        }
        return all
    }
}
