import KineticPlatform

/// The size class of a dimension of the interface (UIKit's `UIUserInterfaceSizeClass`).
public enum UserInterfaceSizeClass: Hashable, Sendable {
    /// Not known.
    case unspecified
    /// Constrained: an iPhone's width in portrait.
    case compact
    /// Ample: an iPad's width.
    case regular
}

/// The traits a compositional layout's section provider may adapt to (a stand-in for UIKit's
/// `UITraitCollection`, with what layouts read).
public struct TraitCollection: Hashable, Sendable {
    /// The width's size class.
    public var horizontalSizeClass: UserInterfaceSizeClass
    /// The height's size class.
    public var verticalSizeClass: UserInterfaceSizeClass
    /// Pixels per point.
    public var displayScale: CGFloat

    /// Creates traits.
    public init(
        horizontalSizeClass: UserInterfaceSizeClass = .unspecified,
        verticalSizeClass: UserInterfaceSizeClass = .unspecified, displayScale: CGFloat = 1
    ) {
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.displayScale = displayScale
    }

    /// The traits of a container of `size`: a width or height under 768 points (an iPad's
    /// narrowest side) is compact, otherwise regular. Our rule: UIKit takes size classes from
    /// the device and the window, which a headless layout does not have.
    static func forContainer(_ size: CGSize) -> TraitCollection {
        TraitCollection(
            horizontalSizeClass: size.width < 768 ? .compact : .regular,
            verticalSizeClass: size.height < 768 ? .compact : .regular)
    }
}

/// The space a compositional layout element is laid out in (UIKit's
/// `NSCollectionLayoutContainer`): its size and insets, and what is left inside them.
public struct CollectionLayoutContainer: Hashable, Sendable {
    /// The container's size.
    public let contentSize: CGSize
    /// The container's insets.
    public let contentInsets: DirectionalEdgeInsets
    /// The size inside the insets (never negative).
    public var effectiveContentSize: CGSize {
        CGRect(origin: .zero, size: contentSize).inset(by: contentInsets).size
    }
    /// The insets, as applied.
    public var effectiveContentInsets: DirectionalEdgeInsets { contentInsets }

    /// Creates a container.
    public init(contentSize: CGSize, contentInsets: DirectionalEdgeInsets = .zero) {
        self.contentSize = contentSize
        self.contentInsets = contentInsets
    }
}

/// What a compositional layout's section provider is told (UIKit's
/// `NSCollectionLayoutEnvironment`): the layout's container and traits.
public struct CollectionLayoutEnvironment: Hashable, Sendable {
    /// The collection view's bounds size, less the layout's content insets reference.
    public let container: CollectionLayoutContainer
    /// The traits.
    public let traitCollection: TraitCollection

    /// Creates an environment.
    public init(container: CollectionLayoutContainer, traitCollection: TraitCollection) {
        self.container = container
        self.traitCollection = traitCollection
    }
}

/// How a compositional layout as a whole is arranged (UIKit's
/// `UICollectionViewCompositionalLayoutConfiguration`).
public struct CompositionalLayoutConfiguration {
    /// The axis the sections follow one another along. Defaults to vertical.
    public var scrollDirection: CollectionView.ScrollDirection = .vertical
    /// The space between successive sections.
    public var interSectionSpacing: CGFloat = 0
    /// Headers and footers of the whole layout, before the first section and after the last.
    public var boundarySupplementaryItems: [CollectionLayoutBoundarySupplementaryItem] = []
    /// Where the sections' content insets are measured from when they say `.automatic`.
    public var contentInsetsReference: CollectionLayoutSection.ContentInsetsReference = .automatic

    /// The default configuration.
    public init() {}
}
