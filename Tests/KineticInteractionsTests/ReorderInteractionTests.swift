import Foundation
import KineticDynamics
import KineticGestures
import KineticLayout
import Testing

@testable import KineticInteractions

/// Numbered cells that a reorder moves.
final class Numbers: CollectionViewDataSource, RearrangeableFlowLayoutDelegate {
    var items: [Int]
    init(count: Int) { items = Array(0..<count) }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
    func moveDataItem(from source: IndexPath, to destination: IndexPath) {
        items.insert(items.remove(at: source.item), at: destination.item)
    }
}

@MainActor
struct ReorderScene {
    let clock = ManualClock()
    let arena: GestureArena
    let data = Numbers(count: 40)
    let layout = RearrangeableFlowLayout()
    let view: CollectionView
    let reorder: ReorderInteraction
    var time: TimeInterval = 0

    init() {
        arena = GestureArena(clock: clock)
        layout.delegate = data
        view = CollectionView(frame: CGRect(x: 0, y: 0, width: 400, height: 800), collectionViewLayout: layout)
        view.dataSource = data
        view.layoutIfNeeded()
        reorder = ReorderInteraction(collectionView: view, clock: clock)!
        reorder.install(in: arena)
    }

    func center(_ item: Int) -> CGPoint {
        let f = layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.frame
        return CGPoint(x: f.midX - view.contentOffset.x, y: f.midY - view.contentOffset.y)
    }

    mutating func frame(_ touches: [Touch] = []) {
        time += 1.0 / 120
        clock.sleep(until: time)
        let stamped = touches.map { Touch(id: $0.id, phase: $0.phase, location: $0.location, timestamp: time) }
        if !stamped.isEmpty { arena.handle(stamped) }
        arena.advance(to: time)  // advances the reorder, installed in it
        view.layoutIfNeeded()
    }

    /// Press at `start`, hold past the long press's 0.5 s, then slide to `end` in 30 frames.
    mutating func pressAndSlide(from start: CGPoint, to end: CGPoint) {
        frame([Touch(id: 1, phase: .began, location: start, timestamp: 0)])
        for _ in 0..<66 { frame() }
        for i in 1...30 {
            let t = Double(i) / 30
            frame([
                Touch(
                    id: 1, phase: .moved,
                    location: CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t),
                    timestamp: 0)
            ])
        }
    }
}

@Suite("Reorder interaction (seed 003)")
@MainActor
struct ReorderInteractionTests {
    /// Long press (0.5 s), slide over the fourth cell, release: the data shows the one move, the
    /// dropped cell settles from the finger into its slot and is then drawn from the slot.
    @Test func longPressSlideAndDrop() {
        var scene = ReorderScene()
        // Released 15 pt right and 10 pt below the slot's centre, so there is a way to settle.
        let target = CGPoint(x: scene.center(3).x + 15, y: scene.center(3).y + 10)
        scene.pressAndSlide(from: scene.center(0), to: target)
        #expect(scene.layout.isDragging)
        #expect(Array(scene.data.items.prefix(5)) == [1, 2, 3, 0, 4])
        scene.frame([Touch(id: 1, phase: .ended, location: target, timestamp: 0)])
        #expect(!scene.layout.isDragging)
        #expect(scene.layout.settlingIndexPaths == [IndexPath(item: 3, section: 0)])
        let settling = scene.view.visibleLayoutAttributes().filter { $0.indexPath.item == 3 }
        #expect(
            settling.count == 2 && settling.filter(\.isHidden).count == 1, "the slot hidden, the settling copy drawn")
        for _ in 0..<240 { scene.frame() }
        #expect(scene.layout.settlingIndexPaths.isEmpty, "the settle spring finished")
        let visible = scene.view.visibleLayoutAttributes()
        #expect(visible.allSatisfy { !$0.isHidden })
        #expect(Array(scene.data.items.prefix(5)) == [1, 2, 3, 0, 4])
        #expect(scene.data.items.sorted() == Array(0..<40))
    }

    /// A second finger cancels the press (iOS cancels a one-finger long press): the original
    /// order comes back.
    @Test func secondFingerCancels() {
        var scene = ReorderScene()
        scene.pressAndSlide(from: scene.center(0), to: scene.center(6))
        #expect(scene.data.items != Array(0..<40))
        scene.frame([Touch(id: 2, phase: .began, location: CGPoint(x: 300, y: 600), timestamp: 0)])
        #expect(!scene.layout.isDragging)
        #expect(scene.data.items == Array(0..<40))
    }

    /// A short tap lifts nothing.
    @Test func aTapDoesNotLift() {
        var scene = ReorderScene()
        scene.frame([Touch(id: 1, phase: .began, location: scene.center(2), timestamp: 0)])
        for _ in 0..<20 { scene.frame() }
        scene.frame([Touch(id: 1, phase: .ended, location: scene.center(2), timestamp: 0)])
        for _ in 0..<120 { scene.frame() }
        #expect(!scene.layout.isDragging && scene.data.items == Array(0..<40))
    }
}
