import KineticPlatform

/// One section of a compositional layout: its group, repeated along the scroll axis until every
/// item of the section has a place (UIKit's `NSCollectionLayoutSection`).
///
/// Along the scroll axis a section is: its leading boundary items (headers), its content insets'
/// leading edge, the groups separated by ``interGroupSpacing``, the insets' trailing edge, then
/// its trailing boundary items (footers). The group's size resolves against the section's
/// content area: the layout's container less ``contentInsets``.
public final class CollectionLayoutSection {
    /// Where a section's content insets are measured from (UIKit's
    /// `UIContentInsetsReference`). Headless, the safe area is empty: `.automatic`, `.none` and
    /// `.safeArea` measure from the collection view's edges; `.layoutMargins` and
    /// `.readableContent` from the layout's ``CompositionalLayout/layoutMargins``.
    public enum ContentInsetsReference: Hashable, Sendable {
        /// The system's choice: the safe area.
        case automatic
        /// The collection view's edges.
        case none
        /// The safe area.
        case safeArea
        /// The layout margins.
        case layoutMargins
        /// The readable content guide (the layout margins, headless).
        case readableContent
    }

    /// How a section scrolls across the layout's scroll axis (UIKit's
    /// `UICollectionLayoutSectionOrthogonalScrollingBehavior`). Any value but `.none` lays the
    /// section's groups in one line across the scroll axis, in a scroll view of its own (see
    /// ``CompositionalLayout/orthogonalScrollView(forSection:)``) that settles as named.
    public enum OrthogonalScrollingBehavior: Hashable, Sendable {
        /// Groups repeat along the layout's scroll axis (the default).
        case none
        /// Scrolls and decelerates freely.
        case continuous
        /// Scrolls freely and comes to rest with a group's leading edge at the leading inset.
        case continuousGroupLeadingBoundary
        /// Pages by the width (height) of the collection view.
        case paging
        /// Pages group by group, at most one per fling, a group's leading edge at the leading inset.
        case groupPaging
        /// Pages group by group, at most one per fling, a group centred in the view.
        case groupPagingCentered
    }

    /// What a section's visible items are shown to on each query, before they are returned: the
    /// items (their frames as laid out, not moved by an orthogonal section's scroll), the
    /// offset (across the layout, an orthogonal section's scroll; along it, the collection
    /// view's), and the environment. Changes to the items' transforms, alpha or z index are
    /// what is shown (UIKit's `NSCollectionLayoutSectionVisibleItemsInvalidationHandler`).
    public typealias VisibleItemsInvalidationHandler = (
        [CollectionViewLayoutAttributes], CGPoint, CollectionLayoutEnvironment
    ) -> Void

    /// The group repeated through the section.
    public let group: CollectionLayoutGroup
    /// How the section scrolls across the layout. Defaults to `.none`.
    public var orthogonalScrollingBehavior: OrthogonalScrollingBehavior = .none
    /// Called with the visible items of the section on each query (see
    /// ``VisibleItemsInvalidationHandler``).
    public var visibleItemsInvalidationHandler: VisibleItemsInvalidationHandler?
    /// The space between the section's boundary and its groups.
    public var contentInsets: DirectionalEdgeInsets = .zero
    /// The space between successive groups along the scroll axis.
    public var interGroupSpacing: CGFloat = 0
    /// Where ``contentInsets`` are measured from.
    public var contentInsetsReference: ContentInsetsReference = .automatic
    /// The section's headers and footers.
    public var boundarySupplementaryItems: [CollectionLayoutBoundarySupplementaryItem] = []
    /// The views behind the section (backgrounds).
    public var decorationItems: [CollectionLayoutDecorationItem] = []
    /// Whether headers and footers span the content insets' width (true, the default) or the
    /// whole width of the layout's container.
    public var supplementariesFollowContentInsets = true

    /// The list configuration a list section was built from (its swipe actions), or nil.
    var listConfiguration: CollectionLayoutListConfiguration?

    /// A section repeating `group`.
    public init(group: CollectionLayoutGroup) {
        self.group = group
    }
}
