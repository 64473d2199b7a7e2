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
}
