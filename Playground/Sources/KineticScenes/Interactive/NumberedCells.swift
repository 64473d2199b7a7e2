import KineticLayout
// `NumberedCells`: the reorder scene's data, numbers that travel with their cells.
import KineticPlatform

/// Numbered cells that a reorder moves.
public final class NumberedCells: CollectionViewDataSource, RearrangeableFlowLayoutDelegate {
    /// The numbers, in the order shown.
    public private(set) var items: [Int]
    init(count: Int) { items = Array(0..<count) }
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        items.count
    }
    /// Moves one number: the span between the two places turns by one, which is what removing
    /// it and inserting it again does, without moving the rest of a long list.
    public func moveDataItem(from source: IndexPath, to destination: IndexPath) {
        let (from, to) = (source.item, destination.item)
        guard from != to, items.indices.contains(from), items.indices.contains(to) else { return }
        let moved = items[from]
        if from < to {
            for i in from..<to { items[i] = items[i + 1] }
        } else {
            for i in stride(from: from, to: to, by: -1) { items[i] = items[i - 1] }
        }
        items[to] = moved
    }
}
