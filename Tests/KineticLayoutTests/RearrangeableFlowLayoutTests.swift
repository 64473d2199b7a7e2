import Foundation
import KineticDynamics
import Testing

@testable import KineticLayout

/// A reorderable data source: the model the layout must keep a permutation of.
final class ReorderData: ArrayDataSourceBase, RearrangeableFlowLayoutDelegate {
    var canMove: (IndexPath) -> Bool = { _ in true }
    var retarget: (IndexPath, IndexPath) -> IndexPath? = { $1 }
    var events: [String] = []
    var moveCount = 0

    func moveDataItem(from source: IndexPath, to destination: IndexPath) {
        moveCount += 1
        let item = sections[source.section].remove(at: source.item)
        sections[destination.section].insert(item, at: destination.item)
    }
    func canMoveItem(at indexPath: IndexPath) -> Bool { canMove(indexPath) }
    func targetIndexPath(forMoveFrom current: IndexPath, toProposed proposed: IndexPath) -> IndexPath? {
        retarget(current, proposed)
    }
    func willBeginDragging(at indexPaths: [IndexPath]) { events.append("willBegin") }
    func didBeginDragging(at indexPaths: [IndexPath]) { events.append("didBegin") }
    func willEndDragging(at indexPaths: [IndexPath]) { events.append("willEnd") }
    func didEndDragging(at indexPaths: [IndexPath], cancelled: Bool) {
        events.append(cancelled ? "didCancel" : "didEnd")
    }

    /// Every identity exactly once.
    var isPermutation: Bool {
        let all = sections.flatMap { $0 }
        return all.sorted() == Array(0..<all.count)
    }
}

@MainActor
struct ReorderScene {
    let data: ReorderData
    let layout = RearrangeableFlowLayout()
    let view: CollectionView

    init(sections: [[Int]], size: CGSize = CGSize(width: 400, height: 800)) {
        data = ReorderData(sections: sections)
        layout.delegate = data
        view = CollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
        view.dataSource = data
        view.layoutIfNeeded()
    }

    func center(_ indexPath: IndexPath) -> CGPoint {
        view.layoutIfNeeded()
        let frame = layout.layoutAttributesForItem(at: indexPath)!.frame
        return CGPoint(x: frame.midX, y: frame.midY)
    }
}

@Suite("Reorder moves")
struct ReorderMovesTests {
    /// The moves, applied one by one as remove-then-insert, give exactly the arrangement built
    /// directly: the items taken out, then put at their destinations in ascending order.
    @Test func relocatingMatchesDirectConstruction() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<500 {
            let counts = (0..<Int.random(in: 1...4, using: &random)).map { _ in Int.random(in: 0...6, using: &random) }
            var next = 0
            let start: [[Int]] = counts.map { c in
                defer { next += c }
                return Array(next..<(next + c))
            }
            let all = start.enumerated().flatMap { s, items in items.indices.map { IndexPath(item: $0, section: s) } }
            guard !all.isEmpty else { continue }
            let sources = Array(all.shuffled(using: &random).prefix(Int.random(in: 1...all.count, using: &random)))
                .sorted()
            // Expected: remove the sources, then insert them at random valid ascending places.
            var expected = start
            let moved = sources.map { start[$0.section][$0.item] }
            for source in sources.reversed() { expected[source.section].remove(at: source.item) }
            var destinations: [IndexPath] = []
            for identity in moved {
                let lower = destinations.last
                var options: [IndexPath] = []
                for s in expected.indices where lower == nil || s >= lower!.section {
                    let from = lower != nil && s == lower!.section ? lower!.item + 1 : 0
                    if from <= expected[s].count {
                        options += (from...expected[s].count).map { IndexPath(item: $0, section: s) }
                    }
                }
                let destination = options.randomElement(using: &random)!
                expected[destination.section].insert(identity, at: destination.item)
                destinations.append(destination)
            }
            var model = start
            for move in ReorderMoves.relocating(sources, to: destinations, counts: counts) {
                let identity = model[move.from.section].remove(at: move.from.item)
                model[move.to.section].insert(identity, at: move.to.item)
            }
            #expect(model == expected, "sources \(sources) → \(destinations) in \(counts)")
        }
    }
}

@Suite("RearrangeableFlowLayout (seed 003)")
@MainActor
struct RearrangeableFlowLayoutTests {
    @Test func liftKeepsTheGrabOffsetAndHidesTheSlot() {
        let scene = ReorderScene(sections: [Array(0..<40)])
        let cell = scene.center(IndexPath(item: 2, section: 0))
        let grab = CGPoint(x: cell.x + 11, y: cell.y - 7)
        #expect(scene.layout.beginDragging(at: grab))
        #expect(scene.data.events == ["willBegin", "didBegin"])
        let finger = CGPoint(x: grab.x + 3, y: grab.y + 5)
        scene.layout.updateDragging(to: finger)
        let representation = scene.layout.representation!
        #expect(representation.center == CGPoint(x: finger.x - 11, y: finger.y + 7))
        let visible = scene.view.visibleLayoutAttributes()
        #expect(visible.filter { $0.indexPath == IndexPath(item: 2, section: 0) && $0.isHidden }.count == 1)
        #expect(visible.contains { $0 === representation })
    }

