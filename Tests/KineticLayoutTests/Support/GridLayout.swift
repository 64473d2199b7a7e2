import Foundation
import KineticDynamics

@testable import KineticLayout

/// A test-support layout: fixed-size cells in a fixed number of columns, each section below
/// the previous one and starting on a new row, optionally under a header of its own. Queries
/// scan every element: simple enough to be obviously right, which is what the tests need.
///
/// It also records what the collection view tells it, for the tests to check.
final class GridLayout: CollectionViewLayout {
    let itemSize: CGSize
    let columns: Int
    let headerHeight: CGFloat

    private(set) var cellFrames: [[CGRect]] = []
    private(set) var headerFrames: [CGRect] = []
    private var contentSize = CGSize.zero

    /// How many times `prepare()` ran.
    private(set) var prepareCount = 0
    /// The update items of every `prepare(forCollectionViewUpdates:)`.
    private(set) var updateBatches: [[CollectionViewUpdateItem]] = []
    /// The collection view's mapping as seen in each `prepare(forCollectionViewUpdates:)`.
    private(set) var mappings: [CollectionView.IndexPathMapping?] = []
    /// Whether the mapping was still there when `prepare()` ran during each update.
    private(set) var mappingSeenByPrepare: [Bool] = []
    /// How many times `finalizeCollectionViewUpdates()` ran.
    private(set) var finalizeCount = 0
    private var updating = false

    init(itemSize: CGSize = CGSize(width: 50, height: 50), columns: Int = 4, headerHeight: CGFloat = 0) {
        self.itemSize = itemSize
        self.columns = columns
        self.headerHeight = headerHeight
        super.init()
    }

    override func prepare() {
        prepareCount += 1
        if updating { mappingSeenByPrepare.append(collectionView?.indexPathMappingForUpdates != nil) }
        cellFrames = []
        headerFrames = []
        guard let collectionView else {
            contentSize = .zero
            return
        }
        var y: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            headerFrames.append(CGRect(x: 0, y: y, width: CGFloat(columns) * itemSize.width, height: headerHeight))
            y += headerHeight
            let count = collectionView.numberOfItems(inSection: section)
            cellFrames.append(
                (0..<count).map { item in
                    CGRect(
                        x: CGFloat(item % columns) * itemSize.width, y: y + CGFloat(item / columns) * itemSize.height,
                        width: itemSize.width, height: itemSize.height
                    )
                })
            y += CGFloat((count + columns - 1) / columns) * itemSize.height
        }
        contentSize = CGSize(width: CGFloat(columns) * itemSize.width, height: y)
    }

    override var collectionViewContentSize: CGSize { contentSize }

    override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        var all: [CollectionViewLayoutAttributes] = []
        for (section, frames) in cellFrames.enumerated() {
            if headerHeight > 0, headerFrames[section].intersects(rect) {
                all.append(header(section))
            }
            for (item, frame) in frames.enumerated() where frame.intersects(rect) {
                all.append(cell(IndexPath(item: item, section: section)))
            }
        }
        return all
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard cellFrames.indices.contains(indexPath.section),
            cellFrames[indexPath.section].indices.contains(indexPath.item)
        else {
            return nil
        }
        return cell(indexPath)
    }

    override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> CollectionViewLayoutAttributes?
    {
        guard headerHeight > 0, elementKind == CollectionElementKind.sectionHeader,
            headerFrames.indices.contains(indexPath.section)
        else {
            return nil
        }
        return header(indexPath.section)
    }

    override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
        updateBatches.append(updateItems)
        mappings.append(collectionView?.indexPathMappingForUpdates)
        updating = true
    }

    override func finalizeCollectionViewUpdates() {
        updating = false
        finalizeCount += 1
    }

    /// The frame of the item at `indexPath` as laid out now.
    func frame(_ indexPath: IndexPath) -> CGRect {
        collectionView?.layoutIfNeeded()
        return cellFrames[indexPath.section][indexPath.item]
    }

    private func cell(_ indexPath: IndexPath) -> CollectionViewLayoutAttributes {
        let attributes = CollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = cellFrames[indexPath.section][indexPath.item]
        return attributes
    }

    private func header(_ section: Int) -> CollectionViewLayoutAttributes {
        let attributes = CollectionViewLayoutAttributes(
            forSupplementaryViewOfKind: CollectionElementKind.sectionHeader, with: IndexPath(item: 0, section: section)
        )
        attributes.frame = headerFrames[section]
        return attributes
    }
}
