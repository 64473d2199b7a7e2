import KineticDynamics
import KineticPlatform

/// A collection view without a screen (UIKit's `UICollectionView`): a ``ScrollView`` whose
/// content is the data's items, placed by a layout, with selection and moves. Whoever draws
/// reads ``visibleLayoutAttributes()``.
///
/// Counts are read from the data source on first use after ``reloadData()`` and then kept, as
/// UIKit keeps them, so batch updates can be checked against the counts before the update.
///
/// Every index path the collection view takes or gives (selection, layout queries, scrolling)
/// is in the order it presents. That is the data source's order except during an interactive
/// movement, when the moving item already shows at its target; see
/// ``dataIndexPath(forPresentedIndexPath:)``.
open class CollectionView: ScrollView {
    // Internal members are final unless overridden: in Embedded Swift another module cannot call the others.
    /// The layout. Setting it installs the new one and invalidates it.
    public var collectionViewLayout: CollectionViewLayout {
        didSet {
            guard collectionViewLayout !== oldValue else { return }
            oldValue.collectionView = nil
            install(collectionViewLayout)
        }
    }

    /// Supplies the sections and items; setting it reloads. Held weakly, as in UIKit (strongly
    /// in the WebAssembly build, which has no weak references: see `WeakReference`).
    @WeakReference public var dataSource: (any CollectionViewDataSource)? {
        didSet {
            // A data source that reorders drops by itself sets its hook again (see `DropReordering`).
            dropReordering = nil
            dataSourceGeneration &+= 1
            reloadData()
        }
    }

    /// How drops reorder through the data source by themselves, if it does (a diffable data
    /// source whose reordering handlers allow it).
    var dropReordering: DropReordering?
    /// Counts the data sources set, so a data source that was replaced sets no hook.
    var dataSourceGeneration: UInt64 = 0

    /// Told about scrolling and selection (a ``CollectionViewDelegate``, which refines
    /// ``ScrollViewDelegate``); a flow layout also asks it for sizes when it is a
    /// ``CollectionViewDelegateFlowLayout``. Setting it invalidates the layout.
    public override var delegate: (any ScrollViewDelegate)? {
        didSet { collectionViewLayout.invalidateLayout() }
    }

    /// The delegate, as a collection view's: what it says it is
    /// (``ScrollViewDelegate/asCollectionViewDelegate``), not a cast, which the WebAssembly
    /// build cannot make.
    final var collectionDelegate: (any CollectionViewDelegate)? { delegate?.asCollectionViewDelegate }

    /// The delegate, as a flow layout's (``CollectionViewDelegate/asFlowLayoutDelegate``).
    final var flowLayoutDelegate: (any CollectionViewDelegateFlowLayout)? { collectionDelegate?.asFlowLayoutDelegate }

    /// Whether the user can select items (by ``userDidTapItem(at:)``). Programmatic selection
    /// is not affected, as UIKit's documentation says of the user only. Defaults to true.
    public var allowsSelection = true

    /// Whether a tap adds to the selection (and a tap on a selected item deselects it) rather
    /// than replacing it. Changing it leaves the current selection as it is. Defaults to false.
    public var allowsMultipleSelection = false

    /// Section counts read from the data source; nil until needed after a reload. During an
    /// interactive movement these are still the data source's counts, not the presented ones.
    var counts: [Int]?

    /// The selected items, in presented index paths.
    var selectedIndexPaths: Set<IndexPath> = []

    /// The updates recorded while a batch's closure runs; nil outside a batch.
    var pendingUpdates: PendingBatchUpdates?

    /// The running interactive movement, if any.
    var interactiveMovement: InteractiveMovement?

    /// Counts the changes of the presented numbering that no batch update and no reload
    /// announces: an interactive movement's steps and a drop's gaps and placeholders. A layout
    /// that keeps index paths of its own (a reorder's lifted block, the cells settling after a
    /// drop) compares it at each invalidation to learn that they may name other items now.
    var presentationGeneration: UInt64 = 0

    /// How a drag in flight or a drop's placeholders change what is shown; nil when nothing does.
    var dropPresentation: DropPresentation?
    /// The placeholders shown (each at a place of `dropPresentation`).
    var placeholderContexts: [CollectionViewDropPlaceholderContext] = []
    /// Selected items a drop presentation hides (data paths), selected again when it ends.
    var dropHiddenSelection: Set<IndexPath> = []
    /// The drag-and-drop space this collection view is in, told of data changes. The space
    /// holds its views; this reference back does not own it, and the space clears it in its
    /// `deinit`, so it never dangles.
    unowned(unsafe) var dragAndDropSpace: DragAndDropSpace?

