import KineticDynamics
import KineticPlatform

/// Lays items out in lines, line after line, section after section (UIKit's
/// `UICollectionViewFlowLayout`).
///
/// ## Geometry
/// With the default vertical ``scrollDirection``, each section is: its header (as tall as its
/// reference height, as wide as the collection view; none if the height is 0), the section
/// inset's top, lines of items separated by the minimum line spacing, the inset's bottom, then
/// the footer likewise. Lines are rows filled left to right within the left and right insets:
/// an item joins the row while it and one minimum inter-item spacing still fit, otherwise it
/// starts the next row. Each item is centred vertically on its row, whose height is its tallest
/// item's. ``CollectionView/ScrollDirection/horizontal`` is the transpose: columns filled top to
/// bottom within the top and bottom insets, headers and footers to the left and right, as tall
/// as the collection view. An empty section still takes its header, insets and footer.
///
/// How a line's leftover space is shared, as UIKit does it:
/// - A line followed by another in its section is *justified*: its first item at the leading
///   inset, its last flush with the trailing inset, the leftover space shared equally between
///   the gaps ("after the number of items is determined, the actual spacing may possibly be
///   adjusted upward": Apple's `minimumInteritemSpacing` documentation).
/// - Such a line holding a single item centres it; an item wider than the space between the
///   insets gets a line of its own and starts at the leading inset (Stack Overflow 13017257:
///   "if an item ended up on a line by itself, it would be centered by the flow layout").
/// - The last line of a section starts at the leading inset with the minimum spacing between
///   items ("the last line always left aligns", the same answer; UIKit's private
///   `UIFlowLayoutLastRowHorizontalAlignmentKey`, rdar://20825965) — except when every item of
///   the section has the same size: then UIKit lays the last line out "as if it were full"
///   (PSTCollectionView's reverse-engineered `PSTGridLayoutRow`), so its items sit in the
///   columns of the rows above, and rdar://20825965 observes that the left alignment appears
///   only "as soon as one size" differs. A section of equal sizes therefore forms a grid, and a
///   grid of one column centres every item.
///
/// An item fits when the line overruns the available width by at most a billionth of it, so
/// sizes computed as `(available − spacing) / n` are not pushed apart by rounding.
///
/// ## Sizes and bad input
/// When the collection view's ``CollectionView/delegate`` is a
/// ``CollectionViewDelegateFlowLayout``, sizes, insets, spacings and header and footer sizes are
/// asked of it (sizes item by item); otherwise this layout's properties apply to every section.
/// NaN, infinite and negative sizes, spacings and insets count as 0, silently; finite ones
/// beyond ``maximumLength`` (10⁹ pt) count as that, and setting such a property logs it once. Content size is
/// zero when there is nothing at all (no length along the scroll axis and no item); across the
/// scroll axis it is the collection view's extent or the widest line's, whichever is larger, so
/// a query for the whole content finds every item, items of no length included.
///
/// ## Cost
/// Without a flow delegate, ``prepare()`` keeps a few numbers per section, so memory does not
/// depend on the item count, and ``layoutAttributesForElements(in:)`` computes the visible lines
/// and columns directly. With one, frames go in flat arrays (sections whose sizes all agree
/// still store none) and queries binary-search sections, lines and items. Every query returns
/// new attribute objects, created only for what it returns, so a subclass may change them
/// freely (seed 000's `DraggableLayout` sets `zIndex` on `super`'s answer). A query made while
/// the layout is invalid prepares it first.
open class FlowLayout: CollectionViewLayout {
    // Internal members are final unless overridden: in Embedded Swift another module cannot call the others.
    /// The longest size, spacing or inset a flow layout uses, in points (a billion: a million
    /// screens). Longer finite values count as this, so sums of them stay finite.
    public static let maximumLength: CGFloat = 1e9

    /// Where clamped values are reported.
    static let logger = Logger(label: "Kinetic.FlowLayout")

    /// Logs, once per assignment, a property value beyond ``maximumLength``.
    private func checkLength(_ property: String, _ values: CGFloat...) {
        guard let value = values.first(where: { $0.isFinite && $0 > Self.maximumLength }) else { return }
        Self.logger.warning(
            "FlowLayout.\(property): \(value) is beyond the largest length; counted as \(Self.maximumLength) pt")
    }

