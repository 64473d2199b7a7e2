import KineticPlatform

/// How a collection view reorders drops by itself (UIKit's drag-and-drop reordering through its
/// data source): set by a ``CollectionViewDiffableDataSource`` whose reordering handlers allow
/// reordering (`canReorderItem` set), cleared when they stop allowing it, when the view takes
/// another data source, or when the data source goes.
///
/// A drag that began in the view, with all its items from it, is then taken by the view even
/// without a drop delegate, and a drop that moves it there (a move inserting at the destination)
/// commits through the data source, not the drop delegate's `performDropWith`. Closures, not a
/// cast to the data source's generic type, which the WebAssembly build cannot make; they reach
/// the data source through a link its `deinit` cuts.
final class DropReordering {
    /// The data source that set it.
    let owner: ObjectIdentifier
    /// Whether the item at a data index path may be reordered (lifted, moved).
    let canReorder: (IndexPath) -> Bool
    /// Where an item moved from the first path, proposed for the second, may go; nil keeps it
    /// out.
    let target: (IndexPath, IndexPath) -> IndexPath?
    /// Moves the items at the data paths (in the order given) so that they end together from
    /// the destination (a path of the data with them taken out); returns where each path's item
    /// is now (nil for none), or nil if nothing moved (no such items, no such place).
    let commit: ([IndexPath], IndexPath) -> [IndexPath?]?

    init(
        owner: ObjectIdentifier, canReorder: @escaping (IndexPath) -> Bool,
        target: @escaping (IndexPath, IndexPath) -> IndexPath?,
        commit: @escaping ([IndexPath], IndexPath) -> [IndexPath?]?
    ) {
        self.owner = owner
        self.canReorder = canReorder
        self.target = target
        self.commit = commit
    }
}
