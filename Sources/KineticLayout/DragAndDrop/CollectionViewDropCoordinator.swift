import KineticPlatform

/// One item of a drop, as the drop delegate sees it (UIKit's `UICollectionViewDropItem`).
public struct CollectionViewDropItem {
    /// The dragged item.
    public let dragItem: DragItem
    /// Where it came from in this collection view, if it came from here (nil from another view,
    /// or if its source item went during the drag).
    public let sourceIndexPath: IndexPath?
    /// The size of its preview.
    public let previewSize: CGSize
}

/// Where a placeholder goes (UIKit's `UICollectionViewDropPlaceholder`): an empty place shown
/// in the collection view until the app commits its data or deletes it.
public final class CollectionViewDropPlaceholder {
    /// The presented index path the placeholder takes.
    public let insertionIndexPath: IndexPath
    /// The cell the app would show for it (kept for UIKit's shape; a headless view shows an
    /// empty place).
    public let reuseIdentifier: String
    /// The placeholder's size; zero: the dragged item's.
    public var size: CGSize = .zero

    /// A placeholder at `insertionIndexPath`.
    public init(insertionIndexPath: IndexPath, reuseIdentifier: String) {
        self.insertionIndexPath = insertionIndexPath
        self.reuseIdentifier = reuseIdentifier
    }
}

/// A placeholder shown in a collection view (UIKit's
/// `UICollectionViewDropPlaceholderContext`): commit it when the data is ready, or delete it.
public final class CollectionViewDropPlaceholderContext {
    /// The item the placeholder stands for.
    public let dragItem: DragItem
    /// The collection view the placeholder is shown in, while it lives (the context does not
    /// keep it alive).
    public internal(set) var collectionView: CollectionView? {
        get { collectionViewLink?.object }
        set { collectionViewLink = newValue?.collectionViewLink }
    }
    private var collectionViewLink: ObjectLink<CollectionView>?
    /// Where the placeholder is shown now (a presented index path); nil once it is gone.
    public var placeIndexPath: IndexPath? { place }
    /// Whether the placeholder is still shown (neither committed nor deleted, nor dropped by a
    /// reload).
    public var isShown: Bool { place != nil && collectionView != nil }
    /// Where the placeholder is shown now; nil once committed or deleted.
    var place: IndexPath?

    init(dragItem: DragItem, collectionView: CollectionView, place: IndexPath) {
        self.dragItem = dragItem
        self.collectionView = collectionView
        self.place = place
    }

    /// Replaces the placeholder with the app's item: `dataSourceUpdates` inserts it into the
    /// data at the index path it is given, and the collection view inserts it there (where the
    /// placeholder was shown). Other placeholders stay. Returns false if the placeholder is gone
    /// (committed, deleted, or dropped by a data change or a reload).
    @discardableResult
    public func commitInsertion(dataSourceUpdates: (IndexPath) -> Void) -> Bool {
        guard let collectionView, let place, let presentation = collectionView.dropPresentation,
            presentation.places.contains(place)
        else { return false }
        self.place = nil
        // The others keep their presented places: this one becomes an item where it was shown.
        var rest = presentation
        rest.places.removeAll { $0 == place }
        rest.placeSizes[place] = nil
        let target = IndexPath(
            item: place.item - rest.places.filter { $0.section == place.section && $0.item < place.item }.count,
            section: place.section)
        let others = collectionView.placeholderContexts.filter { $0.place != nil }
        collectionView.placeholderContexts.removeAll()
        collectionView.setDropPresentation(nil)
        dataSourceUpdates(target)
        collectionView.insertItems(at: [target])
        collectionView.setDropPresentation(rest)
        collectionView.placeholderContexts = others
        return true
    }