    /// The size of every item when the delegate does not give one. Defaults to 50 × 50.
    open var itemSize = CGSize(width: 50, height: 50) {
        didSet {
            checkLength("itemSize", itemSize.width, itemSize.height)
            invalidateLayout()
        }
    }

    /// The least distance between successive lines (rows when vertical, columns when
    /// horizontal); not applied between a header or footer and the lines. Defaults to 10.
    open var minimumLineSpacing: CGFloat = 10 {
        didSet {
            checkLength("minimumLineSpacing", minimumLineSpacing)
            invalidateLayout()
        }
    }

    /// The least distance between successive items of a line; justified lines may space them
    /// further. Defaults to 10.
    open var minimumInteritemSpacing: CGFloat = 10 {
        didSet {
            checkLength("minimumInteritemSpacing", minimumInteritemSpacing)
            invalidateLayout()
        }
    }

    /// The margins between each section's header, items and footer and across the lines.
    /// Defaults to zero.
    open var sectionInset: EdgeInsets = .zero {
        didSet {
            checkLength("sectionInset", sectionInset.top, sectionInset.left, sectionInset.bottom, sectionInset.right)
            invalidateLayout()
        }
    }

    /// The size of each section's header; only its extent along the scroll axis counts, and 0
    /// there means no header. Defaults to zero.
    open var headerReferenceSize: CGSize = .zero {
        didSet {
            checkLength("headerReferenceSize", headerReferenceSize.width, headerReferenceSize.height)
            invalidateLayout()
        }
    }

    /// The size of each section's footer; only its extent along the scroll axis counts, and 0
    /// there means no footer. Defaults to zero.
    open var footerReferenceSize: CGSize = .zero {
        didSet {
            checkLength("footerReferenceSize", footerReferenceSize.width, footerReferenceSize.height)
            invalidateLayout()
        }
    }

    /// Whether each section's header stays at the start of the visible bounds (the top, scrolling
    /// down) while its section is in view, pushed away by the section's end (UIKit's
    /// `sectionHeadersPinToVisibleBounds`). Defaults to false.
    open var sectionHeadersPinToVisibleBounds = false

    /// Whether each section's footer stays at the end of the visible bounds while its section is
    /// in view (UIKit's `sectionFootersPinToVisibleBounds`). Defaults to false.
    open var sectionFootersPinToVisibleBounds = false

    /// The size to lay items out at until their cells say theirs (UIKit's self-sizing cells):
    /// `.zero`, the default, turns self-sizing off; ``automaticSize`` estimates with
    /// ``itemSize``. While it is set, the flow delegate's item sizes are not asked: when the
    /// collection view first shows an item it asks the data source for the cell
    /// (``CollectionViewDataSource/collectionView(_:cellForItemAt:)``) and the cell for its
    /// ``CollectionViewCell/preferredLayoutAttributesFitting(_:)``; the layout keeps that size
    /// (it follows the item through updates) and lays out only the lines it changes. So only
    /// items that are shown are ever sized. When items above the first line in view change size,
    /// the content offset moves by as much, so what is on screen stays where it is.
    ///
    /// A sized item is not asked again until its data is reloaded or the collection view's
    /// width (height, scrolling horizontally) changes, so a cell whose preferred size changes
    /// every time it is asked cannot make the layout oscillate. A width or height that is
    /// negative, NaN or infinite (other than ``automaticSize``'s), or one of them zero, is logged
    /// and the previous value kept. A self-sizing section lays its last line out from the leading
    /// inset even while every size is the estimate.
    open var estimatedItemSize: CGSize = .zero {
        didSet {
            guard estimatedItemSize != oldValue else { return }
            guard Self.isValidEstimate(estimatedItemSize) else {
                let refused =
                    "FlowLayout.estimatedItemSize: \(estimatedItemSize.logDescription) is not a size to "
                    + "estimate with (positive and finite, .zero for none, or automaticSize); "
                    + "kept \(oldValue.logDescription)"
                Self.logger.error("\(refused)")
                estimatedItemSize = oldValue
                return
            }
            checkLength("estimatedItemSize", estimatedItemSize.width, estimatedItemSize.height)
            preferredSizes = []
            invalidateLayout()
        }
    }

    /// The estimate that asks the layout to estimate for itself (UIKit's
    /// `UICollectionViewFlowLayout.automaticSize`): with it, items are laid out at ``itemSize``
    /// until their cells are sized.
    public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

