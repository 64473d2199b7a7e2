import KineticDynamics
import KineticPlatform

/// A flow layout whose cells can be picked up and dropped elsewhere, the others making room
/// (seed 003's `KDRearrangeableCollectionViewFlowLayout`, and better than it).
///
/// Driven headless by whoever has input (a long-press and pan interaction, a test):
/// ``beginDragging(at:)`` lifts the cell under the finger, or every selected cell if it is
/// selected (they gather into one block); ``updateDragging(to:)`` moves it; ``step(_:)`` runs
/// edge auto-scroll from a clock; ``endDragging()`` drops it where it is, ``cancelDragging()``
/// restores the original order.
///
/// - The lifted cell is drawn as a *representation* that keeps the grab offset; its slot stays
///   in the layout, hidden, so the other cells make room.
/// - Hovering moves the block when the representation's **leading edge** (the edge in the
///   direction of travel) passes the centre of the cell it is over, plus ``reorderHysteresis``.
///   After a swap, swapping back needs the opposite edge to pass the other cell's centre, which
///   cells of any two sizes cannot both satisfy at one finger position, so they never swap back
///   and forth.
/// - Hovering over the empty area of a section that has no items (its header, footer or insets)
///   moves the block into it; over the area after another section's last item, to its end.
/// - Every data change is a single-item move through ``RearrangeableFlowLayoutDelegate/moveDataItem(from:to:)``,
///   so the data stays a permutation, spanning only the places between the items and where they
///   go; the collection view then hears the same `moveItem(at:to:)`, or, when several items
///   move, one batch update of them all.
/// - A data change from elsewhere during a drag (a reload, a batch update), or a change of the
///   collection view's presented numbering (an interactive movement's step, a drop's gaps), ends
///   the drag at once, reported as cancelled; items settling after a drop then show in their
///   slots. No drag begins while the collection view moves an item interactively or shows a drop.
/// - ``axis`` locks the dragged cell to a line and ``dragBounds`` keeps it inside the visible
///   rectangle or the content (dnd-kit's restrict-to-axis and restrict-to-parent modifiers).
/// - Lift, every slot change and the drop play haptics to ``feedbackObserver`` (see
///   ``liftFeedbackStyle``).
/// - Without a finger: a keyboard (or assistive technology) focuses a cell and moves it one slot
///   at a time with `handleKeyPress(_:)`, every step announced to the ``accessibilityDelegate``
///   (see ``focusedIndexPath``).
open class RearrangeableFlowLayout: FlowLayout {
    // Internal members are final unless overridden: in Embedded Swift another module cannot call the others.
    /// Edge auto-scroll parameters.
    public struct AutoScrollSettings: Sendable, Hashable {
        /// Continuous scrolling or page turns.
        public var mode: RearrangeAutoScrollMode = .continuous
        /// The thickness of the zone at each edge of the visible area, in points.
        public var edgeSize: CGFloat = 60
        /// The continuous speed at the very edge once fully ramped, in points per second.
        public var maximumSpeed: CGFloat = 1500
        /// Seconds held in a zone before continuous scrolling reaches full speed.
        public var rampDuration: TimeInterval = 0.5
        /// Seconds a page turn takes.
        public var pageTurnDuration: TimeInterval = 0.3
        /// Seconds between the end of a page turn and the next while the finger stays.
        public var pageRepeatInterval: TimeInterval = 0.5

        /// The defaults.
        public init() {}

        /// The largest edge size (points), speed (points per second) and duration (seconds) the
        /// settings use: a billion. Larger values count as this.
        public static let maximumValue: CGFloat = 1e9

        /// The settings as Swift's reflection printed them (`AutoScrollSettings(mode: …, edgeSize:
        /// 60.0, …)`), for log lines: written out, so the WebAssembly build, which has no
        /// reflection, logs the same.
        var logDescription: String {
            let modeName =
                switch mode {
                case .continuous: "continuous"
                case .paging: "paging"
                }
            return "AutoScrollSettings(mode: KineticLayout.RearrangeAutoScrollMode.\(modeName), "
                + "edgeSize: \(edgeSize), maximumSpeed: \(maximumSpeed), rampDuration: \(rampDuration), "
                + "pageTurnDuration: \(pageTurnDuration), pageRepeatInterval: \(pageRepeatInterval))"
        }

