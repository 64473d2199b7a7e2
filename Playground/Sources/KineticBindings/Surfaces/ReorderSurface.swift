// `ReorderSurface`: seed 003 on a page's list or grid: long-press an element, drag it, drop it;
// the container scrolls at its edges; tabbed into, the keyboard reorders too, and says so.
import KineticDynamics
import KineticGestures
import KineticInteractions
import KineticLayout
import KineticPlatform

/// A rearrangeable flow of elements: the long press lifts, the finger drags, the edges scroll,
/// the drop moves the element's id in the data; the keyboard's moves are announced.
final class ReorderSurface: CollectionSurface, RearrangeableFlowLayoutAccessibilityDelegate {
    let layout: RearrangeableFlowLayout
    let interaction: ReorderInteraction
    /// The elements' names for the announcements, by id (an element without one is "item N",
    /// N its id from 1).
    private var labels: [Int: String] = [:]

    /// `count` elements (ids 0..<count) in a view `size` big, laid out by `layout`; nil if the
    /// interaction cannot drive the layout.
    init?(size: CGSize, count: Int, layout: RearrangeableFlowLayout) {
        let clock = ManualClock()
        let column = ElementColumn(ids: Array(0..<count))
        let view = Self.makeView(size: size, column: column, layout: layout)
        guard let interaction = ReorderInteraction(collectionView: view, clock: clock) else { return nil }
        self.layout = layout
        self.interaction = interaction
        super.init(collectionView: view, column: column, clock: clock)
        interaction.install(in: arena)
        // The container scrolls under a finger that moves before the long press fires; one held
        // still lifts the element instead (the press begins first, and the pan fails).
        view.install(in: arena)
        layout.delegate = column
        layout.accessibilityDelegate = self
    }

    override func flags(_ attributes: CollectionViewLayoutAttributes) -> Double {
        var flags = attributes.zIndex > 0 ? RecordWriter.lifted : 0
        if layout.focusedIndexPath == attributes.indexPath { flags += RecordWriter.focused }
        return flags
    }

    // MARK: Keyboard

    /// Focus in: the element focused last if it is in view, else the first in view. Focus out:
    /// none (a keyboard move is cancelled).
    override func setKeyboardFocus(_ focused: Bool) -> Bool {
        guard focused else {
            layout.focusedIndexPath = nil
            return true
        }
        collectionView.layoutIfNeeded()
        let visible = collectionView.indexPathsForVisibleItems.sorted()
        if let focus = layout.focusedIndexPath, visible.contains(focus) { return true }
        layout.focusedIndexPath = visible.first
        return true
    }

    override func handleKey(_ key: KeyboardHIDUsage) -> Bool { layout.handleKeyPress(key) != nil }

    override func setLabel(_ label: String, of id: Int) -> Bool {
        guard column.ids.contains(id) else { return false }
        labels[id] = label
        return true
    }

    func accessibilityLabel(forItemAt indexPath: IndexPath) -> String? {
        guard column.ids.indices.contains(indexPath.item) else { return nil }
        let id = column.ids[indexPath.item]
        return labels[id] ?? "item \(id + 1)"
    }

    func rearrangeableFlowLayout(_ layout: RearrangeableFlowLayout, didPost announcement: ReorderAnnouncement) {
        announcements.append(announcement.text)
    }

    override func tearDown() {
        layout.delegate = nil
        layout.accessibilityDelegate = nil
        super.tearDown()
    }
}
