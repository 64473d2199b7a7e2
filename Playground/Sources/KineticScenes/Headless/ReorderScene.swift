import KineticDynamics
import KineticGestures
import KineticLayout
// `ReorderScene` (`kinetic bench reorder`): seed 003's reorder in a long list, one hover step a frame.
import KineticPlatform

/// Seed 003's reorder at scale: `count` cells of 50×50 pt (a uniform flow layout, 10 pt
/// spacing, six to a row) in a 375×667 pt view, one cell lifted, and each frame a *hover step*
/// along one ``Path``: the lifted cell's target slot changes, the data and the layout follow,
/// and the visible query runs, as a screen asks for the frame.
///
/// Each frame is split in two for a benchmark: ``prepareStep()`` does what is not the step
/// (scrolling the view after an item that walked off it, turning at an end), ``step()`` is the
/// hover step itself and the visible query; ``advance(to:dt:)`` runs both.
///
/// The data is the reorder scene's numbered cells, whose move turns only the span between the
/// two places, as a data source at this scale must (an array's remove-and-insert would move half
/// the list): a hover step's move costs the slots it crosses, at most a screenful, whatever the
/// count.
public final class ReorderScene: Scene {
    /// The ways a hover step can go, each measured by itself.
    public enum Path: String, CaseIterable, Sendable {
        /// One slot right, then back left, alternately, in the middle of the list (the finger
        /// moves 60 pt each way).
        case step
        /// The same one slot and back near the start of the list (item 20, scrolled to the top).
        case stepStart = "step-start"
        /// The same one slot and back near the end of the list (20 items before it, scrolled to
        /// the bottom).
        case stepEnd = "step-end"
        /// The first item and the second swapping places, again and again.
        case first
        /// The last item and the one before it swapping places, again and again.
        case last
        /// One slot on every frame, from the middle on, the view following the item a line at
        /// a time (turning back at the end of the list).
        case forward
        /// One slot back every frame, from the middle back (turning at the start).
        case backward
        /// One line down, then back up (six slots each way).
        case line
        /// Back and forth between the first and the last place on screen (about 70 slots).
        case jump
        /// The finger still at the bottom edge: edge auto-scroll scrolls the content under it
        /// (at up to 1500 pt/s) and retargets every frame, the item moving a line every few.
        case autoscroll
        /// The keyboard: the right arrow, then the left, alternately (`handleKeyPress`, which also
        /// keeps the item in view).
        case keyboard
        /// Three selected items lifted as one block, one slot right then back left.
        case block
        /// The collection view's interactive movement (UIKit's API, no reorder layout involved):
        /// the target position one cell right, then back, alternately.
        case interactive
        /// The `step` path with a diffable data source (`CollectionViewDiffableDataSource<Int, Int>`,
        /// reordering handlers set, as UIKit's take a reorder) as the layout's delegate instead of
        /// the numbered cells.
        case diffable
        /// The `step` path in a flow that scrolls horizontally (columns of eleven cells filled top
        /// to bottom): one slot down, then back up.
        case horizontal
        /// The `step` path with the list in sections of 1000 cells (one section per 1000 items: a
        /// uniform layout's sections are laid out anew, and their counts read, on every move).
        case sections

        /// The names `kinetic bench reorder --path` accepts, in order.
        public static var names: [String] { allCases.map { $0.rawValue } }
    }

