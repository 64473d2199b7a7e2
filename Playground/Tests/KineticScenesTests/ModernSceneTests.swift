import Foundation
import KineticGestures
import KineticLayout
import Testing

@testable import KineticScenes

/// The modern scene (a compositional layout and a diffable data source): a fling pages the hero
/// carousel to the next card, centred; a drag glides the row of cards; the page scrolls; a full
/// swipe deletes a list row; a partial swipe opens one, and a tap elsewhere closes it. Checked
/// against the layout's rules and replayed twice to the same frames. `Traces/modern.json` is this
/// trace, for the playground, the digests and the README's GIF.
@Suite("The modern scene")
struct ModernSceneTests {
    /// A finger down at `from`, moved to `to` over `slide` seconds at 120 Hz, held there `rest`
    /// seconds (so it lifts still), lifted.
    static func drag(from: CGPoint, to: CGPoint, at start: Double, slide: Double, rest: Double = 0) -> [Touch] {
        var events = [Traces.touch(.began, from.x, from.y, start)]
        let steps = max(1, Int(slide * 120))
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            events.append(
                Traces.touch(
                    .moved, from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f, start + Double(i) / 120))
        }
        let restSteps = Int(rest * 120)
        for i in 0..<restSteps { events.append(Traces.touch(.moved, to.x, to.y, start + slide + Double(i + 1) / 120)) }
        events.append(Traces.touch(.ended, to.x, to.y, start + slide + rest + 1.0 / 120))
        return events
    }

    /// The hero cards are 200 tall from 16; the row of cards 120 tall from 232; after the page
    /// scrolls 390, the list's first row (at 701.25 in the content) spans 311–355 on screen.
    static var events: [Touch] {
        drag(from: CGPoint(x: 320, y: 116), to: CGPoint(x: 200, y: 116), at: 0.2, slide: 0.1)
            + drag(from: CGPoint(x: 300, y: 290), to: CGPoint(x: 120, y: 290), at: 1.2, slide: 0.5)
            + drag(from: CGPoint(x: 187, y: 600), to: CGPoint(x: 187, y: 200), at: 2.2, slide: 0.6, rest: 0.15)
            + drag(from: CGPoint(x: 350, y: 330), to: CGPoint(x: 70, y: 330), at: 3.6, slide: 0.35)
            + drag(from: CGPoint(x: 350, y: 330), to: CGPoint(x: 250, y: 330), at: 4.6, slide: 0.5, rest: 0.15)
            + Traces.tap(CGPoint(x: 187, y: 100), at: 5.8)
    }

    @Test func theTraceFlicksScrollsAndSwipes() throws {
        let trace = TouchTrace(scene: "modern", seed: 1, events: Self.events)
        let replay = try #require(Replay(trace, tail: 2))
        let scene = try #require(replay.scene as? ModernPlayScene)
        // The hero paged one card, centred: card 1 (318.75 wide, 12 apart) centred in 375.
        let hero = try #require(scene.layout.orthogonalScrollView(forSection: ModernPlayScene.hero))
        let card = 375 * 0.85
        #expect(abs(hero.contentOffset.x - ((card + 12) + card / 2 - 187.5)) < 0.5, "\(hero.contentOffset.x)")
        // The row of cards glided on from where the finger left it.
        let cards = try #require(scene.layout.orthogonalScrollView(forSection: ModernPlayScene.cards))
        #expect(cards.contentOffset.x > 170, "\(cards.contentOffset.x)")
        #expect(scene.collectionView.contentOffset.y > 380 && scene.collectionView.contentOffset.y < 400)
        // The full swipe deleted the first row; the partial swipe's row was closed by the tap.
        let rows = scene.dataSource.snapshot().itemIdentifiers(inSection: ModernPlayScene.list)
        #expect(rows == Array(401..<410))
        #expect(scene.collectionView.numberOfItems(inSection: ModernPlayScene.list) == 9)
        #expect(scene.layout.swipedRow == nil)
        let again = try #require(Replay(trace, tail: 2))
        #expect(replay.frameDigests == again.frameDigests)
    }

    /// Partway, the partial swipe shows its Delete button beside the row.
    @Test func aPartialSwipeShowsDelete() throws {
        let events = Self.events.filter { $0.timestamp < 5.5 }
        let replay = try #require(Replay(TouchTrace(scene: "modern", seed: 1, events: events), tail: 1))
        let scene = try #require(replay.scene as? ModernPlayScene)
        #expect(scene.layout.swipedRow.map { abs($0.offset + 74) < 0.5 } == true)
        #expect(scene.drawables.contains { $0.label == "Delete" })
        #expect(scene.drawables.contains { $0.kind == .column && $0.label == "Grid" }, "the pinned header shows")
    }

    /// The committed sample trace is this one.
    @Test func theSampleTraceIsThisTrace() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../Traces/modern.json")
        if ProcessInfo.processInfo.environment["KINETIC_WRITE_TRACES"] != nil {
            try TouchTrace(scene: "modern", seed: 1, events: Self.events).encoded().write(to: url)
        }
        let committed = try TouchTrace.decode(from: Data(contentsOf: url))
        #expect(committed.events == TouchTrace(scene: "modern", seed: 1, events: Self.events).events)
        #expect(committed.scene == "modern")
    }
}
