// UIKit's names for the compositional layout (issue 36): typealiases only, as in UIKitCompat.swift.
#if !canImport(UIKit)
    import KineticLayout

    /// UIKit's `UICollectionViewCompositionalLayout`: ``/KineticLayout/CompositionalLayout``.
    ///
    /// A layout built from sections of items and groups.
    public typealias UICollectionViewCompositionalLayout = CompositionalLayout
    /// UIKit's `UICollectionViewCompositionalLayoutConfiguration`: ``/KineticLayout/CompositionalLayoutConfiguration``.
    ///
    /// How a compositional layout as a whole is arranged: scroll direction, spacing, headers.
    public typealias UICollectionViewCompositionalLayoutConfiguration = CompositionalLayoutConfiguration
    /// UIKit's `UICollectionViewCompositionalLayoutSectionProvider`:
    /// ``/KineticLayout/CompositionalLayout/SectionProvider``.
    ///
    /// What builds each section of a compositional layout.
    public typealias UICollectionViewCompositionalLayoutSectionProvider = CompositionalLayout.SectionProvider
    /// UIKit's `NSCollectionLayoutDimension`: ``/KineticLayout/CollectionLayoutDimension``.
    ///
    /// A fractional, absolute or estimated width or height.
    public typealias NSCollectionLayoutDimension = CollectionLayoutDimension
    /// UIKit's `NSCollectionLayoutSize`: ``/KineticLayout/CollectionLayoutSize``.
    ///
    /// A width and a height dimension.
    public typealias NSCollectionLayoutSize = CollectionLayoutSize
    /// UIKit's `NSCollectionLayoutItem`: ``/KineticLayout/CollectionLayoutItem``.
    ///
    /// One cell of a compositional layout.
    public typealias NSCollectionLayoutItem = CollectionLayoutItem
    /// UIKit's `NSCollectionLayoutGroup`: ``/KineticLayout/CollectionLayoutGroup``.
    ///
    /// Items placed in a line or at custom frames, repeated through a section.
    public typealias NSCollectionLayoutGroup = CollectionLayoutGroup
    /// UIKit's `NSCollectionLayoutGroupCustomItem`: ``/KineticLayout/CollectionLayoutGroupCustomItem``.
    ///
    /// One item of a custom group: a frame and a z index.
    public typealias NSCollectionLayoutGroupCustomItem = CollectionLayoutGroupCustomItem
    /// UIKit's `NSCollectionLayoutSection`: ``/KineticLayout/CollectionLayoutSection``.
    ///
    /// A section: its group repeated, with insets, spacing, headers and backgrounds.
    public typealias NSCollectionLayoutSection = CollectionLayoutSection
    /// UIKit's `NSCollectionLayoutSpacing`: ``/KineticLayout/CollectionLayoutSpacing``.
    ///
    /// Fixed or flexible space between items.
    public typealias NSCollectionLayoutSpacing = CollectionLayoutSpacing
    /// UIKit's `NSCollectionLayoutEdgeSpacing`: ``/KineticLayout/CollectionLayoutEdgeSpacing``.
    ///
    /// The space around an item within its group, edge by edge.
    public typealias NSCollectionLayoutEdgeSpacing = CollectionLayoutEdgeSpacing
    /// UIKit's `NSCollectionLayoutSupplementaryItem`: ``/KineticLayout/CollectionLayoutSupplementaryItem``.
    ///
    /// A view anchored to an item, such as a badge.
    public typealias NSCollectionLayoutSupplementaryItem = CollectionLayoutSupplementaryItem
    /// UIKit's `NSCollectionLayoutBoundarySupplementaryItem`:
    /// ``/KineticLayout/CollectionLayoutBoundarySupplementaryItem``.
    ///
    /// A header or footer of a section or layout.
    public typealias NSCollectionLayoutBoundarySupplementaryItem = CollectionLayoutBoundarySupplementaryItem
    /// UIKit's `NSCollectionLayoutDecorationItem`: ``/KineticLayout/CollectionLayoutDecorationItem``.
    ///
    /// A view behind a section, such as its background.
    public typealias NSCollectionLayoutDecorationItem = CollectionLayoutDecorationItem
    /// UIKit's `NSCollectionLayoutAnchor`: ``/KineticLayout/CollectionLayoutAnchor``.
    ///
    /// Where a supplementary item attaches to its item.
    public typealias NSCollectionLayoutAnchor = CollectionLayoutAnchor
    /// UIKit's `NSCollectionLayoutEnvironment`: ``/KineticLayout/CollectionLayoutEnvironment``.
    ///
    /// What a section provider is told: the container and traits.
    public typealias NSCollectionLayoutEnvironment = CollectionLayoutEnvironment
    /// UIKit's `NSCollectionLayoutContainer`: ``/KineticLayout/CollectionLayoutContainer``.
    ///
    /// The size and insets an element is laid out in.
    public typealias NSCollectionLayoutContainer = CollectionLayoutContainer
    /// UIKit's `NSDirectionalEdgeInsets`: ``/KineticLayout/DirectionalEdgeInsets``.
    ///
    /// Insets named by reading direction: top, leading, bottom, trailing.
    public typealias NSDirectionalEdgeInsets = DirectionalEdgeInsets
    /// UIKit's `NSDirectionalRectEdge`: ``/KineticLayout/DirectionalRectEdge``.
    ///
    /// Rectangle edges named by reading direction.
    public typealias NSDirectionalRectEdge = DirectionalRectEdge
    /// UIKit's `NSRectAlignment`: ``/KineticLayout/RectAlignment``.
    ///
    /// Where a header or footer sits on its section.
    public typealias NSRectAlignment = RectAlignment
    /// UIKit's `UIContentInsetsReference`: ``/KineticLayout/CollectionLayoutSection/ContentInsetsReference``.
    ///
    /// Where a section's content insets are measured from.
    public typealias UIContentInsetsReference = CollectionLayoutSection.ContentInsetsReference
    /// UIKit's `UITraitCollection`: ``/KineticLayout/TraitCollection``.
    ///
    /// The traits a section provider adapts to (size classes, scale).
    public typealias UITraitCollection = TraitCollection
    /// UIKit's `UIUserInterfaceSizeClass`: ``/KineticLayout/UserInterfaceSizeClass``.
    ///
    /// Compact or regular.
    public typealias UIUserInterfaceSizeClass = UserInterfaceSizeClass
    /// UIKit's `UICollectionLayoutSectionOrthogonalScrollingBehavior`:
    /// ``/KineticLayout/CollectionLayoutSection/OrthogonalScrollingBehavior``.
    ///
    /// How a section scrolls across the layout.
    public typealias UICollectionLayoutSectionOrthogonalScrollingBehavior =
        CollectionLayoutSection.OrthogonalScrollingBehavior
    /// UIKit's `NSCollectionLayoutVisibleItem`: ``/KineticLayout/CollectionViewLayoutAttributes``.
    ///
    /// What a section's visible-items handler is given: each item's attributes.
    public typealias NSCollectionLayoutVisibleItem = CollectionViewLayoutAttributes
    /// UIKit's `NSCollectionLayoutSectionVisibleItemsInvalidationHandler`:
    /// ``/KineticLayout/CollectionLayoutSection/VisibleItemsInvalidationHandler``.
    ///
    /// Called with a section's visible items on each query.
    public typealias NSCollectionLayoutSectionVisibleItemsInvalidationHandler =
        CollectionLayoutSection.VisibleItemsInvalidationHandler
    /// UIKit's `UICollectionLayoutListConfiguration`: ``/KineticLayout/CollectionLayoutListConfiguration``.
    ///
    /// A list section's appearance, headers, footers, separators and swipe actions.
    public typealias UICollectionLayoutListConfiguration = CollectionLayoutListConfiguration
    /// UIKit's `UISwipeActionsConfiguration`: ``/KineticLayout/SwipeActionsConfiguration``.
    ///
    /// The actions a row shows from one edge when swiped.
    public typealias UISwipeActionsConfiguration = SwipeActionsConfiguration
    /// UIKit's `UIContextualAction`: ``/KineticLayout/ContextualAction``.
    ///
    /// One action a swiped row shows.
    public typealias UIContextualAction = ContextualAction
#endif