        /// These settings with every value in its range: a negative one counts as 0, one beyond
        /// ``maximumValue`` as that, and a NaN one as `previous`'s.
        func clamped(keeping previous: AutoScrollSettings) -> AutoScrollSettings {
            func clamp(_ value: CGFloat, _ old: CGFloat) -> CGFloat {
                value.isNaN ? old : min(max(value, 0), Self.maximumValue)
            }
            var settings = self
            settings.edgeSize = clamp(edgeSize, previous.edgeSize)
            settings.maximumSpeed = clamp(maximumSpeed, previous.maximumSpeed)
            settings.rampDuration = clamp(rampDuration, previous.rampDuration)
            settings.pageTurnDuration = clamp(pageTurnDuration, previous.pageTurnDuration)
            settings.pageRepeatInterval = clamp(pageRepeatInterval, previous.pageRepeatInterval)
            return settings
        }
    }

    /// Moves the data and hears about drags. Without one nothing can be lifted. Held weakly
    /// (strongly in the WebAssembly build, which has no weak references: see `WeakReference`).
    @WeakReference public var delegate: (any RearrangeableFlowLayoutDelegate)?
    /// Whether dragging is enabled.
    public var isDraggable = true
    /// Extra distance, in points, the leading edge must pass a cell's centre to move there.
    /// Negative or non-finite values are ignored, with one log line.
    public var reorderHysteresis: CGFloat = 4 {
        didSet {
            guard !(reorderHysteresis.isFinite && reorderHysteresis >= 0) else { return }
            report("RearrangeableFlowLayout.reorderHysteresis: ignored \(reorderHysteresis); it must be finite and ≥ 0")
            reorderHysteresis = oldValue
        }
    }
    /// Edge auto-scroll. Each value is in 0…``AutoScrollSettings/maximumValue``: a negative one
    /// counts as 0 and a larger one as that maximum, and a NaN one is ignored (the previous value
    /// stays), with one log line per assignment.
    public var autoScroll = AutoScrollSettings() {
        didSet {
            let clamped = autoScroll.clamped(keeping: oldValue)
            guard clamped != autoScroll else { return }
            report(
                "RearrangeableFlowLayout.autoScroll: clamped \(autoScroll.logDescription) to \(clamped.logDescription)")
            autoScroll = clamped
        }
    }

    /// Logs a caller's value this layout clamped or ignored, through the collection view's
    /// logger (the flow layout's when it has none).
    final func report(_ message: Logger.Message) {
        (collectionView?.logger ?? FlowLayout.logger).warning(message)
    }
    /// The direction a finger may drag a cell in (KDRearrangeable's `axis`): `.free` (the
    /// default), or locked to the line through the cell's place when it was lifted.
    public var axis: RearrangeAxis = .free
    /// Where the dragged cell may go under the finger: anywhere (the default), or kept wholly
    /// inside the visible rectangle or the content. Edge auto-scroll still follows the finger.
    public var dragBounds: RearrangeDragBounds = .unbounded

    /// Told about the haptics of every drag, by finger or by keyboard: an impact of
    /// ``liftFeedbackStyle`` when an item is lifted, `selectionChanged` each time the lifted
    /// items move to another slot, an impact of ``dropFeedbackStyle`` when they land (dropped or
    /// put back by a cancel). A drag ended by a data change from elsewhere plays nothing. Held
    /// weakly (strongly in the WebAssembly build).
    @WeakReference public var feedbackObserver: (any FeedbackObserver)?
    /// The impact played when items are lifted (default `.medium`).
    public var liftFeedbackStyle: ImpactFeedbackGenerator.FeedbackStyle = .medium
    /// The impact played when items land (default `.light`).
    public var dropFeedbackStyle: ImpactFeedbackGenerator.FeedbackStyle = .light

