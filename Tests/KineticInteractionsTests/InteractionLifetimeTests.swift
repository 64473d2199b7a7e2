import Foundation
import KineticAnimation
import KineticDynamics
import KineticGestures
import KineticLayout
import KineticTestSupport
import Testing

@testable import KineticInteractions

/// An interaction released while its recognizers, its arena or its view animator live on: the
/// cases where a reference back to the interaction could dangle. The interactions' actions hold
/// them through `WeakReference` (weak natively, strong in the WebAssembly build, where no cycle
/// results: an interaction holds neither its recognizers nor its arena); the drag and drop
/// interaction knows its recognizers by identity only, and its previews' animations mark the
/// previews instead of reaching back into it. Under AddressSanitizer (`Scripts/test`) a read of
/// a freed interaction fails these tests. (The retain-cycle tests check that a whole scene goes.)
@MainActor
@Suite("Interaction lifetimes")
struct InteractionLifetimeTests {
    /// Frames at 120 Hz through an arena on a manual clock.
    final class Fingers {
        let clock = ManualClock()
        lazy var arena = GestureArena(clock: clock)
        var time: TimeInterval = 0

        func frame(_ touches: [(Int, Touch.Phase, CGPoint)] = []) {
            time += 1.0 / 120
            clock.sleep(until: time)
            if !touches.isEmpty {
                arena.handle(touches.map { Touch(id: $0.0, phase: $0.1, location: $0.2, timestamp: time) })
            }
            arena.advance(to: time)
        }

        func frames(_ count: Int) { for _ in 0..<count { frame() } }
    }

