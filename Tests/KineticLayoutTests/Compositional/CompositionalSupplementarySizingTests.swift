import Foundation
import KineticDynamics
import Testing

@testable import KineticLayout

/// Headers whose height is estimated take the height their views prefer once shown (the data
/// source's `collectionView(_:viewForSupplementaryElementOfKind:at:)`, or a diffable data
/// source's supplementary view provider), as cells do. Checked against the truth: each section
/// starts where the one above ends, its header as tall as its view prefers (30, the estimate,
/// until it shows), its rows 44 each below it.
@Suite("Compositional self-sizing headers")
struct CompositionalSupplementarySizingTests {
    typealias Size = CollectionLayoutSize

    /// Sections of three rows; each header's view prefers `heights[section]`.
    final class Sections: CollectionViewDataSource {
        var heights: [CGFloat]
        /// The headers asked for, by section, in order.
        var asked: [Int] = []
        init(heights: [CGFloat]) { self.heights = heights }
        func numberOfSections(in collectionView: CollectionView) -> Int { heights.count }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 3 }
        func collectionView(
            _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
        ) -> CollectionViewCell? {
            asked.append(indexPath.section)
            return Self.view(height: heights[indexPath.section])
        }
        static func view(height: CGFloat) -> CollectionViewCell {
            let view = CollectionViewCell()
            view.sizing = { fitting in CGSize(width: fitting.width, height: height) }
            return view
        }
    }

    static func layout() -> CompositionalLayout {
        let row = CollectionLayoutItem(
            layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)))
        let section = CollectionLayoutSection(
            group: .vertical(
                layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [row]))
        section.boundarySupplementaryItems = [
            CollectionLayoutBoundarySupplementaryItem(
                layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .estimated(30)),
                elementKind: CollectionElementKind.sectionHeader, alignment: .top)
        ]
        return CompositionalLayout(section: section)
    }

    /// Each section's header frame and rows' frames by the rule, with `sized` headers at their
    /// views' heights (a height that is not a length keeps the estimate) and the rest at 30.
    static func truth(_ heights: [CGFloat], sized: Set<Int>) -> (headers: [CGRect], rows: [[CGRect]], end: CGFloat) {
        var top: CGFloat = 0
        var headers: [CGRect] = [], rows: [[CGRect]] = []
        for (section, height) in heights.enumerated() {
            let header = sized.contains(section) && height.isFinite && height >= 0 ? height : 30
            headers.append(CGRect(x: 0, y: top, width: 375, height: header))
            top += header
            rows.append((0..<3).map { CGRect(x: 0, y: top + CGFloat($0) * 44, width: 375, height: 44) })
            top += 132
        }
        return (headers, rows, top)
    }

    static func check(
        _ layout: CompositionalLayout, _ truth: (headers: [CGRect], rows: [[CGRect]], end: CGFloat),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for section in truth.headers.indices {
            let header = layout.layoutAttributesForSupplementaryView(
                ofKind: CollectionElementKind.sectionHeader, at: IndexPath(item: 0, section: section))?.frame
            #expect(header == truth.headers[section], "header \(section)", sourceLocation: sourceLocation)
            for item in 0..<3 {
                let frame = layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
                #expect(frame == truth.rows[section][item], "row \(item) of \(section)", sourceLocation: sourceLocation)
            }
        }
        #expect(layout.collectionViewContentSize.height == truth.end, sourceLocation: sourceLocation)
    }

    /// Headers take their views' heights as they show, once each; those never shown keep the
    /// estimate; a NaN preference keeps the estimate (asked once); scrolled through, every
    /// header is sized.
    @Test func headersTakeTheirViewsHeightsAsTheyShow() {
        var heights: [CGFloat] = (0..<12).map { CGFloat(20 + 9 * $0 % 50) }
        heights[1] = .nan
        let data = Sections(heights: heights)
        let layout = Self.layout()
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 400), collectionViewLayout: layout)
        view.dataSource = data
        _ = view.visibleLayoutAttributes()
        let shown = Set(data.asked)
        #expect(!shown.isEmpty && shown.count == data.asked.count && !shown.contains(11))
        Self.check(layout, Self.truth(heights, sized: shown))
        while view.contentOffset.y < view.contentSize.height - 400 {
            view.contentOffset = CGPoint(x: 0, y: min(view.contentOffset.y + 300, view.contentSize.height - 400))
            _ = view.visibleLayoutAttributes()
        }
        #expect(data.asked.sorted() == Array(0..<12), "each header asked once: \(data.asked)")
        Self.check(layout, Self.truth(heights, sized: Set(0..<12)))
        withExtendedLifetime((view, data)) {}
    }

    /// Sizes follow their sections through a batch update (a section deleted above: the rest
    /// keep their heights, one section up, without asking again); a reloaded section's header is
    /// asked again; a width change or reloadData forgets every size.
    @Test func headerSizesFollowTheirSections() throws {
        let heights: [CGFloat] = [50, 60, 70, 80]
        let data = Sections(heights: heights)
        let layout = Self.layout()
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 1000), collectionViewLayout: layout)
        view.dataSource = data
        _ = view.visibleLayoutAttributes()
        #expect(data.asked.sorted() == [0, 1, 2, 3])
        data.asked.removeAll()
        try view.applyBatchUpdates {
            data.heights.remove(at: 0)
            view.deleteSections(IndexSet(integer: 0))
        }
        #expect(layout.preferredSupplementaryLengths.count == 3)
        Self.check(layout, Self.truth([60, 70, 80], sized: [0, 1, 2]))
        _ = view.visibleLayoutAttributes()
        #expect(data.asked.isEmpty)
        data.heights[1] = 90
        try view.applyBatchUpdates { view.reloadSections(IndexSet(integer: 1)) }
        _ = view.visibleLayoutAttributes()
        #expect(data.asked == [1])
        Self.check(layout, Self.truth([60, 90, 80], sized: [0, 1, 2]))
        data.asked.removeAll()
        view.reloadData()
        #expect(layout.preferredSupplementaryLengths.isEmpty)
        _ = view.visibleLayoutAttributes()
        #expect(data.asked.sorted() == [0, 1, 2])
        withExtendedLifetime((view, data)) {}
    }

    /// A diffable data source's supplementary view provider sizes its headers.
    @Test func aDiffableDataSourcesProviderSizesHeaders() {
        let layout = Self.layout()
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 1000), collectionViewLayout: layout)
        let data = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) { _, _, _ in nil }
        data.supplementaryViewProvider = { _, _, path in Sections.view(height: CGFloat(40 + 10 * path.section)) }
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0, 1, 2])
        for section in 0..<3 {
            snapshot.appendItems([section * 3, section * 3 + 1, section * 3 + 2], toSection: section)
        }
        data.applySnapshotUsingReloadData(snapshot)
        _ = view.visibleLayoutAttributes()
        Self.check(layout, Self.truth([40, 50, 60], sized: [0, 1, 2]))
        withExtendedLifetime((view, data)) {}
    }

    /// Bad preferences and bad index paths, as a class: huge finite heights (1e30, the largest
    /// double) count as ``CompositionalLayout/maximumLength``; infinite, NaN and negative ones keep
    /// the estimate; every frame stays finite; index paths of the wrong length or out of range
    /// name no header, so nothing is asked of them.
    @Test func badHeaderPreferencesAndPathsStayFinite() {
        let heights: [CGFloat] = [1e30, .greatestFiniteMagnitude, .infinity, -.infinity, -5, .nan, 40]
        let data = Sections(heights: heights)
        let layout = Self.layout()
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 400), collectionViewLayout: layout)
        view.dataSource = data
        for section in heights.indices {
            // Show each header in turn (the huge ones push the rest far down).
            let header = layout.layoutAttributesForSupplementaryView(
                ofKind: CollectionElementKind.sectionHeader, at: IndexPath(item: 0, section: section))
            view.contentOffset = CGPoint(x: 0, y: header?.frame.minY ?? 0)
            _ = view.visibleLayoutAttributes()
        }
        #expect(Set(data.asked) == Set(heights.indices))
        let expected: [CGFloat] = [
            CompositionalLayout.maximumLength, CompositionalLayout.maximumLength, 30, 30, 30, 30, 40,
        ]
        var top: CGFloat = 0
        for section in heights.indices {
            let frame = layout.layoutAttributesForSupplementaryView(
                ofKind: CollectionElementKind.sectionHeader, at: IndexPath(item: 0, section: section))?.frame
            #expect(frame == CGRect(x: 0, y: top, width: 375, height: expected[section]), "header \(section)")
            top += expected[section] + 132
        }
        #expect(layout.collectionViewContentSize.height == top && top.isFinite)
        for path in [
            IndexPath(), IndexPath(index: 0), IndexPath(indexes: [0, 0, 0]), IndexPath(item: 0, section: 99),
            IndexPath(item: 5, section: 0), IndexPath(item: -1, section: 0),
        ] {
            #expect(
                !layout.needsPreferredLayoutAttributes(
                    forSupplementaryViewOfKind: CollectionElementKind.sectionHeader, at: path))
            #expect(
                layout.layoutAttributesForSupplementaryView(ofKind: CollectionElementKind.sectionHeader, at: path)
                    == nil)
        }
        withExtendedLifetime((view, data)) {}
    }
}
