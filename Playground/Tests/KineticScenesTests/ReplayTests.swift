import Foundation
import KineticGestures
import KineticLayout
import Testing

@testable import KineticScenes

/// Touch traces written as a person would make them: press, hold, slide, release.
enum Traces {
    static func touch(_ phase: Touch.Phase, _ x: Double, _ y: Double, _ t: Double, id: Int = 1) -> Touch {
        Touch(id: id, phase: phase, location: CGPoint(x: x, y: y), timestamp: t)
    }

    /// Press at `from`, hold `hold` s, slide to `to` over `slide` s (120 Hz), release.
    static func pressSlide(from: CGPoint, to: CGPoint, at start: Double, hold: Double, slide: Double) -> [Touch] {
        var events = [touch(.began, from.x, from.y, start)]
        let steps = Int(slide * 120)
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            events.append(
                touch(
                    .moved, from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f, start + hold + Double(i) / 120))
        }
        events.append(touch(.ended, to.x, to.y, start + hold + slide + 1.0 / 120))
        return events
    }

    static func tap(_ p: CGPoint, at t: Double) -> [Touch] {
        [touch(.began, p.x, p.y, t), touch(.ended, p.x, p.y, t + 0.08)]
    }
}

@Suite("Replays")
struct ReplayTests {
    /// Reorder: long-press cell 0 (at 40, 40 in 80 pt cells), slide onto cell 2, release. The
    /// data ends with 0 after 1 and 2; replaying the JSON again gives bit-identical frames.
    @Test func reorderTraceEndsInTheExpectedOrderAndReplaysIdentically() throws {
        let scene = ReorderPlayScene()
        let c0 = scene.collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.center
        let c2 = scene.collectionView.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))!.center
        let trace = TouchTrace(
            scene: "reorder", seed: 1,
            events: Traces.pressSlide(from: c0, to: CGPoint(x: c2.x + 10, y: c2.y), at: 0.1, hold: 0.6, slide: 0.5))
        let json = try trace.encoded()
        let first = try #require(Replay(try TouchTrace.decode(from: json)))
        let second = try #require(Replay(try TouchTrace.decode(from: json)))
        #expect(first.frameDigests == second.frameDigests)
        let order = (first.scene as! ReorderPlayScene).data.items
        #expect(Array(order.prefix(4)) == [1, 2, 0, 3])
        #expect(order.sorted() == Array(0..<100))
    }

    /// Toss: a fast flick flies and comes home within the tail; same seed, same frames; another
    /// seed spins differently (so the seed is really used).
    @Test func tossTraceComesHomeAndIsDeterministic() throws {
        let flick = Traces.pressSlide(
            from: CGPoint(x: 250, y: 400), to: CGPoint(x: 330, y: 340), at: 0, hold: 0, slide: 0.05)
        let a = try #require(Replay(TouchTrace(scene: "toss", seed: 5, events: flick)))
        let b = try #require(Replay(TouchTrace(scene: "toss", seed: 5, events: flick)))
        let c = try #require(Replay(TouchTrace(scene: "toss", seed: 6, events: flick)))
        #expect(a.frameDigests == b.frameDigests)
        #expect(a.frameDigests != c.frameDigests)
        let card = (a.scene as! TossPlayScene).card
        #expect(card.center == CGPoint(x: 187.5, y: 333.5) && card.transform == .identity)
    }

    /// Drag: tap three cells, long-press one and slide: the selection follows, then returns
    /// and the layout clears.
    @Test func dragTraceSelectsDragsAndReturns() throws {
        let scene = DragPlayScene()
        let center = { (i: Int) in
            scene.collectionView.layoutAttributesForItem(at: IndexPath(item: i, section: 0))!.center
        }
        var events = Traces.tap(center(1), at: 0.1) + Traces.tap(center(7), at: 0.6) + Traces.tap(center(9), at: 1.1)
        events += Traces.pressSlide(
            from: center(7), to: CGPoint(x: center(7).x + 100, y: center(7).y + 200), at: 1.6, hold: 0.6, slide: 0.5)
        let replay = try #require(Replay(TouchTrace(scene: "drag", events: events), tail: 6))
        let played = replay.scene as! DragPlayScene
        #expect(played.interaction.selectedIndexPaths.map(\.item) == [1, 7, 9])
        #expect(played.interaction.layout.animator == nil, "returned and cleared")
        for i in [1, 7, 9] {
            #expect(
                played.collectionView.layoutAttributesForItem(at: IndexPath(item: i, section: 0))!.center == center(i))
        }
    }

    @Test func unknownSceneIsRejected() {
        #expect(Replay(TouchTrace(scene: "nope")) == nil)
    }
}

@Suite("Springy scene")
struct SpringyPlaySceneTests {
    /// A flick scrolls on after the finger lifts, decelerating; rows near the finger follow it,
    /// far ones lag (objc.io's rule), and everything comes to rest on the flow layout's grid.
    @Test func flickScrollsWobblesAndSettles() throws {
        let events = Traces.pressSlide(
            from: CGPoint(x: 180, y: 600), to: CGPoint(x: 180, y: 200), at: 0.1, hold: 0, slide: 0.25)
        let replay = try #require(Replay(TouchTrace(scene: "springy", events: events), tail: 6))
        let scene = replay.scene as! SpringyPlayScene
        #expect(scene.collectionView.contentOffset.y > 400 + 200, "scrolled past the drag by decelerating")
        #expect(!scene.layout.dynamicAnimator.isRunning, "at rest")
        let plain = FlowLayout()
        plain.itemSize = scene.layout.itemSize
        plain.sectionInset = scene.layout.sectionInset
        let view = CollectionView(frame: scene.collectionView.frame, collectionViewLayout: plain)
        view.dataSource = scene.collectionView.dataSource
        for cell in scene.collectionView.visibleLayoutAttributes() {
            let home = plain.layoutAttributesForItem(at: cell.indexPath)!.center
            // 1 pt: the springs are soft (1 Hz, ζ 0.8) and the animator pauses once every speed is
            // under the rest threshold (spec), which such a spring reaches while still creeping
            // the last fraction of a point home.
            #expect(hypot(cell.center.x - home.x, cell.center.y - home.y) < 1)
        }
    }
}