    public let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 375, height: 667))
    public let items: [SceneItem] = []
    public let view: CollectionView
    public let layout = RearrangeableFlowLayout()
    public let data: NumberedCells
    /// The `diffable` path's data source (nil on the others); its reorders, counted.
    public private(set) var diffable: CollectionViewDiffableDataSource<Int, Int>?
    public private(set) var diffableReorders = 0
    /// The `sections` path's data (nil on the others).
    public private(set) var sectioned: SectionedNumbers?
    /// How many cells the list has.
    public let count: Int
    /// The path each frame takes.
    public let path: Path
    /// How many cells the last frame's visible query returned.
    public private(set) var visibleCount = 0
    private var finger: CGPoint = .zero
    private var direction: CGFloat = 1
    /// Where the finger goes in the next step (content coordinates; `jump`, `interactive`).
    private var targets: [CGPoint] = []
    private var frame = 0

    /// The slot pitch across the rows (six 50 pt columns in 375 pt) and along them.
    private static let columnPitch: CGFloat = 65
    private static let linePitch: CGFloat = 60

    public init(count: Int = 1_000_000, path: Path = .step) {
        self.path = path
        self.count = count
        data = NumberedCells(count: path == .diffable || path == .sections ? 0 : count)
        layout.itemSize = CGSize(width: 50, height: 50)
        layout.minimumLineSpacing = 10
        layout.minimumInteritemSpacing = 10
        layout.delegate = data
        view = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
        if path == .diffable {
            let source = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) { _, _, _ in nil }
            var snapshot = DiffableDataSourceSnapshot<Int, Int>()
            snapshot.appendSections([0])
            snapshot.appendItems(Array(0..<count), toSection: 0)
            source.applySnapshotUsingReloadData(snapshot)
            source.reorderingHandlers.canReorderItem = { _ in true }
            diffable = source
            layout.delegate = source
            source.reorderingHandlers.didReorder = { [unowned(unsafe) self] _ in diffableReorders += 1 }
        } else if path == .sections {
            let sectioned = SectionedNumbers(count: count, perSection: 1000)
            self.sectioned = sectioned
            layout.delegate = sectioned
            view.dataSource = sectioned
        } else {
            view.dataSource = data
        }

        let last = count - 1
        // The item lifted, and where the view is scrolled to.
        let lifted: IndexPath
        switch path {
        case .step, .line, .jump, .autoscroll, .keyboard, .block, .interactive, .diffable, .horizontal, .sections:
            let horizontal = path == .horizontal
            if horizontal { layout.scrollDirection = .horizontal }
            view.contentOffset = view.clampedContentOffset(
                horizontal
                    ? CGPoint(x: (view.contentSize.width / 2).rounded(), y: 0)
                    : CGPoint(x: 0, y: (view.contentSize.height / 2).rounded()))
            view.layoutIfNeeded()
            // The cell nearest the middle of the view, a column from the right edge (the bench's
            // first path, as it always was; a horizontal flow's, a row from the bottom).
            let middle =
                horizontal
                ? CGPoint(x: view.contentOffset.x + 187, y: 30 + 60 * 2)
                : CGPoint(x: 30 + 60 * 2, y: view.contentOffset.y + 333)
            lifted =
                view.visibleLayoutAttributes().min {
                    Elementary.hypot($0.center.x - middle.x, $0.center.y - middle.y)
                        < Elementary.hypot($1.center.x - middle.x, $1.center.y - middle.y)
                }?.indexPath ?? IndexPath(item: 0, section: 0)
        case .stepStart: lifted = IndexPath(item: min(20, last), section: 0)
        case .stepEnd: lifted = IndexPath(item: max(0, last - 20), section: 0)
        case .first: lifted = IndexPath(item: 0, section: 0)
        case .last: lifted = IndexPath(item: max(0, last), section: 0)
        case .forward, .backward: lifted = IndexPath(item: count / 2, section: 0)
        }
        let path0 = lifted
        if ![.step, .diffable, .horizontal, .sections].contains(path) { follow(path0) }
        view.layoutIfNeeded()
        finger = view.layoutAttributesForItem(at: path0)?.center ?? .zero
        switch path {
        case .keyboard:
            layout.focusedIndexPath = path0
            layout.handleKeyPress(.keyboardSpacebar)
        case .block:
            view.allowsMultipleSelection = true
            for item in [path0.item - 1, path0.item, path0.item + 1] where item >= 0 && item < count {
                view.selectItem(at: IndexPath(item: item, section: 0), animated: false, scrollPosition: [])
            }
            layout.beginDragging(at: finger)
        case .interactive:
            view.beginInteractiveMovementForItem(at: path0)
            targets = [finger, CGPoint(x: finger.x + Self.columnPitch, y: finger.y)]
        case .jump:
            layout.beginDragging(at: finger)
            let cells = view.visibleLayoutAttributes().filter { $0.representedElementCategory == .cell }
            let visible = view.bounds
            let whole = cells.filter { visible.contains($0.frame) && !$0.isHidden }
            if let a = whole.min(by: { $0.indexPath < $1.indexPath }),
                let b = whole.max(by: { $0.indexPath < $1.indexPath })
            {
                targets = [a.center, b.center]
            }
        case .autoscroll:
            layout.beginDragging(at: finger)
            // The finger to the bottom edge zone, in one move: the item lands there, then the
            // edge scrolls.
            finger = CGPoint(x: finger.x, y: view.contentOffset.y + view.bounds.height - 20)
            layout.updateDragging(to: finger)
        default:
            layout.beginDragging(at: finger)
        }
        // Toward the list's middle first where an end or a row's start is near.
        if path == .last || path == .backward || path == .stepEnd { direction = -1 }
    }

    /// Scrolls the view so that the item at `indexPath` is in its middle (clamped).
    private func follow(_ indexPath: IndexPath) {
        guard let center = view.layoutAttributesForItem(at: indexPath)?.center else { return }
        view.contentOffset = view.clampedContentOffset(CGPoint(x: 0, y: (center.y - 333).rounded()))
    }

    /// The lifted item's index now.
    public var liftedItem: Int? {
        path == .interactive ? view.indexPathForInteractivelyMovingItem?.item : layout.draggedIndexPaths.first?.item
    }

    /// What a frame does before its hover step, untimed: scroll after an item that left the
    /// middle of the view (`forward`, `backward`), turn at an end of the list.
    public func prepareStep() {
        switch path {
        case .forward, .backward:
            guard let item = liftedItem else { return }
            if item + Int(direction) < 0 || item + Int(direction) > count - 1 { direction = -direction }
            let indexPath = IndexPath(item: item, section: 0)
            if let center = view.layoutAttributesForItem(at: indexPath)?.center,
                abs(center.y - (view.contentOffset.y + 333)) > 2 * Self.linePitch
            {
                follow(indexPath)
            }
        case .autoscroll:
            // At an end of the content the edge has nothing left to scroll: the other edge.
            let offset = view.contentOffset.y
            let bottom = view.clampedContentOffset(CGPoint(x: 0, y: CGFloat.greatestFiniteMagnitude)).y
            if direction > 0, offset >= bottom {
                direction = -1
                finger = CGPoint(x: finger.x, y: offset + 20)
                layout.updateDragging(to: finger)
            } else if direction < 0, offset <= 0 {
                direction = 1
                finger = CGPoint(x: finger.x, y: offset + view.bounds.height - 20)
                layout.updateDragging(to: finger)
            }
        default:
            break
        }
    }

    /// One hover step along the ``path``, then the visible query.
    public func step() {
        switch path {
        case .step, .stepStart, .stepEnd, .first, .last, .diffable, .sections:
            finger.x += 60 * direction
            direction = -direction
            layout.updateDragging(to: finger)
        case .block:
            // Over the cell just after the block, then the one just before it.
            let block = layout.draggedIndexPaths
            if let first = block.first, let last = block.last,
                let target = view.layoutAttributesForItem(
                    at: IndexPath(item: direction > 0 ? last.item + 1 : first.item - 1, section: 0))
            {
                finger = target.center
                layout.updateDragging(to: finger)
            }
            direction = -direction
        case .forward, .backward:
            if let item = liftedItem,
                let target = view.layoutAttributesForItem(at: IndexPath(item: item + Int(direction), section: 0))
            {
                finger = target.center
                layout.updateDragging(to: finger)
            }
        case .horizontal:
            finger.y += 60 * direction
            direction = -direction
            layout.updateDragging(to: finger)
        case .line:
            finger.y += Self.linePitch * direction
            direction = -direction
            layout.updateDragging(to: finger)
        case .jump:
            if targets.count == 2 {
                finger = targets[frame % 2 == 0 ? 1 : 0]
                layout.updateDragging(to: finger)
            }
        case .autoscroll:
            layout.step(1.0 / 120)
        case .keyboard:
            layout.handleKeyPress(direction > 0 ? .keyboardRightArrow : .keyboardLeftArrow)
            direction = -direction
        case .interactive:
            if targets.count == 2 { view.updateInteractiveMovementTargetPosition(targets[(frame + 1) % 2]) }
        }
        frame += 1
        visibleCount = view.visibleLayoutAttributes().count
    }

    /// One frame: ``prepareStep()`` then ``step()``.
    public func advance(to t: TimeInterval, dt: TimeInterval) {
        prepareStep()
        step()
    }
}

/// The `sections` path's data: numbers in sections of `perSection` (the last one shorter), moved
/// as the numbered cells move theirs (within a section only the span between the two places
/// turns).
public final class SectionedNumbers: CollectionViewDataSource, RearrangeableFlowLayoutDelegate {
    /// The numbers of each section, in the order shown.
    public private(set) var sections: [[Int]]
    init(count: Int, perSection: Int) {
        sections = stride(from: 0, to: count, by: perSection).map { Array($0..<min($0 + perSection, count)) }
    }
    public func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        sections[section].count
    }
    public func moveDataItem(from source: IndexPath, to destination: IndexPath) {
        guard source.section != destination.section else {
            let (from, to) = (source.item, destination.item)
            let moved = sections[source.section][from]
            if from < to {
                for i in from..<to { sections[source.section][i] = sections[source.section][i + 1] }
            } else {
                for i in stride(from: from, to: to, by: -1) {
                    sections[source.section][i] = sections[source.section][i - 1]
                }
            }
            sections[source.section][to] = moved
            return
        }
        // Across sections (a section holds 1000 numbers): remove and insert.
        let moved = sections[source.section].remove(at: source.item)
        sections[destination.section].insert(moved, at: destination.item)
    }
}