    /// The axis the content scrolls along. Defaults to vertical.
    open var scrollDirection: CollectionView.ScrollDirection = .vertical {
        didSet { invalidateLayout() }
    }

    /// The layout as last prepared.
    final var geometry = FlowGeometry(crossSize: 0)
    /// Whether `geometry` was prepared for vertical scrolling.
    final var preparedVertical = true
    /// The collection view's extent across the scroll axis at the last preparation; nil before
    /// the first with a collection view.
    private var preparedCrossSize: CGFloat?
    /// Each section's metrics at the last preparation from a flow delegate (empty otherwise).
    final var preparedMetrics: [FlowSectionMetrics] = []
    /// The item changes since the last preparation, when they fall in one section and can be
    /// laid out from the first changed line: a batch update's (see
    /// ``prepare(forCollectionViewUpdates:)``) or an interactive movement step's.
    private var pendingItemChange: PendingItemChange?
    /// The invalidations of the geometry (of everything, or of the counts) since the last
    /// preparation. A change noted for an incremental preparation must be the only one: with
    /// another before it (a movement cancelled just before a batch update, metrics set and not
    /// yet prepared), the geometry is older than the state the change starts from, and laying
    /// out only the changed lines would leave the rest stale.
    private var geometryInvalidations = 1

    /// The sizes cells preferred, by data index path (UIKit's orientation); an unsized item holds
    /// ``unsized``. Empty until a self-sizing preparation; a section whose count no longer
    /// matches is unsized anew.
    final var preferredSizes: [[CGSize]] = []
    /// The items (as shown) whose preferred sizes changed since the last preparation.
    final var pendingResizes: [IndexPath] = []
    /// The collection view's extent across the scroll axis the preferred sizes were fitted to.
    final var preparedCrossSizeForSizes: CGFloat?

    /// Whether `sections` hold `counts` items, section by section.
    private static func counts(of sections: [FlowSectionGeometry], equal counts: [Int]) -> Bool {
        guard sections.count == counts.count else { return false }
        return sections.withUnsafeBufferPointer { sections in
            counts.withUnsafeBufferPointer { counts in
                for index in 0..<counts.count where sections[index].itemCount != counts[index] { return false }
                return true
            }
        }
    }

    /// What a uniform preparation (no flow delegate, no self-sizing) depended on besides the
    /// counts; nil after any other preparation.
    struct UniformKey: Equatable {
        var metrics: FlowSectionMetrics
        var size: CGSize
        var crossSize: CGFloat
        var vertical: Bool
    }
    /// The last preparation's, if it was uniform.
    private var preparedUniform: UniformKey?

    /// Items of one section changed as `change` says: lay out only the lines around the changes.
    struct PendingItemChange {
        var section: Int
        var change: FlowItemChange
    }

    /// Creates a flow layout with UIKit's defaults.
    public override init() {
        super.init()
    }

    // MARK: Preparing

