import KineticDynamics
import KineticPlatform

/// Sizes and spacing, item by item and section by section, for a ``FlowLayout`` (UIKit's
/// `UICollectionViewDelegateFlowLayout`).
///
/// Make the collection view's ``CollectionView/delegate`` conform and implement only what varies:
/// every method has a default that answers the flow layout's own property. A delegate that
/// conforms makes the flow layout ask for every item's size (one call per item per preparation);
/// without one the layout keeps a few numbers per section whatever the item count.
public protocol CollectionViewDelegateFlowLayout: CollectionViewDelegate {
    /// The size of the item at `indexPath`. Defaults to the layout's ``FlowLayout/itemSize``.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize
    /// The margins around `section`'s items. Defaults to the layout's ``FlowLayout/sectionInset``.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        insetForSectionAt section: Int
    ) -> EdgeInsets
    /// The least distance between successive lines of `section`. Defaults to the layout's
    /// ``FlowLayout/minimumLineSpacing``.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat
    /// The least distance between successive items of a line in `section`. Defaults to the
    /// layout's ``FlowLayout/minimumInteritemSpacing``.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat
    /// The size of `section`'s header; only its extent along the scroll axis counts. Defaults
    /// to the layout's ``FlowLayout/headerReferenceSize``.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> CGSize
    /// The size of `section`'s footer; only its extent along the scroll axis counts. Defaults
    /// to the layout's ``FlowLayout/footerReferenceSize``.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> CGSize
}

// Each default answers the asking layout's property, as UIKit does for an unimplemented method.
// A layout that is not a FlowLayout has no such property: it gets zero.
extension CollectionViewDelegateFlowLayout {
    /// Itself: it is a flow layout's delegate.
    public var asFlowLayoutDelegate: (any CollectionViewDelegateFlowLayout)? { self }

    /// The layout's ``FlowLayout/itemSize``; zero for another layout.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        (collectionViewLayout as? FlowLayout)?.itemSize ?? .zero
    }

    /// The layout's ``FlowLayout/sectionInset``; zero for another layout.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        insetForSectionAt section: Int
    ) -> EdgeInsets {
        (collectionViewLayout as? FlowLayout)?.sectionInset ?? .zero
    }

    /// The layout's ``FlowLayout/minimumLineSpacing``; zero for another layout.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat {
        (collectionViewLayout as? FlowLayout)?.minimumLineSpacing ?? 0
    }

    /// The layout's ``FlowLayout/minimumInteritemSpacing``; zero for another layout.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat {
        (collectionViewLayout as? FlowLayout)?.minimumInteritemSpacing ?? 0
    }

    /// The layout's ``FlowLayout/headerReferenceSize``; zero for another layout.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> CGSize {
        (collectionViewLayout as? FlowLayout)?.headerReferenceSize ?? .zero
    }

    /// The layout's ``FlowLayout/footerReferenceSize``; zero for another layout.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> CGSize {
        (collectionViewLayout as? FlowLayout)?.footerReferenceSize ?? .zero
    }
}