    /// Names items and hears every step of a keyboard reorder as a ``ReorderAnnouncement``. Held
    /// weakly (strongly in the WebAssembly build).
    @WeakReference public var accessibilityDelegate: (any RearrangeableFlowLayoutAccessibilityDelegate)?
    /// The item with keyboard focus and the name it was announced with (see ``focusedIndexPath``).
    var focus: (indexPath: IndexPath, label: String)?

    /// A drag in progress.
    struct Drag {
        /// The block's section and first index: the lifted items are contiguous there.
        var section: Int
        var start: Int
        /// How many items are lifted, and which of them is under the finger.
        var count: Int
        var pressed: Int
        /// The lifted items' index paths when the drag began, ascending: cancel puts them back.
        var originals: [IndexPath]
        /// Finger minus the pressed cell's centre when lifted.
        var grabOffset: CGPoint
        /// The finger in view coordinates: auto-scroll moves the content under a still finger.
        var fingerInView: CGPoint
        /// The pressed item's size, for its representation.
        var size: CGSize
        /// The pressed item's centre when lifted (content coordinates): the axis lock's line.
        var origin: CGPoint
        /// Lifted by the keyboard: the representation sits on the item's slot, no finger moves
        /// it and nothing auto-scrolls; the item's name for the announcements.
        var keyboardLabel: String?
        /// One representation per lifted item, the pressed one first.
        var representations: [CollectionViewLayoutAttributes]
        var scroller = EdgeAutoScroller()

        func indexPath(_ offset: Int) -> IndexPath { IndexPath(item: start + offset, section: section) }
        var pressedIndexPath: IndexPath { indexPath(pressed) }
        var indexPaths: [IndexPath] { (0..<count).map(indexPath) }
    }
    private(set) var drag: Drag?
    /// Set while this layout moves items itself, so its own updates do not end the drag.
    private var isMovingItems = false
    /// The collection view's `presentationGeneration` at the last invalidation.
    private var seenPresentationGeneration: UInt64 = 0

    /// Whether a drag is in progress.
    public var isDragging: Bool { drag != nil }
    /// The index paths of the lifted items now, or [] when not dragging.
    public var draggedIndexPaths: [IndexPath] { drag?.indexPaths ?? [] }
    /// The lifted cell's representation (where it is drawn under the finger), or nil.
    public var representation: CollectionViewLayoutAttributes? { drag?.representations.first }
    /// Every lifted item's representation, the pressed one first, or [] when not dragging.
    public var representations: [CollectionViewLayoutAttributes] { drag?.representations ?? [] }

    /// Dropped items still on their way into their slots: drawn from these attributes (which
    /// someone animates) above the others, their slots hidden.
    private var settling: [IndexPath: CollectionViewLayoutAttributes] = [:]

    /// Draws the item at `indexPath` from `attributes` instead of its slot until
    /// ``endSettling(at:)``: the drop's settle animation moves them. While their frame is not
    /// finite the slot shows instead. A path that names no item is ignored.
    public func beginSettling(_ attributes: CollectionViewLayoutAttributes, at indexPath: IndexPath) {
        guard collectionView?.isValid(indexPath) == true else { return }
        attributes.indexPath = indexPath
        settling[indexPath] = attributes
        invalidateLayout(with: CollectionViewLayoutInvalidationContext())
    }

    /// Draws the item at `indexPath` from its slot again.
    public func endSettling(at indexPath: IndexPath) {
        guard settling.removeValue(forKey: indexPath) != nil else { return }
        invalidateLayout(with: CollectionViewLayoutInvalidationContext())
    }

    /// The index paths of items still settling.
    public var settlingIndexPaths: [IndexPath] { settling.keys.sorted() }

