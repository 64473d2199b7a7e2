import KineticPlatform

/// One side of a compositional layout element's size (UIKit's `NSCollectionLayoutDimension`):
/// a fraction of its container's width or height, an absolute length, or an estimate its cell
/// corrects.
///
/// The container is what encloses the element: a section's content area for its group, a
/// group's content area for its subitems, an item for its supplementary items. A value that is
/// not a finite, non-negative number is logged once and counted as 0.
public struct CollectionLayoutDimension: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case fractionalWidth, fractionalHeight, absolute, estimated
    }

    let kind: Kind
    /// The fraction, the length, or the estimate, as given.
    public let dimension: CGFloat

    private init(_ kind: Kind, _ dimension: CGFloat) {
        self.kind = kind
        self.dimension = dimension
    }

    /// A fraction of the container's width.
    public static func fractionalWidth(_ fractionalWidth: CGFloat) -> Self { Self(.fractionalWidth, fractionalWidth) }
    /// A fraction of the container's height.
    public static func fractionalHeight(_ fractionalHeight: CGFloat) -> Self {
        Self(.fractionalHeight, fractionalHeight)
    }
    /// A length in points.
    public static func absolute(_ absoluteDimension: CGFloat) -> Self { Self(.absolute, absoluteDimension) }
    /// An estimated length in points, replaced by the cell's preferred length once it is sized.
    public static func estimated(_ estimatedDimension: CGFloat) -> Self { Self(.estimated, estimatedDimension) }

    /// Whether the dimension is a fraction of the container's width.
    public var isFractionalWidth: Bool { kind == .fractionalWidth }
    /// Whether the dimension is a fraction of the container's height.
    public var isFractionalHeight: Bool { kind == .fractionalHeight }
    /// Whether the dimension is an absolute length.
    public var isAbsolute: Bool { kind == .absolute }
    /// Whether the dimension is an estimate.
    public var isEstimated: Bool { kind == .estimated }

    /// The length in `container` (its content size), cleaned: non-finite or negative results
    /// count as 0, longer ones than ``CompositionalLayout/maximumLength`` as that.
    func resolved(in container: CGSize) -> CGFloat {
        let value: CGFloat
        switch kind {
        case .fractionalWidth: value = dimension * container.width
        case .fractionalHeight: value = dimension * container.height
        case .absolute, .estimated: value = dimension
        }
        return CompositionalLayout.clean(value)
    }

    /// Whether the dimension is a finite, non-negative number.
    var isValid: Bool { dimension.isFinite && dimension >= 0 }
}

/// The size of a compositional layout element (UIKit's `NSCollectionLayoutSize`): a width and a
/// height dimension.
public struct CollectionLayoutSize: Hashable, Sendable {
    /// The width.
    public let widthDimension: CollectionLayoutDimension
    /// The height.
    public let heightDimension: CollectionLayoutDimension

    /// Creates a size of two dimensions.
    public init(widthDimension width: CollectionLayoutDimension, heightDimension height: CollectionLayoutDimension) {
        widthDimension = width
        heightDimension = height
    }

    /// The size in `container` (its content size).
    func resolved(in container: CGSize) -> CGSize {
        CGSize(width: widthDimension.resolved(in: container), height: heightDimension.resolved(in: container))
    }
}
