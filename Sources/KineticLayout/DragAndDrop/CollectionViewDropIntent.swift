import KineticPlatform

/// Where a collection view would put dropped items (UIKit's `UICollectionViewDropIntent`).
public enum CollectionViewDropIntent: Int, Sendable, Hashable {
    /// Not known yet: the collection view makes no room.
    case unspecified = 0
    /// At the destination index path: the collection view opens a gap there.
    case insertAtDestinationIndexPath = 1
    /// Into the item at the destination index path (a folder, a card's stack): no gap.
    case insertIntoDestinationIndexPath = 2
}
