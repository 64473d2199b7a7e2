import KineticDynamics
import KineticPlatform

/// Lays a collection view out from sections built of items and groups (UIKit's
/// `UICollectionViewCompositionalLayout`).
///
/// Each section repeats its ``CollectionLayoutGroup`` along the ``CompositionalLayoutConfiguration/scrollDirection``
/// until all of its items have a place, between its headers and footers and within its content
/// insets; sections follow one another with ``CompositionalLayoutConfiguration/interSectionSpacing``
/// between them. Sizes are fractions of their containers, absolute lengths or estimates:
/// - a section's group resolves against the section's content area: the collection view's
///   bounds less the layout's content insets reference (across the scroll axis) and less the
///   section's ``CollectionLayoutSection/contentInsets``;
/// - a group's subitems against the group's content area: the group less its own content insets;
/// - an item's attached views against the item's cell.
///
/// ## Cost
/// ``prepare()`` asks the section provider once per section and resolves each section's group
/// once (a section object returned again for the next section reuses the previous resolution):
/// it grows with the sections, not the items. A query finds the sections by binary search and
/// the groups in each by arithmetic, so it costs what it returns.
///
/// ## Bad input
/// Non-finite or negative lengths, fractions, spacings and insets count as 0, and lengths beyond
/// ``maximumLength`` as that, with one log line per preparation that meets them; a group that
/// holds nothing holds one item filling it, a repeating count below 1 counts as 1, and a section
/// provider's nil section is a list of full-width rows 44 points tall (UIKit's default row
/// height), so every item always has a finite frame.
///
/// What UIKit traps on traps, with UIKit's message: a horizontal or vertical group made with no
/// subitems ("At least 1 subitem is required for a group"); and, once the collection view has a
/// size, a group that cannot fit even one of its items (its first item and edge spacing longer
/// than the group, or a repeating count's spacing alone longer; not when either length is an
/// estimate) and content insets, a section's or a group's, that leave a negative size ("There is
/// no room for this NSCollectionLayoutGroup to fit into its parent group or section…").
///
/// ## Self-sizing
/// In a section whose group's length is `.estimated` along the axis its groups repeat on (the
/// scroll axis; across it in an orthogonal section, as a row of chips), each cell is laid out at
/// its template length until it shows, then at the length it prefers
/// (`CollectionViewCell.preferredLayoutAttributesFitting(_:)`). Cells side by side make the group
/// as long as the longest needs; a cell after others along that axis (a vertical group's rows, a
/// nested group's columns) moves by what the cells directly before it grew. An orthogonal
/// section's scroll view is as long as its sized groups, and settles on their boundaries.
open class CompositionalLayout: CollectionViewLayout {
    /// What builds each section: given its index and the layout's environment.
    public typealias SectionProvider = (Int, CollectionLayoutEnvironment) -> CollectionLayoutSection?

    /// The longest length a compositional layout uses, in points (a billion: a million screens).
    public static let maximumLength: CGFloat = 1e9

    /// Where bad input is reported.
    static let logger = Logger(label: "Kinetic.CompositionalLayout")

    /// `value` as a length: non-finite or negative counts as 0, longer than ``maximumLength``
    /// as that.
    static func clean(_ value: CGFloat) -> CGFloat {
        value.isFinite && value > 0 ? min(value, maximumLength) : 0
    }

    final let sectionProvider: SectionProvider

    /// How the layout as a whole is arranged.
    public final var configuration: CompositionalLayoutConfiguration {
        didSet { invalidateLayout() }
    }

