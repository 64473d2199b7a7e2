import Foundation
import KineticDynamics
import Testing
@testable import KineticLayout

/// Per-item sizes and per-section values, as an app's flow-layout delegate gives them.
final class SizesDelegate: CollectionViewDelegateFlowLayout {
    var sizes: [[CGSize]]
    var insets: EdgeInsets = .zero
    init(_ sizes: [[CGSize]]) { self.sizes = sizes }
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        sizes[indexPath.section][indexPath.item]
    }
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, insetForSectionAt section: Int) -> EdgeInsets {
        insets
    }
}

@MainActor
struct FlowScene {
    let data: SectionsDataSource
    let layout = FlowLayout()
    let view: CollectionView

    init(counts: [Int], size: CGSize, delegate: SizesDelegate? = nil, configure: (FlowLayout) -> Void = { _ in }) {
        var next = 0
        data = SectionsDataSource(counts.map { c in defer { next += c }; return Array(next..<(next + c)) })
        configure(layout)
        view = CollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
        view.dataSource = data
        view.delegate = delegate
        view.layoutIfNeeded()
    }

    func frame(_ item: Int, _ section: Int = 0) -> CGRect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    /// Every element by brute force: each item's and each header's and footer's attributes.
    func everything() -> [CollectionViewLayoutAttributes] {
        var all: [CollectionViewLayoutAttributes] = []
        for section in 0..<view.numberOfSections {
            for kind in [CollectionElementKind.sectionHeader, CollectionElementKind.sectionFooter] {
                if let a = layout.layoutAttributesForSupplementaryView(ofKind: kind, at: IndexPath(item: 0, section: section)) { all.append(a) }
            }
            for item in 0..<view.numberOfItems(inSection: section) {
                all.append(layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))!)
            }
        }
        return all
    }
}

/// The identity of an answer, for comparing sets of attributes.
struct Element: Hashable {
    let category: CollectionElementCategory
    let kind: String?
    let indexPath: IndexPath
    let frame: [CGFloat]
    init(_ a: CollectionViewLayoutAttributes) {
        category = a.representedElementCategory
        kind = a.representedElementKind
        indexPath = a.indexPath
        frame = [a.frame.minX, a.frame.minY, a.frame.width, a.frame.height]
    }
}

@Suite("FlowLayout")
@MainActor
struct FlowLayoutTests {
    /// 7 items of 50×50 in a 200 pt wide view, insets (5, 10, 15, 20), spacing 10, header 30,
    /// footer 40, and a second, empty section. By hand: 170 pt for items; 3 fit (3·50 + 2·10 =
    /// 170); full lines are justified (gap (170 − 150)/2 = 10: x = 10, 70, 130); the last line's
    /// lone item is centred (x = 10 + (170 − 50)/2 = 70). Lines at y = 30 + 5 = 35, 95, 155; the
    /// section ends at 205 + 15 = 220, its footer 220…260; the empty section is its header
    /// 260…290 and footer 290…330, without insets.
    @Test func verticalGeometryByHand() {
        let scene = FlowScene(counts: [7, 0], size: CGSize(width: 200, height: 300)) {
            $0.sectionInset = EdgeInsets(top: 5, left: 10, bottom: 15, right: 20)
            $0.headerReferenceSize = CGSize(width: 999, height: 30)
            $0.footerReferenceSize = CGSize(width: 999, height: 40)
        }
        let expected: [(CGFloat, CGFloat)] = [(10, 35), (70, 35), (130, 35), (10, 95), (70, 95), (130, 95), (70, 155)]
        for (item, (x, y)) in expected.enumerated() {
            #expect(scene.frame(item) == CGRect(x: x, y: y, width: 50, height: 50), "item \(item)")
        }
        let header = { (section: Int) in scene.layout.layoutAttributesForSupplementaryView(ofKind: CollectionElementKind.sectionHeader, at: IndexPath(item: 0, section: section))?.frame }
        let footer = { (section: Int) in scene.layout.layoutAttributesForSupplementaryView(ofKind: CollectionElementKind.sectionFooter, at: IndexPath(item: 0, section: section))?.frame }
        #expect(header(0) == CGRect(x: 0, y: 0, width: 200, height: 30))
        #expect(footer(0) == CGRect(x: 0, y: 220, width: 200, height: 40))
        #expect(header(1) == CGRect(x: 0, y: 260, width: 200, height: 30))
        #expect(footer(1) == CGRect(x: 0, y: 290, width: 200, height: 40))
        #expect(scene.view.contentSize == CGSize(width: 200, height: 330))
        #expect(scene.frame(7) == nil && scene.frame(0, 1) == nil && scene.frame(0, 2) == nil)
    }

