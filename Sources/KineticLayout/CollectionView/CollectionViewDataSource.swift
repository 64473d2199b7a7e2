import KineticPlatform

/// Supplies a collection view's data (UIKit's `UICollectionViewDataSource`; a headless collection
/// view asks for cells only to size them, see ``FlowLayout/estimatedItemSize``).
public protocol CollectionViewDataSource: AnyObject {
    /// How many sections there are. Defaults to 1.
    func numberOfSections(in collectionView: CollectionView) -> Int
    /// How many items `section` holds.
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// Whether the item at `indexPath` may be moved interactively. Defaults to true.
    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
    /// Moves the data of one item: called once when an interactive movement ends. The default
    /// does nothing.
    func collectionView(
        _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
    /// The cell for the item at `indexPath`, which a layout that estimates sizes asks for its
    /// preferred size when the item is first shown. Defaults to nil: the estimate stands.
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell?
    /// The view of `kind` (a header, a footer) at `indexPath`, which a layout that estimates its
    /// size asks for its preferred size when it is first shown (UIKit's
    /// `collectionView(_:viewForSupplementaryElementOfKind:at:)`). Defaults to nil: the estimate
    /// stands.
    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CollectionViewCell?
}

extension CollectionViewDataSource {
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
    public func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(
        _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {}
    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
        -> CollectionViewCell?
    { nil }
    public func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CollectionViewCell? { nil }
}

/// Told about scrolling (it refines ``ScrollViewDelegate``) and selection, and asked about it
/// (UIKit's `UICollectionViewDelegate`). Every method has
/// a default.
public protocol CollectionViewDelegate: ScrollViewDelegate {
    /// Whether the item at `indexPath` may be selected. Defaults to true.
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    /// The item at `indexPath` was selected by the user.
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
    /// Whether the item at `indexPath` may be deselected. Defaults to true.
    func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
    /// The item at `indexPath` was deselected by the user.
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
    /// Where an interactively moved item would drop; return a different path to retarget.
    /// Defaults to `proposedIndexPath`.
    func collectionView(
        _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
        toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath

    /// This delegate as a flow layout's, when it is a ``CollectionViewDelegateFlowLayout``; nil
    /// otherwise. Do not implement it: the defaults answer. A ``FlowLayout`` asks it instead of
    /// casting the collection view's delegate, as ``ScrollViewDelegate/asCollectionViewDelegate``
    /// explains (with what that means for subclasses).
    var asFlowLayoutDelegate: (any CollectionViewDelegateFlowLayout)? { get }
}

extension CollectionViewDelegate {
    public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        true
    }
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
        true
    }
    public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
    public func collectionView(
        _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
        toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath { proposedIndexPath }
    /// Itself: it is a collection view's delegate.
    public var asCollectionViewDelegate: (any CollectionViewDelegate)? { self }
    /// Nil: a collection view delegate that is not a ``CollectionViewDelegateFlowLayout``.
    public var asFlowLayoutDelegate: (any CollectionViewDelegateFlowLayout)? { nil }
}
