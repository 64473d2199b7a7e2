import KineticPlatform

/// A compositional layout item that places other items (UIKit's `NSCollectionLayoutGroup`): in a
/// horizontal line, a vertical one, or at frames it computes.
///
/// A section repeats its group along the scroll axis until every item has a place; each
/// repetition takes as many items as the group holds. A horizontal or vertical group made with
/// ``horizontal(layoutSize:subitems:)`` repeats its subitems, in order, while the next still fits
/// (at least once); one made with ``horizontal(layoutSize:repeatingSubitem:count:)`` holds exactly
/// `count`, each sized along the group's axis to share its length less the spacing.
public final class CollectionLayoutGroup: CollectionLayoutItem {
    /// How a group places its subitems.
    final class Arrangement {
        enum Kind {
            case horizontal, vertical
            case custom((CollectionLayoutEnvironment) -> [CollectionLayoutGroupCustomItem])
        }
        let kind: Kind
        let subitems: [CollectionLayoutItem]
        /// The number of repetitions of the single subitem; nil to repeat the subitems while they fit.
        let count: Int?
        var interItemSpacing: CollectionLayoutSpacing?
        init(_ kind: Kind, subitems: [CollectionLayoutItem], count: Int?) {
            self.kind = kind
            self.subitems = subitems
            self.count = count
        }
    }

    /// The items the group places, in order (a custom group's are none).
    public var subitems: [CollectionLayoutItem] { arrangement?.subitems ?? [] }

    /// The space between successive subitems along the group's axis; nil for none.
    public var interItemSpacing: CollectionLayoutSpacing? {
        get { arrangement?.interItemSpacing }
        set { arrangement?.interItemSpacing = newValue }
    }

    private init(layoutSize: CollectionLayoutSize, arrangement: Arrangement) {
        if case .custom = arrangement.kind {
        } else if arrangement.subitems.isEmpty {
            compositionalLayoutTrap(compositionalEmptyGroupMessage)
        }
        super.init(layoutSize: layoutSize, supplementaryItems: [], arrangement: arrangement)
    }

    /// A group placing `subitems` left to right, repeated in order while the next one fits.
    ///
    /// - Precondition: `subitems` is not empty (UIKit: "At least 1 subitem is required for a group").
    public static func horizontal(layoutSize: CollectionLayoutSize, subitems: [CollectionLayoutItem]) -> Self {
        Self(layoutSize: layoutSize, arrangement: Arrangement(.horizontal, subitems: subitems, count: nil))
    }

    /// A group of exactly `count` of `subitem` left to right, each as wide as the group's width
    /// less the spacing, shared equally.
    public static func horizontal(
        layoutSize: CollectionLayoutSize, repeatingSubitem subitem: CollectionLayoutItem, count: Int
    )
        -> Self
    {
        Self(layoutSize: layoutSize, arrangement: Arrangement(.horizontal, subitems: [subitem], count: count))
    }

    /// A group placing `subitems` top to bottom, repeated in order while the next one fits.
    ///
    /// - Precondition: `subitems` is not empty (UIKit: "At least 1 subitem is required for a group").
    public static func vertical(layoutSize: CollectionLayoutSize, subitems: [CollectionLayoutItem]) -> Self {
        Self(layoutSize: layoutSize, arrangement: Arrangement(.vertical, subitems: subitems, count: nil))
    }

    /// A group of exactly `count` of `subitem` top to bottom, each as tall as the group's height
    /// less the spacing, shared equally.
    public static func vertical(
        layoutSize: CollectionLayoutSize, repeatingSubitem subitem: CollectionLayoutItem, count: Int
    )
        -> Self
    {
        Self(layoutSize: layoutSize, arrangement: Arrangement(.vertical, subitems: [subitem], count: count))
    }

    /// A group whose items are at the frames `itemProvider` gives (relative to the group's
    /// origin), one item each, asked once per preparation with the layout's environment.
    public static func custom(
        layoutSize: CollectionLayoutSize,
        itemProvider: @escaping (CollectionLayoutEnvironment) -> [CollectionLayoutGroupCustomItem]
    ) -> Self {
        Self(layoutSize: layoutSize, arrangement: Arrangement(.custom(itemProvider), subitems: [], count: nil))
    }
}

/// One item of a custom group: its frame in the group and its z index (UIKit's
/// `NSCollectionLayoutGroupCustomItem`).
public struct CollectionLayoutGroupCustomItem: Hashable, Sendable {
    /// The item's frame, relative to the group's origin.
    public let frame: CGRect
    /// The item's z index.
    public let zIndex: Int

    /// Creates a custom item at `frame`.
    public init(frame: CGRect, zIndex: Int = 0) {
        self.frame = frame
        self.zIndex = zIndex
    }
}