    /// The transpose: scrolling horizontally in a 200 pt tall view, lines are columns filled
    /// top to bottom. Items 40 wide × 60 tall, insets top 10 bottom 0 left 5 right 7, spacing 10.
    /// Across: 190 pt; 3 fit (3·60 + 20 = 200 > 190, so 2: 2·60 + 10 = 130); gap (190 − 120)/1 =
    /// 70: y = 10, 140. Columns at x = 5, 55, 105; 5 items: the last column's lone item centred at
    /// y = 10 + (190 − 60)/2 = 75. Content width 145 + 7 = 152.
    @Test func horizontalGeometryByHand() {
        let scene = FlowScene(counts: [5], size: CGSize(width: 300, height: 200)) {
            $0.scrollDirection = .horizontal
            $0.itemSize = CGSize(width: 40, height: 60)
            $0.sectionInset = EdgeInsets(top: 10, left: 5, bottom: 0, right: 7)
        }
        let expected: [(CGFloat, CGFloat)] = [(5, 10), (5, 140), (55, 10), (55, 140), (105, 75)]
        for (item, (x, y)) in expected.enumerated() {
            #expect(scene.frame(item) == CGRect(x: x, y: y, width: 40, height: 60), "item \(item)")
        }
        #expect(scene.view.contentSize == CGSize(width: 152, height: 200))
    }

    /// Per-item sizes in a 200 pt wide view, spacing 10: (60×20) and (100×40) share a line
    /// (170 ≤ 200; adding 30 would make 210), justified: gap 40, x = 0 and 100, each centred on
    /// the line's 40 pt (y = 10 and 0). (30×30) alone: centred at x = 85, y = 50. An item wider
    /// than the line, (300×10): a line of its own at x = 0, y = 90. Content 200 × 100.
    @Test func perItemSizesByHand() {
        let sizes = [CGSize(width: 60, height: 20), CGSize(width: 100, height: 40), CGSize(width: 30, height: 30), CGSize(width: 300, height: 10)]
        let delegate = SizesDelegate([sizes])
        let scene = FlowScene(counts: [4], size: CGSize(width: 200, height: 400), delegate: delegate)
        #expect(scene.frame(0) == CGRect(x: 0, y: 10, width: 60, height: 20))
        #expect(scene.frame(1) == CGRect(x: 100, y: 0, width: 100, height: 40))
        #expect(scene.frame(2) == CGRect(x: 85, y: 50, width: 30, height: 30))
        #expect(scene.frame(3) == CGRect(x: 0, y: 90, width: 300, height: 10))
        #expect(scene.view.contentSize == CGSize(width: 200, height: 100))
    }

    /// `layoutAttributesForElements(in:)` answers exactly the brute-force filter of every
    /// element by `frame.intersects(rect)`, on 200 random rectangles, in both modes and axes.
    @Test(arguments: [(false, CollectionView.ScrollDirection.vertical), (false, .horizontal), (true, .vertical), (true, .horizontal)])
    func queriesEqualBruteForce(perItem: Bool, direction: CollectionView.ScrollDirection) {
        var random = SplitMix64(state: perItem ? 11 : 12)
        let counts = [37, 0, 1, 120, 9]
        let delegate = perItem ? SizesDelegate(counts.map { n in (0..<n).map { _ in CGSize(width: Double.random(in: 5...140, using: &random), height: Double.random(in: 5...90, using: &random)) } }) : nil
        delegate?.insets = EdgeInsets(top: 3, left: 8, bottom: 13, right: 2)
        let scene = FlowScene(counts: counts, size: CGSize(width: 320, height: 480), delegate: delegate) {
            $0.scrollDirection = direction
            $0.itemSize = CGSize(width: 45, height: 33)
            $0.sectionInset = EdgeInsets(top: 3, left: 8, bottom: 13, right: 2)
            $0.headerReferenceSize = CGSize(width: 25, height: 25)
            $0.footerReferenceSize = CGSize(width: 12, height: 12)
        }
        let all = scene.everything()
        let content = scene.view.contentSize
        for _ in 0..<200 {
            let x = Double.random(in: -50...(content.width + 50), using: &random)
            let y = Double.random(in: -50...(content.height + 50), using: &random)
            let rect = CGRect(x: x, y: y, width: Double.random(in: 0...400, using: &random), height: Double.random(in: 0...600, using: &random))
            let answer = scene.layout.layoutAttributesForElements(in: rect) ?? []
            let expected = Set(all.filter { $0.frame.intersects(rect) }.map(Element.init))
            #expect(Set(answer.map(Element.init)) == expected, "rect \(rect)")
            #expect(answer.count == expected.count, "no duplicates")
        }
    }