    /// The toss goes in the middle of a drag: its pan, still in the arena, runs on and finishes
    /// the gesture without it.
    @Test func tossReleasedMidDrag() throws {
        let fingers = Fingers()
        let card = TestView(center: CGPoint(x: 200, y: 300), size: CGSize(width: 200, height: 200))
        var states: [GestureRecognizer.State] = []
        weak var released: TossInteraction?
        do {
            let toss = TossInteraction(
                item: card, referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800), clock: fingers.clock)
            released = toss
            toss.install(in: fingers.arena).addAction { states.append($0.state) }
            fingers.frame([(1, .began, CGPoint(x: 250, y: 350))])
            for i in 1...10 { fingers.frame([(1, .moved, CGPoint(x: 250 + 5 * Double(i), y: 350))]) }
            #expect(toss.anchorPoint != nil)
        }
        #expect(released == nil)
        for i in 11...20 { fingers.frame([(1, .moved, CGPoint(x: 250 + 5 * Double(i), y: 350))]) }
        fingers.frame([(1, .ended, CGPoint(x: 350, y: 350))])
        fingers.frames(10)
        #expect(states.first == .began && states.last == .ended)
    }

    /// The drag and drop interaction goes while cards are landing, its view animator kept by
    /// someone else: stepping that animator finishes the landings without the interaction.
    /// Its recognizers, still in the arena, ask a delegate that has gone and do nothing.
    @Test func dragAndDropReleasedWhileCardsLand() throws {
        let fingers = Fingers()
        let board = BoardFixture(columns: [Array(0..<6), Array(10..<14), []])
        let start = try #require(board.point(column: 0, item: 1))
        let end = try #require(board.point(column: 1, item: 2))
        weak var released: DragAndDropInteraction?
        var kept: (animator: ViewAnimator, previews: [DragAndDropInteraction.Preview])?
        var recognizers: (LongPressGestureRecognizer, TapGestureRecognizer)?
        do {
            let interaction = DragAndDropInteraction(space: board.space, clock: fingers.clock)
            released = interaction
            recognizers = interaction.install(in: fingers.arena)
            fingers.frame([(1, .began, start)])
            fingers.frames(66)
            for i in 1...30 {
                let t = CGFloat(i) / 30
                fingers.frame([
                    (1, .moved, CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))
                ])
            }
            fingers.frame([(1, .ended, end)])
            #expect(interaction.previews.count == 1 && interaction.previews[0].isReleased)
            kept = (interaction.viewAnimator, interaction.previews)
        }
        #expect(released == nil)
        let (animator, previews) = try #require(kept)
        #expect(animator.isAnimating)
        for step in 1...240 { animator.step(to: fingers.time + Double(step) / 120) }
        #expect(!animator.isAnimating && previews.allSatisfy { $0.isReleased })
        fingers.frame([(2, .began, start)])
        fingers.frames(66)
        fingers.frame([(2, .ended, start)])
        #expect(recognizers?.0.delegate == nil && recognizers?.1.delegate == nil)
    }

    /// A landing preview leaves ``DragAndDropInteraction/previews`` the moment its animation
    /// completes, whoever steps the view animator: the animation marks the preview, and the
    /// interaction forgets marked previews.
    @Test func aPreviewLeavesThePreviewsWhenItsAnimationCompletes() throws {
        let fingers = Fingers()
        let board = BoardFixture(columns: [Array(0..<6), Array(10..<14), []])
        let interaction = DragAndDropInteraction(space: board.space, clock: fingers.clock)
        interaction.install(in: fingers.arena)
        let start = try #require(board.point(column: 0, item: 1))
        fingers.frame([(1, .began, start)])
        fingers.frames(66)
        fingers.frame([(1, .ended, start)])
        #expect(interaction.previews.count == 1)
        var time = fingers.time
        while interaction.viewAnimator.isAnimating, time < fingers.time + 5 {
            time += 1.0 / 120
            interaction.viewAnimator.step(to: time)
            #expect(interaction.previews.isEmpty == !interaction.viewAnimator.isAnimating)
        }
        #expect(interaction.previews.isEmpty)
    }

    /// The reorder interaction goes in the middle of a drag: its press runs on without it.
    @Test func reorderReleasedMidDrag() {
        let fingers = Fingers()
        let data = Numbers(count: 40)
        let layout = RearrangeableFlowLayout()
        layout.delegate = data
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 400, height: 800), collectionViewLayout: layout)
        view.dataSource = data
        view.layoutIfNeeded()
        let start = layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))!.center
        var states: [GestureRecognizer.State] = []
        weak var released: ReorderInteraction?
        do {
            let reorder = ReorderInteraction(collectionView: view, clock: fingers.clock)!
            released = reorder
            reorder.install(in: fingers.arena).addAction { states.append($0.state) }
            fingers.frame([(1, .began, start)])
            fingers.frames(66)
            for i in 1...10 { fingers.frame([(1, .moved, CGPoint(x: start.x, y: start.y + 10 * Double(i)))]) }
            #expect(layout.isDragging)
        }
        #expect(released == nil)
        for i in 11...20 { fingers.frame([(1, .moved, CGPoint(x: start.x, y: start.y + 10 * Double(i)))]) }
        fingers.frame([(1, .ended, CGPoint(x: start.x, y: start.y + 200))])
        fingers.frames(10)
        #expect(states.first == .began && states.last == .ended)
    }

    /// The multi-select drag interaction goes in the middle of a drag: its recognizers run on
    /// without it.
    @Test func multiSelectDragReleasedMidDrag() {
        let fingers = Fingers()
        let data = Thousand()
        let view = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 400, height: 800), collectionViewLayout: DraggableLayout())
        view.dataSource = data
        view.layoutIfNeeded()
        let start = view.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))!.center
        var states: [GestureRecognizer.State] = []
        weak var released: MultiSelectDragInteraction?
        do {
            let interaction = MultiSelectDragInteraction(collectionView: view)!
            released = interaction
            interaction.tap(at: start)
            interaction.install(in: fingers.arena).longPress.addAction { states.append($0.state) }
            fingers.frame([(1, .began, start)])
            fingers.frames(66)
            for i in 1...10 { fingers.frame([(1, .moved, CGPoint(x: start.x, y: start.y + 10 * Double(i)))]) }
        }
        #expect(released == nil)
        for i in 11...20 { fingers.frame([(1, .moved, CGPoint(x: start.x, y: start.y + 10 * Double(i)))]) }
        fingers.frame([(1, .ended, CGPoint(x: start.x, y: start.y + 200))])
        fingers.frames(10)
        #expect(states.first == .began && states.last == .ended)
    }
}