    /// Whether the item at `indexPath` is drawn from its settling attributes: only while their
    /// frame is finite (whoever animates them may not keep it so); otherwise its slot shows.
    private func isSettling(_ indexPath: IndexPath) -> Bool {
        settling[indexPath].map { Self.isFinite($0.frame) } ?? false
    }

    /// Whether every component of `rect` is finite (testing a NaN rectangle for intersection
    /// traps in Foundation).
    private static func isFinite(_ rect: CGRect) -> Bool {
        rect.origin.x.isFinite && rect.origin.y.isFinite && rect.size.width.isFinite && rect.size.height.isFinite
    }

    // MARK: Driving a drag

    /// Lifts the cell under `point` (content coordinates), or every selected cell if that cell is
    /// selected. Returns false, changing nothing, if no movable cell is there, no delegate is set,
    /// a drag is already running, or the collection view is moving an item interactively or
    /// showing a drop.
    @discardableResult
    public func beginDragging(at point: CGPoint) -> Bool {
        guard isDraggable, drag == nil, let delegate, let collectionView, point.x.isFinite, point.y.isFinite,
            !collectionView.isPresentingMovement,
            let pressedPath = collectionView.indexPathForItem(at: point),
            delegate.canMoveItem(at: pressedPath),
            let pressedAttributes = super.layoutAttributesForItem(at: pressedPath)
        else { return false }
        var lifted = [pressedPath]
        let selected = collectionView.indexPathsForSelectedItems ?? []
        if selected.contains(pressedPath) {
            lifted = Array(Set(selected.filter { collectionView.isValid($0) && delegate.canMoveItem(at: $0) })).sorted()
        }
        lift(lifted, pressed: pressedPath, attributes: pressedAttributes, finger: point, keyboardLabel: nil)
        return true
    }

    /// Lifts `lifted` (ascending), gathered around `pressedPath` under `finger` (content
    /// coordinates; the item's centre for a keyboard lift).
    final func lift(
        _ lifted: [IndexPath], pressed pressedPath: IndexPath,
        attributes pressedAttributes: CollectionViewLayoutAttributes,
        finger point: CGPoint, keyboardLabel: String?
    ) {
        guard let delegate, let collectionView else { return }
        delegate.willBeginDragging(at: lifted)
        // A new drag moves items: earlier drops stop settling and show in their slots.
        settling.removeAll()

        // Gather the block where the pressed item is: with the others taken out, the pressed one
        // keeps its place among the rest and the block starts so that it lands there.
        let pressedRank = lifted.firstIndex(of: pressedPath)!
        let before = lifted.filter { $0.section == pressedPath.section && $0.item < pressedPath.item }.count
        let start = max(0, pressedPath.item - before - pressedRank)
        let origin = pressedAttributes.center
        drag = Drag(
            section: pressedPath.section, start: start, count: lifted.count, pressed: pressedRank, originals: lifted,
            grabOffset: CGPoint(x: point.x - origin.x, y: point.y - origin.y),
            fingerInView: CGPoint(
                x: point.x - collectionView.contentOffset.x, y: point.y - collectionView.contentOffset.y),
            size: pressedAttributes.size, origin: origin, keyboardLabel: keyboardLabel, representations: []
        )
        relocate(lifted, to: drag!.indexPaths)
        makeRepresentations(pressed: pressedAttributes)
        invalidateLayout(with: CollectionViewLayoutInvalidationContext())
        playImpact(liftFeedbackStyle)
        delegate.didBeginDragging(at: drag!.indexPaths)
    }

    /// Moves the finger to `point` (content coordinates): the representation follows, keeping
    /// the grab offset, and the block moves if the representation passed a neighbour.
    public func updateDragging(to point: CGPoint) {
        guard var drag, drag.keyboardLabel == nil, let collectionView, point.x.isFinite, point.y.isFinite else {
            return
        }
        drag.fingerInView = CGPoint(
            x: point.x - collectionView.contentOffset.x, y: point.y - collectionView.contentOffset.y)
        self.drag = drag
        retarget()
    }