    /// Lifts items for drags from this collection view (UIKit's `dragDelegate`); nil: no drags
    /// begin here. Held weakly, as in UIKit (strongly in the WebAssembly build).
    @WeakReference public var dragDelegate: (any CollectionViewDragDelegate)?
    /// Takes drops into this collection view (UIKit's `dropDelegate`); nil: drags pass over it.
    /// Held weakly, as in UIKit (strongly in the WebAssembly build).
    @WeakReference public var dropDelegate: (any CollectionViewDropDelegate)?

    /// How drag items, sessions and placeholders name this view without keeping it alive; cut
    /// in `deinit`.
    let collectionViewLink = ObjectLink<CollectionView>()
    /// How soon a gap follows the finger while a drag hovers (UIKit's `reorderingCadence`).
    public var reorderingCadence: ReorderingCadence = .immediate
    /// Whether drags may begin here (UIKit's `dragInteractionEnabled`). Defaults to true.
    public var dragInteractionEnabled = true

    /// How the index paths before the batch update being applied map to those after it.
    /// Non-nil only while the layout is told about the update: from
    /// ``CollectionViewLayout/prepare(forCollectionViewUpdates:)`` through the ``CollectionViewLayout/prepare()``
    /// that follows it to ``CollectionViewLayout/finalizeCollectionViewUpdates()``, so a layout
    /// can carry its own per-item state across the update.
    public internal(set) var indexPathMappingForUpdates: IndexPathMapping?

    /// Creates a collection view of `frame` laid out by `layout`.
    public init(frame: CGRect, collectionViewLayout layout: CollectionViewLayout) {
        self.collectionViewLayout = layout
        super.init(frame: frame)
        collectionViewLink.attach(self)
        logger = Logger(label: "Kinetic.CollectionView")
        install(layout)
    }

    deinit {
        collectionViewLink.cut()
        // The layout may outlive this view: its reference back must not dangle.
        if collectionViewLayout.collectionView === self { collectionViewLayout.collectionView = nil }
    }

    private func install(_ layout: CollectionViewLayout) {
        if let previous = layout.collectionView, previous !== self {
            previous.collectionViewLayout = CollectionViewLayout()
        }
        layout.collectionView = self
        layout.invalidateLayout()
    }

