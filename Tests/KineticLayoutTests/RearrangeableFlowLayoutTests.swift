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
    func targetIndexPath(forMoveFrom current: IndexPath, toProposed proposed: IndexPath) -> IndexPath? { retarget(current, proposed) }
    func willBeginDragging(at indexPaths: [IndexPath]) { events.append("willBegin") }
    func didBeginDragging(at indexPaths: [IndexPath]) { events.append("didBegin") }
    func willEndDragging(at indexPaths: [IndexPath]) { events.append("willEnd") }
    func didEndDragging(at indexPaths: [IndexPath], cancelled: Bool) { events.append(cancelled ? "didCancel" : "didEnd") }

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

/// SplitMix64: a seeded generator so random sequences are reproducible.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("Reorder moves")
struct ReorderMovesTests {
    /// The moves, applied one by one as remove-then-insert, give exactly the arrangement built
    /// directly: the items taken out, then put at their destinations in ascending order.
    @Test func relocatingMatchesDirectConstruction() {
        var random = SplitMix64(state: 7)
        for _ in 0..<500 {
            let counts = (0..<Int.random(in: 1...4, using: &random)).map { _ in Int.random(in: 0...6, using: &random) }
            var next = 0
            let start: [[Int]] = counts.map { c in defer { next += c }; return Array(next..<(next + c)) }
            let all = start.enumerated().flatMap { s, items in items.indices.map { IndexPath(item: $0, section: s) } }
            guard !all.isEmpty else { continue }
            let sources = Array(all.shuffled(using: &random).prefix(Int.random(in: 1...all.count, using: &random))).sorted()
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
                    if from <= expected[s].count { options += (from...expected[s].count).map { IndexPath(item: $0, section: s) } }
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
        var random = SplitMix64(state: 42)
        let scene = ReorderScene(sections: [Array(0..<300)])
        for _ in 0..<60 {
            let before = scene.data.sections
            let offset = scene.view.contentOffset
            let start = CGPoint(x: Double.random(in: 0..<400, using: &random), y: offset.y + Double.random(in: 0..<800, using: &random))
            guard scene.layout.beginDragging(at: start) else { continue }
            for _ in 0..<Int.random(in: 1...30, using: &random) {
                let point = CGPoint(x: Double.random(in: -20..<420, using: &random), y: scene.view.contentOffset.y + Double.random(in: -20..<820, using: &random))
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
        #expect(settled >= still && abs((settled + 40).truncatingRemainder(dividingBy: page)) < 1e-6, "the running turn finishes on a page")
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
}