    /// Advances edge auto-scroll by `dt` seconds: call once per frame while dragging.
    public func step(_ dt: TimeInterval) {
        guard var drag, drag.keyboardLabel == nil, let collectionView, dt.isFinite, dt > 0 else { return }
        let vertical = scrollDirection == .vertical
        let size = collectionView.bounds.size
        let inset = collectionView.contentInset
        let offset = collectionView.contentOffset
        let (length, start, end, current, finger) =
            vertical
            ? (size.height, inset.top, inset.bottom, offset.y, drag.fingerInView.y)
            : (size.width, inset.left, inset.right, offset.x, drag.fingerInView.x)
        let next = drag.scroller.step(
            dt: dt, finger: finger, length: length, insets: (start, end), offset: current,
            clamp: { value in
                let clamped = collectionView.clampedContentOffset(
                    vertical ? CGPoint(x: offset.x, y: value) : CGPoint(x: value, y: offset.y))
                return vertical ? clamped.y : clamped.x
            },
            settings: autoScroll
        )
        self.drag = drag
        guard let next, next != current else { return }
        collectionView.contentOffset = vertical ? CGPoint(x: offset.x, y: next) : CGPoint(x: next, y: offset.y)
        // The finger stayed still on the glass, so it is over new content: retarget.
        retarget()
    }

    /// Drops the block where it is now.
    public func endDragging() {
        guard let drag else { return }
        delegate?.willEndDragging(at: drag.indexPaths)
        finish(cancelled: false)
    }

    /// Puts every lifted item back where it was when the drag began.
    public func cancelDragging() {
        guard let drag else { return }
        delegate?.willEndDragging(at: drag.indexPaths)
        relocate(drag.indexPaths, to: drag.originals)
        finish(cancelled: true, at: drag.originals)
    }

    private func finish(cancelled: Bool, at paths: [IndexPath]? = nil) {
        guard let drag else { return }
        let final = paths ?? drag.indexPaths
        self.drag = nil
        invalidateLayout(with: CollectionViewLayoutInvalidationContext())
        playImpact(dropFeedbackStyle)
        delegate?.didEndDragging(at: final, cancelled: cancelled)
    }

    // MARK: Targeting

    /// The representation's centre in content coordinates: under the finger, on the ``axis``
    /// and within the ``dragBounds``; on its slot for a keyboard drag.
    final func representationCenter(_ drag: Drag) -> CGPoint {
        if drag.keyboardLabel != nil, let slot = super.layoutAttributesForItem(at: drag.pressedIndexPath) {
            return slot.center
        }
        let offset = collectionView?.contentOffset ?? .zero
        var center = CGPoint(
            x: drag.fingerInView.x + offset.x - drag.grabOffset.x,
            y: drag.fingerInView.y + offset.y - drag.grabOffset.y
        )
        switch axis {
        case .free: break
        case .horizontal: center.y = drag.origin.y
        case .vertical: center.x = drag.origin.x
        }
        if let area = dragArea() {
            func clamp(_ value: CGFloat, _ low: CGFloat, _ high: CGFloat, _ length: CGFloat) -> CGFloat {
                high - low <= length ? (low + high) / 2 : min(max(value, low + length / 2), high - length / 2)
            }
            center.x = clamp(center.x, area.minX, area.maxX, drag.size.width)
            center.y = clamp(center.y, area.minY, area.maxY, drag.size.height)
        }
        return center
    }

    /// The rectangle ``dragBounds`` keeps the representation in (content coordinates), or nil.
    private func dragArea() -> CGRect? {
        guard let collectionView else { return nil }
        switch dragBounds {
        case .unbounded: return nil
        case .visibleBounds:
            let inset = collectionView.adjustedContentInset
            let offset = collectionView.contentOffset, size = collectionView.bounds.size
            return CGRect(
                x: offset.x + inset.left, y: offset.y + inset.top, width: max(0, size.width - inset.left - inset.right),
                height: max(0, size.height - inset.top - inset.bottom))
        case .contentBounds:
            return CGRect(origin: .zero, size: collectionViewContentSize)
        }
    }