    /// Uniform mode stores per-section arithmetic only: the same storage for 10 and 1 000 000
    /// items.
    @Test func uniformStorageDoesNotGrowWithItems() {
        let small = FlowScene(counts: [10], size: CGSize(width: 390, height: 844))
        let large = FlowScene(counts: [1_000_000], size: CGSize(width: 390, height: 844))
        #expect(small.layout.frames.isEmpty && large.layout.frames.isEmpty)
        #expect(small.layout.sections.count == large.layout.sections.count)
        // By arithmetic: 6 per 390 pt line (7·50 + 6·10 = 410 > 390), gap (390 − 300)/5 = 18.
        // Item 999 992: line 166 665 (y = 166 665 · 60), position 2 (x = 2 · 68). The last line
        // holds 1 000 000 − 6 · 166 666 = 4 items, gap (390 − 200)/3: item 999 999 at x = 3 · (50 + 190/3).
        #expect(large.frame(999_992) == CGRect(x: 136, y: 166_665 * 60, width: 50, height: 50))
        #expect(large.frame(999_999) == CGRect(x: 3 * (50 + 190.0 / 3), y: 166_666 * 60, width: 50, height: 50))
    }

    @Test func invalidation() {
        let scene = FlowScene(counts: [10], size: CGSize(width: 200, height: 300))
        #expect(!scene.layout.needsPrepare)
        scene.layout.itemSize = CGSize(width: 20, height: 20)
        #expect(scene.layout.needsPrepare && scene.layout.needsFullPrepare)
        scene.view.layoutIfNeeded()
        scene.view.contentOffset = CGPoint(x: 0, y: 40)
        #expect(!scene.layout.needsPrepare, "scrolling does not invalidate")
        scene.view.frame.size.height = 500
        #expect(!scene.layout.needsPrepare, "growing along the scroll axis does not either")
        scene.view.frame.size.width = 100
        #expect(scene.layout.needsPrepare, "a new width does")
        scene.view.layoutIfNeeded()
        #expect(scene.frame(1) == CGRect(x: 40, y: 0, width: 20, height: 20), "re-laid out for 100 pt: 3 per line (4 would need 110), gap (100 − 60)/2 = 20")
    }

    /// Bad numbers count as zero; bad queries answer nothing.
    @Test func badInput() {
        let scene = FlowScene(counts: [3], size: CGSize(width: 100, height: 100)) {
            $0.itemSize = CGSize(width: Double.nan, height: 20)
            $0.minimumInteritemSpacing = -5
            $0.minimumLineSpacing = .infinity
            $0.sectionInset = EdgeInsets(top: .nan, left: -10, bottom: 0, right: 0)
        }
        // Zero-width items with zero spacing all fit one line, justified across 100 pt.
        #expect(scene.frame(0) == CGRect(x: 0, y: 0, width: 0, height: 20))
        #expect(scene.frame(2) == CGRect(x: 100, y: 0, width: 0, height: 20))
        #expect(scene.layout.layoutAttributesForElements(in: CGRect(x: Double.nan, y: 0, width: 10, height: 10))?.isEmpty == true)
        #expect(scene.layout.layoutAttributesForItem(at: IndexPath(item: -1, section: 0)) == nil)
        #expect(scene.layout.layoutAttributesForItem(at: IndexPath(index: 0)) == nil)
        let empty = FlowScene(counts: [], size: CGSize(width: 100, height: 100))
        #expect(empty.view.contentSize == CGSize(width: 100, height: 0))
    }

    /// Callers may change what they are given (seed 000 sets `zIndex = 1`): every query answers
    /// fresh attributes.
    @Test func answersAreFreshCopies() {
        let scene = FlowScene(counts: [3], size: CGSize(width: 200, height: 200))
        let first = scene.layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!
        first.zIndex = 1
        first.center.x += 100
        let again = scene.layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!
        #expect(again !== first && again.zIndex == 0 && again.frame.minX == 0)
    }
}
