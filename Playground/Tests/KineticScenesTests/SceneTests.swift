import Foundation
import Testing

@testable import KineticScenes

@Suite("Built-in scenes")
struct SceneTests {
    /// Every scene runs two seconds without a non-finite value.
    @Test(arguments: SceneName.allCases.filter { $0 != .seedDrag && $0 != .springy })
    func sceneRunsFinite(name: SceneName) {
        let scene = name.make()
        for frame in 1...120 { scene.advance(to: Double(frame) / 60, dt: 1.0 / 60) }
        #expect(scene.items.allSatisfy { $0.center.x.isFinite && $0.center.y.isFinite && $0.angle.isFinite })
    }

    /// Seed 000's layout: 1000 cells of 50 pt in 6 justified columns across 375 pt (gap 15 pt)
    /// and 167 rows 60 pt apart, as UICollectionViewFlowLayout's defaults place them.
    @Test func seedDragGridIsTheFlowLayoutDefault() {
        let scene = SeedDragScene()
        #expect(scene.items.count == 1000)
        #expect(scene.items[0].center == CGPoint(x: 25, y: 25))
        #expect(scene.items[5].center == CGPoint(x: 350, y: 25))
        #expect(scene.items[6].center == CGPoint(x: 25, y: 85))
        #expect(scene.gridCentre == CGPoint(x: 187.5, y: (167 * 50 + 166 * 10) / 2))
        #expect(scene.finger(at: 0.5) == CGPoint(x: 187.5 + 200, y: scene.gridCentre.y + 100 * sin(Double.pi)))
    }

    /// With the finger on its Lissajous path, the cells trail it: after one full period (2 s)
    /// the finger is back at the centre and the grid, springing back, stays finite and within
    /// the path's reach of its start (200 pt plus a spring overshoot).
    @Test func seedDragFollowsTheFinger() {
        let scene = SeedDragScene(cellCount: 60)
        let start = scene.items.map(\.center)
        var farthest = 0.0
        for frame in 1...240 {
            scene.advance(to: Double(frame) / 120, dt: 1.0 / 120)
            farthest = max(farthest, Double(scene.items[0].center.x - start[0].x))
        }
        #expect(farthest > 150, "cells followed the finger's 200 pt swing")
        for (item, origin) in zip(scene.items, start) {
            #expect(hypot(item.center.x - origin.x, item.center.y - origin.y) < 250)
        }
    }

    /// The springy scroll: the cost follows the visible count. Wherever the content is, the
    /// springs are exactly the cells near the view (at most the tiled rectangle's lines, 4 cells
    /// of 80 pt + 10 pt per line), and the visible query answers a screenful, all finite.
    @Test func springyScrollKeepsSpringsNearTheView() {
        let scene = SpringyScrollScene(count: 100_000)
        for frame in 1...120 { scene.advance(to: Double(frame) / 120, dt: 1.0 / 120) }
        let tiledLines = Int(((844 + 2 * scene.layout.tilingMargin) / 90).rounded(.up)) + 1
        #expect(scene.layout.springCount <= 4 * tiledLines)
        #expect(scene.layout.springCount >= 4 * (tiledLines - 2))
        #expect(scene.visibleCount >= 4 * 9)
        let visible = scene.view.visibleLayoutAttributes()
        #expect(visible.allSatisfy { $0.center.x.isFinite && $0.center.y.isFinite })
    }
}

/// `kinetic bench reorder`'s scene does what it says: each frame moves the lifted item one slot
/// and back, the data stays a permutation, and the view shows the moved item where the data has
/// it, at a million items as at a thousand.
@Suite("Reorder bench scene")
struct ReorderBenchSceneTests {
    @Test(arguments: [1_000, 1_000_000])
    func eachFrameMovesTheLiftedItemOneSlot(count: Int) throws {
        let scene = ReorderScene(count: count)
        let lifted = try #require(scene.layout.draggedIndexPaths.first)
        let number = scene.data.items[lifted.item]
        scene.advance(to: 1.0 / 120, dt: 1.0 / 120)
        let moved = try #require(scene.layout.draggedIndexPaths.first)
        #expect(moved.item == lifted.item + 1 && scene.data.items[moved.item] == number)
        #expect(scene.data.items[lifted.item] == number + 1, "the neighbour took the lifted item's slot")
        #expect(scene.visibleCount > 60)
        scene.advance(to: 2.0 / 120, dt: 1.0 / 120)
        #expect(scene.layout.draggedIndexPaths.first == lifted)
        #expect(scene.data.items[lifted.item] == number && scene.data.items[lifted.item + 1] == number + 1)
        #expect(scene.view.numberOfItems(inSection: 0) == count)
    }
}

/// Every path of `kinetic bench reorder` does what it is named for: the lifted item changes slot
/// on every step (edge auto-scroll: every few, once it has ramped up), and the data stays a
/// permutation that the view shows.
@Suite("Reorder bench paths")
struct ReorderBenchPathTests {
    @Test(arguments: ReorderScene.Path.allCases)
    func eachStepMovesTheLiftedItem(path: ReorderScene.Path) throws {
        // Sections of 1000: three of them.
        let count = path == .sections ? 3_000 : 1_000
        let scene = ReorderScene(count: count, path: path)
        var previous = try #require(scene.liftedItem)
        var moves = 0
        let frames = path == .autoscroll ? 120 : 20
        for _ in 0..<frames {
            scene.prepareStep()
            scene.step()
            let now = try #require(scene.liftedItem)
            if now != previous { moves += 1 }
            previous = now
            #expect(scene.visibleCount > 50)
        }
        #expect(path == .autoscroll ? moves > 5 : moves == frames, "\(path): \(moves) moves in \(frames) steps")
        let numbers =
            scene.diffable?.snapshot().itemIdentifiers ?? scene.sectioned?.sections.flatMap { $0 } ?? scene.data.items
        #expect(numbers.sorted() == Array(0..<count))
        let view = scene.view
        #expect((0..<view.numberOfSections).map { view.numberOfItems(inSection: $0) }.reduce(0, +) == count)
    }
}
