import KineticPlatform

/// Supplies the items a drag lifts from a collection view (UIKit's
/// `UICollectionViewDragDelegate`). Only `collectionView(_:itemsForBeginning:at:)` is
/// required.
public protocol CollectionViewDragDelegate: AnyObject {
    /// The items to drag when a drag begins on the item at `indexPath`; none refuses the drag.
    func collectionView(
        _ collectionView: CollectionView, itemsForBeginning session: CollectionViewDragSession, at indexPath: IndexPath
    ) -> [DragItem]
    /// The items to add to a drag in flight when the item at `indexPath` is tapped (iOS's
    /// multi-item drag); none adds nothing. Default: none.
    func collectionView(
        _ collectionView: CollectionView, itemsForAddingTo session: CollectionViewDragSession, at indexPath: IndexPath,
        point: CGPoint
    ) -> [DragItem]
    /// How the preview of the item at `indexPath` looks while it is dragged; nil (the default):
    /// the whole cell.
    func collectionView(_ collectionView: CollectionView, dragPreviewParametersForItemAt indexPath: IndexPath)
        -> DragPreviewParameters?
    /// Whether the session may move its items (else only copy). Default: true.
    func collectionView(
        _ collectionView: CollectionView, dragSessionAllowsMoveOperation session: CollectionViewDragSession
    )
        -> Bool
    /// A drag from this collection view is about to begin. Default: nothing.
    func collectionView(_ collectionView: CollectionView, dragSessionWillBegin session: CollectionViewDragSession)
    /// The drag from this collection view ended (dropped or cancelled). Default: nothing.
    func collectionView(_ collectionView: CollectionView, dragSessionDidEnd session: CollectionViewDragSession)
}

extension CollectionViewDragDelegate {
    public func collectionView(
        _ collectionView: CollectionView, itemsForAddingTo session: CollectionViewDragSession, at indexPath: IndexPath,
        point: CGPoint
    ) -> [DragItem] { [] }
    public func collectionView(_ collectionView: CollectionView, dragPreviewParametersForItemAt indexPath: IndexPath)
        -> DragPreviewParameters?
    { nil }
    public func collectionView(
        _ collectionView: CollectionView, dragSessionAllowsMoveOperation session: CollectionViewDragSession
    ) -> Bool { true }
    public func collectionView(
        _ collectionView: CollectionView, dragSessionWillBegin session: CollectionViewDragSession
    ) {}
    public func collectionView(_ collectionView: CollectionView, dragSessionDidEnd session: CollectionViewDragSession) {
    }
}
