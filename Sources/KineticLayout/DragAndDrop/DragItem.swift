import Foundation

/// One thing being dragged (UIKit's `UIDragItem`): headless, it carries the app's own object
/// rather than an item provider.
public final class DragItem {
    /// The app's object for this item, read by the drop side (UIKit's `localObject`).
    public var localObject: Any?
    /// Where the item came from: the collection view and index path it was lifted at, or nil
    /// once that item left the source's data (deleted during the drag).
    public internal(set) var sourceIndexPath: IndexPath?
    /// The collection view the item was lifted from.
    public internal(set) weak var sourceCollectionView: CollectionView?
    /// The lifted cell's size, which a gap made for it in a destination takes.
    public internal(set) var previewSize: CGSize = .zero
    /// How its preview looks while dragged (the source's drag delegate's answer); nil: the whole
    /// cell.
    public internal(set) var previewParameters: DragPreviewParameters?

    /// An item carrying `localObject`.
    public init(localObject: Any? = nil) {
        self.localObject = localObject
    }
}