    /// Asks the layout whether this bounds change invalidates it.
    override func boundsDidChange(from oldBounds: CGRect) {
        if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: bounds) {
            collectionViewLayout.invalidateLayout()
        }
    }

    // MARK: Data

    /// Forgets the counts and lays out again from the data source. A running interactive
    /// movement is cancelled first, and the selection is cleared: the index paths it named may
    /// mean other items now. Called inside a batch update's closure, it turns the batch into a
    /// reload.
    open func reloadData() {
        if interactiveMovement != nil { cancelInteractiveMovement() }
        if dropPresentation != nil { setDropPresentation(nil) }
        pendingUpdates?.reloadRequested = true
        counts = nil
        selectedIndexPaths.removeAll()
        dropHiddenSelection.removeAll()
        collectionViewLayout.collectionViewDidReloadData()
        collectionViewLayout.invalidateLayout()
        dragAndDropSpace?.collectionView(self, didChangeDataWith: nil)
    }

    /// The counts the collection view presents: the data source's, or during an interactive
    /// movement the data source's with the moving item counted in its target section.
    final func currentCounts() -> [Int] {
        if let movement = interactiveMovement { return movement.presentedCounts }
        if let dropPresentation { return dropPresentation.counts(dataCounts()) }
        return dataCounts()
    }

    /// The data source's counts, read from it if they were forgotten.
    final func dataCounts() -> [Int] {
        if let counts { return counts }
        let fresh = readCountsFromDataSource()
        counts = fresh
        return fresh
    }

    /// The most sections a collection view shows: a data source's larger number of sections
    /// counts as this (a million), with one log line per read.
    public static let maximumNumberOfSections = 1_000_000

    /// The most items one section shows: a data source's larger count counts as this (2³⁰,
    /// about a billion), with one log line per read, so that sums of counts and places one past
    /// the end never overflow. A layout without per-item state lays such a section out in
    /// constant memory; one that asks a delegate for every item's size asks it that many times.
    public static let maximumNumberOfItemsInSection = 1 << 30

    /// The counts the data source gives now, cached or not. A negative count is read as zero and
    /// one beyond ``maximumNumberOfSections`` or ``maximumNumberOfItemsInSection`` as that
    /// maximum, with one log line per read for the sections and one for the items.
    final func readCountsFromDataSource() -> [Int] {
        guard let dataSource else { return [] }
        let asked = dataSource.numberOfSections(in: self)
        let sections = min(max(0, asked), Self.maximumNumberOfSections)
        if sections != asked {
            logger.warning(
                "numberOfSections(in:): clamped \(asked) to 0…\(Self.maximumNumberOfSections) sections")
        }
        var clamped: (count: Int, section: Int, asked: Int)?
        // Written in place: appending checks the array's uniqueness once per section, and a
        // batch update among thousands of sections reads them all.
        let fresh = [Int](unsafeUninitializedCapacity: sections) { counts, initialized in
            for section in 0..<sections {
                let count = dataSource.collectionView(self, numberOfItemsInSection: section)
                let kept = min(max(0, count), Self.maximumNumberOfItemsInSection)
                if kept != count {
                    clamped = ((clamped?.count ?? 0) + 1, clamped?.section ?? section, clamped?.asked ?? count)
                }
                counts.initializeElement(at: section, to: kept)
                initialized = section + 1
            }
        }
        if let clamped {
            logger.warning(
                """
                collectionView(_:numberOfItemsInSection:): clamped \(clamped.count) section count(s) to \
                0…\(Self.maximumNumberOfItemsInSection) items (the first, \(clamped.asked), in section \
                \(clamped.section))
                """)
        }
        return fresh
    }

    /// The number of sections.
    public var numberOfSections: Int { currentCounts().count }

    /// The number of items in `section`, or 0 if there is no such section. During an
    /// interactive movement, the presented number: the moving item counts in its target section.
    public func numberOfItems(inSection section: Int) -> Int {
        let counts = currentCounts()
        return counts.indices.contains(section) ? counts[section] : 0
    }

    /// Whether `indexPath` names an existing item.
    public func isValid(_ indexPath: IndexPath) -> Bool {
        indexPath.count == 2 && indexPath.item >= 0 && indexPath.item < numberOfItems(inSection: indexPath.section)
            && indexPath.section >= 0
    }

    // MARK: Layout queries

    /// Prepares the layout if it was invalidated.
    public func layoutIfNeeded() {
        collectionViewLayout.prepareIfNeeded()
    }

    /// The size of the content, from the layout (assigning it does nothing: the layout decides,
    /// as in UIKit).
    public override var contentSize: CGSize {
        get {
            layoutIfNeeded()
            return collectionViewLayout.collectionViewContentSize
        }
        set {}
    }

    /// The attributes of every element in the visible rectangle, from the layout. During an
    /// interactive movement the moving item's are the layout's
    /// ``CollectionViewLayout/layoutAttributesForInteractivelyMovingItem(at:withTargetPosition:)``.
    public func visibleLayoutAttributes() -> [CollectionViewLayoutAttributes] {
        layoutIfNeeded()
        let sized = sizeEstimatedCells()
        let visible = bounds
        var all = sized ?? collectionViewLayout.layoutAttributesForElements(in: visible) ?? []
        if let dropPresentation, !dropPresentation.places.isEmpty {
            // An empty place shows nothing: the dragged preview or the placeholder lands there.
            for attributes in all where attributes.representedElementCategory == .cell {
                if dropPresentation.places.contains(attributes.indexPath) { attributes.isHidden = true }
            }
        }
        if let movement = interactiveMovement, let position = movement.targetPosition {
            let moving = movement.currentIndexPath
            all.removeAll { $0.representedElementCategory == .cell && $0.indexPath == moving }
            let attributes = collectionViewLayout.layoutAttributesForInteractivelyMovingItem(
                at: moving, withTargetPosition: position)
            if attributes.frame.intersects(visible) { all.append(attributes) }
        }
        return all
    }

    /// The attributes of the item at `indexPath`, from the layout; nil for a path that does not
    /// exist. During an interactive movement the moving item's are those of the place it would
    /// drop at, as the layout lays it out; ``visibleLayoutAttributes()`` shows it under the finger.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard isValid(indexPath) else { return nil }
        layoutIfNeeded()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// The item whose cell contains `point` (content coordinates); the topmost if several do.
    public func indexPathForItem(at point: CGPoint) -> IndexPath? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        layoutIfNeeded()
        let probe = CGRect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
        let hits = (collectionViewLayout.layoutAttributesForElements(in: probe) ?? []).filter {
            $0.representedElementCategory == .cell && !$0.isHidden && $0.frame.contains(point)
        }
        return hits.max { $0.zIndex < $1.zIndex }?.indexPath
    }
}
