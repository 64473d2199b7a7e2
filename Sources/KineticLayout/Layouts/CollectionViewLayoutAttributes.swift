import KineticDynamics
import KineticPlatform

/// What kind of view a set of layout attributes describes (UIKit's
/// `UICollectionView.ElementCategory`).
public enum CollectionElementCategory: Sendable, Hashable {
    /// A cell: one per item.
    case cell
    /// A header, footer or other supplementary view, named by its kind.
    case supplementaryView
    /// A decoration view, named by its kind.
    case decorationView
}

extension CollectionElementCategory {
    /// The case's name (`cell`), as Swift's reflection printed it: descriptions use it, so both
    /// builds write the same text (the WebAssembly build has no reflection).
    var name: String {
        switch self {
        case .cell: "cell"
        case .supplementaryView: "supplementaryView"
        case .decorationView: "decorationView"
        }
    }
}

/// The kinds of supplementary view a flow layout makes (UIKit's
/// `UICollectionView.elementKindSectionHeader` and `…Footer`).
public enum CollectionElementKind {
    /// A section's header.
    public static let sectionHeader = "UICollectionElementKindSectionHeader"
    /// A section's footer.
    public static let sectionFooter = "UICollectionElementKindSectionFooter"
}

/// Where and how one element of a collection view is shown (UIKit's
/// `UICollectionViewLayoutAttributes`).
///
/// A class, as in UIKit: a layout hands out instances, a subclass may change them (seed 000 sets
/// `zIndex = 1` on the dragged ones), and a ``/KineticDynamics/DynamicAnimator`` moves them as items.
open class CollectionViewLayoutAttributes: DynamicItem, CustomStringConvertible {
    /// The element's index path.
    public var indexPath: IndexPath {
        didSet {
            // The animators' indexes (see LayoutAttributesIndex) file this element by its path.
            if !indexes.isEmpty { noteIndexPathChange() }
        }
    }

    /// The staleness flags of the layout animators' indexes this element is in.
    var indexes: [LayoutAttributesIndex.Staleness] = []
    /// Cell, supplementary view or decoration view.
    public let representedElementCategory: CollectionElementCategory
    /// The kind of a supplementary or decoration view; nil for a cell.
    public let representedElementKind: String?

    /// The element's center, in the collection view's content coordinates.
    public var center: CGPoint = .zero
    /// The element's size.
    public var size: CGSize = .zero
    /// The element's transform about its center; the animator writes a pure rotation here.
    public var transform: CGAffineTransform = .identity
    /// The element's opacity, 0…1.
    public var alpha: CGFloat = 1
    /// The element's stacking order: higher is drawn above.
    public var zIndex: Int = 0
    /// Whether the element is hidden.
    public var isHidden = false

    /// The element's untransformed frame: its size about its center. Setting it sets both.
    public var frame: CGRect {
        get {
            CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
        }
        set {
            size = newValue.size
            center = CGPoint(x: newValue.midX, y: newValue.midY)
        }
    }

    /// The element's bounds: its size at the origin. Setting it sets the size.
    public var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { size = newValue.size }
    }

    /// Attributes for the cell of the item at `indexPath`.
    public required init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .cell
        representedElementKind = nil
    }

    /// Attributes for a supplementary view (a header, a footer) of kind `elementKind`.
    public required init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = elementKind
    }

    /// Attributes for a decoration view of kind `decorationViewKind`.
    public required init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .decorationView
        representedElementKind = decorationViewKind
    }

    /// An independent copy, of the same dynamic class, with every property equal.
    open func copy() -> Self {
        let copy: Self
        switch representedElementCategory {
        case .cell: copy = Self(forCellWith: indexPath)
        case .supplementaryView: copy = Self(forSupplementaryViewOfKind: representedElementKind ?? "", with: indexPath)
        case .decorationView: copy = Self(forDecorationViewOfKind: representedElementKind ?? "", with: indexPath)
        }
        copy.center = center
        copy.size = size
        copy.transform = transform
        copy.alpha = alpha
        copy.zIndex = zIndex
        copy.isHidden = isHidden
        return copy
    }

    /// Whether `other` describes the same element (category, kind, index path) with the same
    /// values. UIKit's `isEqual(_:)`.
    open func isEqual(_ other: CollectionViewLayoutAttributes) -> Bool {
        representedElementCategory == other.representedElementCategory
            && representedElementKind == other.representedElementKind && indexPath == other.indexPath
            && center == other.center && size == other.size && transform == other.transform
            && alpha == other.alpha && zIndex == other.zIndex && isHidden == other.isHidden
    }

    public var description: String {
        let kind = representedElementKind.map { " \($0)" } ?? ""
        return "<\(representedElementCategory.name)\(kind) \(indexPath) frame \(frame.logDescription) z \(zIndex)>"
    }
}
