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

/// Non-finite geometry is refused with a log line, and extreme finite input keeps everything
/// finite: a collection view's frame, bounds and offset; a reorder dragged to ±1e300.
@Suite("Extreme geometry")
@MainActor
struct ExtremeGeometryTests {
    @Test func nonFiniteFramesBoundsAndOffsetsAreRefused() {
        let scene = ReorderScene(sections: [Array(0..<30)])
        #expect(scene.layout.beginDragging(at: scene.center(IndexPath(item: 1, section: 0))))
        for bad in [-CGFloat.infinity, .infinity, .nan] {
            scene.view.frame = CGRect(x: 0, y: 0, width: 400, height: bad)
            scene.view.bounds = CGRect(x: bad, y: 0, width: 400, height: 800)
            scene.view.contentOffset = CGPoint(x: 0, y: bad)
            scene.view.frame = CGRect(x: 0, y: 0, width: -10, height: 800)
        }
        #expect(scene.view.frame == CGRect(x: 0, y: 0, width: 400, height: 800), "\(scene.view.frame)")
        #expect(scene.view.contentOffset == .zero, "\(scene.view.contentOffset)")
        #expect(!scene.view.visibleLayoutAttributes().isEmpty)
        scene.layout.endDragging()
        #expect(scene.data.isPermutation)
    }

    @Test(arguments: [1e300, -1e300, 1.7e308, -1.7e308])
    func aReorderDraggedFarAwayStaysFinite(far: Double) {
        let scene = ReorderScene(sections: [Array(0..<30)])
        #expect(scene.layout.beginDragging(at: scene.center(IndexPath(item: 3, section: 0))))
        for point in [CGPoint(x: far, y: 100), CGPoint(x: 100, y: far), CGPoint(x: far, y: far)] {
            scene.layout.updateDragging(to: point)
            for _ in 0..<10 { scene.layout.step(1.0 / 120) }
            let visible = scene.view.visibleLayoutAttributes()
            #expect(visible.allSatisfy { $0.frame.origin.x.isFinite && $0.frame.origin.y.isFinite })
            #expect(scene.view.contentOffset.x.isFinite && scene.view.contentOffset.y.isFinite)
        }
        scene.layout.endDragging()
        #expect(scene.data.isPermutation)
    }
}

/// Finite but enormous sizes, spacings and insets never make an infinite content size or
/// attribute: values beyond ``FlowLayout/maximumLength`` are clamped to it with a log line, and
/// a query of the whole content still finds every item.
@Suite("Enormous flow layout values")
@MainActor
struct EnormousFlowValuesTests {
    @Test(arguments: [1e30, 1e300, 1.7e308])
    func contentStaysFiniteAndWhole(value: CGFloat) {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: value, height: value)
        layout.minimumLineSpacing = value
        layout.minimumInteritemSpacing = value
        layout.sectionInset = EdgeInsets(top: value, left: value, bottom: value, right: value)
        layout.headerReferenceSize = CGSize(width: value, height: value)
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
        let data = ArrayDataSource(count: 33)
        view.dataSource = data
        let size = view.contentSize
        #expect(size.width.isFinite && size.height.isFinite, "\(size)")
        let all = layout.layoutAttributesForElements(in: CGRect(origin: .zero, size: size)) ?? []
        #expect(all.filter { $0.representedElementCategory == .cell }.count == 33)
        #expect(
            all.allSatisfy { [$0.frame.minX, $0.frame.minY, $0.frame.width, $0.frame.height].allSatisfy(\.isFinite) })
        view.contentOffset = CGPoint(x: 0, y: size.height)
        let clamped = view.clampedContentOffset(CGPoint(x: 1e308, y: 1e308))
        #expect(clamped.x.isFinite && clamped.y.isFinite)
    }
}
