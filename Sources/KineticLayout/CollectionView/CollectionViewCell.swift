import KineticPlatform

/// A headless cell: what a data source makes for an item (UIKit's `UICollectionViewCell`, less
/// the view). Subclass it to carry what your scene draws.
///
/// A cell sizes itself for a layout that estimates sizes (``FlowLayout/estimatedItemSize``): the
/// collection view asks ``preferredLayoutAttributesFitting(_:)`` when it first shows the item,
/// which by default answers ``sizeThatFits(_:)`` of the estimated size; set ``sizing`` (the size
/// your cell's content takes given a proposed size, e.g. its text wrapped to the proposed width)
/// or override either method.
open class CollectionViewCell {
    /// The item's index path when the data source made it.
    public internal(set) var indexPath = IndexPath(item: 0, section: 0)
    /// The size the cell's content takes, given a proposed size (the layout's estimate, or in a
    /// list, the list's width and an estimated height); nil keeps the proposed size.
    public var sizing: ((CGSize) -> CGSize)?

    /// A cell.
    public init() {}

    /// The size that fits `size` (UIKit's `sizeThatFits(_:)`): ``sizing``'s answer, else `size`.
    open func sizeThatFits(_ size: CGSize) -> CGSize {
        sizing?(size) ?? size
    }

    /// The attributes the cell would like, given those the layout proposes (UIKit's): a copy of
    /// `layoutAttributes` sized by ``sizeThatFits(_:)`` of its size.
    open func preferredLayoutAttributesFitting(_ layoutAttributes: CollectionViewLayoutAttributes)
        -> CollectionViewLayoutAttributes
    {
        let preferred = layoutAttributes.copy()
        preferred.size = sizeThatFits(layoutAttributes.size)
        return preferred
    }
}
