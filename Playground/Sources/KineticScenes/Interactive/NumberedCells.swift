// `NumberedCells`: the reorder scene's data, numbers that travel with their cells.
import Foundation
import KineticLayout

/// Numbered cells that a reorder moves.
public final class NumberedCells: CollectionViewDataSource, RearrangeableFlowLayoutDelegate {
    /// The numbers, in the order shown.
    public private(set) var items: [Int]
    init(count: Int) { items = Array(0..<count) }
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        items.count
    }
    public func moveDataItem(from source: IndexPath, to destination: IndexPath) {
        items.insert(items.remove(at: source.item), at: destination.item)
    }
}
