import Foundation
import KineticDynamics
import Testing

@testable import KineticLayout

/// The finger reorder's axis lock and bounds (KDRearrangeable's `axis`, dnd-kit's
/// restrict-to-axis and restrict-to-parent modifiers), checked against the grid's geometry: 6
/// columns of 50 pt cells 10 pt apart in 400 pt, rows 60 pt apart.
@Suite("Reorder constraints")
@MainActor
struct ReorderConstraintsTests {
    private func path(_ item: Int) -> IndexPath { IndexPath(item: item, section: 0) }

    /// Whether `frame` lies within `area`, edge by edge (corelibs Foundation's `contains` compares
    /// a union, which rounding can make differ by an ulp).
    private func inside(_ frame: CGRect, _ area: CGRect) -> Bool {
        frame.minX >= area.minX && frame.maxX <= area.maxX && frame.minY >= area.minY && frame.maxY <= area.maxY
    }

    /// Dragging item 0 onto item 14 (row 2, column 2): free, it goes there; locked
    /// horizontally it stays on row 0 and lands in column 2; locked vertically it stays in
    /// column 0 and lands on row 2.
    @Test(arguments: [(RearrangeAxis.free, 14), (.horizontal, 2), (.vertical, 12)])
    func theAxisKeepsTheCellOnItsLine(axis: RearrangeAxis, lands: Int) throws {
        let scene = ReorderScene(sections: [Array(0..<40)])
        scene.layout.axis = axis
        let origin = scene.center(path(0))
        let target = scene.center(path(14))
        #expect(scene.layout.beginDragging(at: origin))
        for step in 1...20 {
            let t = CGFloat(step) / 20
            let finger = CGPoint(x: origin.x + (target.x - origin.x) * t, y: origin.y + (target.y - origin.y) * t)
            scene.layout.updateDragging(to: finger)
            let center = try #require(scene.layout.representation).center
            switch axis {
            case .free: #expect(center == finger)
            case .horizontal: #expect(center == CGPoint(x: finger.x, y: origin.y))
            case .vertical: #expect(center == CGPoint(x: origin.x, y: finger.y))
            }
        }
        #expect(scene.layout.draggedIndexPaths == [path(lands)])
        scene.layout.endDragging()
        var expected = Array(0..<40)
        expected.insert(expected.remove(at: 0), at: lands)
        #expect(scene.data.sections[0] == expected)
    }

    /// Bounded to the visible rectangle (less the content insets), the cell stays wholly inside
    /// it however far the finger goes, and the edge still scrolls under a finger held in its
    /// zone, the cell kept inside the moving rectangle.
    @Test func visibleBoundsKeepTheCellInView() throws {
        let scene = ReorderScene(sections: [Array(0..<200)])
        scene.layout.dragBounds = .visibleBounds
        scene.view.contentInset = EdgeInsets(top: 40, left: 0, bottom: 0, right: 0)
        scene.view.contentOffset = CGPoint(x: 0, y: -40)
        let grab = scene.center(path(7))
        #expect(scene.layout.beginDragging(at: CGPoint(x: grab.x + 10, y: grab.y + 5)))
        let visible = { CGRect(x: 0, y: scene.view.contentOffset.y + 40, width: 400, height: 760) }
        for finger in [CGPoint(x: -500, y: -900), CGPoint(x: 900, y: 2000), CGPoint(x: 200, y: 300)] {
            scene.layout.updateDragging(to: CGPoint(x: finger.x, y: finger.y + scene.view.contentOffset.y))
            let frame = try #require(scene.layout.representation).frame
            #expect(inside(frame, visible()), "\(frame) in \(visible())")
        }
        // Far up and left: the cell sits in the corner of the visible area.
        scene.layout.updateDragging(to: CGPoint(x: -500, y: -900))
        #expect(try #require(scene.layout.representation).frame.origin == CGPoint(x: 0, y: 0))
        // Held at the bottom edge, beyond the view: the content scrolls, the cell stays in view.
        for _ in 0..<60 {
            scene.layout.updateDragging(to: CGPoint(x: 200, y: scene.view.contentOffset.y + 830))
            scene.layout.step(1.0 / 60)
            let held = try #require(scene.layout.representation).frame
            #expect(inside(held, visible()), "\(held) in \(visible())")
        }
        #expect(scene.view.contentOffset.y > 100, "auto-scroll follows the finger, not the bounded cell")
        scene.layout.endDragging()
        #expect(scene.data.isPermutation)
    }

    /// Bounded to the content, the cell cannot leave it; unbounded, it follows the finger out.
    @Test func contentBoundsKeepTheCellInTheContent() throws {
        let scene = ReorderScene(sections: [Array(0..<12)])
        let content = CGRect(origin: .zero, size: scene.view.contentSize)
        #expect(content.height == 110, "two rows")
        let grab = scene.center(path(0))
        scene.layout.beginDragging(at: grab)
        scene.layout.updateDragging(to: CGPoint(x: 380, y: 600))
        #expect(try #require(scene.layout.representation).center == CGPoint(x: 380, y: 600), "unbounded")
        scene.layout.dragBounds = .contentBounds
        scene.layout.updateDragging(to: CGPoint(x: 380, y: 600))
        let frame = try #require(scene.layout.representation).frame
        #expect(frame == CGRect(x: 350, y: 60, width: 50, height: 50))
        scene.layout.cancelDragging()
        #expect(scene.data.sections[0] == Array(0..<12))
    }
}