    /// Moves the block if the representation asks for it.
    private func retarget() {
        guard let drag, collectionView != nil else { return }
        let center = representationCenter(drag)
        for (index, representation) in drag.representations.enumerated() {
            representation.center = CGPoint(x: center.x + 3 * CGFloat(index), y: center.y + 3 * CGFloat(index))
        }
        invalidateLayout(with: CollectionViewLayoutInvalidationContext())
        guard let proposal = proposedStart(drag, center: center) else { return }
        let proposedPath = IndexPath(item: proposal.start + drag.pressed, section: proposal.section)
        guard proposal.section != drag.section || proposal.start != drag.start else { return }
        _ = moveBlock(proposing: proposedPath)
    }

    /// Moves the lifted block so that the pressed item lands at `proposedPath`, or where the
    /// delegate's `targetIndexPath(forMoveFrom:toProposed:)` sends it instead; the block's first
    /// index is kept within the section. Plays the slot change. False, changing nothing, if the
    /// delegate refuses or the block would stay where it is.
    final func moveBlock(proposing proposedPath: IndexPath) -> Bool {
        guard let drag, let collectionView,
            let target = delegate?.targetIndexPath(forMoveFrom: drag.pressedIndexPath, toProposed: proposedPath),
            target.count == 2, collectionView.numberOfSections > target.section, target.section >= 0
        else { return false }
        let rest =
            collectionView.numberOfItems(inSection: target.section) - (target.section == drag.section ? drag.count : 0)
        let start = min(max(0, target.item - drag.pressed), rest)
        guard target.section != drag.section || start != drag.start else { return false }
        let destinations = (0..<drag.count).map { IndexPath(item: start + $0, section: target.section) }
        relocate(drag.indexPaths, to: destinations)
        self.drag?.section = target.section
        self.drag?.start = start
        syncRepresentationPaths()
        selectionFeedback.selectionChanged()
        return true
    }

    /// Gives each representation its item's current index path (representations are in rank
    /// order: the pressed item first, then the block's next ones, wrapping).
    private func syncRepresentationPaths() {
        guard let drag else { return }
        for (rank, representation) in drag.representations.enumerated() {
            representation.indexPath = drag.indexPath((rank + drag.pressed) % drag.count)
        }
    }

    /// Where the block would go with its representation centred at `center`: the section and
    /// the block's first index among the items that are not lifted. Nil to stay.
    private func proposedStart(_ drag: Drag, center: CGPoint) -> (section: Int, start: Int)? {
        guard let collectionView else { return nil }
        let vertical = scrollDirection == .vertical
        let probe = CGRect(x: center.x - 0.5, y: center.y - 0.5, width: 1, height: 1)
        let hits = (super.layoutAttributesForElements(in: probe) ?? []).filter {
            $0.representedElementCategory == .cell && $0.frame.contains(center)
        }
        let block = Set(drag.indexPaths)
        if let cell = hits.first {
            guard !block.contains(cell.indexPath), let own = super.layoutAttributesForItem(at: drag.pressedIndexPath)
            else { return nil }
            let forward = cell.indexPath > drag.pressedIndexPath
            let rep = CGRect(
                x: center.x - drag.size.width / 2, y: center.y - drag.size.height / 2, width: drag.size.width,
                height: drag.size.height)
            // Along a line, the edges across it decide; between lines, the edges along the
            // scroll axis do.
            let sameLine =
                vertical ? abs(cell.frame.midY - own.frame.midY) < 0.5 : abs(cell.frame.midX - own.frame.midX) < 0.5
            let alongX = vertical == sameLine
            let h = reorderHysteresis
            let passed =
                alongX
                ? (forward ? rep.maxX > cell.frame.midX + h : rep.minX < cell.frame.midX - h)
                : (forward ? rep.maxY > cell.frame.midY + h : rep.minY < cell.frame.midY - h)
            guard passed else { return nil }
            // The hovered cell's index among the items that are not lifted.
            let rank =
                cell.indexPath.item
                - (cell.indexPath.section == drag.section && cell.indexPath.item > drag.start ? drag.count : 0)
            let start = cell.indexPath.section == drag.section && forward ? rank + 1 : rank
            return (cell.indexPath.section, start)
        }
        // Not over a cell: an empty section takes the block; the area after another section's
        // last item appends it there. The flow layout knows each section's band.
        guard let section = section(containing: center), section != drag.section else { return nil }
        let count = collectionView.numberOfItems(inSection: section)
        if count == 0 { return (section, 0) }
        guard let last = super.layoutAttributesForItem(at: IndexPath(item: count - 1, section: section))?.frame else {
            return nil
        }
        let after =
            vertical
            ? center.y > last.maxY || (center.y >= last.minY && center.x > last.maxX)
            : center.x > last.maxX || (center.x >= last.minX && center.y > last.maxY)
        return after ? (section, count) : nil
    }

