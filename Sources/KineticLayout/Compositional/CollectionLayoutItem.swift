import KineticPlatform

/// The smallest part of a compositional layout: one cell of a given size (UIKit's
/// `NSCollectionLayoutItem`).
///
/// A group places its subitems; each takes the place its ``layoutSize`` resolves to in the
/// group, and its cell is that place less the item's ``contentInsets``. ``edgeSpacing`` adds
/// space around the place, and ``supplementaryItems`` (badges) are anchored to it.
public class CollectionLayoutItem {
    /// The item's size, resolved against its container (the group's content area).
    public let layoutSize: CollectionLayoutSize
    /// The space between the item's place and its cell. Ignored along an estimated dimension,
    /// as UIKit does.
    public var contentInsets: DirectionalEdgeInsets = .zero
    /// Space around the item's place within its group; nil for none.
    public var edgeSpacing: CollectionLayoutEdgeSpacing?
    /// Views anchored to the item, such as badges.
    public let supplementaryItems: [CollectionLayoutSupplementaryItem]

    /// A group's arrangement of its subitems; nil for a plain item.
    final let arrangement: CollectionLayoutGroup.Arrangement?

    /// Creates an item of `layoutSize` with the supplementary items anchored to it.
    public convenience init(
        layoutSize: CollectionLayoutSize, supplementaryItems: [CollectionLayoutSupplementaryItem] = []
    ) {
        self.init(layoutSize: layoutSize, supplementaryItems: supplementaryItems, arrangement: nil)
    }

    init(
        layoutSize: CollectionLayoutSize, supplementaryItems: [CollectionLayoutSupplementaryItem],
        arrangement: CollectionLayoutGroup.Arrangement?
    ) {
        self.layoutSize = layoutSize
        self.supplementaryItems = supplementaryItems
        self.arrangement = arrangement
    }
}