    /// Hovering one cell forward: the dragged item takes that cell's place once its trailing…
    /// leading edge passes the cell's centre, and the data shows the single move.
    @Test func hoveringMovesTheItemThereAndEndKeepsIt() {
        let scene = ReorderScene(sections: [Array(0..<40)])
        let from = scene.center(IndexPath(item: 0, section: 0))
        let target = scene.center(IndexPath(item: 3, section: 0))
        scene.layout.beginDragging(at: from)
        scene.layout.updateDragging(to: target)
        #expect(scene.data.sections[0].prefix(5) == [1, 2, 3, 0, 4])
        #expect(scene.layout.draggedIndexPaths == [IndexPath(item: 3, section: 0)])
        scene.layout.endDragging()
        #expect(!scene.layout.isDragging)
        #expect(scene.data.sections[0].prefix(5) == [1, 2, 3, 0, 4])
        #expect(scene.data.events.suffix(2) == ["willEnd", "didEnd"])
        #expect(scene.view.visibleLayoutAttributes().allSatisfy { !$0.isHidden })
    }

    /// Random drags, hovers, auto-scroll frames, ends and cancels: the data is always a
    /// permutation; a cancel gives back exactly the order at the drag's start.
    @Test func randomGesturesKeepThePermutationAndCancelRestores() {
        var random = SeededRandom(seed: 42)
        let scene = ReorderScene(sections: [Array(0..<300)])
        for _ in 0..<60 {
            let before = scene.data.sections
            let offset = scene.view.contentOffset
            let start = CGPoint(
                x: Double.random(in: 0..<400, using: &random), y: offset.y + Double.random(in: 0..<800, using: &random))
            guard scene.layout.beginDragging(at: start) else { continue }
            for _ in 0..<Int.random(in: 1...30, using: &random) {
                let point = CGPoint(
                    x: Double.random(in: -20..<420, using: &random),
                    y: scene.view.contentOffset.y + Double.random(in: -20..<820, using: &random))
                scene.layout.updateDragging(to: point)
                for _ in 0..<Int.random(in: 0...5, using: &random) { scene.layout.step(1.0 / 120) }
                #expect(scene.data.isPermutation)
                #expect(scene.view.numberOfItems(inSection: 0) == 300)
            }
            if Bool.random(using: &random) {
                scene.layout.cancelDragging()
                #expect(scene.data.sections == before, "cancel restores the original order")
            } else {
                scene.layout.endDragging()
            }
            #expect(scene.data.isPermutation)
        }
    }

    /// Continuous auto-scroll with the finger held in the bottom zone reaches the end of
    /// 10 000 items, never passes the scrollable range, and takes the item along.
    @Test func autoScrollReachesTheEndOfTenThousandItems() {
        let scene = ReorderScene(sections: [Array(0..<10_000)])
        let grab = scene.center(IndexPath(item: 0, section: 0))
        #expect(scene.layout.beginDragging(at: grab))
        let maxOffset = scene.view.contentSize.height - 800
        // At the bottom edge, full depth: the speed ramps to 1500 pt/s in 0.5 s.
        var frames = 0
        let limit = Int((maxOffset / 1500 + 2) * 120)
        while scene.view.contentOffset.y < maxOffset, frames < limit {
            scene.layout.updateDragging(to: CGPoint(x: 30, y: scene.view.contentOffset.y + 800))
            scene.layout.step(1.0 / 120)
            frames += 1
            #expect(scene.view.contentOffset.y <= maxOffset)
        }
        #expect(scene.view.contentOffset.y == maxOffset)
        // Distance / full speed + half the ramp (the linear ramp loses 0.25 s), within 2 frames.
        let expected = (maxOffset / 1500 + 0.25) * 120
        #expect(abs(Double(frames) - expected) <= 2)
        #expect(scene.data.isPermutation)
        let moved = scene.layout.draggedIndexPaths[0].item
        #expect(moved > 9_900, "the dragged item travelled with the scroll (now at \(moved))")
    }

