import KineticPlatform

/// What an invalidation invalidates (UIKit's `UICollectionViewLayoutInvalidationContext`).
///
/// ``CollectionViewLayout/invalidateLayout()`` invalidates everything. A dynamic animator
/// invalidates its layout after every step with a context that invalidates nothing of the
/// layout's own computation, so a flow layout can skip recomputing frames that did not change.
open class CollectionViewLayoutInvalidationContext {
    /// Everything must be recomputed: geometry, counts, sizes.
    public internal(set) var invalidateEverything: Bool
    /// The data source's counts may have changed.
    public var invalidateDataSourceCounts: Bool

    /// During an interactive movement, where the moving items were shown before this
    /// invalidation; nil for other invalidations.
    public internal(set) var previousIndexPathsForInteractivelyMovingItems: [IndexPath]?
    /// During an interactive movement, where the moving items are shown now (when it ends, where
    /// they stay); nil for other invalidations.
    public internal(set) var targetIndexPathsForInteractivelyMovingItems: [IndexPath]?
    /// During an interactive movement, where the finger is (content coordinates).
    public internal(set) var interactiveMovementTarget: CGPoint = .zero

    /// The items whose layout changed on their own (a cell's preferred size): a layout that keeps
    /// its other frames lays out only these and what they move. Nil when none were named.
    public private(set) var invalidatedItemIndexPaths: [IndexPath]?
    /// How far the collection view moves its content offset when it invalidates with this
    /// context, so that what is on screen stays where it is while content above it changes size.
    public var contentOffsetAdjustment: CGPoint = .zero
    /// How much the content size changes (UIKit's; informational here: a layout's
    /// ``CollectionViewLayout/collectionViewContentSize`` is always the answer).
    public var contentSizeAdjustment: CGSize = .zero

    /// Names items whose layout changed (UIKit's `invalidateItems(at:)`).
    public func invalidateItems(at indexPaths: [IndexPath]) {
        invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []) + indexPaths
    }

    /// A context that invalidates nothing but asks for the layout to be queried again.
    public init() {
        invalidateEverything = false
        invalidateDataSourceCounts = false
    }

    // Not designated: in Embedded Swift another module cannot call an open class's internal designated init.
    convenience init(everything: Bool) {
        self.init()
        invalidateEverything = everything
        invalidateDataSourceCounts = everything
    }
}
