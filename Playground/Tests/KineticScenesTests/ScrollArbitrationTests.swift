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

/// The Scroll scene: the physics on show, through its touches, overlay and paging switch.
@Suite("Scroll scene")
struct ScrollSceneTests {
    typealias T = ScrollArbitrationTests

    /// A flick decelerates; while it moves the overlay shows its velocity and the line where the
    /// content will rest, which reaches the top edge as it stops; at rest the overlay is empty.
    @Test func aFlickShowsItsVelocityAndTarget() {
        let scene = ScrollPlayScene()
        let start = CGPoint(x: 180, y: 600)
        T.play(
            scene,
            [(.began, start, 1)] + T.move(from: start, by: CGVector(dx: 0, dy: -200), at: 1, frames: 12)
                + [(.ended, CGPoint(x: 180, y: 600 - 200 * 13 / 12), 14)], frames: 20)
        let overlay = scene.overlay
        let target = scene.collectionView.targetContentOffset
        #expect(target != nil, "the flick decelerates toward a target")
        #expect(overlay.scrollVelocity != nil && (overlay.scrollVelocity?.y2 ?? 0) > (overlay.scrollVelocity?.y1 ?? 0))
        #expect(overlay.scrollTargets?.count == 1)
        if let line = overlay.scrollTargets?.first, let target {
            #expect(abs(line.y1 - Double(target.y - scene.collectionView.contentOffset.y)) < 1e-9 && line.y1 > 0)
        }
        T.play(scene, [], frames: 900)
        #expect(scene.overlay == DebugOverlay() && scene.collectionView.contentOffset.y == target?.y)
    }

    /// Pulled down at the top, the list shows the rubber band and bounces back to the top.
    @Test func theListBouncesAtTheTop() {
        let scene = ScrollPlayScene()
        let start = CGPoint(x: 180, y: 100)
        T.play(
            scene, [(.began, start, 1)] + T.move(from: start, by: CGVector(dx: 0, dy: 150), at: 1, frames: 10),
            frames: 11)
        #expect(scene.collectionView.contentOffset.y < 0)
        T.play(scene, [(.ended, CGPoint(x: 180, y: 250), 1)], frames: 240)
        #expect(scene.collectionView.contentOffset.y == 0)
    }

    /// With paging on, a short slow flick turns one horizontal page.
    @Test func thePagingSwitchTurnsPages() {
        let scene = ScrollPlayScene()
        #expect(scene.setParameter("paging", to: 1) && scene.paging && !scene.setParameter("paging", to: 0.5))
        let start = CGPoint(x: 300, y: 300)
        T.play(
            scene,
            [(.began, start, 1)] + T.move(from: start, by: CGVector(dx: -40, dy: 0), at: 1, frames: 10)
                + [(.ended, CGPoint(x: 256, y: 300), 12)], frames: 240)
        #expect(scene.collectionView.contentOffset == CGPoint(x: 375, y: 0))
    }
}

/// A selection dragged after a scroll, with one of its cells scrolled out of view, still
/// springs home and the drag ends.
@Suite("Dragging a scrolled selection")
struct ScrolledSelectionTests {
    typealias T = ScrollArbitrationTests

    @Test func aSelectionPartlyOutOfViewSpringsHome() {
        let scene = DragPlayScene()
        let first = scene.collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.center
        T.play(scene, [(.began, first, 1), (.ended, first, 4)], frames: 10)
        scene.collectionView.contentOffset = CGPoint(x: 0, y: 104)
        let cell = CGPoint(x: 25, y: 300)
        T.play(
            scene,
            [(.began, cell, 1), (.ended, cell, 4), (.began, cell, 20)]
                + T.move(from: cell, by: CGVector(dx: 30, dy: 30), at: 120, frames: 10)
                + [(.ended, CGPoint(x: 55, y: 330), 140)], frames: 1400)
        #expect(scene.interaction.selectedIndexPaths.count == 2)
        #expect(scene.interaction.layout.animator == nil, "the drag ended: \(scene.summary)")
        #expect(!scene.drawables.contains { $0.z > 0 })
    }

    /// The scroll scene's paging switch replaces its collection view: the old one leaves the
    /// arena whole, so the arena holds exactly the new view's recognizers however often it flips.
    @Test func switchingPagingLeavesNoRecognizerBehind() {
        let scene = ScrollPlayScene()
        let installed = scene.arena.gestureRecognizers.count
        for value in [1.0, 0, 1, 0, 1] { #expect(scene.setParameter("paging", to: value)) }
        #expect(scene.arena.gestureRecognizers.count == installed)
        #expect(scene.arena.gestureRecognizers.allSatisfy { $0.view === scene.collectionView })
    }
}
