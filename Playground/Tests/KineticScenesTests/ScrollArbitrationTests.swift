import Foundation
import KineticDynamics
import KineticGestures
import KineticLayout
import Testing

@testable import KineticScenes

/// Where the seeds meet scrolling: a finger that moves before the long press fires scrolls
/// (and the press fails); one held still lifts the cell, and then the view does not scroll; a
/// tap still selects.
@Suite("Scrolling and the seeds' gestures")
struct ScrollArbitrationTests {
    /// Plays `touches` (phase, point, at frame) into `scene` at 120 Hz for `frames` frames.
    static func play(_ scene: any InteractiveScene, _ touches: [(Touch.Phase, CGPoint, Int)], frames: Int) {
        var next = 0
        for frame in 1...frames {
            let time = Double(frame) / 120
            while next < touches.count, touches[next].2 == frame {
                scene.handle(Touch(id: 1, phase: touches[next].0, location: touches[next].1, timestamp: time))
                next += 1
            }
            scene.advance(to: time)
        }
    }

    /// A straight move from `start` by `delta` over `frames` frames beginning at `frame`.
    static func move(from start: CGPoint, by delta: CGVector, at frame: Int, frames: Int) -> [(
        Touch.Phase, CGPoint, Int
    )] {
        (1...frames).map { k in
            let f = Double(k) / Double(frames)
            return (.moved, CGPoint(x: start.x + delta.dx * f, y: start.y + delta.dy * f), frame + k)
        }
    }

    @Test func inDragAMovingFingerScrollsAndAStillOneLifts() {
        let scrolled = DragPlayScene()
        let start = CGPoint(x: 100, y: 500)
        Self.play(
            scrolled,
            [(.began, start, 1)] + Self.move(from: start, by: CGVector(dx: 0, dy: -300), at: 1, frames: 20)
                + [(.ended, CGPoint(x: 100, y: 200), 22)], frames: 200)
        #expect(
            scrolled.collectionView.contentOffset.y > 300,
            "a flick scrolls on: \(scrolled.collectionView.contentOffset)")
        #expect(scrolled.interaction.selectedIndexPaths.isEmpty && scrolled.interaction.layout.animator == nil)

        let lifted = DragPlayScene()
        let cell = lifted.collectionView.layoutAttributesForItem(at: IndexPath(item: 8, section: 0))!.center
        // Tap to select, then hold 0.7 s and drag: the selection follows, the view stays.
        Self.play(
            lifted,
            [(.began, cell, 1), (.ended, cell, 5), (.began, cell, 30)]
                + Self.move(from: cell, by: CGVector(dx: 0, dy: -200), at: 120, frames: 30), frames: 150)
        #expect(lifted.interaction.selectedIndexPaths == [IndexPath(item: 8, section: 0)])
        #expect(lifted.interaction.layout.animator != nil, "the long press lifted the selection")
        #expect(lifted.collectionView.contentOffset == .zero)
    }

    @Test func inReorderAMovingFingerScrollsAndAStillOneLifts() {
        let scrolled = ReorderPlayScene()
        let start = CGPoint(x: 100, y: 500)
        Self.play(
            scrolled,
            [(.began, start, 1)] + Self.move(from: start, by: CGVector(dx: 0, dy: -200), at: 1, frames: 20)
                + [(.ended, CGPoint(x: 100, y: 300), 22)], frames: 120)
        #expect(scrolled.collectionView.contentOffset.y > 200)
        #expect(scrolled.data.items == Array(0..<100), "nothing moved in the data")

        let lifted = ReorderPlayScene()
        let cell = lifted.collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.center
        Self.play(
            lifted,
            [(.began, cell, 1)] + Self.move(from: cell, by: CGVector(dx: 180, dy: 0), at: 80, frames: 30)
                + [(.ended, CGPoint(x: cell.x + 180, y: cell.y), 111)], frames: 200)
        #expect(lifted.collectionView.contentOffset == .zero)
        #expect(lifted.data.items != Array(0..<100) && lifted.data.items.sorted() == Array(0..<100), "reordered")
    }
}
