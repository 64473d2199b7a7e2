// `ElementColumn`: a container's elements, by the ids kinetic.js gave them, in data order.
import KineticLayout
import KineticPlatform

/// The ids of one container's elements in the order shown: a collection view's data source, and
/// the rearrangeable layout's delegate that moves them.
final class ElementColumn: CollectionViewDataSource, RearrangeableFlowLayoutDelegate {
    var ids: [Int]
    /// How many times the ids changed order (the surface's order version).
    private(set) var version = 0

    init(ids: [Int]) { self.ids = ids }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { ids.count }

    /// Moves one id from `source` to `destination` (removed and inserted again: no id is lost or
    /// doubled, whatever the two paths are).
    func moveDataItem(from source: IndexPath, to destination: IndexPath) {
        guard ids.indices.contains(source.item), ids.indices.contains(destination.item),
            source.item != destination.item
        else { return }
        ids.insert(ids.remove(at: source.item), at: destination.item)
        version += 1
    }
}

extension ElementColumn {
    /// Removes the ids at `indices` (valid, each once); returns them in the order of `indices`.
    func remove(at indices: [Int]) -> [Int] {
        let removed = indices.map { ids[$0] }
        for index in indices.sorted(by: >) { ids.remove(at: index) }
        version += 1
        return removed
    }

    /// Inserts `new` at `index` (clamped to the ids' range).
    func insert(_ new: [Int], at index: Int) {
        ids.insert(contentsOf: new, at: min(max(index, 0), ids.count))
        version += 1
    }
}
