import Foundation
import KineticDynamics
import Testing

@testable import KineticLayout

/// Estimated dimensions in a compositional layout, resolved by the cells' preferred sizes: a
/// list's rows are laid out at 44 until shown, then at the height their cells prefer. Checked
/// against the truth (each row's top is the sum of the heights above it: the preferred ones of
/// the rows shown so far, 44 for the rest), the cells asked (only what shows, once each), and
/// the screen positions of what shows while rows above it are sized.
@Suite("Compositional self-sizing")
struct CompositionalSelfSizingTests {
    typealias Items = SelfSizingTests.Items

    static func makeView(_ items: Items, height: CGFloat = 667) -> (CollectionView, CompositionalLayout) {
        var configuration = CollectionLayoutListConfiguration(appearance: .plain)
        configuration.showsSeparators = false
        let layout = CompositionalLayout.list(using: configuration)
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: height), collectionViewLayout: layout)
        view.dataSource = items
        return (view, layout)
    }

    /// Each row's expected top and height: sized rows at their cells' heights, the rest at 44.
    static func truth(_ items: Items, sized: Set<Int>) -> [(top: CGFloat, height: CGFloat)] {
        var top: CGFloat = 0
        return items.ids.map { id in
            let height = sized.contains(id) ? items.sizes[id]!.height : 44
            defer { top += height }
            return (top, height)
        }
    }

    static func rows(_ layout: CompositionalLayout, _ count: Int) -> [(top: CGFloat, height: CGFloat)] {
        (0..<count).map { item in
            let frame = layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame ?? .null
            return (frame.minY, frame.height)
        }
    }

    static func same(_ a: [(top: CGFloat, height: CGFloat)], _ b: [(top: CGFloat, height: CGFloat)]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.top == $1.top && $0.height == $1.height }
    }

    @Test func shownRowsTakeTheirCellsHeightsAndTheRestTheEstimate() {
        var random = SeededRandom(seed: 0x5B)
        let items = Items(count: 200, random: &random)
        let (view, layout) = Self.makeView(items)
        _ = view.visibleLayoutAttributes()
        let asked = Set(items.asked)
        #expect(!asked.isEmpty && asked.count == items.asked.count, "each shown cell asked once")
        // Only what showed at some pass: the rows from the top, a screenful (a pass shows rows
        // at the estimate that the sized rows above then push out of view).
        #expect(asked == Set(0..<asked.count) && asked.count < 30, "\(asked.count) asked")
        #expect(Self.same(Self.rows(layout, 200), Self.truth(items, sized: asked)))
        // Scrolled through to the end: every row sized once, the layout the truth.
        while view.contentOffset.y < view.contentSize.height - 667 {
            view.contentOffset = CGPoint(x: 0, y: min(view.contentOffset.y + 300, view.contentSize.height - 667))
            _ = view.visibleLayoutAttributes()
        }
        #expect(Set(items.asked) == Set(items.ids) && items.asked.count == 200)
        #expect(Self.same(Self.rows(layout, 200), Self.truth(items, sized: Set(items.ids))))
        #expect(layout.collectionViewContentSize.height == items.ids.reduce(0) { $0 + items.sizes[$1]!.height })
    }

    /// Jumping to the end and scrolling back up: the rows above are sized as they come into view,
    /// and the row at the top of the view stays where it is on screen.
    @Test func scrollingUpIntoUnsizedRowsKeepsTheViewStill() throws {
        var random = SeededRandom(seed: 0x5C)
        let items = Items(count: 120, random: &random)
        let (view, layout) = Self.makeView(items)
        _ = view.visibleLayoutAttributes()
        view.contentOffset = CGPoint(x: 0, y: view.contentSize.height - 667)
        _ = view.visibleLayoutAttributes()
        for _ in 0..<30 {
            let shown = view.visibleLayoutAttributes().filter { $0.representedElementCategory == .cell }
            let anchor = try #require(shown.min { $0.frame.minY < $1.frame.minY })
            let onScreen = anchor.frame.minY - view.contentOffset.y
            view.contentOffset = CGPoint(x: 0, y: max(0, view.contentOffset.y - 40))
            let moved = view.contentOffset.y
            _ = view.visibleLayoutAttributes()
            let now = try #require(layout.layoutAttributesForItem(at: anchor.indexPath))
            // It moved down by the 40 points scrolled (or less at the top), whatever was sized above.
            let expected = onScreen + (moved == 0 ? now.frame.minY - onScreen : 40)
            #expect(abs((now.frame.minY - view.contentOffset.y) - expected) < 1e-9 || moved == 0)
            if moved == 0 { break }
        }
        withExtendedLifetime(items) {}
    }

    /// Sizes follow their items through a batch update and an interactive movement; a reload
    /// forgets them; a NaN preference keeps the estimate and is asked once; a width change
    /// asks again.
    @Test func sizesFollowTheirItemsAndBadPreferencesKeepTheEstimate() throws {
        var random = SeededRandom(seed: 0x5D)
        let items = Items(count: 30, random: &random)
        items.sizes[2] = CGSize(width: 100, height: CGFloat.nan)
        let (view, layout) = Self.makeView(items)
        _ = view.visibleLayoutAttributes()
        let before = Set(items.asked)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame.height == 44)
        // Insert a row at the top: the others keep their heights, one place down.
        items.asked.removeAll()
        try view.applyBatchUpdates {
            items.ids.insert(999, at: 0)
            items.sizes[999] = CGSize(width: 100, height: 77)
            view.insertItems(at: [IndexPath(item: 0, section: 0)])
        }
        _ = view.visibleLayoutAttributes()
        #expect(items.asked.first == 999 && !items.asked.contains(where: { before.contains($0) }))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.height == 77)
        let id1 = items.ids[1]
        #expect(
            layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame.height == items.sizes[id1]!.height
        )
        // A width change asks the shown cells again.
        items.asked.removeAll()
        view.frame = CGRect(x: 0, y: 0, width: 320, height: 667)
        _ = view.visibleLayoutAttributes()
        #expect(!items.asked.isEmpty)
        // A reload forgets every size.
        items.asked.removeAll()
        view.reloadData()
        _ = view.visibleLayoutAttributes()
        #expect(items.asked.contains(id1))
    }

    /// Scrolls `view` from the top to the end, a screenful less 100 points at a time, showing
    /// what each offset shows (every cell sized once).
    static func scrollThrough(_ view: CollectionView) {
        _ = view.visibleLayoutAttributes()
        while view.contentOffset.y < view.contentSize.height - view.bounds.height {
            let next = min(
                view.contentOffset.y + view.bounds.height - 100, view.contentSize.height - view.bounds.height)
            view.contentOffset = CGPoint(x: 0, y: next)
            _ = view.visibleLayoutAttributes()
        }
    }

    static func frames(_ layout: CompositionalLayout, _ count: Int) -> [CGRect] {
        (0..<count).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame ?? .null }
    }

    /// Items stacked along the scroll axis in an estimated group (a vertical group of three
    /// estimated rows, 4 points apart): each row at its cell's height, directly under the row
    /// above it plus the spacing; each group as long as its rows and spacing; groups 10 apart.
    /// The truth is that sum, row by row.
    @Test func stackedItemsInAnEstimatedGroupEachTakeTheirHeight() {
        var random = SeededRandom(seed: 0x5E)
        let items = Items(count: 40, random: &random)
        let item = CollectionLayoutItem(
            layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(50)))
        let group = CollectionLayoutGroup.vertical(
            layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(158)),
            subitems: [item])
        group.interItemSpacing = .fixed(4)
        let section = CollectionLayoutSection(group: group)
        section.interGroupSpacing = 10
        let layout = CompositionalLayout(section: section)
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
        view.dataSource = items
        Self.scrollThrough(view)
        #expect(Set(items.asked) == Set(items.ids))
        var truth: [CGRect] = []
        var top: CGFloat = 0
        for index in 0..<40 {
            if index > 0 { top += index % 3 == 0 ? 10 : 4 }
            let height = items.sizes[items.ids[index]]!.height
            truth.append(CGRect(x: 0, y: top, width: 375, height: height))
            top += height
        }
        let frames = Self.frames(layout, 40)
        for index in 0..<40 {
            #expect(abs(frames[index].minY - truth[index].minY) < 1e-9, "row \(index): \(frames[index])")
            #expect(frames[index].size == truth[index].size, "row \(index)")
        }
        // The last group holds one row: the content ends at that row, not where a full group
        // of three would.
        #expect(abs(layout.collectionViewContentSize.height - top) < 1e-9)
        let queried = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 375, height: top)) ?? []
        #expect(queried.filter { $0.representedElementCategory == .cell }.count == 40)
        withExtendedLifetime((view, items)) {}
    }

    /// Items of several sections, each row its own height (a seeded random 20…120 pt).
    final class SectionedItems: CollectionViewDataSource {
        let heights: [[CGFloat]]
        init(counts: [Int], random: inout some RandomNumberGenerator) {
            heights = counts.map { count in
                (0..<count).map { _ in CGFloat(Double.random(in: 20...120, using: &random).rounded()) }
            }
        }
        func numberOfSections(in collectionView: CollectionView) -> Int { heights.count }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
            heights[section].count
        }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
            -> CollectionViewCell?
        {
            let cell = CollectionViewCell()
            let height = heights[indexPath.section][indexPath.item]
            cell.sizing = { _ in CGSize(width: 375, height: height) }
            return cell
        }
    }

    /// Sections that share a group (one section object for all, and two objects taking turns)
    /// each stack their own rows: a group's plan of which cell follows which is worked out once
    /// per template and reused, and no section takes another's heights. The truth is the rule
    /// row by row: a vertical group of `perGroup` estimated rows `within` apart, groups
    /// `between` apart, sections one after another.
    @Test func sectionsSharingAnEstimatedGroupEachStackTheirOwnRows() {
        func stacked(perGroup: Int, within: CGFloat, between: CGFloat) -> CollectionLayoutSection {
            let item = CollectionLayoutItem(
                layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(50)))
            let length = CGFloat(perGroup) * 50 + CGFloat(perGroup - 1) * within
            let group = CollectionLayoutGroup.vertical(
                layoutSize: CollectionLayoutSize(
                    widthDimension: .fractionalWidth(1), heightDimension: .estimated(length)),
                subitems: [item])
            group.interItemSpacing = .fixed(within)
            let section = CollectionLayoutSection(group: group)
            section.interGroupSpacing = between
            return section
        }
        let three = stacked(perGroup: 3, within: 4, between: 10)
        let two = stacked(perGroup: 2, within: 6, between: 3)
        var random = SeededRandom(seed: 0x60)
        let items = SectionedItems(counts: [7, 5, 8, 4], random: &random)
        for alternating in [false, true] {
            let layout = CompositionalLayout { index, _ in alternating && index % 2 == 1 ? two : three }
            let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 300), collectionViewLayout: layout)
            view.dataSource = items
            Self.scrollThrough(view)
            var top: CGFloat = 0
            for (section, heights) in items.heights.enumerated() {
                let (perGroup, within, between): (Int, CGFloat, CGFloat) =
                    alternating && section % 2 == 1 ? (2, 6, 3) : (3, 4, 10)
                for (item, height) in heights.enumerated() {
                    if item > 0 { top += item % perGroup == 0 ? between : within }
                    let frame = layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
                    #expect(
                        frame.map { abs($0.minY - top) < 1e-9 && $0.height == height } == true,
                        """
                        alternating \(alternating), section \(section), item \(item): \(String(describing: frame)), \
                        expected top \(top), height \(height)
                        """)
                    top += height
                }
            }
            #expect(abs(layout.collectionViewContentSize.height - top) < 1e-9, "alternating \(alternating)")
            withExtendedLifetime(view) {}
        }
    }

    /// A nested estimated group: two columns of two rows, then a full-width row under both. Each
    /// column stacks its own rows; the full-width row starts under the longer column; each group
    /// ends at its full-width row (the last, partial group at its longest column). The truth is
    /// that rule worked row by row.
    @Test func columnsInAnEstimatedGroupStackOnTheirOwn() {
        typealias Size = CollectionLayoutSize
        var random = SeededRandom(seed: 0x5F)
        let items = Items(count: 23, random: &random)
        let row = CollectionLayoutItem(
            layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .estimated(50)))
        let column = CollectionLayoutGroup.vertical(
            layoutSize: Size(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)),
            repeatingSubitem: row, count: 2)
        let pair = CollectionLayoutGroup.horizontal(
            layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .estimated(100)),
            subitems: [column, column])
        let wide = CollectionLayoutItem(
            layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)))
        let group = CollectionLayoutGroup.vertical(
            layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .estimated(144)),
            subitems: [pair, wide])
        let layout = CompositionalLayout(section: CollectionLayoutSection(group: group))
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 500), collectionViewLayout: layout)
        view.dataSource = items
        Self.scrollThrough(view)
        #expect(Set(items.asked) == Set(items.ids))
        func height(_ index: Int) -> CGFloat { items.sizes[items.ids[index]]!.height }
        var truth: [CGRect] = []
        var top: CGFloat = 0
        for first in stride(from: 0, to: 23, by: 5) {
            var ends: [CGFloat] = [top, top]
            for slot in 0..<min(5, 23 - first) {
                let index = first + slot
                if slot < 4 {
                    let column = slot / 2
                    truth.append(CGRect(x: CGFloat(column) * 150, y: ends[column], width: 150, height: height(index)))
                    ends[column] += height(index)
                } else {
                    truth.append(CGRect(x: 0, y: max(ends[0], ends[1]), width: 300, height: height(index)))
                    ends = [max(ends[0], ends[1]) + height(index), 0]
                }
            }
            top = max(ends[0], ends[1])
        }
        let frames = Self.frames(layout, 23)
        for index in 0..<23 {
            let (frame, expected) = (frames[index], truth[index])
            #expect(
                abs(frame.minY - expected.minY) < 1e-9 && abs(frame.minX - expected.minX) < 1e-9
                    && frame.size == expected.size, "item \(index): \(frame) against \(expected)")
        }
        #expect(abs(layout.collectionViewContentSize.height - top) < 1e-9)
        withExtendedLifetime((view, items)) {}
    }

    /// Estimated widths in an orthogonal section (a row of chips): each cell at the width its
    /// cell prefers, 8 apart after a leading inset of 16; the section's scroll view as wide as
    /// the chips, the spacing and the insets; and a fling that settles on a group boundary
    /// (`.continuousGroupLeadingBoundary`) rests with the group nearest its projection at the
    /// leading inset. The truth is the running sum of the preferred widths.
    @Test func estimatedWidthsInAnOrthogonalSection() throws {
        typealias Size = CollectionLayoutSize
        var random = SeededRandom(seed: 0x60)
        let items = Items(count: 20, random: &random)
        let chip = CollectionLayoutItem(
            layoutSize: Size(widthDimension: .estimated(80), heightDimension: .fractionalHeight(1)))
        let group = CollectionLayoutGroup.horizontal(
            layoutSize: Size(widthDimension: .estimated(80), heightDimension: .absolute(40)), subitems: [chip])
        let section = CollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = .continuousGroupLeadingBoundary
        section.interGroupSpacing = 8
        section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
        let layout = CompositionalLayout(section: section)
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 300), collectionViewLayout: layout)
        view.dataSource = items
        _ = view.visibleLayoutAttributes()
        let row = try #require(layout.orthogonalScrollView(forSection: 0))
        while row.contentOffset.x < row.contentSize.width - 375 {
            row.contentOffset = CGPoint(x: min(row.contentOffset.x + 200, row.contentSize.width - 375), y: 0)
            _ = view.visibleLayoutAttributes()
        }
        #expect(Set(items.asked) == Set(items.ids))
        func width(_ index: Int) -> CGFloat { items.sizes[items.ids[index]]!.width }
        var starts: [CGFloat] = []
        var x: CGFloat = 16
        for index in 0..<20 {
            starts.append(x)
            x += width(index) + 8
        }
        #expect(abs(row.contentSize.width - (x - 8 + 16)) < 1e-9)
        for index in 0..<20 {
            let frame = try #require(layout.layoutAttributesForItem(at: IndexPath(item: index, section: 0))?.frame)
            #expect(abs(frame.minX + row.contentOffset.x - starts[index]) < 1e-9, "chip \(index): \(frame)")
            #expect(frame.size == CGSize(width: width(index), height: 40), "chip \(index)")
        }
        // Flings projected to a few offsets rest with the nearest chip's start at the inset.
        let scroller = try #require(layout.orthogonalScrollers[0])
        for projected: CGFloat in [0, 37, 250, 611, 1000] {
            var target = CGPoint(x: projected, y: 0)
            scroller.scrollViewWillEndDragging(row, withVelocity: CGPoint(x: 1, y: 0), targetContentOffset: &target)
            let nearest = starts.min { abs($0 - 16 - projected) < abs($1 - 16 - projected) }!
            #expect(target.x == nearest - 16, "projected \(projected)")
        }
        withExtendedLifetime((view, items)) {}
    }
}
