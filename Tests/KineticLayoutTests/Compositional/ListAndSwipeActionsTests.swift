import Foundation
import KineticDynamics
import KineticGestures
import Testing

@testable import KineticLayout

/// Lists (`CollectionLayoutListConfiguration`): each appearance's metrics as documented in the
/// configuration, and swipe actions driven by touches as a person would (partial and full
/// swipes, velocity, taps, one row open at a time, scrolling winning over a vertical pan).
@Suite("Lists and swipe actions")
struct ListAndSwipeActionsTests {
    static func path(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

    @Test func aPlainListWithHeadersAndSeparators() throws {
        var configuration = CollectionLayoutListConfiguration(appearance: .plain)
        configuration.headerMode = .supplementary
        let layout = CompositionalLayout.list(using: configuration)
        let data = SectionsDataSource([Array(0..<3), Array(0..<2)])
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.dataSource = data
        // Header 28, then rows of 44, full width; the second section right after.
        func header(_ section: Int) -> CGRect? {
            layout.layoutAttributesForSupplementaryView(
                ofKind: CollectionElementKind.sectionHeader, at: Self.path(0, section))?
                .frame
        }
        #expect(header(0) == CGRect(x: 0, y: 0, width: 320, height: 28))
        #expect(
            (0..<3).map { layout.layoutAttributesForItem(at: Self.path($0))?.frame } == [
                CGRect(x: 0, y: 28, width: 320, height: 44), CGRect(x: 0, y: 72, width: 320, height: 44),
                CGRect(x: 0, y: 116, width: 320, height: 44),
            ])
        #expect(header(1)?.minY == 160)
        #expect(layout.layoutAttributesForItem(at: Self.path(1, 1))?.frame.minY == 232)
        // Each row's separator: along its bottom edge, from 16 points in, a point thick.
        let separator = layout.layoutAttributesForSupplementaryView(
            ofKind: CollectionLayoutListConfiguration.separatorElementKind, at: Self.path(1))
        #expect(separator?.frame == CGRect(x: 16, y: 115, width: 304, height: 1))
        // Plain headers pin.
        view.contentOffset = CGPoint(x: 0, y: 50)
        let shown = view.visibleLayoutAttributes().first {
            $0.representedElementKind == CollectionElementKind.sectionHeader && $0.indexPath.section == 0
        }
        #expect(shown?.frame.minY == 50)
        withExtendedLifetime(data) {}
    }

