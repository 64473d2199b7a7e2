import Foundation
import KineticDynamics
import Testing

@testable import KineticLayout

/// Seed 000's scene: 1000 cells of 50×50 pt in a 400 pt wide view, dragged on four 8 Hz springs.
@MainActor
struct DraggableScene {
    let data = ArrayDataSource(count: 1000)
    let layout = DraggableLayout()
    let view: CollectionView

    init() {
        view = CollectionView(frame: CGRect(x: 0, y: 0, width: 400, height: 800), collectionViewLayout: layout)
        view.dataSource = data
    }

    /// The flow layout's resting frame of `indexPath`, from a layout that never drags.
    func restingFrame(_ indexPath: IndexPath) -> CGRect {
        let plain = FlowLayout()
        let other = CollectionView(frame: view.frame, collectionViewLayout: plain)
        other.dataSource = data
        other.layoutIfNeeded()
        return plain.layoutAttributesForItem(at: indexPath)!.frame
    }

    /// Steps the drag's animator at 120 Hz until it pauses or `seconds` pass.
    func run(seconds: Double) {
        for _ in 0..<Int(seconds * 120) {
            guard let animator = layout.animator, animator.isRunning else { return }
            animator.step(1.0 / 120)
            view.layoutIfNeeded()
        }
    }
}

@Suite("DraggableLayout (seed 000)")
@MainActor
struct DraggableLayoutTests {
    let selected = [IndexPath(item: 0, section: 0), IndexPath(item: 9, section: 0), IndexPath(item: 13, section: 0)]

    /// The springs' rest lengths are their lengths when the drag starts, so when the finger moves
    /// by d and holds, every dragged cell ends up moved by d; rest detection (1 pt/s, spec) stops
    /// it within a fraction of a point, so 0.5 pt is the tolerance.
    @Test func draggedCellsFollowTheFingerThenReturnAndTheLayoutClears() {
        let scene = DraggableScene()
        let start = selected.map(scene.restingFrame)
        let finger = CGPoint(x: 30, y: 30)
        scene.layout.startDragging(indexPaths: selected, from: finger)
        #expect(scene.layout.indexPathsForDraggingElements == selected)
        let delta = CGPoint(x: 120, y: 200)
        scene.layout.updateDragLocation(CGPoint(x: finger.x + delta.x, y: finger.y + delta.y))
        scene.run(seconds: 5)

        let visible = scene.view.visibleLayoutAttributes()
        for (indexPath, frame) in zip(selected, start) {
            let dragged = visible.filter { $0.indexPath == indexPath }
            #expect(dragged.count == 1, "each dragged cell is answered once, by the animator")
            let cell = dragged[0]
            #expect(cell.zIndex == 1)
            #expect(hypot(cell.center.x - frame.midX - delta.x, cell.center.y - frame.midY - delta.y) < 0.5)
            #expect(scene.layout.layoutAttributesForItem(at: indexPath) === cell)
        }
        // Everything else is where the flow layout puts it.
        for cell in visible where !selected.contains(cell.indexPath) {
            #expect(cell.frame == scene.restingFrame(cell.indexPath))
            #expect(cell.zIndex == 0)
        }

        scene.layout.endDragging()
        #expect(scene.layout.isFinishedDragging)
        var frames = 0
        while let animator = scene.layout.animator, animator.isRunning, frames < 1200 {
            let before = selected.map { scene.layout.layoutAttributesForItem(at: $0)!.center }
            animator.step(1.0 / 120)
            frames += 1
            if scene.layout.animator == nil {
                // The pause that cleared the drag came with the cells back home.
                for (center, frame) in zip(before, start) {
                    #expect(hypot(center.x - frame.midX, center.y - frame.midY) < 0.5)
                }
            }
        }
        #expect(scene.layout.animator == nil, "the layout clears itself when the animator pauses")
        #expect(scene.layout.indexPathsForDraggingElements == nil)
        #expect(!scene.layout.isFinishedDragging)
        for indexPath in selected {
            #expect(scene.layout.layoutAttributesForItem(at: indexPath)!.frame == scene.restingFrame(indexPath))
        }
    }

    @Test func theAnimatorWorksInContentCoordinates() {
        let scene = DraggableScene()
        scene.layout.startDragging(indexPaths: selected, from: CGPoint(x: 30, y: 30))
        let animator = scene.layout.animator!
        // Spec: an animator made for a layout works in content coordinates, bounds = content size.
        #expect(animator.referenceBounds == CGRect(origin: .zero, size: scene.view.contentSize))
        #expect(animator.collectionViewLayout === scene.layout)
        #expect(animator.layoutAttributesForCell(at: selected[1])?.indexPath == selected[1])
        #expect(animator.layoutAttributesForCell(at: IndexPath(item: 500, section: 0)) == nil)
    }

    @Test func badInputStartsNothingOrIsSkipped() {
        let scene = DraggableScene()
        scene.layout.startDragging(
            indexPaths: [IndexPath(item: 5000, section: 0), IndexPath(item: 0, section: 3)], from: .zero)
        #expect(scene.layout.animator == nil, "no existing item: no drag")
        scene.layout.startDragging(indexPaths: selected, from: CGPoint(x: Double.nan, y: 0))
        #expect(scene.layout.animator == nil, "a NaN finger starts nothing")
        scene.layout.startDragging(
            indexPaths: selected + [IndexPath(item: 5000, section: 0), selected[0]], from: .zero)
        #expect(scene.layout.indexPathsForDraggingElements == selected, "missing and repeated paths are dropped")
        scene.layout.updateDragLocation(CGPoint(x: Double.infinity, y: 5))
        scene.run(seconds: 1)
        for indexPath in selected {
            let center = scene.layout.layoutAttributesForItem(at: indexPath)!.center
            #expect(center.x.isFinite && center.y.isFinite)
        }
    }

    /// Items removed mid-drag: the drag ends at once and the layout answers the new data.
    @Test func aReloadThatRemovesADraggedItemEndsTheDrag() {
        let scene = DraggableScene()
        scene.layout.startDragging(indexPaths: [IndexPath(item: 990, section: 0)], from: .zero)
        scene.layout.updateDragLocation(CGPoint(x: 100, y: 100))
        scene.run(seconds: 0.1)
        scene.data.sections[0].removeLast(100)
        scene.view.reloadData()
        scene.view.layoutIfNeeded()
        #expect(scene.layout.animator == nil)
        #expect(scene.layout.layoutAttributesForItem(at: IndexPath(item: 990, section: 0)) == nil)
        #expect(scene.view.visibleLayoutAttributes().allSatisfy { $0.zIndex == 0 })
    }

    @Test func aNewDragReplacesTheRunningOne() {
        let scene = DraggableScene()
        scene.layout.startDragging(indexPaths: [selected[0]], from: .zero)
        let first = scene.layout.animator
        scene.layout.startDragging(indexPaths: [selected[1]], from: .zero)
        #expect(scene.layout.animator !== first)
        #expect(scene.layout.indexPathsForDraggingElements == [selected[1]])
        // The first drag's cell is laid out by the flow layout again.
        #expect(scene.layout.layoutAttributesForItem(at: selected[0])!.zIndex == 0)
    }
}
