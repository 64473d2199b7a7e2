import KineticPlatform

/// Takes drops into a collection view (UIKit's `UICollectionViewDropDelegate`). Only
/// `collectionView(_:performDropWith:)` is required.
public protocol CollectionViewDropDelegate: AnyObject {
    /// The items were dropped: update the data (a batch update) and place each item with the
    /// coordinator. Not called for a drop the collection view reorders by itself (its own drag
    /// moved within it, its data source a diffable one allowing reordering: see
    /// ``CollectionViewDiffableDataSource/reorderingHandlers``).
    func collectionView(_ collectionView: CollectionView, performDropWith coordinator: CollectionViewDropCoordinator)
    /// Whether this collection view takes the session at all. Default: true.
    func collectionView(_ collectionView: CollectionView, canHandle session: CollectionViewDragSession) -> Bool
    /// The session entered this collection view. Default: nothing.
    func collectionView(_ collectionView: CollectionView, dropSessionDidEnter session: CollectionViewDragSession)
    /// The session moved over this collection view, now over `destinationIndexPath` (nil where
    /// no item or place is): what a drop would do. Default: a move inserting at the destination
    /// for a session from this collection view, a copy for one from elsewhere.
    func collectionView(
        _ collectionView: CollectionView, dropSessionDidUpdate session: CollectionViewDragSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> CollectionViewDropProposal
    /// The session left this collection view. Default: nothing.
    func collectionView(_ collectionView: CollectionView, dropSessionDidExit session: CollectionViewDragSession)
    /// How the preview of the item landing at `indexPath` looks; nil (the default): the whole
    /// cell.
    func collectionView(_ collectionView: CollectionView, dropPreviewParametersForItemAt indexPath: IndexPath)
        -> DragPreviewParameters?
    /// The session ended, dropped here or not. Default: nothing.
    func collectionView(_ collectionView: CollectionView, dropSessionDidEnd session: CollectionViewDragSession)
}

extension CollectionViewDropDelegate {
    public func collectionView(_ collectionView: CollectionView, canHandle session: CollectionViewDragSession) -> Bool {
        true
    }
    public func collectionView(_ collectionView: CollectionView, dropSessionDidEnter session: CollectionViewDragSession)
    {}
    public func collectionView(
        _ collectionView: CollectionView, dropSessionDidUpdate session: CollectionViewDragSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> CollectionViewDropProposal {
        CollectionViewDropProposal(
            operation: session.sourceCollectionView === collectionView ? .move : .copy,
            intent: .insertAtDestinationIndexPath)
    }
    public func collectionView(_ collectionView: CollectionView, dropSessionDidExit session: CollectionViewDragSession)
    {}
    public func collectionView(_ collectionView: CollectionView, dropPreviewParametersForItemAt indexPath: IndexPath)
        -> DragPreviewParameters?
    { nil }
    public func collectionView(_ collectionView: CollectionView, dropSessionDidEnd session: CollectionViewDragSession) {
    }
}
