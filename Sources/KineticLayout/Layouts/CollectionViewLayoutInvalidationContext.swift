import Foundation

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

    /// A context that invalidates nothing but asks for the layout to be queried again.
    public init() {
        invalidateEverything = false
        invalidateDataSourceCounts = false
    }

    init(everything: Bool) {
        invalidateEverything = everything
        invalidateDataSourceCounts = everything
    }
}
