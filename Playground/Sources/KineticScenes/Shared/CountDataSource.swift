// `CountDataSource`: one section of a fixed number of items, for the scenes whose cells carry
// no data (headless and interactive alike).
import KineticLayout

/// One section of `count` items.
final class CountDataSource: CollectionViewDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
}
