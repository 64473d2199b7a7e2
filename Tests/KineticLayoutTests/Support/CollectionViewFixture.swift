import Foundation
import KineticDynamics

@testable import KineticLayout

/// A collection view with its grid layout and data source, held strongly together: the view
/// holds its data source and delegate weakly, so tests reach all of them through this.
final class CollectionViewFixture {
    let view: CollectionView
    let layout: GridLayout
    let data: SectionsDataSource
    /// Keeps a delegate alive.
    var delegate: (any CollectionViewDelegate)? {
        didSet { view.delegate = delegate }
    }

    init(_ sections: [[Int]], frame: CGSize = CGSize(width: 100, height: 100), layout: GridLayout = GridLayout()) {
        self.layout = layout
        view = CollectionView(frame: CGRect(origin: .zero, size: frame), collectionViewLayout: layout)
        data = SectionsDataSource(sections)
        view.dataSource = data
        // Rejections are expected here; the tests check them, the log need not show them.
        view.logger.logLevel = .critical
    }

    /// One section of `count` items numbered 0..<count.
    convenience init(count: Int, frame: CGSize = CGSize(width: 100, height: 100)) {
        self.init([Array(0..<count)], frame: frame)
    }

    /// The collection view's counts, section by section.
    var counts: [Int] {
        (0..<view.numberOfSections).map { view.numberOfItems(inSection: $0) }
    }
}