    /// The margins the `.layoutMargins` and `.readableContent` content insets references
    /// measure from. Defaults to 8 points on each side, a view's default layout margins in
    /// UIKit ("the default margins are eight points on each side": `UIView.layoutMargins`).
    public final var layoutMargins = DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8) {
        didSet { invalidateLayout() }
    }

    /// The traits the section provider is given; nil (the default) derives them from the
    /// collection view's size (see ``TraitCollection``).
    public final var traitCollection: TraitCollection? {
        didSet { invalidateLayout() }
    }

    final var geometry = CompositionalGeometry()
    /// The orthogonal sections' scroll views, by section.
    final var orthogonalScrollers: [Int: OrthogonalSectionScroller] = [:]
    /// The list rows' swipe actions, once a list section has a swipe actions provider.
    final var swipeController: SwipeActionsController?
    /// The bounds size the geometry was prepared for.
    final var preparedBoundsSize: CGSize?

    /// A layout whose every section is `section`.
    public convenience init(section: CollectionLayoutSection) {
        self.init(section: section, configuration: CompositionalLayoutConfiguration())
    }

    /// A layout whose every section is `section`, arranged by `configuration`.
    public convenience init(section: CollectionLayoutSection, configuration: CompositionalLayoutConfiguration) {
        self.init(sectionProvider: { _, _ in section }, configuration: configuration)
    }

    /// A layout whose sections `sectionProvider` builds.
    public convenience init(sectionProvider: @escaping SectionProvider) {
        self.init(sectionProvider: sectionProvider, configuration: CompositionalLayoutConfiguration())
    }

    /// A layout whose sections `sectionProvider` builds, arranged by `configuration`.
    public init(sectionProvider: @escaping SectionProvider, configuration: CompositionalLayoutConfiguration) {
        self.sectionProvider = sectionProvider
        self.configuration = configuration
        super.init()
    }

    deinit {
        // The arena may outlive the layout: what it holds of the layout leaves it.
        swipeController?.uninstall()
        for scroller in orthogonalScrollers.values {
            scroller.scrollView.removeFromArena()
        }
    }

    // MARK: Preparation

    /// Builds every section and places its groups, headers, footers and decorations.
    open override func prepare() {
        super.prepare()
        prepareGeometry()
    }

    /// The work of ``prepare()``, final so that it is reachable from this module's callers.
    final func prepareGeometry() {
        let bounds = collectionView?.bounds.size ?? .zero
        let size = CGSize(width: Self.clean(bounds.width), height: Self.clean(bounds.height))
        preparedBoundsSize = size
        var builder = CompositionalGeometryBuilder(
            configuration: configuration, boundsSize: size, margins: layoutMargins.cleaned,
            traits: traitCollection ?? TraitCollection.forContainer(size),
            preferredSupplementaryLengths: preferredSupplementaryLengths)
        builder.preferredLengths = preferredLengths
        let sectionCount = collectionView?.numberOfSections ?? 0
        for index in 0..<sectionCount {
            let section = sectionProvider(index, builder.environment(for: configuration.contentInsetsReference))
            builder.appendSection(section, itemCount: collectionView?.numberOfItems(inSection: index) ?? 0)
        }
        geometry = builder.finish()
        updateOrthogonalScrollers()
        let swipes = geometry.sections.contains {
            $0.listConfiguration?.leadingSwipeActionsConfigurationProvider != nil
                || $0.listConfiguration?.trailingSwipeActionsConfigurationProvider != nil
        }
        if swipes, swipeController == nil { swipeController = SwipeActionsController(layout: self) }
        swipeController?.installIfNeeded()
        for problem in builder.problems {
            Self.logger.warning("\(problem)")
        }
    }

    /// The size of all the content: along the scroll axis the sections' extent, across it the
    /// collection view's.
    open override var collectionViewContentSize: CGSize {
        prepareIfNeeded()
        return geometry.contentSize
    }

    /// True when the bounds' size changes (fractions resolve against it). A scroll needs no new
    /// preparation: pinned headers and footers are placed at each query; the orthogonal
    /// sections' scroll views move with the content here.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let preparedBoundsSize else { return false }
        let size = CGSize(width: Self.clean(newBounds.width), height: Self.clean(newBounds.height))
        placeOrthogonalScrollViews(offset: newBounds.origin)
        swipeController?.installIfNeeded()
        let across =
            geometry.vertical ? size.width != preparedBoundsSize.width : size.height != preparedBoundsSize.height
        // A new width refits every cell: what they preferred at the old one is void.
        if across {
            preferredLengths = [:]
            preferredSupplementaryLengths = [:]
        }
        return size != preparedBoundsSize
    }

    // MARK: Self-sizing

    /// The cells' preferred lengths along the scroll axis, by section and item (below 0: not
    /// sized), in sections whose group's length is estimated.
    final var preferredLengths: [Int: [CGFloat]] = [:]
    /// The headers' and footers' preferred lengths along the scroll axis, for those whose length
    /// there is estimated.
    final var preferredSupplementaryLengths: [CompositionalGeometry.SupplementaryKey: CGFloat] = [:]

    /// Whether any section's length is estimated: its cells are sized as they show.
    override var selfSizesItems: Bool {
        prepareIfNeeded()
        return geometry.selfSizes
    }

    /// Whether the item at `indexPath` is in a self-sizing section and not sized yet.
    override func needsPreferredLayoutAttributes(forItemAt indexPath: IndexPath) -> Bool {
        isUnsized(indexPath)
    }

    /// Whether the header or footer of `kind` at `indexPath` is estimated and not sized yet.
    override func needsPreferredLayoutAttributes(forSupplementaryViewOfKind kind: String, at indexPath: IndexPath)
        -> Bool
    {
        prepareIfNeeded()
        guard let index = supplementaryIndex(kind, at: indexPath) else { return false }
        let supplementary = geometry.supplementaries[index]
        return supplementary.estimated && preferredSupplementaryLengths[supplementary.key] == nil
    }

    /// True when the cell of an item in a self-sizing section is not sized yet or prefers another
    /// length along the scroll axis than it is laid out at (UIKit's rule for estimated
    /// dimensions).
    open override func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferredAttributes: CollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: CollectionViewLayoutAttributes
    ) -> Bool {
        selfSizingChange(preferredAttributes, originalAttributes) != nil
    }

    /// Takes the cell's preferred length in (a NaN, infinite or negative one keeps the laid-out
    /// length, logged), and keeps what shows still: a cell that starts above the visible top and
    /// changes length moves the content offset by the change.
    open override func invalidationContext(
        forPreferredLayoutAttributes preferredAttributes: CollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: CollectionViewLayoutAttributes
    ) -> CollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(
            forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
        recordPreferredLength(preferredAttributes, originalAttributes, in: context)
        return context
    }

    /// The data was reloaded: every preferred length is void.
    override func collectionViewDidReloadData() {
        preferredLengths = [:]
        preferredSupplementaryLengths = [:]
    }

    /// An interactive movement committed: the moved item's length goes with it.
    override func dataSourceDidMoveItem(at source: IndexPath, to destination: IndexPath) {
        movePreferredLength(from: source, to: destination)
    }

    // MARK: Queries

    /// New attributes for every cell, attached view, header, footer and decoration whose frame
    /// meets `rect`, section by section. A rect with a NaN or infinite component meets nothing.
    open override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        prepareIfNeeded()
        return elements(in: rect, showingSwipe: true)
    }

    /// The elements meeting `rect`; with `showingSwipe`, a swiped list row moved and its
    /// action buttons added.
    final func elements(in rect: CGRect, showingSwipe: Bool) -> [CollectionViewLayoutAttributes] {
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.size.width.isFinite, rect.size.height.isFinite else {
            return []
        }
        let rect = rect.standardized
        var result: [CollectionViewLayoutAttributes] = []
        result.reserveCapacity(32)
        let low = geometry.minAlong(rect), high = geometry.maxAlong(rect)
        appendSupplementaries(geometry.layoutSupplementaries, in: rect, to: &result)
        var indexPath = IndexPath(item: 0, section: 0)
        var sectionItems: [CollectionViewLayoutAttributes] = []
        for index in geometry.sections(meeting: low, high) {
            let section = geometry.sections[index]
            indexPath.section = index
            appendSupplementaries(section.supplementaries, in: rect, to: &result)
            // An orthogonal section's items move across by its scroll: the query meets the
            // groups at the rect's span across, moved back by that scroll.
            let shift = orthogonalOffset(index)
            let move = geometry.vertical ? CGPoint(x: -shift, y: 0) : CGPoint(x: 0, y: -shift)
            let groupRange: Range<Int>
            if section.orthogonal == .none {
                groupRange = geometry.groups(of: section, meeting: low, high)
            } else {
                let across = geometry.vertical ? (rect.minX, rect.maxX) : (rect.minY, rect.maxY)
                groupRange = geometry.groups(of: section, meeting: across.0 + shift, across.1 + shift)
            }
            sectionItems.removeAll(keepingCapacity: true)
            for group in groupRange {
                let laidOut = geometry.groupOrigin(section, group)
                let origin = CGPoint(x: laidOut.x + move.x, y: laidOut.y + move.y)
                let firstItem = group * section.perGroup
                for slot in section.cells {
                    let item = firstItem + slot - section.cells.lowerBound
                    guard item < section.itemCount else { break }
                    let frame = geometry.cellFrame(section, slot: slot, item: item, origin: origin)
                    guard frame.intersects(rect) else { continue }
                    indexPath.item = item
                    let attributes = CollectionViewLayoutAttributes(forCellWith: indexPath)
                    attributes.frame = frame
                    attributes.zIndex = geometry.zIndices[slot]
                    sectionItems.append(attributes)
                }
                for attachment in geometry.attachments[section.attachments] {
                    let item = firstItem + attachment.slot
                    guard item < section.itemCount else { continue }
                    let frame = geometry.attachmentFrame(section, attachment, item: item, origin: origin)
                    guard frame.intersects(rect) else { continue }
                    indexPath.item = item
                    let attributes = CollectionViewLayoutAttributes(
                        forSupplementaryViewOfKind: attachment.elementKind, with: indexPath)
                    attributes.frame = frame
                    attributes.zIndex = attachment.zIndex
                    sectionItems.append(attributes)
                }
            }
            if let handler = section.handler, let environment = section.environment, !sectionItems.isEmpty {
                // The handler sees the frames as laid out, and the section's scroll offset.
                for attributes in sectionItems {
                    attributes.center = CGPoint(x: attributes.center.x - move.x, y: attributes.center.y - move.y)
                }
                let outer = collectionView?.contentOffset ?? .zero
                handler(
                    sectionItems, geometry.vertical ? CGPoint(x: shift, y: outer.y) : CGPoint(x: outer.x, y: shift),
                    environment)
                for attributes in sectionItems {
                    attributes.center = CGPoint(x: attributes.center.x + move.x, y: attributes.center.y + move.y)
                }
            }
            if showingSwipe, let swipes = swipeController, let swipe = swipes.swipe, swipe.indexPath.section == index,
                swipe.offset != 0
            {
                showSwipe(swipe, of: swipes, in: rect, items: sectionItems, into: &result)
            }
            result += sectionItems
        }
        return result
    }

    /// Moves the swiped row's cell (and its attached views but the separator) by the swipe, and
    /// adds its action buttons that meet `rect` (kind ``SwipeActionsConfiguration/actionElementKind``,
    /// index path: section, item, action).
    private func showSwipe(
        _ swipe: SwipeActionsController.Swipe, of controller: SwipeActionsController, in rect: CGRect,
        items: [CollectionViewLayoutAttributes], into result: inout [CollectionViewLayoutAttributes]
    ) {
        for attributes in items
        where attributes.indexPath == swipe.indexPath
            && attributes.representedElementKind != CollectionLayoutListConfiguration.separatorElementKind
        {
            attributes.center = CGPoint(x: attributes.center.x + swipe.offset, y: attributes.center.y)
        }
        for button in controller.buttons() where button.frame.intersects(rect) {
            let path = IndexPath(indexes: [swipe.indexPath.section, swipe.indexPath.item, button.index])
            let attributes = CollectionViewLayoutAttributes(
                forSupplementaryViewOfKind: SwipeActionsConfiguration.actionElementKind, with: path)
            attributes.frame = button.frame
            attributes.zIndex = -1
            result.append(attributes)
        }
    }

    // MARK: Lists

    /// The list configuration of `section`, if it is a list.
    final func listConfiguration(section: Int) -> CollectionLayoutListConfiguration? {
        geometry.sections.indices.contains(section) ? geometry.sections[section].listConfiguration : nil
    }

    /// The frame of the item at `indexPath` as laid out (an orthogonal section's scroll applied,
    /// no swipe).
    final func laidOutFrame(of indexPath: IndexPath) -> CGRect? {
        guard indexPath.count == 2,
            let (frame, _) = geometry.itemFrame(section: indexPath.section, item: indexPath.item)
        else { return nil }
        return scrolled(frame, section: indexPath.section)
    }

    /// The item whose cell, as laid out, contains `point`.
    final func rowIndexPath(at point: CGPoint) -> IndexPath? {
        let probe = CGRect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
        return elements(in: probe, showingSwipe: false).last {
            $0.representedElementCategory == .cell && $0.frame.contains(point)
        }?.indexPath
    }

    /// The swipe state of a list row after an update: it follows its item.
    open override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        if let mapping = collectionView?.indexPathMappingForUpdates {
            swipeController?.remap(mapping)
            remapPreferredLengths(mapping, updateItems)
        }
    }

    /// The swiped row, and how far (negative: its trailing actions show), or nil (Kinetic's:
    /// UIKit keeps it private).
    public final var swipedRow: (indexPath: IndexPath, offset: CGFloat)? {
        swipeController?.swipe.map { ($0.indexPath, $0.offset) }
    }

    /// Appends the headers, footers and decorations of `range` that meet `rect`, pinned where
    /// they pin.
    private final func appendSupplementaries(
        _ range: some Sequence<Int>, in rect: CGRect, to result: inout [CollectionViewLayoutAttributes]
    ) {
        for index in range {
            let supplementary = geometry.supplementaries[index]
            let frame = shownFrame(supplementary)
            guard frame.intersects(rect) || (frame.isEmpty && rect.contains(frame.origin)) else { continue }
            result.append(attributes(supplementary, frame: frame))
        }
    }

    /// Where `supplementary` shows: its frame, or for a pinned header (footer) the frame moved
    /// to the start (end) of the visible bounds, within its section.
    private func shownFrame(_ supplementary: CompositionalGeometry.Supplementary) -> CGRect {
        guard let span = supplementary.pinnedWithin, let view = collectionView else { return supplementary.frame }
        let vertical = geometry.vertical
        let frame = supplementary.frame
        let length = vertical ? frame.height : frame.width
        let visibleStart = vertical ? view.contentOffset.y : view.contentOffset.x
        let visibleEnd = visibleStart + (vertical ? view.bounds.height : view.bounds.width)
        let start = vertical ? frame.minY : frame.minX
        var moved =
            supplementary.isHeader
            ? max(start, visibleStart) : min(start, visibleEnd - length)
        moved = min(max(moved, span.lowerBound), max(span.lowerBound, span.upperBound - length))
        guard moved.isFinite else { return frame }
        return vertical
            ? CGRect(x: frame.minX, y: moved, width: frame.width, height: frame.height)
            : CGRect(x: moved, y: frame.minY, width: frame.width, height: frame.height)
    }

    private func attributes(_ supplementary: CompositionalGeometry.Supplementary, frame: CGRect)
        -> CollectionViewLayoutAttributes
    {
        let attributes =
            supplementary.category == .decorationView
            ? CollectionViewLayoutAttributes(
                forDecorationViewOfKind: supplementary.elementKind, with: supplementary.indexPath)
            : CollectionViewLayoutAttributes(
                forSupplementaryViewOfKind: supplementary.elementKind, with: supplementary.indexPath)
        attributes.frame = frame
        attributes.zIndex = supplementary.zIndex
        return attributes
    }

    /// New attributes for the item at `indexPath`, or nil if there is no such item.
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        prepareIfNeeded()
        guard indexPath.count == 2,
            let (frame, zIndex) = geometry.itemFrame(section: indexPath.section, item: indexPath.item)
        else { return nil }
        let attributes = CollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = scrolled(frame, section: indexPath.section)
        attributes.zIndex = zIndex
        return attributes
    }

    /// New attributes for the header, footer or attached view of `elementKind` at `indexPath`,
    /// or nil if there is none.
    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> CollectionViewLayoutAttributes?
    {
        prepareIfNeeded()
        guard indexPath.count == 2 else { return nil }
        if let found = supplementary(.supplementaryView, elementKind, at: indexPath) { return found }
        // An item's attached view: its item's group, its slot's attachment of that kind.
        guard geometry.itemFrame(section: indexPath.section, item: indexPath.item) != nil else { return nil }
        let section = geometry.sections[indexPath.section]
        let slot = indexPath.item % section.perGroup
        guard
            let attachment = geometry.attachments[section.attachments].first(where: {
                $0.slot == slot && $0.elementKind == elementKind
            })
        else { return nil }
        let origin = geometry.groupOrigin(section, indexPath.item / section.perGroup)
        let attributes = CollectionViewLayoutAttributes(forSupplementaryViewOfKind: elementKind, with: indexPath)
        let frame = geometry.attachmentFrame(section, attachment, item: indexPath.item, origin: origin)
        attributes.frame = scrolled(frame, section: indexPath.section)
        attributes.zIndex = attachment.zIndex
        return attributes
    }

    /// `frame`, of an item or attached view of `section` as laid out, where it shows: moved by
    /// an orthogonal section's scroll.
    private func scrolled(_ frame: CGRect, section: Int) -> CGRect {
        let shift = orthogonalOffset(section)
        guard shift != 0 else { return frame }
        return geometry.vertical ? frame.offsetBy(dx: -shift, dy: 0) : frame.offsetBy(dx: 0, dy: -shift)
    }

    /// New attributes for the decoration view of `elementKind` at `indexPath`, or nil if there
    /// is none (UIKit's `layoutAttributesForDecorationView(ofKind:at:)`).
    open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
        -> CollectionViewLayoutAttributes?
    {
        prepareIfNeeded()
        return supplementary(.decorationView, elementKind, at: indexPath)
    }

    /// The header, footer or decoration of `category` and `kind` at `indexPath`.
    private func supplementary(_ category: CollectionElementCategory, _ kind: String, at indexPath: IndexPath)
        -> CollectionViewLayoutAttributes?
    {
        guard let index = supplementaryIndex(kind, at: indexPath, category: category) else { return nil }
        let supplementary = geometry.supplementaries[index]
        return attributes(supplementary, frame: shownFrame(supplementary))
    }

    /// Where the element of `category` and `kind` at `indexPath` is among the geometry's
    /// supplementaries: its section's first, then the layout's own.
    final func supplementaryIndex(
        _ kind: String, at indexPath: IndexPath, category: CollectionElementCategory = .supplementaryView
    ) -> Int? {
        guard indexPath.count == 2 else { return nil }
        let range =
            geometry.sections.indices.contains(indexPath.section)
            ? geometry.sections[indexPath.section].supplementaries : 0..<0
        func matches(_ index: Int) -> Bool {
            let supplementary = geometry.supplementaries[index]
            return supplementary.category == category && supplementary.elementKind == kind
                && supplementary.indexPath == indexPath
        }
        // The section's own, then the layout's, without joining them into a new array.
        return range.first(where: matches) ?? geometry.layoutSupplementaries.first(where: matches)
    }
}