    @Test func anInsetGroupedListIsInsetByTheLayoutMargins() {
        var configuration = CollectionLayoutListConfiguration(appearance: .insetGrouped)
        configuration.headerMode = .supplementary
        configuration.showsSeparators = false
        let layout = CompositionalLayout.list(using: configuration)
        let data = SectionsDataSource([Array(0..<2), Array(0..<1)])
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.dataSource = data
        // 35 before each section, then its header (38), rows inset by the 8-point margins.
        #expect(layout.layoutAttributesForItem(at: Self.path(0))?.frame == CGRect(x: 8, y: 73, width: 304, height: 44))
        #expect(layout.layoutAttributesForItem(at: Self.path(0, 1))?.frame.minY == CGFloat(73 + 88 + 35 + 38))
        #expect(
            layout.layoutAttributesForSupplementaryView(
                ofKind: CollectionLayoutListConfiguration.separatorElementKind, at: Self.path(0)) == nil)
        withExtendedLifetime((view, data)) {}
    }

    /// A list of 30 rows with trailing actions (Delete, destructive; Flag) on every row, in an
    /// arena on a manual clock at 120 Hz.
    final class Harness {
        let clock = ManualClock()
        let arena: GestureArena
        let layout: CompositionalLayout
        let view: CollectionView
        let data = SectionsDataSource([Array(0..<30)])
        var performed: [(String, IndexPath)] = []
        var completions: [(Bool) -> Void] = []
        /// Whether a Delete completes at once (and deletes the row).
        var deletesAtOnce = true
        static let frame = 1.0 / 120

        init(leading: Bool = false) {
            arena = GestureArena(clock: clock)
            var configuration = CollectionLayoutListConfiguration(appearance: .plain)
            var actions: (IndexPath) -> SwipeActionsConfiguration? = { _ in nil }
            configuration.trailingSwipeActionsConfigurationProvider = { actions($0) }
            if leading { configuration.leadingSwipeActionsConfigurationProvider = { actions($0) } }
            layout = CompositionalLayout.list(using: configuration)
            view = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
            view.dataSource = data
            view.install(in: arena)
            view.layoutIfNeeded()
            actions = { [unowned self] path in
                SwipeActionsConfiguration(actions: [
                    ContextualAction(style: .destructive, title: "Delete") { _, _, completion in
                        self.performed.append(("Delete", path))
                        if self.deletesAtOnce {
                            self.data.sections[0].remove(at: path.item)
                            self.view.performBatchUpdates { self.view.deleteItems(at: [path]) }
                            completion(true)
                        } else {
                            self.completions.append(completion)
                        }
                    },
                    ContextualAction(style: .normal, title: "Flag") { _, _, completion in
                        self.performed.append(("Flag", path))
                        completion(true)
                    },
                ])
            }
        }

        func step(_ touch: (phase: Touch.Phase, point: CGPoint)? = nil) {
            clock.advance(by: Self.frame)
            if let touch { arena.handle(Touch(id: 1, phase: touch.phase, location: touch.point, timestamp: clock.now)) }
            arena.advance(to: clock.now)
        }

        /// A finger down at `start`, moved by `distance` over `frames` frames, held still for
        /// `hold` frames (a slow release), then lifted.
        func drag(from start: CGPoint, by distance: CGVector, frames: Int, hold: Int = 0) {
            step((.began, start))
            for frame in 1...frames {
                let t = CGFloat(frame) / CGFloat(frames)
                step((.moved, CGPoint(x: start.x + distance.dx * t, y: start.y + distance.dy * t)))
            }
            let end = CGPoint(x: start.x + distance.dx, y: start.y + distance.dy)
            for _ in 0..<hold { step((.moved, end)) }
            step((.ended, end))
        }

        func tap(_ point: CGPoint) {
            step((.began, point))
            step((.ended, point))
        }

        func settle() { for _ in 0..<240 { step() } }

        var offset: CGFloat { layout.swipedRow?.offset ?? 0 }
    }

    @Test func aPartialSwipeOpensTheActionsAndATapPerformsOne() throws {
        let h = Harness()
        // Row 2 spans 88…132; drag 100 points left, slowly, and let go.
        h.drag(from: CGPoint(x: 300, y: 110), by: CGVector(dx: -100, dy: 0), frames: 30, hold: 20)
        h.settle()
        #expect(h.layout.swipedRow?.indexPath == Self.path(2))
        #expect(abs(h.offset + 148) < 0.5, "open: two actions of 74: \(h.offset)")
        let shown = h.view.visibleLayoutAttributes()
        let row = try #require(shown.first { $0.representedElementCategory == .cell && $0.indexPath == Self.path(2) })
        #expect(abs(row.frame.minX + 148) < 0.5, "the row moved with the swipe")
        let buttons = shown.filter { $0.representedElementKind == SwipeActionsConfiguration.actionElementKind }
        #expect(buttons.count == 2)
        let delete = try #require(buttons.first { $0.indexPath.last == 0 })
        #expect(abs(delete.frame.minX - (375 - 74)) < 0.5, "the first action nearest the edge")
        #expect(h.view.contentOffset == .zero, "the list did not scroll")
        // A tap on Flag performs it; the row closes.
        let flag = try #require(buttons.first { $0.indexPath.last == 1 })
        h.tap(CGPoint(x: flag.frame.midX, y: flag.frame.midY))
        h.settle()
        #expect(h.performed.map(\.0) == ["Flag"] && h.performed.first?.1 == Self.path(2))
        #expect(h.layout.swipedRow == nil)
        #expect(h.data.sections[0].count == 30)
    }

    @Test func aShortSwipeClosesAgain() {
        let h = Harness()
        h.drag(from: CGPoint(x: 300, y: 110), by: CGVector(dx: -40, dy: 0), frames: 30, hold: 20)
        h.settle()
        #expect(h.layout.swipedRow == nil, "40 is less than half the actions' 148")
    }

    /// A fast flick opens the row even when it has travelled little (it would rest past half).
    @Test func aFlickOpensTheRow() {
        let h = Harness()
        h.drag(from: CGPoint(x: 300, y: 110), by: CGVector(dx: -60, dy: 0), frames: 4)
        h.settle()
        #expect(abs(h.offset + 148) < 0.5, "\(h.offset)")
    }

    @Test func aFullSwipePerformsTheFirstActionAndTheRowGoes() {
        let h = Harness()
        h.drag(from: CGPoint(x: 360, y: 110), by: CGVector(dx: -300, dy: 0), frames: 30, hold: 5)
        #expect(h.performed.map(\.0) == ["Delete"] && h.performed.first?.1 == Self.path(2))
        #expect(h.data.sections[0].count == 29 && h.view.numberOfItems(inSection: 0) == 29)
        h.settle()
        #expect(h.layout.swipedRow == nil, "the row was deleted: nothing stays swiped")
    }

    /// A full swipe whose action has not completed keeps the row out until it does.
    @Test func aFullSwipeWaitsForTheCompletion() {
        let h = Harness()
        h.deletesAtOnce = false
        h.drag(from: CGPoint(x: 360, y: 110), by: CGVector(dx: -300, dy: 0), frames: 30, hold: 5)
        h.settle()
        #expect(h.offset == -375, "out while the action runs")
        h.completions.first?(false)
        h.settle()
        #expect(h.layout.swipedRow == nil, "cancelled: the row comes back")
    }

    @Test func oneRowIsOpenAtATimeAndATouchElsewhereClosesIt() {
        let h = Harness()
        h.drag(from: CGPoint(x: 300, y: 110), by: CGVector(dx: -100, dy: 0), frames: 30, hold: 20)
        h.settle()
        h.drag(from: CGPoint(x: 300, y: 200), by: CGVector(dx: -100, dy: 0), frames: 30, hold: 20)
        h.settle()
        #expect(h.layout.swipedRow?.indexPath == Self.path(4), "row 4 open, row 2 closed")
        h.tap(CGPoint(x: 100, y: 400))
        h.settle()
        #expect(h.layout.swipedRow == nil)
        #expect(h.performed.isEmpty)
    }

    @Test func aVerticalPanScrollsTheListNotTheRow() {
        let h = Harness()
        h.drag(from: CGPoint(x: 300, y: 400), by: CGVector(dx: -30, dy: -200), frames: 20)
        #expect(h.view.contentOffset.y > 100, "\(h.view.contentOffset.y)")
        #expect(h.layout.swipedRow == nil)
    }

    @Test func aSideWithoutActionsDoesNotMove() {
        let h = Harness()
        h.drag(from: CGPoint(x: 100, y: 110), by: CGVector(dx: 120, dy: 0), frames: 20, hold: 5)
        h.settle()
        #expect(h.layout.swipedRow == nil)
        let leading = Harness(leading: true)
        leading.drag(from: CGPoint(x: 100, y: 110), by: CGVector(dx: 120, dy: 0), frames: 30, hold: 20)
        leading.settle()
        #expect(abs(leading.offset - 148) < 0.5, "leading actions open to the right: \(leading.offset)")
    }

    /// A swipe the system cancels (the touch is taken away) closes the row and performs nothing.
    @Test func aCancelledSwipeClosesTheRow() {
        let h = Harness()
        h.step((.began, CGPoint(x: 300, y: 110)))
        for frame in 1...20 { h.step((.moved, CGPoint(x: 300 - CGFloat(frame) * 5, y: 110))) }
        #expect(h.offset < -50, "the row follows the finger: \(h.offset)")
        h.step((.cancelled, CGPoint(x: 200, y: 110)))
        h.settle()
        #expect(h.layout.swipedRow == nil && h.performed.isEmpty)
    }
}
