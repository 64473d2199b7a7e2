import KineticDynamics
import KineticGestures
import KineticInteractions
import KineticLayout
// `BoardPlayScene` (`board`): a task board of three columns; drag cards between them (iOS 11's
// drag and drop), several at once, or reorder one by keyboard.
import KineticPlatform

/// Three columns of numbered cards (each a vertical collection view) on a board that scrolls
/// sideways: long-press a card and drag it within its column or to another, tap other cards
/// with another finger to add them to the stack, drop; the column under the finger scrolls at
/// its top and bottom, the board at its sides. Tabbed into, the keyboard reorders the first
/// column's cards. The board is every column's data source and drag and drop delegate.
public final class BoardPlayScene: InteractiveScene, KeyboardScene, CollectionViewDataSource,
    CollectionViewDragDelegate, CollectionViewDropDelegate, RearrangeableFlowLayoutDelegate,
    RearrangeableFlowLayoutAccessibilityDelegate, FeedbackObserver
{
    public let clock = ManualClock()
    public let arena: GestureArena
    /// The board, scrolled sideways; the columns sit on its content.
    public let board: ScrollView
    /// The columns, left to right.
    public let columns: [CollectionView]
    /// Each column's cards, by number.
    public private(set) var cards: [[Int]] = [Array(0..<8), Array(8..<13), Array(13..<16)]
    public let space: DragAndDropSpace
    public let interaction: DragAndDropInteraction
    private var events: [SceneEvent] = []

    /// A column's width, the gap between columns, and where columns start and end vertically.
    static let columnWidth: CGFloat = 230
    static let gap: CGFloat = 12
    static let top: CGFloat = 12

    public init() {
        arena = GestureArena(clock: clock)
        let size = InteractiveSceneName.viewSize
        board = ScrollView(frame: CGRect(origin: .zero, size: size))
        board.contentSize = CGSize(width: 3 * (Self.columnWidth + Self.gap) + Self.gap, height: size.height)
        columns = (0..<3).map { index in
            let layout = RearrangeableFlowLayout()
            layout.itemSize = CGSize(width: Self.columnWidth - 20, height: 56)
            layout.minimumLineSpacing = 8
            layout.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
            return CollectionView(
                frame: CGRect(
                    x: Self.gap + CGFloat(index) * (Self.columnWidth + Self.gap), y: Self.top,
                    width: Self.columnWidth, height: size.height - 2 * Self.top),
                collectionViewLayout: layout)
        }
        let board = board
        space = DragAndDropSpace(collectionViews: columns) { view in
            view.frame.offsetBy(dx: -board.contentOffset.x, dy: -board.contentOffset.y)
        }
        space.containerScrollView = board
        interaction = DragAndDropInteraction(space: space, clock: clock)
        for view in columns {
            view.dataSource = self
            view.dragDelegate = self
            view.dropDelegate = self
            view.reorderingCadence = .fast
            if let layout = view.collectionViewLayout as? RearrangeableFlowLayout {
                layout.delegate = self
                layout.accessibilityDelegate = self
                layout.feedbackObserver = self
            }
            view.layoutIfNeeded()
        }
        space.feedbackObserver = self
        interaction.install(in: arena)
        // The board scrolls under a finger that moves before the long press fires.
        board.install(in: arena)
    }

    /// Lets go of the columns' data sources and delegates and the layouts' (strong in the
    /// WebAssembly build).
    public func tearDown() {
        for view in columns {
            view.dataSource = nil
            view.dragDelegate = nil
            view.dropDelegate = nil
            if let layout = view.collectionViewLayout as? RearrangeableFlowLayout {
                layout.delegate = nil
                layout.accessibilityDelegate = nil
                layout.feedbackObserver = nil
            }
        }
        space.feedbackObserver = nil
    }

    private func column(of view: CollectionView) -> Int { columns.firstIndex { $0 === view } ?? 0 }

    // MARK: Data source and delegates

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        cards[column(of: collectionView)].count
    }

    public func collectionView(
        _ collectionView: CollectionView, itemsForBeginning session: CollectionViewDragSession, at indexPath: IndexPath
    ) -> [DragItem] {
        [DragItem(localObject: cards[column(of: collectionView)][indexPath.item])]
    }

    public func collectionView(
        _ collectionView: CollectionView, itemsForAddingTo session: CollectionViewDragSession, at indexPath: IndexPath,
        point: CGPoint
    ) -> [DragItem] {
        [DragItem(localObject: cards[column(of: collectionView)][indexPath.item])]
    }

    /// Cards move: within a column and between columns, inserted where the gap is.
    public func collectionView(
        _ collectionView: CollectionView, dropSessionDidUpdate session: CollectionViewDragSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> CollectionViewDropProposal {
        CollectionViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
    }

    /// Removes the cards from their columns (a batch update each), inserts them at the drop's
    /// place, and lands each in its cell.
    public func collectionView(
        _ collectionView: CollectionView, performDropWith coordinator: CollectionViewDropCoordinator
    ) {
        let target = column(of: collectionView)
        var arriving: [(DragItem, Int)] = []
        var leaving: [Int: [Int]] = [:]
        for item in coordinator.items.map({ $0.dragItem }) {
            guard let number = item.localObject(as: Int.self), let source = item.sourceIndexPath,
                let view = item.sourceCollectionView
            else { continue }
            leaving[column(of: view), default: []].append(source.item)
            arriving.append((item, number))
        }
        for (index, items) in leaving {
            let sorted = items.sorted(by: >)
            for item in sorted { cards[index].remove(at: item) }
            columns[index].deleteItems(at: sorted.map { IndexPath(item: $0, section: 0) })
        }
        let start = min(coordinator.destinationIndexPath?.item ?? cards[target].count, cards[target].count)
        for (offset, (_, number)) in arriving.enumerated() { cards[target].insert(number, at: start + offset) }
        collectionView.insertItems(at: arriving.indices.map { IndexPath(item: start + $0, section: 0) })
        for (offset, (item, _)) in arriving.enumerated() {
            coordinator.drop(item, toItemAt: IndexPath(item: start + offset, section: 0))
        }
    }

    /// The keyboard's moves: only the first column's layout takes keys (the finger drags through
    /// drag and drop, not the layouts).
    public func moveDataItem(from source: IndexPath, to destination: IndexPath) {
        cards[0].insert(cards[0].remove(at: source.item), at: destination.item)
    }

    // MARK: Keyboard

    private var keyboardLayout: RearrangeableFlowLayout? { columns[0].collectionViewLayout as? RearrangeableFlowLayout }

    /// Focus in: the first column's first visible card. Focus out: none.
    public func setKeyboardFocus(_ focused: Bool) {
        guard focused else {
            keyboardLayout?.focusedIndexPath = nil
            return
        }
        columns[0].layoutIfNeeded()
        if keyboardLayout?.focusedIndexPath == nil {
            keyboardLayout?.focusedIndexPath = columns[0].indexPathsForVisibleItems.first
        }
    }

    @discardableResult
    public func handleKey(_ key: KeyboardHIDUsage) -> Bool {
        keyboardLayout?.handleKeyPress(key) != nil
    }

    public func accessibilityLabel(forItemAt indexPath: IndexPath) -> String? {
        cards[0].indices.contains(indexPath.item) ? "card \(cards[0][indexPath.item])" : nil
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

    // MARK: Frames

    public func advance(to time: TimeInterval) {
        clock.sleep(until: time)
        arena.advance(to: time)
        for view in columns { view.layoutIfNeeded() }
    }

    public var scrollView: ScrollView? { board }

    public var state: [Double] {
        var values: [Double] = cards.flatMap { column -> [Double] in column.map(Double.init) + [-1] }
        values.append(Double(board.contentOffset.x))
        for view in columns {
            values.append(Double(view.contentOffset.y))
            values += view.visibleLayoutAttributes().filter { !$0.isHidden }.sorted { $0.indexPath < $1.indexPath }
                .flatMap { [Double($0.center.x), Double($0.center.y)] }
        }
        return values
            + interaction.previews.flatMap { [Double($0.attributes.center.x), Double($0.attributes.center.y)] }
    }

    public var summary: String {
        cards.enumerated().map { "column \($0.offset + 1): \($0.element.map(String.init).joined(separator: ","))" }
            .joined(separator: "\n") + "\nboard scrolled: \(board.contentOffset.x) pt"
    }

    /// The id of the focus ring's drawable; columns take -10, -11 and -12 (cards' ids start at 0).
    static let focusRingID = -1

    public var drawables: [Drawable] {
        var all: [Drawable] = []
        for (index, view) in columns.enumerated() {
            let frame = space.frameInSpace(view)
            all.append(
                Drawable(
                    id: -10 - index, kind: .column, x: Double(frame.midX), y: Double(frame.midY),
                    width: Double(frame.width), height: Double(frame.height), z: -1))
            for attributes in view.visibleLayoutAttributes()
            where !attributes.isHidden && attributes.representedElementCategory == .cell {
                guard cards[index].indices.contains(attributes.indexPath.item) else { continue }
                let number = cards[index][attributes.indexPath.item]
                let center = space.spacePoint(attributes.center, in: view)
                // A card scrolled out of its column is not drawn (a column clips its cards).
                guard center.y + attributes.size.height / 2 > frame.minY,
                    center.y - attributes.size.height / 2 < frame.maxY
                else { continue }
                all.append(
                    Drawable(
                        id: number * 2, kind: .cell, x: Double(center.x), y: Double(center.y),
                        width: Double(attributes.size.width), height: Double(attributes.size.height), z: 0,
                        label: String(number)))
            }
        }
        for preview in interaction.previews {
            guard let number = preview.item.localObject(as: Int.self) else { continue }
            let a = preview.attributes
            all.append(
                Drawable(
                    id: number * 2 + 1, kind: .cell, x: Double(a.center.x), y: Double(a.center.y),
                    width: Double(a.size.width), height: Double(a.size.height), z: preview.isReleased ? 1 : a.zIndex,
                    label: String(number)))
        }
        if let layout = keyboardLayout, let focus = layout.focusedIndexPath,
            let slot = layout.layoutAttributesForItem(at: focus)
        {
            let center = space.spacePoint(slot.center, in: columns[0])
            all.append(
                Drawable(
                    id: Self.focusRingID, kind: .focusRing, x: Double(center.x), y: Double(center.y),
                    width: Double(slot.size.width), height: Double(slot.size.height), z: 2000))
        }
        return all
    }
}
