import Foundation
import KineticDynamics
import Testing

@testable import KineticLayout

/// One rule for malformed index paths (not exactly two indexes): every layout and the
/// collection view answer nil or ignore them, mid-drag included; nothing traps.
@Suite("Malformed index paths")
@MainActor
struct MalformedIndexPathTests {
    static let malformed = [IndexPath(), IndexPath(index: 0), IndexPath(indexes: [0, 0, 0])]

    static func check(_ layout: CollectionViewLayout, _ view: CollectionView) {
        for path in malformed {
            #expect(layout.layoutAttributesForItem(at: path) == nil, "\(type(of: layout)) \(path)")
            #expect(
                layout.layoutAttributesForSupplementaryView(ofKind: CollectionElementKind.sectionHeader, at: path)
                    == nil)
            #expect(view.layoutAttributesForItem(at: path) == nil && !view.isValid(path))
            view.selectItem(at: path, animated: false, scrollPosition: [])
            view.scrollToItem(at: path, at: .top, animated: false)
        }
        #expect(view.indexPathsForSelectedItems?.isEmpty ?? true)
    }

    @Test func everyLayoutAnswersNil() {
        for layout in [FlowLayout(), DraggableLayout(), SpringyFlowLayout(), RearrangeableFlowLayout()] {
            let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
            let data = ArrayDataSource(count: 40)
            view.dataSource = data
            view.layoutIfNeeded()
            Self.check(layout, view)
        }
    }

    /// The case: a reorder in progress asked about a malformed path.
    @Test func aReorderMidDragAnswersNil() {
        let scene = ReorderScene(sections: [Array(0..<20)])
        #expect(scene.layout.beginDragging(at: scene.center(IndexPath(item: 2, section: 0))))
        scene.layout.updateDragging(to: CGPoint(x: 200, y: 300))
        Self.check(scene.layout, scene.view)
        scene.layout.endDragging()
        #expect(scene.data.isPermutation)
    }
}
