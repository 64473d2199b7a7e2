// `DiffableDataSourceSnapshot`: UIKit's `NSDiffableDataSourceSnapshot`, the state a diffable data
// source shows: sections in order, each with its items in order, both named by identifiers.
import KineticPlatform

/// The sections and items a diffable data source shows, by identifier (UIKit's
/// `NSDiffableDataSourceSnapshot`). A value: copies are independent.
///
/// ```swift
/// var snapshot = DiffableDataSourceSnapshot<Section, Item.ID>()
/// snapshot.appendSections([.main])
/// snapshot.appendItems(items.map(\.id), toSection: .main)
/// dataSource.apply(snapshot, animatingDifferences: true)
/// ```
///
/// Misuses UIKit traps on trap with UIKit's message: identifiers repeated in one call, a section
/// appended twice, a destination or item that is not in the snapshot. An item appended or inserted
/// again is moved, as UIKit does; deleting identifiers that are not there does nothing.
public struct DiffableDataSourceSnapshot<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable, Equatable {
    /// The section identifiers, in order.
    public internal(set) var sectionIdentifiers: [SectionIdentifierType] = []
    /// Each section's item identifiers, in order (parallel to `sectionIdentifiers`).
    @usableFromInline var sectionItems: [[ItemIdentifierType]] = []
    /// Each section's index.
    @usableFromInline var sectionIndex: [SectionIdentifierType: Int] = [:]
    /// Each item's section.
    @usableFromInline var itemSection: [ItemIdentifierType: SectionIdentifierType] = [:]
    /// Items, sections and items asked to reload or reconfigure, in the order asked.
    @usableFromInline var reloadedItems: [ItemIdentifierType] = []
    @usableFromInline var reloadedSections: [SectionIdentifierType] = []
    @usableFromInline var reconfiguredItems: [ItemIdentifierType] = []
    /// Works out the difference from another snapshot to this one. Made where the snapshot is
    /// made: an app's `DiffableDataSourceSnapshot<Section, Item>()` is compiled for its own
    /// identifier types (the initialiser is inlinable), so the difference the data source asks
    /// for runs specialised for them instead of as generic code, whose every operation on an
    /// identifier is a call (some ten times slower at 100 000 items).
    @usableFromInline var differ:
        @Sendable (Self, Self) -> SnapshotDifference<SectionIdentifierType, ItemIdentifierType>

    /// An empty snapshot.
    @inlinable public init() {
        differ = { SnapshotDifference(from: $0, to: $1) }
    }

    /// The batch update that turns `old` into this snapshot.
    func difference(from old: Self) -> SnapshotDifference<SectionIdentifierType, ItemIdentifierType> {
        differ(old, self)
    }

    // MARK: Queries

    /// How many items there are, in every section.
    public var numberOfItems: Int { itemSection.count }

    /// How many sections there are.
    public var numberOfSections: Int { sectionIdentifiers.count }

    /// Every item, section after section.
    public var itemIdentifiers: [ItemIdentifierType] { sectionItems.flatMap { $0 } }

    /// The items asked to reload since the snapshot was made (and still in it).
    @inlinable public var reloadedItemIdentifiers: [ItemIdentifierType] {
        reloadedItems.filter { itemSection[$0] != nil }
    }

    /// The sections asked to reload since the snapshot was made (and still in it).
    @inlinable public var reloadedSectionIdentifiers: [SectionIdentifierType] {
        reloadedSections.filter { sectionIndex[$0] != nil }
    }

    /// The items asked to reconfigure since the snapshot was made (and still in it).
    @inlinable public var reconfiguredItemIdentifiers: [ItemIdentifierType] {
        reconfiguredItems.filter { itemSection[$0] != nil }
    }

    /// How many items `identifier` holds; traps as UIKit does for a section not in the snapshot.
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        sectionItems[existingSection(identifier)].count
    }

    /// The items of `identifier`, in order; traps as UIKit does for a section not in the snapshot.
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        sectionItems[existingSection(identifier)]
    }

    /// The section that holds `identifier`, or nil.
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        itemSection[identifier]
    }

    /// Where `identifier` is counting every section's items before its own, or nil.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        guard let section = itemSection[identifier], let index = sectionIndex[section] else { return nil }
        let before = sectionItems[..<index].reduce(0) { $0 + $1.count }
        return sectionItems[index].firstIndex(of: identifier).map { before + $0 }
    }

    /// Where `identifier` is among the sections, or nil.
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? { sectionIndex[identifier] }

    /// The item at `indexPath`, or nil where there is none.
    func item(at indexPath: IndexPath) -> ItemIdentifierType? {
        guard indexPath.count == 2, sectionItems.indices.contains(indexPath.section),
            sectionItems[indexPath.section].indices.contains(indexPath.item)
        else { return nil }
        return sectionItems[indexPath.section][indexPath.item]
    }

    /// The index path of `identifier`, or nil.
    func indexPath(of identifier: ItemIdentifierType) -> IndexPath? {
        guard let section = itemSection[identifier], let index = sectionIndex[section],
            let item = sectionItems[index].firstIndex(of: identifier)
        else { return nil }
        return IndexPath(item: item, section: index)
    }

    /// Two snapshots are equal when their sections and each section's items are, in order (not
    /// what was asked to reload), as UIKit compares them.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.sectionIdentifiers == rhs.sectionIdentifiers && lhs.sectionItems == rhs.sectionItems
    }

    /// The index of a section the snapshot must have.
    func existingSection(_ identifier: SectionIdentifierType) -> Int {
        guard let index = sectionIndex[identifier] else {
            diffableTrap(
                "Section identifier was not found. You can verify the section exists by calling the "
                    + "indexOfSectionIdentifier API (which has O(1) performance)")
        }
        return index
    }

    /// Rebuilds the section indices (after sections were inserted, deleted or moved).
    mutating func reindexSections() {
        sectionIndex.removeAll(keepingCapacity: true)
        for (index, identifier) in sectionIdentifiers.enumerated() { sectionIndex[identifier] = index }
    }
}
