import KineticPlatform

/// Moves the data behind a ``RearrangeableFlowLayout`` and is told about its drags (seed 003's
/// `KDRearrangeableCollectionViewDelegate`, grown with UIKit's reordering hooks).
///
/// Only ``moveDataItem(from:to:)`` is required; every other method has a default.
public protocol RearrangeableFlowLayoutDelegate: AnyObject {
    /// Moves one item of the data from `source` to `destination` (remove, then insert at
    /// `destination` in the shortened data). The layout then moves the cell to match.
    ///
    /// A hover step moves an item between nearby places, in a list of any length: within a
    /// section, shifting only the items between the two places by one (what the layout itself
    /// costs) keeps every step cheap, where an array's `remove(at:)` and `insert(_:at:)` move
    /// every item after each place, the rest of a long section.
    func moveDataItem(from source: IndexPath, to destination: IndexPath)
    /// Whether the item at `indexPath` may be lifted. Defaults to true.
    func canMoveItem(at indexPath: IndexPath) -> Bool
    /// Where a dragged item proposed for `proposed` may go: `proposed`, another path, or nil to
    /// stay where it is. Defaults to `proposed`.
    func targetIndexPath(forMoveFrom current: IndexPath, toProposed proposed: IndexPath) -> IndexPath?
    /// A drag of the items at `indexPaths` is about to begin.
    func willBeginDragging(at indexPaths: [IndexPath])
    /// A drag began; the items are lifted and, if several, gathered at `indexPaths`.
    func didBeginDragging(at indexPaths: [IndexPath])
    /// A drag is about to end with the items at `indexPaths`.
    func willEndDragging(at indexPaths: [IndexPath])
    /// A drag ended with the items at `indexPaths`; `cancelled` when the original order was
    /// restored or a data change interrupted it.
    func didEndDragging(at indexPaths: [IndexPath], cancelled: Bool)
}

extension RearrangeableFlowLayoutDelegate {
    public func canMoveItem(at indexPath: IndexPath) -> Bool { true }
    public func targetIndexPath(forMoveFrom current: IndexPath, toProposed proposed: IndexPath) -> IndexPath? {
        proposed
    }
    public func willBeginDragging(at indexPaths: [IndexPath]) {}
    public func didBeginDragging(at indexPaths: [IndexPath]) {}
    public func willEndDragging(at indexPaths: [IndexPath]) {}
    public func didEndDragging(at indexPaths: [IndexPath], cancelled: Bool) {}
}
