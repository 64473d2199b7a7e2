import KineticPlatform

/// Space between the elements of a compositional layout (UIKit's `NSCollectionLayoutSpacing`):
/// a fixed length, or a flexible one that grows to share the space left over.
public struct CollectionLayoutSpacing: Hashable, Sendable {
    /// The length, or the least length of a flexible spacing.
    public let spacing: CGFloat
    /// Whether the spacing is exactly ``spacing``.
    public let isFixedSpacing: Bool
    /// Whether the spacing grows beyond ``spacing`` to share the space left over.
    public var isFlexibleSpacing: Bool { !isFixedSpacing }

    private init(_ spacing: CGFloat, fixed: Bool) {
        self.spacing = spacing
        isFixedSpacing = fixed
    }

    /// Exactly `fixedSpacing` points.
    public static func fixed(_ fixedSpacing: CGFloat) -> Self { Self(fixedSpacing, fixed: true) }
    /// At least `flexibleSpacing` points, growing to share the space left over.
    public static func flexible(_ flexibleSpacing: CGFloat) -> Self { Self(flexibleSpacing, fixed: false) }

    /// The least length, cleaned (non-finite or negative counts as 0).
    var least: CGFloat { CompositionalLayout.clean(spacing) }
}

/// The space around a compositional layout item within its group, edge by edge (UIKit's
/// `NSCollectionLayoutEdgeSpacing`): nil edges have none.
public struct CollectionLayoutEdgeSpacing: Hashable, Sendable {
    /// Before the item's leading (left) edge.
    public let leading: CollectionLayoutSpacing?
    /// Above the item.
    public let top: CollectionLayoutSpacing?
    /// After the item's trailing (right) edge.
    public let trailing: CollectionLayoutSpacing?
    /// Below the item.
    public let bottom: CollectionLayoutSpacing?

    /// Creates edge spacing.
    public init(
        leading: CollectionLayoutSpacing?, top: CollectionLayoutSpacing?, trailing: CollectionLayoutSpacing?,
        bottom: CollectionLayoutSpacing?
    ) {
        self.leading = leading
        self.top = top
        self.trailing = trailing
        self.bottom = bottom
    }
}
