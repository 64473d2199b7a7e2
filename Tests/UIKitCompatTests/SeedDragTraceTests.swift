// Seed 000 end to end under `swift test`: the seed's DraggableLayout (SeedDraggableLayoutTests.swift,
// compiled from the seed with only its import changed) driven by the seed view controller's
// long-press handler, fed a recorded touch trace, with the dragged cells' trajectories asserted
// frame by frame. The worked example of the documentation's article on testing UIKit Dynamics
// and layout code on Linux CI (Sources/Kinetic/Kinetic.docc/TestingOnLinux.md).
import Foundation
import Testing
import UIKitCompat

/// The seed's view controller without the view: the collection view, the selection and the
/// long press, whose handler is the seed's `handleLongPress(sender:)` line for line.
final class SeedDragController {
    let collectionView: UICollectionView
    let longPress = UILongPressGestureRecognizer()
    var selectedIndexPaths = [IndexPath]()
    /// The 1000 cells (the collection view holds its data source weakly, as UIKit does).
    let items = ThousandItems()

    init(frame: CGRect) {
        collectionView = UICollectionView(frame: frame, collectionViewLayout: DraggableLayout())
        collectionView.dataSource = items
        // `#selector(self.handleLongPress(sender:))` becomes a closure.
        longPress.addAction { [unowned self] in self.handleLongPress(sender: $0) }
    }

    func handleLongPress(sender: UILongPressGestureRecognizer) {
        guard let draggableLayout = collectionView.collectionViewLayout as? DraggableLayout else { return }
        let location = sender.location(in: collectionView)
        switch sender.state {
        case .began:
            draggableLayout.startDragging(indexPaths: selectedIndexPaths, from: location)
        case .changed:
            draggableLayout.updateDragLocation(location)
        case .ended, .failed, .cancelled:
            draggableLayout.endDragging()
        case .possible:
            break
        }
    }
}

@Suite("Seed 000 replayed from a recorded trace")
@MainActor
struct SeedDragTraceTests {
    static let frameRate = 120.0

    /// When the finger lifts, in seconds.
    static let release = 5.6

    /// A press held still on cell 10 for 0.6 s (the long press begins at 0.5 s), a 0.5 s drag
    /// by (+150, +250) pt, a 4.5 s hold (the far cells hang on nearly parallel springs and take
    /// seconds to settle), and the release; recorded as the playground records, then written as
    /// JSON and read back.
    static func recordedTrace() throws -> TouchTrace {
        var trace = TouchTrace(scene: "seed-000", frameRate: frameRate)
        let start = CGPoint(x: 130, y: 130)
        trace.record(Touch(id: 1, phase: .began, location: start, timestamp: 0))
        for k in 1...60 {
            let s = Double(k) / 60
            let location = CGPoint(x: start.x + 150 * s, y: start.y + 250 * s)
            trace.record(Touch(id: 1, phase: .moved, location: location, timestamp: 0.6 + 0.5 * s))
        }
        trace.record(Touch(id: 1, phase: .ended, location: CGPoint(x: 280, y: 380), timestamp: release))
        return try TouchTrace.decode(from: trace.encoded())
    }

    /// Where each selected cell is, one entry per 120 Hz frame.
    typealias Trajectories = [[CGPoint]]

    /// Plays `trace` into the seed's controller: each frame the events due are handled, the
    /// arena's timers run, the animator steps and the layout is asked for its cells, as a
    /// display link would. Runs until the animator clears itself (the seed's `dynamicAnimatorDidPause`).
    static func replay(_ trace: TouchTrace, selecting selected: [IndexPath]) -> (Trajectories, SeedDragController) {
        let clock = ManualClock()
        let arena = GestureArena(clock: clock)
        let controller = SeedDragController(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        controller.selectedIndexPaths = selected
        controller.collectionView.layoutIfNeeded()
        arena.addGestureRecognizer(controller.longPress, to: controller.collectionView)
        let layout = controller.collectionView.collectionViewLayout as! DraggableLayout
        var pending = trace.events[...]
        var trajectories: Trajectories = []
        for _ in 0..<Int(20 * trace.frameRate) {
            clock.advance(by: 1 / trace.frameRate)
            while let event = pending.first, event.timestamp <= clock.now {
                arena.handle(event)
                pending.removeFirst()
            }
            arena.advance(to: clock.now)
            layout.animator?.step(1 / trace.frameRate)
            controller.collectionView.layoutIfNeeded()
            let everywhere = CGRect(x: -1000, y: -1000, width: 3000, height: 3000)
            let cells = layout.layoutAttributesForElements(in: everywhere) ?? []
            trajectories.append(selected.map { path in cells.first { $0.indexPath == path }!.center })
            if pending.isEmpty, layout.animator == nil { break }
        }
        return (trajectories, controller)
    }

    @Test func theSeedsDragFollowsTheTraceAndComesHome() throws {
        let trace = try Self.recordedTrace()
        let selected = [IndexPath(item: 3, section: 0), IndexPath(item: 10, section: 0)]
        let (paths, controller) = Self.replay(trace, selecting: selected)
        let layout = controller.collectionView.collectionViewLayout as! DraggableLayout
        let home = paths[0]
        func distance(_ a: CGPoint, _ b: CGPoint) -> Double { hypot(a.x - b.x, a.y - b.y) }

        // Until the long press begins (0.5 s = frame 60) nothing moves.
        for frame in 0..<59 { #expect(paths[frame] == home, "frame \(frame)") }
        // Held at the end of the drag (1.1–5.6 s): every cell sits (+150, +250) from home, within
        // the 0.5 pt rest tolerance, by the end of the hold.
        let releaseFrame = Int(Self.release * Self.frameRate) - 1  // frame k ends at (k + 1)/120 s
        let held = paths[releaseFrame - 1]
        for (cell, start) in zip(held, home) {
            #expect(distance(cell, CGPoint(x: start.x + 150, y: start.y + 250)) < 0.5)
        }
        // On four 8 Hz springs with damping 0.6 the cells follow the finger closely and smoothly:
        // until the release no frame moves a cell more than 12 pt (the finger moves 4.9 pt a frame).
        for frame in 1..<releaseFrame {
            for (now, before) in zip(paths[frame], paths[frame - 1]) { #expect(distance(now, before) < 12) }
        }
        // After the release they spring home, the animator pauses, and the seed clears its state.
        for (cell, start) in zip(paths.last!, home) { #expect(distance(cell, start) < 0.5) }
        #expect(layout.animator == nil && layout.indexPathsForDraggingElements == nil)
        let settled = Double(paths.count) / Self.frameRate - Self.release
        #expect(settled < 8, "at rest \(settled) s after the release")

        // The same trace gives the same trajectories, bit for bit.
        let (again, _) = Self.replay(trace, selecting: selected)
        #expect(again == paths)
    }
}
