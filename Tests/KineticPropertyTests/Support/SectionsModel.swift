import Foundation
import KineticLayout

/// The test's own model of a collection view's data: sections of unique item identities. It is
/// the independent truth the properties check the view against, and the view's data source.
final class SectionsModel: CollectionViewDataSource {
    var sections: [[Int]]
    private var nextIdentity: Int

    init(_ sections: [[Int]]) {
        self.sections = sections
        nextIdentity = (sections.flatMap { $0 }.max() ?? -1) + 1
    }

    /// A new identity, never used before.
    func makeIdentity() -> Int {
        defer { nextIdentity += 1 }
        return nextIdentity
    }

    var counts: [Int] { sections.map(\.count) }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        sections[section].count
    }

    func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
        let item = sections[source.section].remove(at: source.item)
        sections[destination.section].insert(item, at: destination.item)
    }

    /// The identity at `path`, if the model has one there.
    func identity(at path: IndexPath) -> Int? {
        guard path.count == 2, sections.indices.contains(path.section),
            sections[path.section].indices.contains(path.item)
        else { return nil }
        return sections[path.section][path.item]
    }
}
