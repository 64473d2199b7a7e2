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
