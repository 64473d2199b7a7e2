import KineticDynamics
import KineticPlatform

/// The space several collection views sit in (UIKit's window), in which a drag lifts items from
/// one, moves over any of them and drops into one (iOS 11's drag and drop, headless).
///
/// Drive it with the finger, in the space's coordinates: ``beginDrag(at:)`` (a long press),
/// ``moveDrag(to:)``, ``addItems(at:)`` (a tap by another finger: iOS's multi-item drag),
/// ``step(_:)`` every frame (edge auto-scroll and the reordering cadence), and
/// ``endDrag()`` or ``cancelDrag()``. The views' delegates are asked as UIKit asks them: the
/// source's ``CollectionView/dragDelegate`` for items, the ``CollectionView/dropDelegate`` of the
/// view under the finger whether it takes the session and what a drop would do.
///
/// While the finger is over a view whose proposal inserts at the destination, that view opens a
/// gap of as many places as the session has items; while the proposal is a move, each source view
/// closes the gaps its lifted items leave. Nothing reaches a data source until the drop: then
/// every view shows its data again, and the drop delegate updates the data (batch updates) and
/// places the items with the coordinator. A data change in any view during the drag (a batch
/// update, a reload) keeps the session: the items' source paths follow the change, an item whose
/// source went loses it (``DragItem/sourceIndexPath`` nil), the gap stays before the item it was
/// before (an insertion or deletion above it moves it with the items), and the gaps are made
/// again. A view
/// still showing placeholders of an earlier drop takes no drop and closes no gap until they are
/// committed or deleted.
///
/// A view whose data source is a ``CollectionViewDiffableDataSource`` with reordering allowed
/// (`reorderingHandlers.canReorderItem` set) reorders its own drags by itself, as UIKit does: it
/// takes a drag whose items all came from it even without a drop delegate (proposing a move that
/// inserts at the destination), and a drop that moves them there commits through the data
/// source's reordering handlers instead of the drop delegate's `performDropWith`; its items
/// `canReorderItem` refuses are not lifted. The collection view delegate's
/// `targetIndexPathForMoveFromItemAt` and the data source's `targetIndexPath(forMoveFrom:toProposed:)`
/// rule where they may go.
public final class DragAndDropSpace {
    /// The collection views, back to front (a point over two is over the later one).
    public let collectionViews: [CollectionView]
    /// Each view's frame in the space (a closure, so views in a scrolling board move with it).
    public var frameInSpace: (CollectionView) -> CGRect
    /// Edge auto-scroll of the view under the finger.
    public var autoScroll = RearrangeableFlowLayout.AutoScrollSettings()
    /// The scroll view the collection views are in, if they scroll together (a board of columns,
    /// scrolled sideways): while a drag is held at its edges along `containerAxis`, it scrolls
    /// too. Its frame is the space's origin and size. Held weakly (strongly in the WebAssembly
    /// build, which has no weak references: see `WeakReference`).
    @WeakReference public var containerScrollView: ScrollView?
    /// The axis `containerScrollView` scrolls along. Default horizontal.
    public var containerAxis: CollectionView.ScrollDirection = .horizontal
    private var containerScroller = EdgeAutoScroller()
    /// Told about the haptics of every drag, as UIKit's feedback generators would play them: an
    /// impact of ``liftFeedbackStyle`` when items are lifted or added, `selectionChanged` each
    /// time the gap moves to another place, an impact of ``dropFeedbackStyle`` when the drag
    /// drops or is cancelled. Held weakly (strongly in the WebAssembly build).
    @WeakReference public var feedbackObserver: (any FeedbackObserver)?
    /// The impact played when items are lifted (default `.medium`).
    public var liftFeedbackStyle: ImpactFeedbackGenerator.FeedbackStyle = .medium
    /// The impact played when a drag drops or is cancelled (default `.light`).
    public var dropFeedbackStyle: ImpactFeedbackGenerator.FeedbackStyle = .light

    /// The drag in flight, if any.
    public private(set) var session: CollectionViewDragSession?
    /// The view under the finger that takes the session, if any: one of ``collectionViews``,
    /// which the space holds anyway.
    public private(set) var destination: CollectionView?
    /// Its delegate's last proposal.
    public private(set) var proposal: CollectionViewDropProposal?
    /// Where the items would be inserted in ``destination`` (the gap's first place), if anywhere.
    public private(set) var destinationIndexPath: IndexPath?

