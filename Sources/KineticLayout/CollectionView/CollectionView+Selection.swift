import KineticPlatform

extension CollectionView {
    /// The selected items' index paths, ascending. Never nil here; optional as in UIKit, so
    /// UIKit code that writes `indexPathsForSelectedItems?.first` compiles unchanged.
    public var indexPathsForSelectedItems: [IndexPath]? {
        selectedIndexPaths.sorted()
    }

    /// Selects the item at `indexPath`, then scrolls it to `scrollPosition` (the empty set does
    /// not scroll). Without ``allowsMultipleSelection`` the selection becomes that item alone.
    /// A nil path clears the selection; a path that names no item is ignored.
    ///
    /// Programmatic, as in UIKit: the delegate is neither asked nor told.
    ///
    /// - Parameters:
    ///   - indexPath: The item to select, or nil to clear the selection.
    ///   - animated: Accepted for source compatibility with UIKit; applies at once.
    ///   - scrollPosition: Where to scroll the item; the empty set does not scroll.
    public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            selectedIndexPaths.removeAll()
            return
        }
        guard isValid(indexPath) else { return }
        if !allowsMultipleSelection { selectedIndexPaths.removeAll() }
        selectedIndexPaths.insert(indexPath)
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects the item at `indexPath`; nothing happens if it was not selected.
    ///
    /// Programmatic, as in UIKit: the delegate is neither asked nor told.
    ///
    /// - Parameters:
    ///   - indexPath: The item to deselect.
    ///   - animated: Accepted for source compatibility with UIKit; applies at once.
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        selectedIndexPaths.remove(indexPath)
    }

    /// The user tapped the item at `indexPath`: what UIKit does for a tap on a cell. The
    /// gestures layer calls this with ``indexPathForItem(at:)`` of the touch.
    ///
    /// Nothing happens unless ``allowsSelection`` is true and the path names an item, or when
    /// the touch that tapped stopped the view scrolling (``ScrollView/touchStoppedScrolling``):
    /// on iOS such a touch only stops the scroll.
    /// - With ``allowsMultipleSelection``, a tap on a selected item asks the delegate's
    ///   `shouldDeselectItemAt` and, if allowed, deselects it and calls `didDeselectItemAt`; a
    ///   tap on another item asks `shouldSelectItemAt` and, if allowed, adds it to the
    ///   selection and calls `didSelectItemAt`.
    /// - Otherwise a tap asks `shouldSelectItemAt`; if allowed, every other selected item is
    ///   deselected (with `didDeselectItemAt`, without being asked) and then the tapped one is
    ///   selected and `didSelectItemAt` called, even if it was selected already, as UIKit does.
    public func userDidTapItem(at indexPath: IndexPath) {
        guard allowsSelection, isValid(indexPath), !touchStoppedScrolling else { return }
        if allowsMultipleSelection, selectedIndexPaths.contains(indexPath) {
            guard collectionDelegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true else { return }
            selectedIndexPaths.remove(indexPath)
            collectionDelegate?.collectionView(self, didDeselectItemAt: indexPath)
            return
        }
        guard collectionDelegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else { return }
        if !allowsMultipleSelection {
            // The delegate may change the selection from its callbacks: deselect from a
            // snapshot, and only what is still selected.
            for other in selectedIndexPaths.sorted() where other != indexPath && selectedIndexPaths.contains(other) {
                selectedIndexPaths.remove(other)
                collectionDelegate?.collectionView(self, didDeselectItemAt: other)
            }
        }
        // A callback may have reloaded the data or moved things: select only what still exists.
        guard isValid(indexPath) else { return }
        selectedIndexPaths.insert(indexPath)
        collectionDelegate?.collectionView(self, didSelectItemAt: indexPath)
    }
}