    /// Removes the placeholder; returns false if it is already gone.
    @discardableResult
    public func deletePlaceholder() -> Bool {
        guard let collectionView, let place, var presentation = collectionView.dropPresentation,
            presentation.places.contains(place)
        else { return false }
        self.place = nil
        presentation.removePlace(at: place)
        for context in collectionView.placeholderContexts {
            if let other = context.place, other.section == place.section, other.item > place.item {
                context.place = IndexPath(item: other.item - 1, section: other.section)
            }
        }
        collectionView.placeholderContexts.removeAll { $0.place == nil }
        collectionView.setDropPresentation(presentation)
        return true
    }
}

/// What a drop delegate's `performDropWith` gets (UIKit's `UICollectionViewDropCoordinator`):
/// the items, the destination and the proposal; and the ways to place each item.
public final class CollectionViewDropCoordinator {
    /// The dropped items.
    public let items: [CollectionViewDropItem]
    /// Where the drop happened (the gap's first place), if over a place.
    public let destinationIndexPath: IndexPath?
    /// What the drop does.
    public let proposal: CollectionViewDropProposal
    /// The session.
    public let session: CollectionViewDragSession
    let collectionView: CollectionView

    /// The collection view the items are dropped into.
    public var destinationCollectionView: CollectionView { collectionView }

    /// Where each item was told to land: an item's cell (a presented index path after the app's
    /// update) or a placeholder.
    public enum Landing {
        /// Into the cell of the item now at the index path.
        case item(IndexPath)
        /// Into the item at the index path, in `rect` (content coordinates).
        case into(IndexPath, CGRect)
        /// Into a placeholder.
        case placeholder(CollectionViewDropPlaceholderContext)
    }

    /// The landings, by item, in the order the delegate gave them.
    public private(set) var landings: [(item: DragItem, landing: Landing)] = []

    init(
        items: [CollectionViewDropItem], destinationIndexPath: IndexPath?, proposal: CollectionViewDropProposal,
        session: CollectionViewDragSession, collectionView: CollectionView
    ) {
        self.items = items
        self.destinationIndexPath = destinationIndexPath
        self.proposal = proposal
        self.session = session
        self.collectionView = collectionView
    }

    /// Lands `dragItem` in the cell at `indexPath` (after the app's batch update): its preview
    /// flies there on a spring.
    public func drop(_ dragItem: DragItem, toItemAt indexPath: IndexPath) {
        landings.append((dragItem, .item(indexPath)))
    }

    /// Lands `dragItem` into the item at `indexPath`, in `rect` (its content coordinates).
    public func drop(_ dragItem: DragItem, intoItemAt indexPath: IndexPath, rect: CGRect) {
        landings.append((dragItem, .into(indexPath, rect)))
    }

    /// Lands `dragItem` in a placeholder shown at the placeholder's index path until the
    /// returned context commits or deletes it. An index path beyond the section's end is
    /// taken as its end.
    public func drop(_ dragItem: DragItem, to placeholder: CollectionViewDropPlaceholder)
        -> CollectionViewDropPlaceholderContext
    {
        let counts = collectionView.currentCounts()
        let path = placeholder.insertionIndexPath
        let section = counts.indices.contains(path.section) ? path.section : max(0, counts.count - 1)
        let item = counts.indices.contains(section) ? min(max(0, path.item), counts[section]) : 0
        let place = IndexPath(item: item, section: section)
        var presentation = collectionView.dropPresentation ?? DropPresentation()
        presentation.insertPlace(at: place, size: placeholder.size == .zero ? dragItem.previewSize : placeholder.size)
        for context in collectionView.placeholderContexts {
            if let other = context.place, other.section == place.section, other.item >= place.item {
                context.place = IndexPath(item: other.item + 1, section: other.section)
            }
        }
        collectionView.setDropPresentation(presentation)
        let context = CollectionViewDropPlaceholderContext(
            dragItem: dragItem, collectionView: collectionView, place: place)
        collectionView.placeholderContexts.append(context)
        landings.append((dragItem, .placeholder(context)))
        return context
    }
}
