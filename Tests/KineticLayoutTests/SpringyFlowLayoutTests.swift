import Foundation
import KineticDynamics
import Testing

@testable import KineticLayout

@MainActor
struct SpringyScene {
    let data: ArrayDataSource
    let layout = SpringyFlowLayout()
    let view: CollectionView
    /// A layout that never springs: the resting frames.
    let plain = FlowLayout()
    let plainView: CollectionView

    init(count: Int, direction: CollectionView.ScrollDirection = .vertical) {
        data = ArrayDataSource(count: count)
        layout.scrollDirection = direction
        plain.scrollDirection = direction
        let frame = CGRect(x: 0, y: 0, width: 400, height: 800)
        view = CollectionView(frame: frame, collectionViewLayout: layout)
        view.dataSource = data
        plainView = CollectionView(frame: frame, collectionViewLayout: plain)
        plainView.dataSource = data
        view.layoutIfNeeded()
    }

    func resting(_ indexPath: IndexPath) -> CGPoint {
        plainView.layoutIfNeeded()
        return plain.layoutAttributesForItem(at: indexPath)!.center
    }

    /// The cells whose resting frames meet the tiled rectangle, by brute force over every item.
    func expectedTiled() -> Set<IndexPath> {
        plainView.layoutIfNeeded()
        let rect = view.bounds.insetBy(dx: -layout.tilingMargin, dy: -layout.tilingMargin)
        var result = Set<IndexPath>()
        for item in 0..<data.sections[0].count {
            let indexPath = IndexPath(item: item, section: 0)
            if plain.layoutAttributesForItem(at: indexPath)!.frame.intersects(rect) { result.insert(indexPath) }
        }
        return result
    }

    func run(seconds: Double) {
        for _ in 0..<Int(seconds * 120) where layout.dynamicAnimator.isRunning {
            layout.dynamicAnimator.step(1.0 / 120)
            view.layoutIfNeeded()
        }
    }
}

