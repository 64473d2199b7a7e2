// Outlines: section snapshots applied to a diffable data source's sections, and the expanding and
// collapsing a disclosure tap asks for, through the section snapshot handlers.
import KineticPlatform

extension CollectionViewDiffableDataSource {
    /// What expanding and collapsing an outline's items asks of the app (UIKit's
    /// `SectionSnapshotHandlers`).
    public struct SectionSnapshotHandlers {
        /// Whether the item may expand; nil allows every one.
        public var shouldExpandItem: ((ItemIdentifierType) -> Bool)?
        /// Told before the item expands.
        public var willExpandItem: ((ItemIdentifierType) -> Void)?
        /// Whether the item may collapse; nil allows every one.
        public var shouldCollapseItem: ((ItemIdentifierType) -> Bool)?
        /// Told before the item collapses.
        public var willCollapseItem: ((ItemIdentifierType) -> Void)?
        /// The children an expanding item shows, given those it has (a branch loaded lazily).
        public var snapshotForExpandingParent:
            (
                (ItemIdentifierType, DiffableDataSourceSectionSnapshot<ItemIdentifierType>) ->
                    DiffableDataSourceSectionSnapshot<ItemIdentifierType>
            )?

        /// No handlers: every item expands and collapses.
        public init() {}
    }

    /// Shows `snapshot` in the section `section` (its visible items, in order); the rest of the
    /// data source's snapshot stays.
    ///
    /// A section the data source does not have is appended after the others, as UIKit's does
    /// (its documentation's example applies section snapshots to the sections of an empty data
    /// source). Visible items that another section holds move to this one, as an item appended
    /// again to a snapshot does; that is logged, since that section's outline no longer shows
    /// them.
    @inlinable
    public func apply(
        _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
        animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
        var next = self.snapshot()
        // The difference made for the app's identifier types, here where they are known (see
        // `DiffableDataSourceSnapshot.differ`), for this apply and those after it.
        next.differ = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>().differ
        if next.indexOfSection(section) == nil { next.appendSections([section]) }
        let index = next.indexOfSection(section) ?? 0
        let visible = snapshot.visibleItems
        // The section's items replaced (as deleting them and appending the visible ones does) by
        // the very array kept with the outline, so that `snapshot(for:)` knows it at once.
        if let stray = next.replaceItems(inSection: index, with: visible) {
            let line =
                "apply(_:to:): item identifier \(valueDescription(stray.item)) of the section snapshot is in section "
                + "\(valueDescription(stray.section)) too; moved to section \(valueDescription(section))"
            logger.error("\(line)")
        }
        sectionSnapshots[section] = (snapshot, visible)
        apply(next, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// The section's items as a section snapshot: the one applied to it, or its items as roots.
    public func snapshot(for section: SectionIdentifierType) -> DiffableDataSourceSectionSnapshot<ItemIdentifierType> {
        let shown = self.snapshot()
        guard shown.indexOfSection(section) != nil else { return DiffableDataSourceSectionSnapshot() }
        // Arrays sharing storage compare equal at once: the section's items are the array applied
        // with the outline unless the section changed since.
        if let (outline, visible) = sectionSnapshots[section], visible == shown.itemIdentifiers(inSection: section) {
            return outline
        }
        var flat = DiffableDataSourceSectionSnapshot<ItemIdentifierType>()
        flat.append(shown.itemIdentifiers(inSection: section))
        return flat
    }

    /// Expands `item` as its disclosure would: `shouldExpandItem`, `willExpandItem`, the children
    /// from `snapshotForExpandingParent`, then the section applied with them shown. Answers
    /// whether it expanded. Inlinable, as ``apply(_:to:animatingDifferences:completion:)``: it runs
    /// specialised for the app's identifiers.
    @discardableResult
    @inlinable
    public func expand(_ item: ItemIdentifierType) -> Bool {
        guard let section = snapshot().sectionIdentifier(containingItem: item) else { return false }
        var outline = snapshot(for: section)
        guard !outline.isExpanded(item), sectionSnapshotHandlers.shouldExpandItem?(item) ?? true else { return false }
        sectionSnapshotHandlers.willExpandItem?(item)
        if let provide = sectionSnapshotHandlers.snapshotForExpandingParent {
            outline.replace(childrenOf: item, using: provide(item, outline.snapshot(of: item)))
        }
        outline.expand([item])
        apply(outline, to: section)
        return true
    }

    /// Collapses `item` as its disclosure would: `shouldCollapseItem`, `willCollapseItem`, then the
    /// section applied with its descendants hidden. Answers whether it collapsed. Inlinable, as
    /// ``expand(_:)``.
    @discardableResult
    @inlinable
    public func collapse(_ item: ItemIdentifierType) -> Bool {
        guard let section = snapshot().sectionIdentifier(containingItem: item) else { return false }
        var outline = snapshot(for: section)
        guard outline.isExpanded(item), sectionSnapshotHandlers.shouldCollapseItem?(item) ?? true else {
            return false
        }
        sectionSnapshotHandlers.willCollapseItem?(item)
        outline.collapse([item])
        apply(outline, to: section)
        return true
    }
}