    /// Paging turns one page (the visible length inside the insets) at a time and repeats while
    /// held: pageTurnDuration 0.3 s + pageRepeatInterval 0.5 s per page.
    @Test func pagingTurnsAPageAtATimeWhileHeld() {
        let scene = ReorderScene(sections: [Array(0..<2000)])
        scene.layout.autoScroll.mode = .paging
        scene.view.contentInset = EdgeInsets(top: 40, left: 0, bottom: 60, right: 0)
        scene.view.contentOffset = CGPoint(x: 0, y: -40)
        let grab = scene.center(IndexPath(item: 0, section: 0))
        #expect(scene.layout.beginDragging(at: grab))
        // The bottom zone ends at the bottom inset: 800 − 60 = 740.
        for _ in 0..<Int(2.5 * 120) {
            scene.layout.updateDragging(to: CGPoint(x: 30, y: scene.view.contentOffset.y + 730))
            scene.layout.step(1.0 / 120)
        }
        let page: CGFloat = 800 - 40 - 60
        // In 2.5 s: turns start at 0, 0.8, 1.6, 2.4 s; three complete, the fourth under way.
        let y = scene.view.contentOffset.y
        #expect(y > -40 + 3 * page && y < -40 + 4 * page)
        // Finger in the middle: no turn starts.
        let still = scene.view.contentOffset.y
        for _ in 0..<120 {
            scene.layout.updateDragging(to: CGPoint(x: 30, y: scene.view.contentOffset.y + 400))
            scene.layout.step(1.0 / 120)
        }
        let settled = scene.view.contentOffset.y
        #expect(
            settled >= still && abs((settled + 40).truncatingRemainder(dividingBy: page)) < 1e-6,
            "the running turn finishes on a page")
    }

    @Test func refusalsAndBadInput() {
        let scene = ReorderScene(sections: [Array(0..<40)])
        scene.data.canMove = { $0.item != 1 }
        #expect(!scene.layout.beginDragging(at: scene.center(IndexPath(item: 1, section: 0))))
        #expect(!scene.layout.beginDragging(at: CGPoint(x: Double.nan, y: 0)))
        #expect(!scene.layout.beginDragging(at: CGPoint(x: -500, y: -500)))
        // The delegate refuses every target: hovering changes nothing.
        scene.data.retarget = { _, _ in nil }
        #expect(scene.layout.beginDragging(at: scene.center(IndexPath(item: 0, section: 0))))
        #expect(!scene.layout.beginDragging(at: scene.center(IndexPath(item: 5, section: 0))), "one drag at a time")
        scene.layout.updateDragging(to: scene.center(IndexPath(item: 20, section: 0)))
        scene.layout.updateDragging(to: CGPoint(x: Double.infinity, y: 3))
        scene.layout.step(.nan)
        #expect(scene.data.sections[0] == Array(0..<40))
        scene.layout.endDragging()
    }

    /// A reload during a drag ends it as cancelled, leaving the data as it is.
    @Test func aReloadDuringADragEndsIt() {
        let scene = ReorderScene(sections: [Array(0..<40)])
        scene.layout.beginDragging(at: scene.center(IndexPath(item: 0, section: 0)))
        scene.layout.updateDragging(to: scene.center(IndexPath(item: 2, section: 0)))
        scene.data.sections[0].removeAll { $0 == 0 }
        scene.view.reloadData()
        #expect(!scene.layout.isDragging)
        #expect(scene.data.events.suffix(2) == ["willEnd", "didCancel"])
        #expect(scene.view.visibleLayoutAttributes().allSatisfy { !$0.isHidden })
    }

    /// Several selected items are lifted together: they gather into one block where the pressed
    /// one is (others taken out, the pressed item keeps its place among the rest), travel as a
    /// block, and cancel puts each back.
    @Test func selectedItemsMoveTogether() {
        let scene = ReorderScene(sections: [Array(0..<30)])
        scene.view.allowsMultipleSelection = true
        for item in [2, 5, 9] {
            scene.view.selectItem(at: IndexPath(item: item, section: 0), animated: false, scrollPosition: [])
        }
        let original = scene.data.sections
        #expect(scene.layout.beginDragging(at: scene.center(IndexPath(item: 5, section: 0))))
        // Without 2 and 9, item 5 is at index 4; the block [2, 5, 9] starts at 3.
        #expect(Array(scene.data.sections[0].prefix(8)) == [0, 1, 3, 2, 5, 9, 4, 6])
        #expect(scene.layout.draggedIndexPaths == (3...5).map { IndexPath(item: $0, section: 0) })
        scene.layout.updateDragging(to: scene.center(IndexPath(item: 20, section: 0)))
        let moved = scene.data.sections[0]
        let start = moved.firstIndex(of: 2)!
        #expect(Array(moved[start..<(start + 3)]) == [2, 5, 9], "the block stays together, in order")
        #expect(start > 3 && scene.data.isPermutation)
        scene.layout.cancelDragging()
        #expect(scene.data.sections == original)
        #expect(
            scene.view.indexPathsForSelectedItems == [2, 5, 9].map { IndexPath(item: $0, section: 0) },
            "selection follows the items home")
    }

    /// Across sections and into an empty one: hovering over an empty section's header takes the
    /// item there; hovering a cell of another section inserts before it.
    @Test func acrossSectionsAndIntoAnEmptySection() {
        let scene = ReorderScene(sections: [Array(0..<6), [], Array(6..<12)])
        scene.layout.headerReferenceSize = CGSize(width: 0, height: 40)
        scene.view.layoutIfNeeded()
        let header = scene.layout.layoutAttributesForSupplementaryView(
            ofKind: CollectionElementKind.sectionHeader, at: IndexPath(item: 0, section: 1))!.frame
        #expect(scene.layout.beginDragging(at: scene.center(IndexPath(item: 1, section: 0))))
        scene.layout.updateDragging(to: CGPoint(x: header.midX, y: header.midY))
        #expect(scene.data.sections == [[0, 2, 3, 4, 5], [1], Array(6..<12)])
        #expect(scene.layout.draggedIndexPaths == [IndexPath(item: 0, section: 1)])
        let target = scene.center(IndexPath(item: 2, section: 2))
        scene.layout.updateDragging(to: target)
        #expect(scene.data.sections == [[0, 2, 3, 4, 5], [], [6, 7, 1, 8, 9, 10, 11]])
        scene.layout.endDragging()
        #expect(scene.view.numberOfItems(inSection: 1) == 0 && scene.view.numberOfItems(inSection: 2) == 7)
    }

    /// Cells of different sizes never swap back and forth: with a finger that holds still after a
    /// swap nothing else moves, and a finger sweeping steadily forward only ever moves the item
    /// forward (the leading-edge rule: swapping back would need the opposite edge past the other
    /// cell's centre at the same time).
    @Test(arguments: [CollectionView.ScrollDirection.vertical, .horizontal])
    func differentSizesDoNotOscillate(direction: CollectionView.ScrollDirection) {
        let scene = ReorderScene(sections: [Array(0..<40)])
        let sizes = IdentitySizes(data: scene.data) {
            $0 % 2 == 0 ? CGSize(width: 40, height: 40) : CGSize(width: 130, height: 90)
        }
        scene.view.delegate = sizes
        scene.layout.scrollDirection = direction
        scene.view.layoutIfNeeded()
        let start = scene.center(IndexPath(item: 0, section: 0))
        #expect(scene.layout.beginDragging(at: start))
        var lastIndex = 0
        var point = start
        for _ in 0..<400 {
            // Along each line, then on to the next: lines are 90 + 10 pt apart vertically, 130 + 10 horizontally.
            if direction == .vertical {
                point.x += 1.5
                if point.x > 390 {
                    point.x = 10
                    point.y += 100
                }
            } else {
                point.y += 1.5
                if point.y > 790 {
                    point.y = 10
                    point.x += 140
                }
            }
            scene.layout.updateDragging(to: point)
            let index = scene.layout.draggedIndexPaths[0].item
            #expect(index >= lastIndex, "moved backward from \(lastIndex) to \(index) at \(point)")
            lastIndex = index
            // Holding still: further updates at the same point change nothing.
            let moves = scene.data.moveCount
            for _ in 0..<3 { scene.layout.updateDragging(to: point) }
            #expect(scene.data.moveCount == moves)
        }
        #expect(lastIndex > 3, "the sweep carried the item along")
        #expect(scene.data.isPermutation)
        scene.layout.endDragging()
    }

    /// A batch update from elsewhere that deletes the dragged item ends the drag as cancelled;
    /// the remaining items are all there once.
    @Test func deletingTheDraggedItemEndsTheDrag() {
        let scene = ReorderScene(sections: [Array(0..<20)])
        scene.layout.beginDragging(at: scene.center(IndexPath(item: 0, section: 0)))
        scene.layout.updateDragging(to: scene.center(IndexPath(item: 4, section: 0)))
        let dragged = scene.layout.draggedIndexPaths[0]
        let identity = scene.data.sections[0][dragged.item]
        scene.data.sections[0].remove(at: dragged.item)
        scene.view.deleteItems(at: [dragged])
        #expect(!scene.layout.isDragging)
        #expect(scene.data.events.suffix(2) == ["willEnd", "didCancel"])
        #expect(Set(scene.data.sections[0]) == Set(0..<20).subtracting([identity]))
        #expect(scene.view.visibleLayoutAttributes().allSatisfy { !$0.isHidden })
    }
}

/// Sizes that belong to items, not places: they travel with the data as it is reordered.
final class IdentitySizes: CollectionViewDelegateFlowLayout {
    let data: ReorderData
    let size: (Int) -> CGSize
    init(data: ReorderData, size: @escaping (Int) -> CGSize) {
        self.data = data
        self.size = size
    }
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        size(data.sections[indexPath.section][indexPath.item])
    }
}
