import Foundation
import KineticDynamics
import Testing

@testable import KineticLayout

/// Self-sizing cells (`FlowLayout.estimatedItemSize`): items are laid out at the estimate until
/// shown, then at their cells' preferred sizes. Checked against the truth: a layout of the true
/// sizes from a flow delegate, frame for frame; the count of cells asked (only what is shown);
/// and the screen positions of what is on screen while items above it are sized.
@Suite("Self-sizing cells")
struct SelfSizingTests {
    /// Items with true sizes their cells report, counting the cells asked for.
    final class Items: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
        var ids: [Int]
        var sizes: [Int: CGSize] = [:]
        /// The ids whose cells were asked for, in order.
        var asked: [Int] = []
        /// When set, a cell's preferred size grows every time it is asked (a bad cell).
        var unstable = false
        var asksLeft = Int.max
        init(count: Int, random: inout some RandomNumberGenerator) {
            ids = Array(0..<count)
            for id in ids { sizes[id] = Self.size(&random) }
        }
        static func size(_ random: inout some RandomNumberGenerator) -> CGSize {
            CGSize(
                width: Double.random(in: 40...200, using: &random).rounded(),
                height: Double.random(in: 20...120, using: &random).rounded())
        }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
            ids.count
        }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
            -> CollectionViewCell?
        {
            let id = ids[indexPath.item]
            asked.append(id)
            let cell = CollectionViewCell()
            let size = sizes[id]!
            var growth: CGFloat = 0
            let unstable = self.unstable
            cell.sizing = { _ in
                guard unstable else { return size }
                growth += 7
                return CGSize(width: size.width, height: size.height + growth)
            }
            return cell
        }
        func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
            ids.insert(ids.remove(at: source.item), at: destination.item)
        }
    }

    /// A flow delegate of the true sizes of the items given, the others at `estimate`: what a
    /// self-sizing layout must match once those items are sized.
    final class TrueSizes: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
        let sizes: [CGSize]
        init(_ sizes: [CGSize]) { self.sizes = sizes }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
            sizes.count
        }
        func collectionView(
            _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
            sizeForItemAt indexPath: IndexPath
        ) -> CGSize { sizes[indexPath.item] }
    }

    static let estimate = CGSize(width: 100, height: 50)

    static func makeView(_ items: Items, height: CGFloat = 667) -> (CollectionView, FlowLayout) {
        let layout = FlowLayout()
        layout.estimatedItemSize = estimate
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: height), collectionViewLayout: layout)
        view.dataSource = items
        view.delegate = items
        return (view, layout)
    }

    /// Every cell's frame, by item.
    static func frames(_ view: CollectionView) -> [Int: CGRect] {
        let size = view.collectionViewLayout.collectionViewContentSize
        let all =
            view.collectionViewLayout.layoutAttributesForElements(
                in: CGRect(x: -10, y: -10, width: size.width + 20, height: size.height + 20)) ?? []
        var frames: [Int: CGRect] = [:]
        for a in all where a.representedElementCategory == .cell { frames[a.indexPath.item] = a.frame }
        return frames
    }

    /// The frames a layout of true sizes gives, sized items at their sizes and the rest at the
    /// estimate.
    static func expectedFrames(_ items: Items, sized: Set<Int>) -> [Int: CGRect] {
        let sizes = items.ids.map { sized.contains($0) ? items.sizes[$0]! : estimate }
        let truth = TrueSizes(sizes)
        let view = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: FlowLayout())
        view.dataSource = truth
        view.delegate = truth
        return frames(view)
    }

    /// Scrolled through from top to bottom, every item is sized once, and the layout is then
    /// exactly the layout of the true sizes.
    @Test func scrollingThroughSizesEveryItemOnceAndMatchesTheTrueLayout() {
        var random = SeededRandom(seed: 0x55)
        let items = Items(count: 300, random: &random)
        let (view, _) = Self.makeView(items)
        #expect(Self.frames(view)[0]?.size == Self.estimate, "unshown items are laid out at the estimate")
        var offset: CGFloat = 0
        while true {
            view.contentOffset = CGPoint(x: 0, y: offset)
            _ = view.visibleLayoutAttributes()
            guard offset + view.bounds.height < view.contentSize.height else { break }
            offset += 200
        }
        #expect(Set(items.asked) == Set(items.ids), "every item shown was sized")
        #expect(items.asked.count == items.ids.count, "no item was asked twice")
        let (got, expected) = (Self.frames(view), Self.expectedFrames(items, sized: Set(items.ids)))
        let wrong = expected.filter { got[$0.key] != $0.value }.map(\.key).sorted()
        #expect(wrong.isEmpty, "frames differ from the true layout at \(wrong.prefix(5))")
    }

    /// 100 000 estimated items: showing the top and then the end sizes what is shown there, a
    /// few screenfuls, never the items between.
    @Test func onlyShownItemsAreSized() {
        var random = SeededRandom(seed: 0x56)
        let items = Items(count: 100_000, random: &random)
        let (view, _) = Self.makeView(items)
        _ = view.visibleLayoutAttributes()
        let atTop = items.asked.count
        // A screen of 667 pt holds at most 667 / 20 lines of 375 / 40 items.
        let screenful = (667 / 20 + 1) * (375 / 40)
        #expect(atTop > 0 && atTop <= 2 * screenful, "the first screen sized \(atTop)")
        // Sizing what is shown at the end may grow the content below the view: scroll to the end
        // again until the last item is shown.
        var shown = false
        for _ in 0..<4 where !shown {
            view.contentOffset = CGPoint(x: 0, y: view.contentSize.height - view.bounds.height)
            shown = view.visibleLayoutAttributes().contains { $0.indexPath.item == items.ids.count - 1 }
        }
        #expect(shown, "the end is in view")
        #expect(
            items.asked.count - atTop <= 2 * screenful, "the scroll to the end sized \(items.asked.count - atTop)")
        #expect(Set(items.asked).count == items.asked.count, "no item was asked twice")
    }

    /// Scrolling up into unsized items that are taller than the estimate: the offset moves by
    /// what the items above the first line in view gained, so every item that stays on screen
    /// moves by exactly the scroll and nothing jumps.
    @Test(arguments: [CGFloat(80), 30])
    func whatIsOnScreenDoesNotJumpWhenItemsAboveAreSized(height: CGFloat) {
        var random = SeededRandom(seed: 0x57)
        let items = Items(count: 2000, random: &random)
        for id in items.ids { items.sizes[id] = CGSize(width: 100, height: height) }
        let (view, _) = Self.makeView(items)
        view.contentOffset = CGPoint(x: 0, y: 20_000)
        _ = view.visibleLayoutAttributes()
        func onScreen() -> [Int: CGFloat] {
            var positions: [Int: CGFloat] = [:]
            for a in view.visibleLayoutAttributes() where a.representedElementCategory == .cell {
                positions[a.indexPath.item] = a.frame.minY - view.contentOffset.y
            }
            return positions
        }
        let before = onScreen()
        for step in 1...3 {
            let asked = items.asked.count
            view.contentOffset.y -= 150
            let after = onScreen()
            #expect(items.asked.count > asked, "step \(step) sized the items coming into view")
            let kept = before.keys.filter { after[$0] != nil && before[$0]! + 150 * CGFloat(step) < 600 }
            #expect(!kept.isEmpty)
            for item in kept {
                #expect(after[item] == before[item]! + 150 * CGFloat(step), "item \(item) jumped at step \(step)")
            }
        }
    }

    /// Sizes follow their items through batch updates (inserts, deletes, moves): sized items are
    /// not asked again, new ones are sized when shown, and the layout is the true one.
    @Test func sizesFollowTheirItemsThroughUpdates() throws {
        var random = SeededRandom(seed: 0x58)
        let items = Items(count: 40, random: &random)
        let (view, _) = Self.makeView(items, height: 4000)
        _ = view.visibleLayoutAttributes()
        #expect(Set(items.asked) == Set(items.ids))
        var next = 1000
        for _ in 0..<30 {
            items.asked = []
            let count = items.ids.count
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                let place = Int.random(in: 0...count, using: &random)
                next += 1
                items.sizes[next] = Items.size(&random)
                items.ids.insert(next, at: place)
                view.insertItems(at: [IndexPath(item: place, section: 0)])
                _ = view.visibleLayoutAttributes()
                #expect(items.asked == [next], "only the inserted item is sized")
            case 1 where count > 1:
                let place = Int.random(in: 0..<count, using: &random)
                items.ids.remove(at: place)
                view.deleteItems(at: [IndexPath(item: place, section: 0)])
                _ = view.visibleLayoutAttributes()
                #expect(items.asked.isEmpty)
            default:
                let (from, to) = (Int.random(in: 0..<count, using: &random), Int.random(in: 0..<count, using: &random))
                items.ids.insert(items.ids.remove(at: from), at: to)
                view.moveItem(at: IndexPath(item: from, section: 0), to: IndexPath(item: to, section: 0))
                _ = view.visibleLayoutAttributes()
                #expect(items.asked.isEmpty)
            }
            let (got, expected) = (Self.frames(view), Self.expectedFrames(items, sized: Set(items.ids)))
            #expect(got == expected, "after \(items.ids.count) items")
        }
        // An interactive movement carries the moved item's size to its new place.
        items.asked = []
        #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        let target = view.layoutAttributesForItem(at: IndexPath(item: items.ids.count - 1, section: 0))!.center
        view.updateInteractiveMovementTargetPosition(target)
        _ = view.visibleLayoutAttributes()
        view.endInteractiveMovement()
        _ = view.visibleLayoutAttributes()
        #expect(items.asked.isEmpty, "moved items keep their sizes")
        #expect(Self.frames(view) == Self.expectedFrames(items, sized: Set(items.ids)))
        // Reloading the data forgets every size.
        view.reloadData()
        _ = view.visibleLayoutAttributes()
        #expect(Set(items.asked) == Set(items.ids))
    }

    /// Sizes follow their items when sections move too: a batch that inserts a section before
    /// a section it also inserts an item into asks only for the new item (the sizes are carried
    /// by the section's number after the update, not before).
    @Test func sizesFollowTheirItemsWhenSectionsMove() throws {
        final class Sections: CollectionViewDataSource {
            var sections: [[Int]] = [Array(0..<8), Array(100..<108)]
            var asked: [Int] = []
            func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
                sections[section].count
            }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
                -> CollectionViewCell?
            {
                let id = sections[indexPath.section][indexPath.item]
                asked.append(id)
                let cell = CollectionViewCell()
                cell.sizing = { _ in CGSize(width: 60 + CGFloat(id % 7) * 10, height: 30 + CGFloat(id % 5) * 9) }
                return cell
            }
        }
        let data = Sections()
        let layout = FlowLayout()
        layout.estimatedItemSize = Self.estimate
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 4000), collectionViewLayout: layout)
        view.dataSource = data
        _ = view.visibleLayoutAttributes()
        #expect(Set(data.asked) == Set(data.sections.joined()))
        data.asked = []
        data.sections.insert([200], at: 0)
        data.sections[1].insert(300, at: 3)
        data.sections[2].remove(at: 0)
        try view.applyBatchUpdates {
            view.insertSections(IndexSet(integer: 0))
            view.insertItems(at: [IndexPath(item: 3, section: 1)])
            view.deleteItems(at: [IndexPath(item: 0, section: 1)])
        }
        _ = view.visibleLayoutAttributes()
        #expect(data.asked.sorted() == [200, 300], "asked \(data.asked)")
    }

    /// Bad input: a bad estimate is refused (logged, the last valid one kept); a cell that
    /// prefers NaN keeps the estimate; a cell whose preferred size changes every time it is asked
    /// is asked once, and the layout settles.
    @Test func badEstimatesAndPreferredSizesKeepAValidLayout() {
        var random = SeededRandom(seed: 0x59)
        let items = Items(count: 50, random: &random)
        let (view, layout) = Self.makeView(items)
        for bad in [
            CGSize(width: Double.nan, height: 50), CGSize(width: 100, height: Double.infinity),
            CGSize(width: -1, height: 50),
            CGSize(width: 0, height: 50), CGSize(width: 100, height: 0),
        ] {
            layout.estimatedItemSize = bad
            #expect(layout.estimatedItemSize == Self.estimate, "\(bad) was refused")
        }
        layout.estimatedItemSize = FlowLayout.automaticSize
        #expect(layout.estimatedItemSize == FlowLayout.automaticSize)
        #expect(Self.frames(view)[0]?.size == layout.itemSize, "automaticSize estimates with itemSize")

        items.sizes[3] = CGSize(width: Double.nan, height: 40)
        items.unstable = true
        _ = view.visibleLayoutAttributes()
        #expect(items.asked.count == items.ids.count, "each cell asked once: \(items.asked.count)")
        let settled = Self.frames(view)
        _ = view.visibleLayoutAttributes()
        #expect(Self.frames(view) == settled, "the layout settled")
        #expect(settled[3]?.size == layout.itemSize, "a NaN preference keeps the estimate")
        #expect(settled.values.allSatisfy { $0.origin.x.isFinite && $0.origin.y.isFinite && $0.width.isFinite })
    }

    /// Huge finite lengths (1e30, the largest double) count as `FlowLayout.maximumLength`
    /// (10⁹ pt), as every flow-layout length does, whether they come as the estimate or as a
    /// cell's preference: the layout stays finite, a huge item is that long, and no other line
    /// overlaps its line (the flow layout's rule: a line starts after the previous line's
    /// tallest item).
    @Test(arguments: [CGFloat(1e30), .greatestFiniteMagnitude])
    func hugeFiniteLengthsCountAsTheLargestLength(huge: CGFloat) {
        var random = SeededRandom(seed: 0x5A)
        let items = Items(count: 30, random: &random)
        let (view, layout) = Self.makeView(items)
        layout.estimatedItemSize = CGSize(width: 100, height: huge)
        #expect(layout.estimatedItemSize.height == huge, "a positive finite estimate is kept as set")
        let last = layout.layoutAttributesForItem(at: IndexPath(item: 29, section: 0))
        #expect(last?.frame.height == FlowLayout.maximumLength, "an unsized item at the estimate, counted as 10⁹")

        items.sizes[2] = CGSize(width: 120, height: huge)
        _ = view.visibleLayoutAttributes()
        #expect(Set(items.asked).isSuperset(of: [0, 1, 2]), "the first line was sized")
        let frames = Self.frames(view)
        #expect(frames.count == 30)
        #expect(frames[2]?.height == FlowLayout.maximumLength)
        #expect(frames[0]?.size == items.sizes[0], "a reasonable preference is kept as it is")
        #expect(
            frames.values.allSatisfy { $0.minX.isFinite && $0.minY.isFinite && $0.maxX.isFinite && $0.maxY.isFinite })
        let content = layout.collectionViewContentSize
        #expect(content.height.isFinite && content.height >= FlowLayout.maximumLength)
        // Items of one line are centred on it (UIKit's flow layout); any other item is wholly
        // before or after the huge item's line. (1 pt: the centring rounds to the pixel.)
        let huge = frames[2]!
        for (item, frame) in frames {
            let sameLine = abs(frame.midY - huge.midY) < 1
            #expect(sameLine || frame.minY >= huge.maxY || frame.maxY <= huge.minY, "item \(item) overlaps its line")
        }
    }

    /// A width change refits: every shown cell is asked again.
    @Test func aWidthChangeRefitsTheCells() {
        var random = SeededRandom(seed: 0x5A)
        let items = Items(count: 30, random: &random)
        let (view, _) = Self.makeView(items, height: 4000)
        _ = view.visibleLayoutAttributes()
        items.asked = []
        view.frame.size.width = 320
        _ = view.visibleLayoutAttributes()
        #expect(Set(items.asked) == Set(items.ids))
    }

    /// A diffable data source's cells size themselves: the cell provider's cell is the one asked.
    @Test func aDiffableDataSourcesCellsSizeThemselves() {
        let layout = FlowLayout()
        layout.estimatedItemSize = Self.estimate
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
        let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) { _, _, item in
            let cell = CollectionViewCell()
            cell.sizing = { proposed in CGSize(width: proposed.width, height: CGFloat(20 + item)) }
            return cell
        }
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<12))
        dataSource.apply(snapshot, animatingDifferences: false)
        _ = view.visibleLayoutAttributes()
        for item in 0..<12 {
            #expect(
                view.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.size.height == CGFloat(20 + item))
        }
    }
}
