import KineticPlatform

/// The edges of a rectangle, named by the reading direction (UIKit's `NSDirectionalRectEdge`).
public struct DirectionalRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    /// Creates edges from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top edge.
    public static let top = DirectionalRectEdge(rawValue: 1 << 0)
    /// The leading (left) edge.
    public static let leading = DirectionalRectEdge(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = DirectionalRectEdge(rawValue: 1 << 2)
    /// The trailing (right) edge.
    public static let trailing = DirectionalRectEdge(rawValue: 1 << 3)
    /// No edge.
    public static let none: DirectionalRectEdge = []
    /// Every edge.
    public static let all: DirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

/// Where a supplementary item is attached to the item it belongs to (UIKit's
/// `NSCollectionLayoutAnchor`).
///
/// The supplementary item's edges named in ``edges`` are put on the same edges of the item (an
/// axis with neither edge named is centred), then moved by ``offset``: in points, or, when
/// ``isFractionalOffset``, in fractions of the supplementary item's own size. Apple's badge
/// sample, `edges: [.top, .trailing], fractionalOffset: (0.3, -0.3)`, puts a badge's
/// top-trailing corner on the item's and moves it 30 % of its width right and of its height up.
public struct CollectionLayoutAnchor: Hashable, Sendable {
    /// The edges attached.
    public let edges: DirectionalRectEdge
    /// The offset, in points or fractions of the supplementary item's size.
    public let offset: CGPoint
    /// Whether ``offset`` is in fractions of the supplementary item's size.
    public let isFractionalOffset: Bool
    /// Whether ``offset`` is in points.
    public var isAbsoluteOffset: Bool { !isFractionalOffset }

    /// An anchor on `edges`, not moved.
    public init(edges: DirectionalRectEdge) {
        self.init(edges: edges, absoluteOffset: .zero)
    }
    /// An anchor on `edges`, moved by `absoluteOffset` points.
    public init(edges: DirectionalRectEdge, absoluteOffset: CGPoint) {
        self.edges = edges
        offset = absoluteOffset
        isFractionalOffset = false
    }
    /// An anchor on `edges`, moved by `fractionalOffset` of the supplementary item's size.
    public init(edges: DirectionalRectEdge, fractionalOffset: CGPoint) {
        self.edges = edges
        offset = fractionalOffset
        isFractionalOffset = true
    }

    /// The frame of a supplementary item of `size` anchored to `container`.
    func frame(of size: CGSize, in container: CGRect) -> CGRect {
        var x = container.midX - size.width / 2, y = container.midY - size.height / 2
        if edges.contains(.leading) {
            x = container.minX
        } else if edges.contains(.trailing) {
            x = container.maxX - size.width
        }
        if edges.contains(.top) {
            y = container.minY
        } else if edges.contains(.bottom) {
            y = container.maxY - size.height
        }
        let dx = isFractionalOffset ? offset.x * size.width : offset.x
        let dy = isFractionalOffset ? offset.y * size.height : offset.y
        let moved = CGPoint(x: x + (dx.isFinite ? dx : 0), y: y + (dy.isFinite ? dy : 0))
        return CGRect(origin: moved, size: size)
    }
}

/// A view attached to an item of a compositional layout, such as a badge (UIKit's
/// `NSCollectionLayoutSupplementaryItem`). Its index path is its item's; its size resolves
/// against the item's.
public class CollectionLayoutSupplementaryItem {
    /// The view's size, resolved against the item's size.
    public let layoutSize: CollectionLayoutSize
    /// The kind the collection view asks its data source for.
    public let elementKind: String
    /// Where the view attaches to its item.
    public let containerAnchor: CollectionLayoutAnchor
    /// The view's z index. Defaults to 1: over the cells, which are at 0 (our choice; UIKit does
    /// not document its default).
    public var zIndex = 1
    /// The space between the view's place and its frame.
    public var contentInsets: DirectionalEdgeInsets = .zero

    /// A view of `layoutSize` and kind `elementKind` attached to its item at `containerAnchor`.
    public init(layoutSize: CollectionLayoutSize, elementKind: String, containerAnchor: CollectionLayoutAnchor) {
        self.layoutSize = layoutSize
        self.elementKind = elementKind
        self.containerAnchor = containerAnchor
    }
}

/// Where a boundary supplementary item sits on its section or layout (UIKit's
/// `NSRectAlignment`).
public enum RectAlignment: Hashable, Sendable {
    /// No alignment.
    case none
    /// Above the content, centred across it.
    case top
    /// Above the content, at its leading edge.
    case topLeading
    /// Before the content along a horizontal layout, centred on it.
    case leading
    /// Below the content, at its leading edge.
    case bottomLeading
    /// Below the content, centred across it.
    case bottom
    /// Below the content, at its trailing edge.
    case bottomTrailing
    /// After the content along a horizontal layout, centred on it.
    case trailing
    /// Above the content, at its trailing edge.
    case topTrailing
}

/// A header or footer of a section or of the whole layout (UIKit's
/// `NSCollectionLayoutBoundarySupplementaryItem`).
///
/// In a vertically scrolling layout the top alignments, `.leading` and `.none` are headers,
/// above the content, and the bottom alignments and `.trailing` are footers, below it; across,
/// the leading ones sit at the leading edge, the trailing ones at the trailing edge, the rest
/// centred. A horizontally scrolling layout is the transpose: the leading alignments, `.top` and
/// `.none` are headers, before the content, the trailing ones and `.bottom` footers, after it;
/// across, the top ones at the top, the bottom ones at the bottom, the rest centred. With
/// ``extendsBoundary`` (the default) the content starts after a header and the section ends
/// after a footer; without, they overlap the content. With ``pinToVisibleBounds`` a header
/// (footer) stays at the start (end) of the visible bounds while its section is there.
public final class CollectionLayoutBoundarySupplementaryItem: CollectionLayoutSupplementaryItem {
    /// Where the view sits.
    public let alignment: RectAlignment
    /// A further offset, in points.
    public let offset: CGPoint
    /// Whether the view moves the section's boundary (the default) or overlaps the content.
    public var extendsBoundary = true
    /// Whether the view stays within the visible bounds while its section is visible.
    public var pinToVisibleBounds = false

    /// A header or footer of `layoutSize` and kind `elementKind` at `alignment`, moved by
    /// `absoluteOffset`.
    public init(
        layoutSize: CollectionLayoutSize, elementKind: String, alignment: RectAlignment,
        absoluteOffset: CGPoint = .zero
    ) {
        self.alignment = alignment
        offset = absoluteOffset
        super.init(
            layoutSize: layoutSize, elementKind: elementKind, containerAnchor: CollectionLayoutAnchor(edges: .none))
    }
}

/// A view behind a section, such as its background (UIKit's
/// `NSCollectionLayoutDecorationItem`). Its frame is the section's content area (from the
/// section's content insets' outer edge, between its boundary supplementary items) less the
/// item's ``contentInsets``.
public final class CollectionLayoutDecorationItem {
    /// The kind the layout's decoration views are registered under.
    public let elementKind: String
    /// The view's z index: -1, behind the cells, unless set.
    public var zIndex = -1
    /// The space between the section's content area and the view.
    public var contentInsets: DirectionalEdgeInsets = .zero

    private init(elementKind: String) {
        self.elementKind = elementKind
    }

    /// A background of kind `elementKind` behind a section.
    public static func background(elementKind: String) -> CollectionLayoutDecorationItem {
        CollectionLayoutDecorationItem(elementKind: elementKind)
    }
}