    // MARK: Layout

    open override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        var all = super.layoutAttributesForElements(in: rect) ?? []
        if !settling.isEmpty {
            for attributes in all
            where attributes.representedElementCategory == .cell && isSettling(attributes.indexPath) {
                attributes.isHidden = true
            }
            all += settling.values.filter { Self.isFinite($0.frame) && $0.frame.intersects(rect) }
        }
        guard let drag else { return all }
        for attributes in all
        where attributes.representedElementCategory == .cell
            && attributes.indexPath.section == drag.section
            && (drag.start..<(drag.start + drag.count)).contains(attributes.indexPath.item)
        {
            attributes.isHidden = true
        }
        for representation in drag.representations.reversed() where representation.frame.intersects(rect) {
            all.append(representation)
        }
        return all
    }

    /// The flow layout's attributes, hidden while the item is dragged or settling; nil for a
    /// path that names no item, a malformed one (not two indexes) included.
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard indexPath.count == 2 else { return nil }
        let attributes = super.layoutAttributesForItem(at: indexPath)
        if isSettling(indexPath) { attributes?.isHidden = true }
        if let drag, indexPath.section == drag.section,
            (drag.start..<(drag.start + drag.count)).contains(indexPath.item)
        {
            attributes?.isHidden = true
        }
        return attributes
    }

    open override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        guard !isMovingItems else { return }
        // Someone else changed the data: the block's index paths may name other items now. The
        // focus follows its item, or goes with it.
        settling.removeAll()
        let lostFocus = remapFocus(collectionView?.indexPathMappingForUpdates)
        if drag != nil {
            interrupt()
        } else if let lostFocus {
            announceFocusLost(lostFocus)
        }
    }

    open override func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
        super.invalidateLayout(with: context)
        if let collectionView, collectionView.presentationGeneration != seenPresentationGeneration {
            seenPresentationGeneration = collectionView.presentationGeneration
            if !isMovingItems { presentationDidRenumber(context) }
        }
        // `reloadData()` forgets the counts before it invalidates: the data may be anything now.
        if !isMovingItems, context.invalidateDataSourceCounts, collectionView?.counts == nil {
            settling.removeAll()
            // The same paths may name other items now: the focus goes.
            let lostFocus = remapFocus(nil)
            if drag != nil {
                interrupt()
            } else if let lostFocus {
                announceFocusLost(lostFocus)
            }
        }
    }

    /// The collection view now presents its items in another order that no update announced (an
    /// interactive movement's step, a drop's gaps): the lifted block's and the settling items'
    /// paths may name other items or none. The settling items show in their slots and the drag
    /// ends; the focus follows its item through an interactive movement's step.
    private func presentationDidRenumber(_ context: CollectionViewLayoutInvalidationContext) {
        settling.removeAll()
        if let focus, let previous = context.previousIndexPathsForInteractivelyMovingItems,
            let target = context.targetIndexPathsForInteractivelyMovingItems, previous.count == 1, target.count == 1
        {
            self.focus?.indexPath = InteractiveMovement.path(
                focus.indexPath, afterMovingItemAt: previous[0], to: target[0])
        }
        if drag != nil { interrupt() }
    }

    /// Ends a drag after a data change from elsewhere, leaving the data as it is.
    private func interrupt() {
        guard let drag else { return }
        delegate?.willEndDragging(at: drag.indexPaths)
        self.drag = nil
        delegate?.didEndDragging(at: drag.indexPaths, cancelled: true)
        if let label = drag.keyboardLabel { announceInterruption(label: label) }
    }

    // MARK: Helpers

    /// Every section's item count as the collection view presents it (the array it keeps, not
    /// one built section by section on every move).
    private func counts() -> [Int] {
        collectionView?.currentCounts() ?? []
    }

    /// Moves the items at `sources` (ascending) to `destinations` (ascending, paths of the final
    /// data): the data by the single moves of ``ReorderMoves/relocating(_:to:counts:)``, then the
    /// collection view, by the same move for one item and otherwise by one batch update of the
    /// whole relocation (each item from where it was to where it ends, which the batch's rules
    /// make the same arrangement), so the layout is updated once however many items move. The
    /// focus and the items settling (a drop's, while a new drag runs) follow their items.
    private func relocate(_ sources: [IndexPath], to destinations: [IndexPath]) {
        guard let delegate, let collectionView else { return }
        let moves = ReorderMoves.relocating(sources, to: destinations, counts: counts())
        guard !moves.isEmpty else { return }
        isMovingItems = true
        defer { isMovingItems = false }
        guard moves.count > 1 else {
            delegate.moveDataItem(from: moves[0].from, to: moves[0].to)
            collectionView.moveItem(at: moves[0].from, to: moves[0].to)
            follow(moves[0])
            return
        }
        collectionView.performBatchUpdates {
            for move in moves {
                delegate.moveDataItem(from: move.from, to: move.to)
                self.follow(move)
            }
            for (source, destination) in zip(sources, destinations) {
                collectionView.moveItem(at: source, to: destination)
            }
        }
    }

    /// Carries the focus and the settling items' paths across one data move.
    private func follow(_ move: ReorderMoves.Move) {
        if let focus { self.focus?.indexPath = ReorderMoves.indexPath(focus.indexPath, after: move) }
        guard !settling.isEmpty else { return }
        // One move renumbers paths one to one: no two settling items meet.
        var moved: [IndexPath: CollectionViewLayoutAttributes] = [:]
        for (path, attributes) in settling {
            let now = ReorderMoves.indexPath(path, after: move)
            attributes.indexPath = now
            moved[now] = attributes
        }
        settling = moved
    }

    /// Plays an impact of `style` to the ``feedbackObserver``.
    private func playImpact(_ style: ImpactFeedbackGenerator.FeedbackStyle) {
        let generator = ImpactFeedbackGenerator(style: style)
        generator.observer = feedbackObserver
        generator.impactOccurred()
    }

    /// Plays slot changes to the ``feedbackObserver``.
    private var selectionFeedback: SelectionFeedbackGenerator {
        let generator = SelectionFeedbackGenerator()
        generator.observer = feedbackObserver
        return generator
    }

    private func makeRepresentations(pressed: CollectionViewLayoutAttributes) {
        guard var drag else { return }
        let center = representationCenter(drag)
        drag.representations = drag.indexPaths.indices.map { offset in
            let rank = (offset - drag.pressed + drag.count) % drag.count
            let base = super.layoutAttributesForItem(at: drag.indexPath(offset)) ?? pressed
            let representation = base.copy()
            representation.center = CGPoint(x: center.x + 3 * CGFloat(rank), y: center.y + 3 * CGFloat(rank))
            representation.zIndex = 1000 - rank
            representation.isHidden = false
            return representation
        }.sorted { $0.zIndex > $1.zIndex }
        self.drag = drag
        syncRepresentationPaths()
    }
}
