import Foundation
import KineticAnimation
import KineticDynamics
import KineticGestures
import KineticLayout
import KineticTestSupport
import Testing

/// Issue 20 outside the engine: a touch or a translation beyond ±10¹² pt is clamped with one log
/// line per call, an ordinary one logs nothing; a dragged layout refuses a non-finite location
/// once per call, however many items it drags.
@Suite("Clamped and refused input is logged once per call")
@MainActor
struct ClampLoggingTests {
    @Test func touchesBeyondTheArenaAreLoggedOncePerEvent() {
        let capture = LogCapture()
        let arena = GestureArena(clock: ManualClock())
        arena.logger = capture.logger
        arena.handle(Touch(id: 0, phase: .began, location: CGPoint(x: 10, y: 20), timestamp: 0))
        arena.handle(Touch(id: 0, phase: .moved, location: CGPoint(x: 15, y: 25), timestamp: 0.01))
        #expect(capture.messages.isEmpty)
        // Two fingers at the largest Double in one event: one line.
        arena.handle([
            Touch(id: 0, phase: .moved, location: CGPoint(x: CGFloat.greatestFiniteMagnitude, y: 0), timestamp: 0.02),
            Touch(id: 1, phase: .began, location: CGPoint(x: 0, y: -1e300), timestamp: 0.02),
        ])
        #expect(capture.messages.count == 1)
        #expect(capture.messages.first?.contains("GestureArena.handle(_:): clamped touch location") == true)
        // Ending them where they are (the clamped locations the arena keeps) is silent.
        arena.handle([
            Touch(id: 0, phase: .ended, location: CGPoint(x: CGFloat.nan, y: 0), timestamp: 0.03),
            Touch(id: 1, phase: .ended, location: CGPoint(x: 0, y: 1), timestamp: 0.03),
        ])
        #expect(capture.messages.count == 1)
    }

    @Test func aTranslationBeyondTheCapIsLoggedOncePerCall() {
        let capture = LogCapture()
        let arena = GestureArena(clock: ManualClock())
        arena.logger = capture.logger
        let pan = PanGestureRecognizer()
        arena.addGestureRecognizer(pan)
        pan.setTranslation(CGPoint(x: 30, y: -4), in: nil)
        #expect(capture.messages.isEmpty)
        pan.setTranslation(CGPoint(x: 1e300, y: -1e300), in: nil)
        #expect(capture.messages.count == 1)
        #expect(capture.messages.first?.contains("PanGestureRecognizer.setTranslation(_:in:): clamped") == true)
        #expect(pan.translation(in: nil).x == GestureArena.maximumCoordinate)
    }

    @Test func aDraggedLayoutRefusesANonFiniteLocationOncePerCall() throws {
        let model = SectionsModel([Array(0..<12)])
        let layout = DraggableLayout()
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 400, height: 800), collectionViewLayout: layout)
        view.dataSource = model
        view.layoutIfNeeded()
        let paths = (0..<5).map { IndexPath(item: $0, section: 0) }
        layout.startDragging(indexPaths: paths, from: CGPoint(x: 50, y: 50))
        let animator = try #require(layout.animator)
        let capture = LogCapture()
        animator.logger = capture.logger
        layout.updateDragLocation(CGPoint(x: 80, y: 90))
        animator.step(1.0 / 60)
        #expect(capture.messages.isEmpty)
        layout.updateDragLocation(CGPoint(x: CGFloat.nan, y: 90))
        #expect(capture.messages.count == 1)
        #expect(capture.messages.first?.contains("DraggableLayout.updateDragLocation(_:): ignored non-finite") == true)
        // Far beyond the world: one line for the drag, none from the 20 springs.
        layout.updateDragLocation(CGPoint(x: 1e300, y: 0))
        #expect(capture.messages.count == 2)
        #expect(capture.messages.last?.contains("DragBehavior.updateDragLocation(with:): clamped") == true)
        animator.step(1.0 / 60)
        #expect(capture.messages.count == 2)
    }
}