@Suite("SpringyFlowLayout")
@MainActor
struct SpringyFlowLayoutTests {
    /// objc.io's rule: a scroll of Δ with the finger at t moves each sprung cell by
    /// Δ·min(1, (|t.x − a.x| + |t.y − a.y|) / 1500), a the cell's anchor. Checked right after the
    /// scroll (before any step) to 1e-9 pt, and shown to grow with distance from the finger.
    @Test(arguments: [CollectionView.ScrollDirection.vertical, .horizontal])
    func displacementGrowsWithDistanceFromTheTouch(direction: CollectionView.ScrollDirection) {
        let scene = SpringyScene(count: 2000, direction: direction)
        let touch = CGPoint(x: 100, y: 150)
        scene.layout.touchLocation = touch
        let delta: CGFloat = 24
        let before = scene.view.bounds
        scene.view.contentOffset = direction == .vertical ? CGPoint(x: 0, y: delta) : CGPoint(x: delta, y: 0)
        #expect(scene.view.bounds.origin != before.origin)

        var samples: [(distance: CGFloat, shift: CGFloat)] = []
        for item in 0..<400 {
            let indexPath = IndexPath(item: item, section: 0)
            // Cells tiled before the scroll were displaced by it; cells tiled by it start
            // displaced by the same rule. Cells without a spring rest where the flow puts them.
            guard let cell = scene.layout.layoutAttributesForItem(at: indexPath) else { continue }
            let anchor = scene.resting(indexPath)
            guard scene.layout.dynamicAnimator.layoutAttributesForCell(at: indexPath) != nil else {
                #expect(cell.center == anchor)
                continue
            }
            let distance = abs(touch.x - anchor.x) + abs(touch.y - anchor.y)
            let expected = delta * min(1, distance / 1500)
            let shift = direction == .vertical ? cell.center.y - anchor.y : cell.center.x - anchor.x
            let across = direction == .vertical ? cell.center.x - anchor.x : cell.center.y - anchor.y
            #expect(abs(shift - expected) < 1e-9, "item \(item) at distance \(distance)")
            #expect(across == 0)
            samples.append((distance, shift))
        }
        #expect(samples.count > 50)
        let sorted = samples.sorted { $0.distance < $1.distance }
        #expect(
            zip(sorted, sorted.dropFirst()).allSatisfy { $0.shift <= $1.shift + 1e-9 },
            "displacement grows with distance (ties equal to rounding)")
        #expect(sorted.first!.shift < sorted.last!.shift)
    }

    /// The springs pull every cell back to rest: after the animator pauses (spec: rest below
    /// 1 pt/s for 30 frames) each cell is within 0.5 pt of its flow-layout place.
    @Test func cellsSpringBackToTheirRestingPlaces() {
        let scene = SpringyScene(count: 500)
        scene.layout.touchLocation = CGPoint(x: 200, y: 100)
        for step in 1...10 {
            scene.view.contentOffset = CGPoint(x: 0, y: 8 * step)
            scene.layout.dynamicAnimator.step(1.0 / 120)
        }
        scene.layout.touchLocation = nil
        scene.run(seconds: 20)
        #expect(!scene.layout.dynamicAnimator.isRunning)
        for cell in scene.view.visibleLayoutAttributes() {
            let home = scene.resting(cell.indexPath)
            #expect(hypot(cell.center.x - home.x, cell.center.y - home.y) < 0.5)
        }
    }

    /// Only cells near the view carry springs, wherever the view is in 100 000 items: exactly the
    /// cells whose resting frames meet the visible rectangle grown by the tiling margin.
    @Test func onlyNearVisibleItemsCarryBehaviours() {
        let scene = SpringyScene(count: 100_000)
        for offset in [0.0, 3000, 250_000, 1_000_000] {
            scene.view.contentOffset = CGPoint(x: 0, y: offset)
            scene.view.layoutIfNeeded()
            let expected = scene.expectedTiled()
            #expect(scene.layout.springCount == expected.count)
            #expect(scene.layout.dynamicAnimator.behaviors.count == expected.count)
            var animated = Set<IndexPath>()
            scene.layout.dynamicAnimator.forEachItem {
                animated.insert(($0 as! CollectionViewLayoutAttributes).indexPath)
            }
            #expect(animated == expected)
        }
    }

    /// A data change rebuilds the springs for the new data; nothing refers to a deleted item.
    @Test func insertsAndDeletesKeepWorking() {
        let scene = SpringyScene(count: 300)
        scene.layout.touchLocation = CGPoint(x: 10, y: 10)
        scene.view.contentOffset = CGPoint(x: 0, y: 40)
        scene.data.sections[0] = Array(0..<20)
        scene.view.reloadData()
        scene.view.layoutIfNeeded()
        #expect(scene.layout.springCount == 20)
        let visible = scene.view.visibleLayoutAttributes()
        #expect(Set(visible.map(\.indexPath)).count == visible.count)
        #expect(visible.allSatisfy { $0.indexPath.item < 20 })
        scene.data.sections[0] = Array(0..<300)
        scene.view.reloadData()
        scene.view.layoutIfNeeded()
        #expect(scene.layout.springCount == scene.expectedTiled().count)
    }

    @Test func badParametersAreIgnored() {
        let layout = SpringyFlowLayout()
        layout.scrollResistanceDistance = 0
        layout.tilingMargin = .nan
        layout.scrollResistanceDistance = -.infinity
        #expect(layout.scrollResistanceDistance == 1500)
        #expect(layout.tilingMargin == 100)
    }

    /// A batch update in the middle of a wobble: every sprung cell keeps its displacement from
    /// its resting place (its spring and the cell moved to the item's new place together), so
    /// the wobble goes on; the deleted item's spring is gone; the animator still runs, and once
    /// it pauses every cell rests within 0.5 pt of where a plain flow layout puts it (the bound
    /// of `cellsSpringBackToTheirRestingPlaces`).
    @Test func aBatchUpdateRemapsTheSpringsAndTheWobbleGoesOn() throws {
        let scene = SpringyScene(count: 1000)
        scene.layout.touchLocation = CGPoint(x: 200, y: 100)
        for step in 1...10 {
            scene.view.contentOffset = CGPoint(x: 0, y: 8 * Double(step))
            scene.view.layoutIfNeeded()
        }
        scene.layout.touchLocation = nil
        scene.run(seconds: 0.05)
        #expect(scene.layout.dynamicAnimator.isRunning)
        // Each data item's displacement from its resting place, by identity, before the update.
        var before: [Int: CGVector] = [:]
        for attributes in scene.view.visibleLayoutAttributes() where attributes.representedElementCategory == .cell {
            let resting = scene.resting(attributes.indexPath)
            before[scene.data.sections[0][attributes.indexPath.item]] = CGVector(
                dx: attributes.center.x - resting.x, dy: attributes.center.y - resting.y)
        }
        #expect(before.values.filter { hypot($0.dx, $0.dy) > 1 }.count > 10, "a wobble in flight")
        // Delete item 3 (in view) and insert one at the top: the cells from 0 to 2 move a slot.
        let deleted = scene.data.sections[0].remove(at: 3)
        scene.data.sections[0].insert(-1, at: 0)
        try scene.view.applyBatchUpdates {
            scene.view.deleteItems(at: [IndexPath(item: 3, section: 0)])
            scene.view.insertItems(at: [IndexPath(item: 0, section: 0)])
        }
        #expect(scene.layout.dynamicAnimator.isRunning, "the wobble goes on")
        var kept = 0
        for attributes in scene.view.visibleLayoutAttributes() where attributes.representedElementCategory == .cell {
            let id = scene.data.sections[0][attributes.indexPath.item]
            #expect(id != deleted)
            guard let old = before[id] else { continue }
            let resting = scene.resting(attributes.indexPath)
            let now = CGVector(dx: attributes.center.x - resting.x, dy: attributes.center.y - resting.y)
            #expect(abs(now.dx - old.dx) < 1e-9 && abs(now.dy - old.dy) < 1e-9, "item \(id): \(old) became \(now)")
            kept += 1
        }
        #expect(kept > 50)
        scene.run(seconds: 20)
        #expect(!scene.layout.dynamicAnimator.isRunning)
        for attributes in scene.view.visibleLayoutAttributes() where attributes.representedElementCategory == .cell {
            let resting = scene.resting(attributes.indexPath)
            #expect(hypot(attributes.center.x - resting.x, attributes.center.y - resting.y) < 0.5)
        }
    }
}