    /// The place the finger is over and since when, for the reordering cadence.
    private var hover: (view: ObjectIdentifier, path: IndexPath, since: TimeInterval)?
    private var time: TimeInterval = 0
    private var scrollers: [ObjectIdentifier: EdgeAutoScroller] = [:]
    /// The orthogonal section under the finger, scrolled at its edges across the layout.
    private var sectionScroller: (view: ObjectIdentifier, section: Int, scroller: EdgeAutoScroller)?
    /// Set while the drop delegate updates the data: its batch updates must not bring the gaps
    /// back.
    private var isDropping = false
    /// Where the last gap was shown, for the haptic when it moves.
    private var shownGap: (ObjectIdentifier, IndexPath)?

    /// How sessions convert points without keeping the space alive (an app may keep a session
    /// after the space has gone); cut in `deinit`.
    private let spaceLink = ObjectLink<DragAndDropSpace>()

    /// A space holding `collectionViews` (each in at most one space), placed by `frameInSpace`.
    public init(collectionViews: [CollectionView], frameInSpace: @escaping (CollectionView) -> CGRect) {
        self.collectionViews = collectionViews
        self.frameInSpace = frameInSpace
        spaceLink.attach(self)
        for view in collectionViews { view.dragAndDropSpace = self }
    }

    /// The views stay; their reference back to the space goes with it.
    deinit {
        spaceLink.cut()
        for view in collectionViews where view.dragAndDropSpace === self { view.dragAndDropSpace = nil }
    }

    // MARK: Geometry

