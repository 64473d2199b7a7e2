import Foundation
import KineticDynamics
import Testing

@testable import KineticLayout

/// A data source of one section of `count` items.
private final class CountDataSource: CollectionViewDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
}

/// In the WebAssembly build (wasm32) `Int` has 32 bits: every count, index and index path the
/// layout library computes must stay below 2³¹, where arithmetic traps there. These run natively
/// (64 bits) and check the bounds the 32-bit build relies on.
@Suite("32-bit Int")
struct ThirtyTwoBitIntTests {
    @Test func theLargestCountsFitThirtyTwoBits() {
        #expect(CollectionView.maximumNumberOfSections <= Int(Int32.max))
        // One past the end, and the sum of two counts, still fit.
        #expect(2 * CollectionView.maximumNumberOfItemsInSection <= Int(Int32.max) + 1)
    }

    @Test func aLineOfHairWidthItemsCountsAtMostInt32Max() {
        // (1000 − w) / w is a trillion: counted as Int32.max items, not one more (which traps).
        #expect(
            FlowGeometry.lineCapacity(itemLength: 1e-9, spacing: 0, available: 1000, itemCount: 5) == Int(Int32.max))
        let metrics = FlowSectionMetrics(
            inset: .zero, lineSpacing: 0, interitemSpacing: 0, header: .zero, footer: .zero, vertical: true)
        var geometry = FlowGeometry(crossSize: 1000)
        let count = CollectionView.maximumNumberOfItemsInSection
        geometry.appendUniformSection(metrics, itemCount: count, size: CGSize(width: 1e-9, height: 10))
        #expect(geometry.sections[0].lineCapacity == Int(Int32.max))
        #expect(geometry.sections[0].lineCount == 1)
        var found: [Int] = []
        geometry.forEachCandidate(in: CGRect(x: 0, y: 0, width: 1e-5, height: 10)) { _, _, item, _ in
            found.append(item)
        }
        #expect(!found.isEmpty && found.allSatisfy { $0 >= 0 && $0 < count })
        #expect(geometry.itemFrame(section: 0, item: count - 1)?.origin.x.isFinite == true)
    }

    @Test func theLastOfTheMostItemsIsLaidOutAndFound() throws {
        let count = CollectionView.maximumNumberOfItemsInSection
        let data = CountDataSource(count: count)
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 10, height: 10)
        layout.minimumInteritemSpacing = 0
        layout.minimumLineSpacing = 0
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 1000, height: 500), collectionViewLayout: layout)
        view.dataSource = data
        let last = IndexPath(item: count - 1, section: 0)
        let attributes = try #require(view.layoutAttributesForItem(at: last))
        #expect(attributes.frame.maxY == view.contentSize.height)
        view.scrollToItem(at: last, at: .bottom, animated: false)
        #expect(view.indexPathsForVisibleItems.last == last)
        #expect(view.indexPathForItem(at: attributes.center) == last)
    }
}
