import Foundation
import KineticDynamics
import Testing

@testable import KineticLayout

/// The views are 100×100 on the grid's 50×50 cells, 4 columns: 20 items make 5 rows, content
/// 200×250.
@Suite("CollectionView scrolling")
struct CollectionViewScrollingTests {
    @Test func setContentOffsetClampsToTheInsetContent() {
        let f = CollectionViewFixture(count: 20)
        f.view.contentInset = EdgeInsets(top: 10, left: 5, bottom: 20, right: 15)
        #expect(f.view.contentSize == CGSize(width: 200, height: 250))
        // x from -5 to 200 + 15 - 100 = 115; y from -10 to 250 + 20 - 100 = 170.
        f.view.setContentOffset(CGPoint(x: 1000, y: 1000), animated: true)
        #expect(f.view.contentOffset == CGPoint(x: 115, y: 170))
        f.view.setContentOffset(CGPoint(x: -1000, y: -1000), animated: false)
        #expect(f.view.contentOffset == CGPoint(x: -5, y: -10))
        f.view.setContentOffset(CGPoint(x: 30, y: 40), animated: false)
        #expect(f.view.contentOffset == CGPoint(x: 30, y: 40))
        #expect(f.view.clampedContentOffset(CGPoint(x: 116, y: -11)) == CGPoint(x: 115, y: -10))
    }

    @Test func contentSmallerThanTheViewStaysAtTheMinimum() {
        // 3 items: content 150×50 in a 300×300 f.view.
        let f = CollectionViewFixture(count: 3, frame: CGSize(width: 300, height: 300))
        f.view.contentInset = EdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        f.view.setContentOffset(CGPoint(x: 40, y: 500), animated: false)
        #expect(f.view.contentOffset == CGPoint(x: 0, y: -10))
        f.view.setContentOffset(CGPoint(x: -40, y: -500), animated: false)
        #expect(f.view.contentOffset == CGPoint(x: 0, y: -10))
    }

    @Test func plainAssignmentDoesNotClampAndNonFiniteOffsetsAreIgnored() {
        let f = CollectionViewFixture(count: 20)
        f.view.contentOffset = CGPoint(x: 1000, y: -300)
        #expect(f.view.contentOffset == CGPoint(x: 1000, y: -300), "assignment may overscroll, as UIKit bounces")
        f.view.contentOffset = CGPoint(x: CGFloat.nan, y: 0)
        f.view.contentOffset = CGPoint(x: 0, y: CGFloat.infinity)
        #expect(f.view.contentOffset == CGPoint(x: 1000, y: -300))
        f.view.setContentOffset(CGPoint(x: 0, y: 0), animated: false)
        f.view.setContentOffset(CGPoint(x: CGFloat.nan, y: 20), animated: false)
        f.view.setContentOffset(CGPoint(x: 20, y: -CGFloat.infinity), animated: false)
        #expect(f.view.contentOffset == .zero)
        // A non-finite component keeps the current one.
        f.view.contentOffset = CGPoint(x: 30, y: 40)
        #expect(f.view.clampedContentOffset(CGPoint(x: CGFloat.nan, y: 500)) == CGPoint(x: 30, y: 150))
    }

    @Test func scrollToItemPlacesTheItemAtEachPosition() {
        let f = CollectionViewFixture(count: 20)
        // Item 9: row 2, column 1, frame x 50…100, y 100…150.
        let item = IndexPath(item: 9, section: 0)
        let cases: [(CollectionView.ScrollPosition, CGPoint)] = [
            (.top, CGPoint(x: 0, y: 100)),
            (.bottom, CGPoint(x: 0, y: 50)),
            (.centeredVertically, CGPoint(x: 0, y: 75)),
            (.left, CGPoint(x: 50, y: 0)),
            (.right, CGPoint(x: 0, y: 0)),
            (.centeredHorizontally, CGPoint(x: 25, y: 0)),
            ([.top, .left], CGPoint(x: 50, y: 100)),
            ([.bottom, .centeredHorizontally], CGPoint(x: 25, y: 50)),
        ]
        for (position, expected) in cases {
            f.view.contentOffset = .zero
            f.view.scrollToItem(at: item, at: position, animated: false)
            #expect(f.view.contentOffset == expected, "position \(position.rawValue)")
        }
    }

    @Test func scrollToItemHonoursInsetsAndClamps() {
        let f = CollectionViewFixture(count: 20)
        f.view.contentInset = EdgeInsets(top: 10, left: 0, bottom: 20, right: 0)
        let item = IndexPath(item: 9, section: 0)
        f.view.scrollToItem(at: item, at: .top, animated: false)
        #expect(f.view.contentOffset.y == 90)  // 100 − 10
        f.view.scrollToItem(at: item, at: .bottom, animated: false)
        #expect(f.view.contentOffset.y == 70)  // 150 − (100 − 20)
        f.view.scrollToItem(at: item, at: .centeredVertically, animated: false)
        #expect(f.view.contentOffset.y == 80)  // 125 − (10 + 70 / 2)
        // The last row (y 200…250) cannot reach the top: the offset stops at 250 + 20 − 100.
        f.view.scrollToItem(at: IndexPath(item: 19, section: 0), at: .top, animated: false)
        #expect(f.view.contentOffset.y == 170)
        f.view.scrollToItem(at: IndexPath(item: 0, section: 0), at: .bottom, animated: false)
        #expect(f.view.contentOffset.y == -10)
    }

    @Test func scrollToItemIgnoresBadRequests() {
        let f = CollectionViewFixture(count: 20)
        f.view.contentOffset = CGPoint(x: 7, y: 13)
        f.view.scrollToItem(at: IndexPath(item: 9, section: 0), at: [], animated: false)
        f.view.scrollToItem(at: IndexPath(item: 9, section: 0), at: [.top, .bottom], animated: false)
        f.view.scrollToItem(at: IndexPath(item: 9, section: 0), at: [.left, .right], animated: false)
        f.view.scrollToItem(at: IndexPath(item: 20, section: 0), at: .top, animated: false)
        f.view.scrollToItem(at: IndexPath(item: 0, section: 1), at: .top, animated: false)
        #expect(f.view.contentOffset == CGPoint(x: 7, y: 13))
    }

    @Test func visibleItemsAreThoseMeetingTheBoundsInOrder() {
        let f = CollectionViewFixture(count: 20)
        // Bounds x 10…110, y 75…175: columns 0–2 (0…150), rows 1–3 (50…200).
        f.view.contentOffset = CGPoint(x: 10, y: 75)
        let expected = [4, 5, 6, 8, 9, 10, 12, 13, 14].map { IndexPath(item: $0, section: 0) }
        #expect(f.view.indexPathsForVisibleItems == expected)
        f.view.contentOffset = CGPoint(x: 0, y: 1000)
        #expect(f.view.indexPathsForVisibleItems.isEmpty)
    }

    @Test func scrollPositionRawValuesAreUIKits() {
        typealias P = CollectionView.ScrollPosition
        #expect(
            [P.top, .centeredVertically, .bottom, .left, .centeredHorizontally, .right].map(\.rawValue) == [
                1, 2, 4, 8, 16, 32,
            ])
    }
}
