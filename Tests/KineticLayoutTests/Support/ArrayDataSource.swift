import Foundation

@testable import KineticLayout

/// A data source backed by an array of sections of item identities, applying interactive moves
/// to itself: the independent model the layouts' tests check against.
class ArrayDataSourceBase: CollectionViewDataSource {
    var sections: [[Int]]

    init(sections: [[Int]]) { self.sections = sections }

    /// One section of `count` items numbered 0..<count.
    convenience init(count: Int) { self.init(sections: [Array(0..<count)]) }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        sections[section].count
    }

}

/// The same, applying interactive moves to itself.
final class ArrayDataSource: ArrayDataSourceBase {
    func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
        let item = sections[source.section].remove(at: source.item)
        sections[destination.section].insert(item, at: destination.item)
    }
}
