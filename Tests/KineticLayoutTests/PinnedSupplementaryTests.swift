import Foundation
import KineticDynamics
import Testing

@testable import KineticLayout

/// `sectionHeadersPinToVisibleBounds` and `sectionFootersPinToVisibleBounds` against the arithmetic
/// of a simple flow: one column of 50 pt items, 30 pt headers and 20 pt footers, ten items a
/// section, so section s spans [550 s, 550 s + 550): its header at 550 s, its footer at 550 s + 530.
/// A pinned header sits at the visible top (offset plus inset) while its section is in view and is
/// pushed up by its footer's start; a pinned footer mirrors it at the visible bottom.
@Suite("Pinned headers and footers")
struct PinnedSupplementaryTests {
    /// Three sections of ten items (the view holds its data source weakly: the suite keeps it).
    let data = SectionsDataSource([Array(0..<10), Array(10..<20), Array(20..<30)])

    func make(headers: Bool = true, footers: Bool = false) -> (CollectionView, FlowLayout) {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 100, height: 50)
        layout.minimumLineSpacing = 0
        layout.headerReferenceSize = CGSize(width: 100, height: 30)
        layout.footerReferenceSize = CGSize(width: 100, height: 20)
        layout.sectionHeadersPinToVisibleBounds = headers
        layout.sectionFootersPinToVisibleBounds = footers
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 200), collectionViewLayout: layout)
        view.dataSource = data
        view.layoutIfNeeded()
        return (view, layout)
    }

    /// The headers (or footers) the view shows at `offset`: section → (y, z index).
    func shown(_ view: CollectionView, _ kind: String, at offset: CGFloat) -> [Int: (CGFloat, Int)] {
        view.contentOffset = CGPoint(x: 0, y: offset)
        var result: [Int: (CGFloat, Int)] = [:]
        for a in view.visibleLayoutAttributes() where a.representedElementKind == kind {
            result[a.indexPath.section] = (a.frame.minY, a.zIndex)
        }
        return result
    }

    @Test func aHeaderStaysAtTheTopUntilItsSectionPushesItAway() {
        let (view, layout) = make()
        let header = CollectionElementKind.sectionHeader
        #expect(shown(view, header, at: 0)[0]?.0 == 0)
        let at100 = shown(view, header, at: 100)
        #expect(at100[0]?.0 == 100 && at100[0]?.1 == FlowLayout.pinnedZIndex, "pinned at the top")
        let at520 = shown(view, header, at: 520)
        #expect(at520[0]?.0 == 500, "pushed up: its bottom at the footer's start, 530")
        #expect(at520[1]?.0 == 550, "the next header where it is")
        let at600 = shown(view, header, at: 600)
        #expect(at600[0] == nil && at600[1]?.0 == 600)
        // The query for one header agrees.
        #expect(
            layout.layoutAttributesForSupplementaryView(ofKind: header, at: IndexPath(item: 0, section: 1))?.frame.minY
                == 600)
        // Below the content's top inset, the header pins under it.
        view.contentInset = EdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        #expect(shown(view, header, at: 100)[0]?.0 == 110)
    }

    @Test func aFooterStaysAtTheBottomUntilItsHeaderHoldsIt() {
        let (view, _) = make(headers: false, footers: true)
        let footer = CollectionElementKind.sectionFooter
        let at0 = shown(view, footer, at: 0)
        #expect(at0[0]?.0 == 180 && at0[0]?.1 == FlowLayout.pinnedZIndex, "at the visible bottom, 200 − 20")
        #expect(shown(view, footer, at: 400)[0]?.0 == 530, "at its own place once it is in view")
        // Section 1 at offset 400: visible bottom 600, so its footer would sit at 580, below
        // its header's end (580): exactly there.
        #expect(shown(view, footer, at: 400)[1]?.0 == 580)
    }

    @Test func withoutPinningNothingMoves() {
        let (view, _) = make(headers: false)
        let header = CollectionElementKind.sectionHeader
        #expect(shown(view, header, at: 100)[0] == nil, "scrolled away")
        #expect(
            shown(view, header, at: 520)[1]?.0 == 550 && shown(view, header, at: 520)[1]?.1 != FlowLayout.pinnedZIndex)
    }
}