    /// The view whose frame holds `point` (the frontmost), if any.
    public func collectionView(at point: CGPoint) -> CollectionView? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        return collectionViews.last { frameInSpace($0).contains(point) }
    }

    /// `point` of the space in `view`'s content coordinates.
    public func contentPoint(_ point: CGPoint, in view: CollectionView) -> CGPoint {
        let frame = frameInSpace(view)
        return CGPoint(
            x: point.x - frame.minX + view.contentOffset.x, y: point.y - frame.minY + view.contentOffset.y)
    }

    /// `point` of `view`'s content in the space.
    public func spacePoint(_ point: CGPoint, in view: CollectionView) -> CGPoint {
        let frame = frameInSpace(view)
        return CGPoint(
            x: point.x + frame.minX - view.contentOffset.x, y: point.y + frame.minY - view.contentOffset.y)
    }

    // MARK: Driving a drag

    /// Begins a drag at `point`: the item under it in the view under it, with the items that
    /// view's drag delegate gives. Returns them; none (and no drag) if nothing may be dragged
    /// there or a drag is in flight.
    @discardableResult
    public func beginDrag(at point: CGPoint) -> [DragItem] {
        guard session == nil, let view = collectionView(at: point), view.dragInteractionEnabled,
            view.interactiveMovement == nil, let delegate = view.dragDelegate,
            let (presented, data) = item(at: point, in: view), canLift(view, data)
        else { return [] }
        let session = CollectionViewDragSession()
        session.sourceCollectionView = view
        session.locationInSpace = point
        session.contentPoint = { [spaceLink] point, view in spaceLink.object?.contentPoint(point, in: view) ?? point }
        let items = delegate.collectionView(view, itemsForBeginning: session, at: data)
        guard !items.isEmpty else { return [] }
        let size = view.layoutAttributesForItem(at: presented)?.size ?? .zero
        for item in items { attach(item, to: view, at: data, size: size) }
        session.items = items
        session.allowsMoveOperation = delegate.collectionView(view, dragSessionAllowsMoveOperation: session)
        self.session = session
        delegate.collectionView(view, dragSessionWillBegin: session)
        playImpact(liftFeedbackStyle)
        update()
        return items
    }

    /// Adds the items the drag delegate gives for the item under `point` (a tap while dragging).
    /// Returns them; none if no drag is in flight, nothing is there, or it is already dragged.
    @discardableResult
    public func addItems(at point: CGPoint) -> [DragItem] {
        guard let session, let view = collectionView(at: point), view.dragInteractionEnabled,
            let delegate = view.dragDelegate, let (presented, data) = item(at: point, in: view), canLift(view, data),
            !session.items.contains(where: { $0.sourceCollectionView === view && $0.sourceIndexPath == data })
        else { return [] }
        let items = delegate.collectionView(
            view, itemsForAddingTo: session, at: data, point: contentPoint(point, in: view))
        guard !items.isEmpty else { return [] }
        let size = view.layoutAttributesForItem(at: presented)?.size ?? .zero
        for item in items { attach(item, to: view, at: data, size: size) }
        session.items += items
        playImpact(liftFeedbackStyle)
        update()
        return items
    }

    /// Moves the finger to `point`.
    public func moveDrag(to point: CGPoint) {
        guard let session, point.x.isFinite, point.y.isFinite else { return }
        session.locationInSpace = point
        update()
    }

    /// Advances `dt` seconds: the view under the finger scrolls at its edges, and a gap waiting
    /// for the reordering cadence moves when its time comes.
    public func step(_ dt: TimeInterval) {
        guard let session, dt.isFinite, dt > 0 else { return }
        time += dt
        let point = session.locationInSpace
        if let view = collectionView(at: point) {
            let key = ObjectIdentifier(view)
            for other in scrollers.keys where other != key { scrollers[other] = nil }
            var scroller = scrollers[key] ?? EdgeAutoScroller()
            let frame = frameInSpace(view)
            let vertical = (view.collectionViewLayout as? FlowLayout)?.scrollDirection ?? .vertical == .vertical
            let inset = view.contentInset
            let offset = view.contentOffset
            let next = scroller.step(
                dt: dt, finger: vertical ? point.y - frame.minY : point.x - frame.minX,
                length: vertical ? frame.height : frame.width,
                insets: vertical ? (inset.top, inset.bottom) : (inset.left, inset.right),
                offset: vertical ? offset.y : offset.x,
                clamp: { value in
                    let clamped = view.clampedContentOffset(
                        vertical ? CGPoint(x: offset.x, y: value) : CGPoint(x: value, y: offset.y))
                    return vertical ? clamped.y : clamped.x
                },
                settings: autoScroll)
            scrollers[key] = scroller
            if let next {
                view.contentOffset = vertical ? CGPoint(x: offset.x, y: next) : CGPoint(x: next, y: offset.y)
            }
            scrollSection(under: point, of: view, frame: frame, dt: dt)
        } else {
            scrollers.removeAll()
            sectionScroller = nil
        }
        if let container = containerScrollView {
            let horizontal = containerAxis == .horizontal
            let size = container.bounds.size
            let inset = container.contentInset
            let offset = container.contentOffset
            let next = containerScroller.step(
                dt: dt, finger: horizontal ? point.x : point.y, length: horizontal ? size.width : size.height,
                insets: horizontal ? (inset.left, inset.right) : (inset.top, inset.bottom),
                offset: horizontal ? offset.x : offset.y,
                clamp: { value in
                    let clamped = container.clampedContentOffset(
                        horizontal ? CGPoint(x: value, y: offset.y) : CGPoint(x: offset.x, y: value))
                    return horizontal ? clamped.x : clamped.y
                },
                settings: autoScroll)
            if let next {
                container.contentOffset = horizontal ? CGPoint(x: next, y: offset.y) : CGPoint(x: offset.x, y: next)
            }
        }
        update()
    }

    /// Scrolls the orthogonal section of a compositional layout under the finger at its edges
    /// across the layout (the section's own scroll view), as the view scrolls at its own.
    private func scrollSection(under point: CGPoint, of view: CollectionView, frame: CGRect, dt: TimeInterval) {
        guard let layout = view.collectionViewLayout as? CompositionalLayout,
            let section = layout.orthogonalSection(containing: contentPoint(point, in: view)),
            let inner = layout.orthogonalScrollView(forSection: section)
        else {
            sectionScroller = nil
            return
        }
        let key = ObjectIdentifier(view)
        var scroller =
            sectionScroller.flatMap { $0.view == key && $0.section == section ? $0.scroller : nil }
            ?? EdgeAutoScroller()
        let across = layout.configuration.scrollDirection == .vertical
        let offset = inner.contentOffset
        let next = scroller.step(
            dt: dt, finger: across ? point.x - frame.minX : point.y - frame.minY,
            length: across ? frame.width : frame.height, insets: (0, 0), offset: across ? offset.x : offset.y,
            clamp: { value in
                let clamped = inner.clampedContentOffset(
                    across ? CGPoint(x: value, y: offset.y) : CGPoint(x: offset.x, y: value))
                return across ? clamped.x : clamped.y
            },
            settings: autoScroll)
        sectionScroller = (key, section, scroller)
        if let next { inner.contentOffset = across ? CGPoint(x: next, y: offset.y) : CGPoint(x: offset.x, y: next) }
    }

    /// Drops: if the view under the finger proposes a move or a copy, every view shows its data
    /// again and its drop delegate performs the drop; returns the coordinator it was given (its
    /// ``CollectionViewDropCoordinator/landings`` say where each item goes). Otherwise the drag
    /// is cancelled and nil is returned.
    @discardableResult
    public func endDrag() -> CollectionViewDropCoordinator? {
        guard let session else { return nil }
        guard let destination, let proposal,
            effective(proposal.operation) == .move || effective(proposal.operation) == .copy
        else {
            cancelDrag()
            return nil
        }
        if let reordering = reordersItself(destination, session), effective(proposal.operation) == .move,
            proposal.intent == .insertAtDestinationIndexPath
        {
            return reorder(session, in: destination, with: reordering)
        }
        guard let delegate = destination.dropDelegate else {
            cancelDrag()
            return nil
        }
        let items = session.items.map { item in
            CollectionViewDropItem(
                dragItem: item, sourceIndexPath: item.sourceCollectionView === destination ? item.sourceIndexPath : nil,
                previewSize: item.previewSize)
        }
        let shown = CollectionViewDropProposal(operation: effective(proposal.operation), intent: proposal.intent)
        let coordinator = CollectionViewDropCoordinator(
            items: items, destinationIndexPath: destinationIndexPath, proposal: shown, session: session,
            collectionView: destination)
        isDropping = true
        for view in collectionViews { view.setDropPresentation(view.placeholderPresentation()) }
        delegate.collectionView(destination, performDropWith: coordinator)
        isDropping = false
        finish(session)
        return coordinator
    }

    /// The collection view's own reordering (UIKit's drag-and-drop reordering through the data
    /// source): the session's items whose source is still there move together to the
    /// destination, through the data source (a diffable data source's reordering handlers); the
    /// drop delegate's `performDropWith` is not called. Each item then lands where it went.
    /// Returns nil (the drag cancelled, nothing changed) if no item is left to move or the
    /// destination is no longer a place (its section went).
    private func reorder(
        _ session: CollectionViewDragSession, in view: CollectionView, with reordering: DropReordering
    ) -> CollectionViewDropCoordinator? {
        // Items whose source went during the drag are no longer anywhere: not moved.
        let moving = session.items.filter { $0.sourceIndexPath != nil }
        let sources = moving.compactMap { $0.sourceIndexPath }
        // Where the gap was shown: the destination as it was proposed may name a place that went
        // with a data change during the drag.
        var lifted = DropPresentation()
        lifted.hidden = sources.sorted()
        guard !sources.isEmpty, let proposed = destinationIndexPath,
            let target = Self.gapStart(proposed, counts: lifted.counts(view.dataCounts()))
        else {
            cancelDrag()
            return nil
        }
        let coordinator = CollectionViewDropCoordinator(
            items: session.items.map {
                CollectionViewDropItem(dragItem: $0, sourceIndexPath: $0.sourceIndexPath, previewSize: $0.previewSize)
            },
            destinationIndexPath: target,
            proposal: CollectionViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath),
            session: session, collectionView: view)
        isDropping = true
        for view in collectionViews { view.setDropPresentation(view.placeholderPresentation()) }
        let landed = reordering.commit(sources, target)
        isDropping = false
        guard let landed else {
            finish(session)
            return nil
        }
        for (item, path) in zip(moving, landed) {
            if let path { coordinator.drop(item, toItemAt: path) }
        }
        finish(session)
        return coordinator
    }

    /// How `view` reorders `session` by itself, if it does: its data source reorders drops (see
    /// `DropReordering`) and every item of the session was lifted from it.
    private func reordersItself(_ view: CollectionView, _ session: CollectionViewDragSession) -> DropReordering? {
        guard let reordering = view.dropReordering, !session.items.isEmpty,
            session.items.allSatisfy({ $0.sourceCollectionView === view })
        else { return nil }
        return reordering
    }

    /// Cancels the drag: every view shows its data as it was, and nothing reaches a data source.
    public func cancelDrag() {
        guard let session else { return }
        for view in collectionViews { view.setDropPresentation(view.placeholderPresentation()) }
        finish(session)
    }

    private func playImpact(_ style: ImpactFeedbackGenerator.FeedbackStyle) {
        let generator = ImpactFeedbackGenerator(style: style)
        generator.observer = feedbackObserver
        generator.impactOccurred()
    }

    private func finish(_ session: CollectionViewDragSession) {
        playImpact(dropFeedbackStyle)
        let destination = destination
        if let destination { destination.dropDelegate?.collectionView(destination, dropSessionDidEnd: session) }
        self.session = nil
        self.destination = nil
        proposal = nil
        destinationIndexPath = nil
        hover = nil
        shownGap = nil
        scrollers.removeAll()
        containerScroller = EdgeAutoScroller()
        var told = Set<ObjectIdentifier>()
        for view in [session.sourceCollectionView].compactMap({ $0 })
            + session.items.compactMap({ $0.sourceCollectionView })
        where told.insert(ObjectIdentifier(view)).inserted {
            view.dragDelegate?.collectionView(view, dragSessionDidEnd: session)
        }
    }

    // MARK: Data changes

    /// `view`'s data changed (`mapping` from a batch update; nil for a reload): the session's
    /// items from it follow, the gap in it stays before the same item (see
    /// `gap(_:following:lifted:liftedAfter:)`), and the gaps are made again.
    func collectionView(_ view: CollectionView, didChangeDataWith mapping: CollectionView.IndexPathMapping?) {
        guard let session else { return }
        let moving = proposal.map { effective($0.operation) == .move } ?? false
        let lifted = moving ? session.items(from: view).compactMap { $0.sourceIndexPath } : []
        for item in session.items where item.sourceCollectionView === view {
            item.sourceIndexPath = item.sourceIndexPath.flatMap { mapping?.newIndexPath(forOldIndexPath: $0) }
        }
        if view === destination, let mapping, let gap = destinationIndexPath {
            let liftedAfter = moving ? session.items(from: view).compactMap { $0.sourceIndexPath } : []
            let moved = Self.gap(gap, following: mapping, lifted: lifted, liftedAfter: liftedAfter)
            destinationIndexPath = moved
            if shownGap?.0 == ObjectIdentifier(view) { shownGap = (ObjectIdentifier(view), moved) }
            // The place under the finger starts its cadence afresh: the one it was hovering over
            // was numbered before the change.
            hover = nil
        }
        if !isDropping { update() }
    }

    /// Where the gap at `gap` goes when the destination's data changes by `mapping`: before the
    /// item it was before, so a drop still lands between the items it was shown between (an
    /// insertion above it moves it down, a deletion above it moves it up). A gap's place counts
    /// the items a move lifts out (`lifted` before the change, `liftedAfter` after), as
    /// `gapStart(_:counts:)` does. The item after the gap deleted, the gap goes before the next
    /// one left; none left, to its section's end. Its section deleted, it stays as it was
    /// (`gapStart(_:counts:)` then shows it in the first section).
    static func gap(
        _ gap: IndexPath, following mapping: CollectionView.IndexPathMapping, lifted: [IndexPath],
        liftedAfter: [IndexPath]
    ) -> IndexPath {
        guard gap.count == 2, mapping.countsBefore.indices.contains(gap.section) else { return gap }
        let section = gap.section
        let hidden = lifted.filter { $0.section == section }.map { $0.item }.sorted()
        // The item after the gap, in the data: the gap's place counts past the lifted items.
        var old = max(0, gap.item)
        for item in hidden where item <= old { old += 1 }
        // From it on, the first item still there (and not lifted) anchors the gap. The walk
        // passes only the deleted items after the gap: the batch update's own cost.
        while old < mapping.countsBefore[section] {
            if !hidden.contains(old),
                let new = mapping.newIndexPath(forOldIndexPath: IndexPath(item: old, section: section))
            {
                let liftedBefore = liftedAfter.filter { $0.section == new.section && $0.item < new.item }.count
                return IndexPath(item: new.item - liftedBefore, section: new.section)
            }
            old += 1
        }
        guard let after = mapping.newSection(forOldSection: section) else { return gap }
        let liftedThere = liftedAfter.filter { $0.section == after }.count
        return IndexPath(item: mapping.countsAfter[after] - liftedThere, section: after)
    }

    // MARK: Internals

    private func attach(_ item: DragItem, to view: CollectionView, at data: IndexPath, size: CGSize) {
        item.sourceCollectionView = view
        item.sourceIndexPath = data
        item.previewSize = size
        item.previewParameters = view.dragDelegate?.collectionView(view, dragPreviewParametersForItemAt: data)
    }

    /// Whether the item at `data` may be lifted: a reorderable layout's delegate may refuse
    /// (`canMoveItem(at:)`, the same rule its own drags follow), and so may a data source that
    /// reorders drops by itself (a diffable data source's `canReorderItem`).
    private func canLift(_ view: CollectionView, _ data: IndexPath) -> Bool {
        if let reordering = view.dropReordering, !reordering.canReorder(data) { return false }
        guard let layout = view.collectionViewLayout as? RearrangeableFlowLayout, let delegate = layout.delegate
        else { return true }
        return delegate.canMoveItem(at: data)
    }

    /// The shown item under `point` in `view`: its presented and data index paths.
    private func item(at point: CGPoint, in view: CollectionView) -> (IndexPath, IndexPath)? {
        guard let presented = view.indexPathForItem(at: contentPoint(point, in: view)),
            let data = view.dataIndexPath(forPresentedIndexPath: presented)
        else { return nil }
        return (presented, data)
    }

    /// A move the session may not make counts as a copy.
    private func effective(_ operation: DropOperation) -> DropOperation {
        operation == .move && !(session?.allowsMoveOperation ?? true) ? .copy : operation
    }

    /// Finds the view under the finger and what its delegate proposes, and shows every view
    /// accordingly.
    private func update() {
        guard let session, !isDropping else { return }
        let point = session.locationInSpace
        var target = collectionView(at: point)
        // A view still showing placeholders of an earlier drop takes no drop until they go.
        if let candidate = target, candidate.hasLivePlaceholders { target = nil }
        if let candidate = target {
            if candidate.dropDelegate == nil {
                // Without a drop delegate, a view takes only the drags it reorders by itself.
                if reordersItself(candidate, session) == nil { target = nil }
            } else if candidate !== destination,
                candidate.dropDelegate?.collectionView(candidate, canHandle: session) != true
            {
                target = nil
            }
        }
        if target !== destination {
            if let old = destination { old.dropDelegate?.collectionView(old, dropSessionDidExit: session) }
            destination = target
            proposal = nil
            destinationIndexPath = nil
            hover = nil
            if let target { target.dropDelegate?.collectionView(target, dropSessionDidEnter: session) }
        }
        var gap: (view: CollectionView, at: IndexPath)?
        if let destination {
            let delegate = destination.dropDelegate
            let proposed = insertionPath(at: contentPoint(point, in: destination), in: destination)
            // The cadence: a new place must be hovered over for the view's delay first.
            var path = destinationIndexPath ?? proposed
            if proposed != destinationIndexPath {
                if hover?.view != ObjectIdentifier(destination) || hover?.path != proposed {
                    hover = (ObjectIdentifier(destination), proposed, time)
                }
                if destinationIndexPath == nil || time - (hover?.since ?? time) >= destination.reorderingCadence.delay {
                    path = proposed
                }
            }
            // Without a drop delegate (a view reordering its own drag), UIKit's default: a move
            // inserting at the destination; forbidden if the drag may not move (nothing would
            // take a copy).
            var answer =
                delegate?.collectionView(destination, dropSessionDidUpdate: session, withDestinationIndexPath: path)
                ?? CollectionViewDropProposal(
                    operation: effective(.move) == .move ? .move : .forbidden, intent: .insertAtDestinationIndexPath)
            let reordering = reordersItself(destination, session)
            let layoutRules = (destination.collectionViewLayout as? RearrangeableFlowLayout)?.delegate
            if answer.opensGap, let reordering, effective(answer.operation) == .move,
                let from = session.items.first?.sourceIndexPath
            {
                // The view reorders by itself: the collection view's delegate retargets the move
                // (`targetIndexPathForMoveFromItemAt`, as in an interactive movement), then the data
                // source's rule (unless a reorderable layout's delegate rules, below).
                path =
                    destination.collectionDelegate?.collectionView(
                        destination, targetIndexPathForMoveFromItemAt: from, toProposedIndexPath: path) ?? path
                if layoutRules == nil {
                    if let allowed = reordering.target(from, path) {
                        path = allowed
                    } else {
                        answer = CollectionViewDropProposal(operation: .forbidden, intent: answer.intent)
                    }
                }
            }
            // A reorderable layout's delegate rules on destinations as in its own drags:
            // `targetIndexPath(forMoveFrom:toProposed:)` may send the items elsewhere, or nil keeps
            // them out (the drop is forbidden there).
            if answer.opensGap, let rules = layoutRules, let first = session.items.first {
                let from = first.sourceCollectionView === destination ? (first.sourceIndexPath ?? path) : path
                if let allowed = rules.targetIndexPath(forMoveFrom: from, toProposed: path) {
                    path = allowed
                } else {
                    answer = CollectionViewDropProposal(operation: .forbidden, intent: answer.intent)
                }
            }
            proposal = answer
            if answer.opensGap {
                gap = (destination, path)
                // The gap moved to another place: a tick, as a picker passing a row.
                if let shownGap, shownGap != (ObjectIdentifier(destination), path) {
                    let generator = SelectionFeedbackGenerator()
                    generator.observer = feedbackObserver
                    generator.selectionChanged()
                }
                shownGap = (ObjectIdentifier(destination), path)
            }
            destinationIndexPath = path
        }
        let moving = proposal.map { effective($0.operation) == .move } ?? false
        for view in collectionViews {
            // A view showing placeholders keeps them as they are, and nothing else.
            if view.hasLivePlaceholders {
                view.setDropPresentation(view.placeholderPresentation())
                continue
            }
            var presentation = DropPresentation()
            if moving {
                presentation.hidden = session.items(from: view).compactMap { $0.sourceIndexPath }.sorted()
            }
            if let gap, gap.view === view,
                let start = Self.gapStart(gap.at, counts: presentation.counts(view.dataCounts()))
            {
                for (offset, item) in session.items.enumerated() {
                    let place = IndexPath(item: start.item + offset, section: start.section)
                    presentation.places.append(place)
                    presentation.placeSizes[place] = item.previewSize
                }
            }
            view.setDropPresentation(presentation)
        }
    }

    /// Where a gap for `path` starts among `counts` (the data's, less the items a move lifts): in
    /// its section (the first, if that section is gone), at its item (at most the section's end);
    /// nil where there is no section.
    static func gapStart(_ path: IndexPath, counts: [Int]) -> IndexPath? {
        guard !counts.isEmpty else { return nil }
        let section = path.count == 2 && counts.indices.contains(path.section) ? path.section : 0
        let item = path.count == 2 ? min(max(0, path.item), counts[section]) : 0
        return IndexPath(item: item, section: section)
    }

    /// Where items dropped at `point` (content coordinates) would go in `view`, with the gap
    /// where it is now taken out: before the shown item under the finger (after it, if the gap
    /// was before it, so the two change places as in a reorder), at the start of an empty
    /// section under it, or after the nearest shown item.
    private func insertionPath(at point: CGPoint, in view: CollectionView) -> IndexPath {
        let places = view.dropPresentation?.places ?? []
        func withoutGap(_ path: IndexPath) -> IndexPath {
            let before = places.filter { $0.section == path.section && $0.item < path.item }.count
            return IndexPath(item: path.item - before, section: path.section)
        }
        if let hit = view.indexPathForItem(at: point) {
            if places.contains(hit), let current = destinationIndexPath { return current }
            let gapBefore = places.contains { $0.section == hit.section && $0.item < hit.item }
            let shown = withoutGap(hit)
            return gapBefore ? IndexPath(item: shown.item + 1, section: shown.section) : shown
        }
        if let empty = view.collectionViewLayout.emptySection(at: point) { return IndexPath(item: 0, section: empty) }
        // The nearest shown cell: before it if the point is before its centre along the flow.
        let cells = view.visibleLayoutAttributes().filter {
            $0.representedElementCategory == .cell && !places.contains($0.indexPath)
        }
        guard
            let nearest = cells.min(by: {
                Elementary.hypot($0.center.x - point.x, $0.center.y - point.y)
                    < Elementary.hypot($1.center.x - point.x, $1.center.y - point.y)
            })
        else { return IndexPath(item: 0, section: 0) }
        let shown = withoutGap(nearest.indexPath)
        let after = point.y > nearest.frame.maxY || (point.y >= nearest.frame.minY && point.x > nearest.center.x)
        return after ? IndexPath(item: shown.item + 1, section: shown.section) : shown
    }
}
