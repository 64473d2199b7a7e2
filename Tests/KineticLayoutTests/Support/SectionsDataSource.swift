import Foundation

@testable import KineticLayout

/// A test-support data source: sections of item identities. It applies interactive moves to
/// itself and records them.
final class SectionsDataSource: CollectionViewDataSource {
    var sections: [[Int]]
    /// Every `moveItemAt:to:` call, in order.
    private(set) var moves: [(from: IndexPath, to: IndexPath)] = []
    /// Whether an item may be moved; all may by default.
    var canMove: (IndexPath) -> Bool = { _ in true }

    init(_ sections: [[Int]]) { self.sections = sections }

    /// The identity at `indexPath`.
    subscript(_ indexPath: IndexPath) -> Int { sections[indexPath.section][indexPath.item] }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        sections[section].count
    }

    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        canMove(indexPath)
    }

    func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
        moves.append((source, destination))
        let item = sections[source.section].remove(at: source.item)
        sections[destination.section].insert(item, at: destination.item)
    }
}