    /// Computes every section's geometry from the collection view's counts and bounds and the
    /// delegate's or this layout's metrics.
    open override func prepare() {
        super.prepare()
        defer { geometryInvalidations = 0 }
        // An invalidation that changed nothing this layout computes (a dynamic animator's, after
        // every step) keeps the geometry.
        guard needsFullPrepare else { return }
        let resizes = pendingResizes
        pendingResizes = []
        // What to keep still on screen while items above it change size.
        let anchor = resizes.isEmpty ? nil : visibleAnchor(avoiding: resizes)
        defer { if let anchor { keepStill(anchor) } }
        if let change = pendingItemChange {
            pendingItemChange = nil
            if resizes.isEmpty, prepareIncrementally(change) { return }
        } else if !resizes.isEmpty, geometryInvalidations == 0, prepareResizes(resizes) {
            return
        }
        let vertical = scrollDirection == .vertical
        preparedVertical = vertical
        preparedMetrics = []
        guard let collectionView else {
            geometry = FlowGeometry(crossSize: 0)
            preparedCrossSize = nil
            return
        }
        let bounds = collectionView.bounds
        var geometry = FlowGeometry(crossSize: vertical ? bounds.width : bounds.height)
        preparedCrossSize = geometry.crossSize
        let sectionCount = collectionView.numberOfSections
        geometry.sections.reserveCapacity(sectionCount)
        let uniform = preparedUniform
        preparedUniform = nil

        if isSelfSizing {
            prepareSelfSizing(&geometry, sectionCount: sectionCount, vertical: vertical)
            self.geometry = geometry
            return
        }
        guard let delegate = collectionView.flowLayoutDelegate else {
            // Uniform: the same metrics and item size for every section, nothing per item.
            let metrics = FlowSectionMetrics(
                inset: sectionInset, lineSpacing: minimumLineSpacing, interitemSpacing: minimumInteritemSpacing,
                header: headerReferenceSize, footer: footerReferenceSize, vertical: vertical
            )
            let size = Self.flowSize(itemSize, vertical: vertical)
            let key = UniformKey(metrics: metrics, size: size, crossSize: geometry.crossSize, vertical: vertical)
            preparedUniform = key
            // The same metrics and counts as prepared (a move within a section, a reorder's step):
            // the same geometry. O(sections), no section laid out again.
            if uniform == key, Self.counts(of: self.geometry.sections, equal: collectionView.currentCounts()) {
                return
            }
            for section in 0..<sectionCount {
                geometry.appendUniformSection(
                    metrics, itemCount: collectionView.numberOfItems(inSection: section), size: size)
            }
            self.geometry = geometry
            return
        }

        var sizes: [CGSize] = []
        var metricsBySection: [FlowSectionMetrics] = []
        for section in 0..<sectionCount {
            let metrics = metrics(delegate, collectionView, section: section, vertical: vertical)
            metricsBySection.append(metrics)
            let count = collectionView.numberOfItems(inSection: section)
            sizes.removeAll(keepingCapacity: true)
            sizes.reserveCapacity(count)
            let size = itemSizes(section: section)
            for item in 0..<count { sizes.append(size(item)) }
            sizes.withUnsafeBufferPointer { geometry.appendSection(metrics, sizes: $0) }
        }
        self.geometry = geometry
        preparedMetrics = metricsBySection
    }

