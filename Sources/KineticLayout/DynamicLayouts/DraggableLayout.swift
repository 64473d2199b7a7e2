import KineticDynamics
import KineticPlatform

/// A flow layout whose selected cells can be dragged together on springs (seed 000's
/// `DraggableLayout`).
///
/// ``startDragging(indexPaths:from:)`` hands the dragged items' attributes (drawn above the
/// others, `zIndex` 1) to a ``/KineticDynamics/DynamicAnimator`` made for this layout, each hung on a
/// ``RectangleAttachmentBehavior`` around the finger; ``updateDragLocation(_:)`` moves the
/// finger; ``endDragging()`` sends the springs back to where the drag started, and the layout
/// clears itself when the animator pauses. Everything else is laid out by ``FlowLayout``.
///
/// Nothing moves by itself: whoever runs frames steps ``animator`` (seed 000 relies on UIKit's
/// display link; a headless host calls `animator?.step(_:)`).
///
/// Differences from the seed, all for robustness: index paths that do not exist are skipped and
/// duplicates dropped; a new drag while one runs replaces it; ``layoutAttributesForItem(at:)``
/// also answers the animated attributes; and a data change (a batch update, a reload, a dragged
/// item that no longer exists) ends the drag at once.
open class DraggableLayout: FlowLayout, DynamicAnimatorDelegate {
    /// The index paths being dragged, or nil when no drag is running.
    public private(set) var indexPathsForDraggingElements: [IndexPath]?
    /// The animator moving the dragged items, or nil when no drag is running.
    public private(set) var animator: DynamicAnimator?
    /// The behaviour holding the dragged items on their springs.
    public private(set) var dragBehavior: DragBehavior?
    /// Where the drag started: the springs return there when it ends.
    public private(set) var startDragPoint = CGPoint.zero
    /// Whether ``endDragging()`` was called and the items are on their way back.
    public private(set) var isFinishedDragging = false

    /// The dragged index paths, for membership tests while filtering a query.
    private var draggedSet: Set<IndexPath> = []

    /// The animator's delegate: it tells this layout (its ``DynamicAnimatorDelegate`` methods)
    /// without keeping it alive. The layout is not the delegate itself because the WebAssembly
    /// build holds a delegate strongly, and the layout holds its animator: the two would keep
    /// each other alive.
    private lazy var animatorDelegate = DraggableLayoutAnimatorDelegate(layout: layoutLink)

    /// Starts dragging the items at `selectedIndexPaths` from `point` (content coordinates).
    /// Paths that do not exist are skipped, and so are items without area (a zero width or
    /// height); with none left, or a non-finite point, nothing starts.
    public func startDragging(indexPaths selectedIndexPaths: [IndexPath], from point: CGPoint) {
        if animator != nil { clearDraggedIndexPaths() }
        guard point.x.isFinite, point.y.isFinite else { return }
        var seen = Set<IndexPath>()
        let paths = selectedIndexPaths.filter { seen.insert($0).inserted }
        // The flow layout's own attributes, raised above the others, become the animator's items.
        // A cell without area (the flow layout lays a NaN or negative size out as zero) stays
        // in place: a dynamic item must have a size (the animator traps otherwise, as UIKit's).
        let draggable: [CollectionViewLayoutAttributes] = paths.compactMap {
            guard let attributes = super.layoutAttributesForItem(at: $0), attributes.size.width > 0,
                attributes.size.height > 0
            else { return nil }
            attributes.zIndex = 1
            return attributes
        }
        guard !draggable.isEmpty else { return }
        indexPathsForDraggingElements = draggable.map { $0.indexPath }
        draggedSet = Set(draggable.map { $0.indexPath })
        let animator = DynamicAnimator(collectionViewLayout: self)
        animator.delegate = animatorDelegate
        self.animator = animator
        startDragPoint = point
        isFinishedDragging = false
        let behavior = DragBehavior(items: draggable, point: point)
        dragBehavior = behavior
        animator.addBehavior(behavior)
    }

    /// Moves the finger to `point`; the dragged items follow on their springs. A non-finite
    /// point is ignored, with one log line per call (through the drag's animator's logger).
    public func updateDragLocation(_ point: CGPoint) {
        guard !isFinishedDragging else { return }
        guard point.x.isFinite, point.y.isFinite else {
            guard let animator else { return }
            animator.logger.error(
                "DraggableLayout.updateDragLocation(_:): ignored non-finite location \(point.logDescription)")
            return
        }
        dragBehavior?.updateDragLocation(with: point)
    }

    /// Ends the drag: the items spring back to where it started, and the layout clears itself
    /// when the animator pauses.
    public func endDragging() {
        guard animator != nil else { return }
        isFinishedDragging = true
        dragBehavior?.updateDragLocation(with: startDragPoint)
    }

    /// Forgets the drag at once: the items are laid out by the flow layout again.
    public func clearDraggedIndexPaths() {
        animator?.delegate = nil
        animator = nil
        dragBehavior = nil
        indexPathsForDraggingElements = nil
        draggedSet = []
        isFinishedDragging = false
        invalidateLayout(with: CollectionViewLayoutInvalidationContext())
    }

    // MARK: Layout

    open override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        let existing = super.layoutAttributesForElements(in: rect) ?? []
        guard let animator else { return existing }
        var all = existing.filter { $0.representedElementCategory != .cell || !draggedSet.contains($0.indexPath) }
        for case let attributes as CollectionViewLayoutAttributes in animator.items(in: rect) {
            all.append(attributes)
        }
        return all
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        if let animator, draggedSet.contains(indexPath),
            let attributes = animator.layoutAttributesForCell(at: indexPath)
        {
            return attributes
        }
        return super.layoutAttributesForItem(at: indexPath)
    }

    open override func prepare() {
        super.prepare()
        // A reload or a resize that removed a dragged item ends the drag: its attributes would
        // describe an item that is gone.
        if needsFullPrepare, let paths = indexPathsForDraggingElements, let collectionView,
            !paths.allSatisfy(collectionView.isValid)
        {
            clearDraggedIndexPaths()
        }
    }

    open override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        // The dragged index paths name the data before the update; end the drag cleanly.
        if animator != nil { clearDraggedIndexPaths() }
    }

    // MARK: DynamicAnimatorDelegate

    /// Clears the drag once it ended and the items came to rest.
    open func dynamicAnimatorDidPause(_ animator: DynamicAnimator) {
        guard isFinishedDragging, animator === self.animator else { return }
        clearDraggedIndexPaths()
    }

    open func dynamicAnimatorWillResume(_ animator: DynamicAnimator) {}
}

/// A ``DraggableLayout``'s animator's delegate: passes the animator's news on to the layout while
/// it lives, through its link.
final class DraggableLayoutAnimatorDelegate: DynamicAnimatorDelegate {
    private let layoutLink: ObjectLink<CollectionViewLayout>

    init(layout link: ObjectLink<CollectionViewLayout>) { layoutLink = link }

    func dynamicAnimatorWillResume(_ animator: DynamicAnimator) {
        (layoutLink.object as? DraggableLayout)?.dynamicAnimatorWillResume(animator)
    }

    func dynamicAnimatorDidPause(_ animator: DynamicAnimator) {
        (layoutLink.object as? DraggableLayout)?.dynamicAnimatorDidPause(animator)
    }
}