    /// The metrics of `section` from the flow delegate.
    private func metrics(
        _ delegate: any CollectionViewDelegateFlowLayout, _ collectionView: CollectionView, section: Int, vertical: Bool
    ) -> FlowSectionMetrics {
        FlowSectionMetrics(
            inset: delegate.collectionView(collectionView, layout: self, insetForSectionAt: section),
            lineSpacing: delegate.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: section),
            interitemSpacing: delegate.collectionView(
                collectionView, layout: self, minimumInteritemSpacingForSectionAt: section),
            header: delegate.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: section),
            footer: delegate.collectionView(collectionView, layout: self, referenceSizeForFooterInSection: section),
            vertical: vertical
        )
    }

    /// Notes a batch update whose item changes fall in one section of items sized by the flow
    /// delegate, with no section or reload updates, so `prepare()` lays out only the lines around
    /// each changed place (see `FlowItemChange`), wherever it is, instead of asking every item's
    /// size again.
    open override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        pendingItemChange = nil
        if !preferredSizes.isEmpty, let mapping = collectionView?.indexPathMappingForUpdates {
            remapPreferredSizes(mapping, updateItems)
        }
        // The update's own invalidation only: the geometry is the state before the update. Only
        // a layout sized item by item lays out in part (a uniform one computes, never stores).
        guard geometryInvalidations <= 1, collectionView?.flowLayoutDelegate != nil || isSelfSizing,
            let mapping = collectionView?.indexPathMappingForUpdates,
            mapping.numberOfSectionsBeforeUpdate == mapping.numberOfSectionsAfterUpdate,
            updateItems.allSatisfy({
                $0.updateAction != .reload && ($0.indexPathBeforeUpdate ?? $0.indexPathAfterUpdate)?.count == 2
            })
        else { return }
        // One section's items changed (in two, or a section replaced: prepare anew), and every
        // section keeps its number.
        guard mapping.newItemsBySection.count == 1, let (section, items) = mapping.newItemsBySection.first,
            case .shifted(let shifts) = items
        else { return }
        for new in 0..<mapping.numberOfSectionsAfterUpdate where mapping.oldSection(forNewSection: new) != new {
            return
        }
        let count = mapping.countsAfter.indices.contains(section) ? mapping.countsAfter[section] : 0
        pendingItemChange = PendingItemChange(section: section, change: FlowItemChange(shifts, itemCount: count))
    }

    /// Notes an interactive movement step within one section (the item shown at one place is
    /// shown at another, every item between shifts by one), so `prepare()` lays out only the
    /// lines around the two places; anything else clears the note and, if it
    /// invalidates the geometry, prepares everything.
    open override func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
        super.invalidateLayout(with: context)
        // A cell's preferred size: prepare again (only its lines, if nothing else changed).
        if context.invalidatedItemIndexPaths != nil, !pendingResizes.isEmpty { needsFullPrepare = true }
        guard context.invalidateEverything || context.invalidateDataSourceCounts else { return }
        geometryInvalidations += 1
        guard let previous = context.previousIndexPathsForInteractivelyMovingItems,
            let target = context.targetIndexPathsForInteractivelyMovingItems,
            previous.count == 1, target.count == 1, previous[0].count == 2, target[0].count == 2,
            previous[0].section == target[0].section, previous[0].item >= 0, target[0].item >= 0
        else {
            pendingItemChange = nil
            return
        }
        let (source, destination) = (previous[0], target[0])
        // A movement ending where the item is shown moves nothing: a change already noted covers it.
        if source == destination && pendingItemChange != nil { return }
        // Two moves before one preparation, or anything else before this move: prepare anew.
        guard pendingItemChange == nil, geometryInvalidations == 1 else {
            pendingItemChange = nil
            return
        }
        let count = collectionView?.numberOfItems(inSection: source.section) ?? 0
        pendingItemChange = PendingItemChange(
            section: source.section,
            change: FlowItemChange(movingItemAt: source.item, to: destination.item, itemCount: count))
    }

    /// Lays out only what `change` touched, if the layout was prepared from the flow delegate for
    /// the same bounds, direction and metrics; false to prepare everything anew.
    private func prepareIncrementally(_ change: PendingItemChange) -> Bool {
        guard let collectionView, let metrics = incrementalMetrics(section: change.section) else { return false }
        let section = geometry.sections[change.section]
        // The two items that keep the section explicit must both still be there (a self-sizing
        // section stays explicit anyway).
        var witnesses = section.witnesses
        if !section.isSelfSizing {
            guard let a = change.change.newItem(witnesses.0), let b = change.change.newItem(witnesses.1), a != b else {
                return false
            }
            witnesses = (a, b)
        }
        let size = itemSizes(section: change.section)
        return geometry.relayout(
            section: change.section, metrics, itemCount: collectionView.numberOfItems(inSection: change.section),
            change: change.change, witnesses: witnesses, size: size)
    }

    /// The metrics of `section` if the layout was prepared item by item for the same bounds,
    /// direction and metrics as now (so its lines may be laid out again in part); nil otherwise.
    final func incrementalMetrics(section: Int) -> FlowSectionMetrics? {
        guard let collectionView, collectionView.flowLayoutDelegate != nil || isSelfSizing else { return nil }
        let vertical = scrollDirection == .vertical
        let bounds = collectionView.bounds
        guard vertical == preparedVertical,
            FlowSectionMetrics.clean(vertical ? bounds.width : bounds.height) == preparedCrossSize,
            preparedMetrics.count == collectionView.numberOfSections, preparedMetrics.indices.contains(section),
            geometry.sections.indices.contains(section)
        else { return nil }
        let metrics = sectionMetrics(section, vertical: vertical)
        return metrics == preparedMetrics[section] ? metrics : nil
    }

    /// The metrics of `section`: the flow delegate's, or this layout's properties.
    final func sectionMetrics(_ section: Int, vertical: Bool) -> FlowSectionMetrics {
        guard let collectionView, let delegate = collectionView.flowLayoutDelegate else {
            return FlowSectionMetrics(
                inset: sectionInset, lineSpacing: minimumLineSpacing, interitemSpacing: minimumInteritemSpacing,
                header: headerReferenceSize, footer: footerReferenceSize, vertical: vertical)
        }
        return metrics(delegate, collectionView, section: section, vertical: vertical)
    }

    /// The sizes of `section`'s items as shown, in flow coordinates, by place: a drop's
    /// placeholder's, else a sized cell's or the estimate when self-sizing, else the delegate's.
    final func itemSizes(section: Int) -> (Int) -> CGSize {
        guard let collectionView else { return { _ in .zero } }
        let vertical = scrollDirection == .vertical
        // Each call copies this path and sets its item: a path built per item allocates, and a
        // captured `var` would be boxed and checked for exclusive access on every call.
        let base = IndexPath(item: 0, section: section)
        if isSelfSizing {
            let estimate = Self.flowSize(estimateSize, vertical: vertical)
            let presenting = collectionView.isPresentingMovement
            return { item in
                var indexPath = base
                indexPath.item = item
                if let placeholder = collectionView.dropPlaceSize(at: indexPath) {
                    return Self.flowSize(placeholder, vertical: vertical)
                }
                let data = presenting ? collectionView.dataIndexPath(forPresentedIndexPath: indexPath) : indexPath
                guard let data, let preferred = self.preferredSize(at: data) else { return estimate }
                return Self.flowSize(preferred, vertical: vertical)
            }
        }
        guard let delegate = collectionView.flowLayoutDelegate else {
            let size = Self.flowSize(itemSize, vertical: vertical)
            return { _ in size }
        }
        return { item in
            var indexPath = base
            indexPath.item = item
            return Self.flowSize(
                collectionView.dropPlaceSize(at: indexPath)
                    ?? delegate.collectionView(collectionView, layout: self, sizeForItemAt: indexPath),
                vertical: vertical)
        }
    }

    // MARK: Self-sizing

    /// Whether the cell at `indexPath` (as shown) is laid out at the estimate.
    override func needsPreferredLayoutAttributes(forItemAt indexPath: IndexPath) -> Bool {
        isUnsized(at: indexPath)
    }

    override var selfSizesItems: Bool { isSelfSizing }

    /// True while ``estimatedItemSize`` is set, for a cell not sized yet or whose preferred size
    /// differs from the one laid out (UIKit's flow layout).
    open override func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferredAttributes: CollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: CollectionViewLayoutAttributes
    ) -> Bool {
        guard isSelfSizing, originalAttributes.representedElementCategory == .cell else { return false }
        return isUnsized(at: originalAttributes.indexPath) || preferredAttributes.size != originalAttributes.size
    }

    /// Keeps the cell's preferred size for its item and names the item: the next preparation
    /// lays out only the lines it changes (and keeps what is on screen still).
    open override func invalidationContext(
        forPreferredLayoutAttributes preferredAttributes: CollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: CollectionViewLayoutAttributes
    ) -> CollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(
            forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
        if originalAttributes.representedElementCategory == .cell {
            takePreferredSize(
                preferredAttributes.size, forItemAt: originalAttributes.indexPath, laidOut: originalAttributes.size)
        }
        return context
    }

    override func collectionViewDidReloadData() {
        preferredSizes = []
    }

    override func dataSourceDidMoveItem(at source: IndexPath, to destination: IndexPath) {
        movePreferredSize(from: source, to: destination)
    }

    /// The size of all the content (see the class's discussion).
    open override var collectionViewContentSize: CGSize {
        prepareIfNeeded()
        let size = geometry.contentSize
        return preparedVertical ? size : CGSize(width: size.height, height: size.width)
    }

    /// Whether a change of the collection view's bounds to `newBounds` invalidates the layout:
    /// only when its extent across the scroll axis changes (a resize that reflows the lines),
    /// never for a scroll.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let preparedCrossSize else { return false }
        let vertical = scrollDirection == .vertical
        return FlowSectionMetrics.clean(vertical ? newBounds.width : newBounds.height) != preparedCrossSize
    }

    // MARK: Queries

    /// New attributes for every header, item and footer whose frame meets `rect`, section by
    /// section in that order. A rect with a NaN or infinite component meets nothing.
    open override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        prepareIfNeeded()
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.size.width.isFinite, rect.size.height.isFinite else {
            return []
        }
        let rect = rect.standardized
        let vertical = preparedVertical
        var result: [CollectionViewLayoutAttributes] = []
        // A screenful is a few dozen elements: one allocation instead of six doublings.
        result.reserveCapacity(32)
        var indexPath = IndexPath(item: 0, section: 0)
        let content = geometry.contentSize
        geometry.forEachCandidate(in: vertical ? rect : Self.transposed(rect)) { element, section, item, flowFrame in
            let fitted = FlowGeometry.fitted(flowFrame, within: content)
            let frame = vertical ? fitted : Self.transposed(fitted)
            let center = CGPoint(x: frame.origin.x + frame.size.width / 2, y: frame.origin.y + frame.size.height / 2)
            // Test the frame exactly as the attributes will report it (center less half the
            // size), so a caller filtering their frames agrees to the last bit.
            let reported = CGRect(
                x: center.x - frame.size.width / 2, y: center.y - frame.size.height / 2, width: frame.size.width,
                height: frame.size.height)
            guard reported.intersects(rect) else { return }
            indexPath.section = section
            indexPath.item = item
            result.append(Self.attributes(element, at: indexPath, center: center, size: frame.size))
        }
        if sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds { pin(&result, in: rect) }
        return result
    }

    /// The z index of a pinned header or footer, over the items it covers (UIKit's).
    static let pinnedZIndex = 1024

    /// A header's or footer's frame in flow coordinates (y along the scroll axis) where pinning
    /// puts it, and whether pinning is on for it; nil when the section has none.
    ///
    /// A header's start is its section's start, or the visible bounds' start (the offset plus
    /// the adjusted inset) when the section began above it, but never so far that the header
    /// passes the start of the section's footer: the section's end pushes it away. A footer
    /// mirrors it at the visible bounds' end, never above the end of its section's header.
    private func pinnedFrame(_ element: FlowGeometry.Element, section index: Int) -> (CGRect, Bool)? {
        guard geometry.sections.indices.contains(index) else { return nil }
        let header = element == .header
        guard let frame = header ? geometry.headerFrame(section: index) : geometry.footerFrame(section: index) else {
            return nil
        }
        let pins = header ? sectionHeadersPinToVisibleBounds : sectionFootersPinToVisibleBounds
        guard pins, let view = collectionView else { return (frame, false) }
        let section = geometry.sections[index]
        let offset = preparedVertical ? view.contentOffset.y : view.contentOffset.x
        let inset = view.adjustedContentInset
        var pinned = frame
        if header {
            let visibleStart = offset + (preparedVertical ? inset.top : inset.left)
            pinned.origin.y = max(section.start, min(visibleStart, section.footerStart - section.headerLength))
        } else {
            let length = preparedVertical ? view.bounds.height : view.bounds.width
            let visibleEnd = offset + length - (preparedVertical ? inset.bottom : inset.right)
            pinned.origin.y = min(
                section.footerStart, max(visibleEnd - section.footerLength, section.start + section.headerLength))
        }
        guard pinned.origin.y.isFinite else { return (frame, true) }
        return (pinned, true)
    }

    /// Moves the pinned headers and footers of the sections `rect` meets to where pinning puts
    /// them: those already found are replaced, and those whose own frame lies outside `rect`
    /// (a header scrolled away above its section's rows) are added if they now meet it.
    private func pin(_ result: inout [CollectionViewLayoutAttributes], in rect: CGRect) {
        let query = preparedVertical ? rect : Self.transposed(rect)
        let end = geometry.scrollLength
        guard end > 0, query.maxY >= 0, query.minY <= end else { return }
        let first = geometry.section(atScrollPosition: min(max(query.minY, 0), end)) ?? 0
        let last = geometry.section(atScrollPosition: min(max(query.maxY, 0), end)) ?? first
        guard first <= last else { return }
        let kinds = [
            sectionHeadersPinToVisibleBounds ? (FlowGeometry.Element.header, CollectionElementKind.sectionHeader) : nil,
            sectionFootersPinToVisibleBounds ? (FlowGeometry.Element.footer, CollectionElementKind.sectionFooter) : nil,
        ].compactMap { $0 }
        for (element, kind) in kinds {
            result.removeAll {
                $0.representedElementKind == kind && (first...last).contains($0.indexPath.section)
            }
            for section in first...last {
                guard let (frame, _) = pinnedFrame(element, section: section) else { continue }
                let attributes = attributes(element, at: IndexPath(item: 0, section: section), flowFrame: frame)
                guard attributes.frame.intersects(rect) else { continue }
                attributes.zIndex = Self.pinnedZIndex
                result.append(attributes)
            }
        }
    }

    /// New attributes for the item at `indexPath`, or nil if there is no such item.
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        prepareIfNeeded()
        guard indexPath.count == 2, let frame = geometry.itemFrame(section: indexPath.section, item: indexPath.item)
        else { return nil }
        return attributes(.cell, at: indexPath, flowFrame: frame)
    }

    /// New attributes for the header (``CollectionElementKind/sectionHeader``) or footer
    /// (``CollectionElementKind/sectionFooter``) of section `indexPath.section`, whose index path
    /// is item 0 of that section; nil if the section has none or the path names none.
    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> CollectionViewLayoutAttributes?
    {
        prepareIfNeeded()
        guard indexPath.count == 2, indexPath.item == 0 else { return nil }
        switch elementKind {
        case CollectionElementKind.sectionHeader:
            return pinnedFrame(.header, section: indexPath.section).map { frame, pinned in
                let header = attributes(.header, at: indexPath, flowFrame: frame)
                if pinned { header.zIndex = Self.pinnedZIndex }
                return header
            }
        case CollectionElementKind.sectionFooter:
            return pinnedFrame(.footer, section: indexPath.section).map { frame, pinned in
                let footer = attributes(.footer, at: indexPath, flowFrame: frame)
                if pinned { footer.zIndex = Self.pinnedZIndex }
                return footer
            }
        default:
            return nil
        }
    }

    /// The section whose band (its header, insets, lines and footer, across the whole content)
    /// holds `position` (content coordinates), or nil outside the content. Only a layout knows
    /// where a section without items lies: this is the answer for dropping a moved item into
    /// one.
    final func section(containing position: CGPoint) -> Int? {
        prepareIfNeeded()
        let across = preparedVertical ? position.x : position.y
        let along = preparedVertical ? position.y : position.x
        let content = geometry.contentSize
        guard across.isFinite, across >= 0, across <= content.width else { return nil }
        return geometry.section(atScrollPosition: along)
    }

    /// The stored arrays' size in bytes: what the layout keeps between preparations. For
    /// measuring memory (`kinetic bench-layout`).
    /// The empty section whose band (header, insets, footer) contains `position`, so an item
    /// moved interactively can be dropped into it.
    open override func emptySection(at position: CGPoint) -> Int? {
        if let section = super.emptySection(at: position) { return section }
        guard let section = section(containing: position), collectionView?.numberOfItems(inSection: section) == 0 else {
            return nil
        }
        return section
    }

    @_spi(Benchmark)
    public var storedByteCount: Int { geometry.storedByteCount }

    // MARK: Helpers

    private func attributes(_ element: FlowGeometry.Element, at indexPath: IndexPath, flowFrame: CGRect)
        -> CollectionViewLayoutAttributes
    {
        let fitted = FlowGeometry.fitted(flowFrame, within: geometry.contentSize)
        let frame = preparedVertical ? fitted : Self.transposed(fitted)
        let center = CGPoint(x: frame.origin.x + frame.size.width / 2, y: frame.origin.y + frame.size.height / 2)
        return Self.attributes(element, at: indexPath, center: center, size: frame.size)
    }

    @inline(__always)
    private static func attributes(
        _ element: FlowGeometry.Element, at indexPath: IndexPath, center: CGPoint, size: CGSize
    ) -> CollectionViewLayoutAttributes {
        let attributes: CollectionViewLayoutAttributes
        switch element {
        case .cell: attributes = CollectionViewLayoutAttributes(forCellWith: indexPath)
        case .header:
            attributes = CollectionViewLayoutAttributes(
                forSupplementaryViewOfKind: CollectionElementKind.sectionHeader, with: indexPath)
        case .footer:
            attributes = CollectionViewLayoutAttributes(
                forSupplementaryViewOfKind: CollectionElementKind.sectionFooter, with: indexPath)
        }
        attributes.center = center
        attributes.size = size
        return attributes
    }

    /// A UIKit size, sanitized, in flow coordinates (width across the scroll axis).
    @inline(__always)
    static func flowSize(_ size: CGSize, vertical: Bool) -> CGSize {
        let width = FlowSectionMetrics.clean(size.width), height = FlowSectionMetrics.clean(size.height)
        return vertical ? CGSize(width: width, height: height) : CGSize(width: height, height: width)
    }

    /// `rect` with its axes swapped: between flow coordinates and a horizontal layout's.
    @inline(__always)
    private static func transposed(_ rect: CGRect) -> CGRect {
        CGRect(x: rect.origin.y, y: rect.origin.x, width: rect.size.height, height: rect.size.width)
    }
}
