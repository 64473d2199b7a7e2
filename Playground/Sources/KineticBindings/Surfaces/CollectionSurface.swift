// `CollectionSurface`: a container whose elements a collection view lays out in a flow (a list
// or a grid), scrolled by the finger, the wheel and the edge auto-scroll.
import KineticDynamics
import KineticGestures
import KineticLayout
import KineticPlatform

/// One collection view over a container's elements: their ids in data order, their frames from
/// its flow layout, its scrolling. The reorder and the multi-select drag are its kinds.
class CollectionSurface: Surface {
    let collectionView: CollectionView
    let column: ElementColumn
    /// How many ids were made (the column's at first, then one an insertion): ids are never reused.
    private(set) var madeCount: Int

    /// The view `collectionView` showing `column`, timed by `clock`.
    init(collectionView: CollectionView, column: ElementColumn, clock: ManualClock) {
        self.collectionView = collectionView
        self.column = column
        madeCount = (column.ids.max() ?? -1) + 1
        super.init(clock: clock)
    }

    /// A view `size` big of `column`'s elements laid out by `layout`.
    static func makeView(size: CGSize, column: ElementColumn, layout: FlowLayout) -> CollectionView {
        let view = CollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
        view.dataSource = column
        view.layoutIfNeeded()
        return view
    }

    override func didAdvance() { collectionView.layoutIfNeeded() }

    override var containerCount: Int { 1 }
    override func contentOffset(of container: Int) -> CGPoint { collectionView.contentOffset }
    override func contentSize(of container: Int) -> CGSize { collectionView.contentSize }
    override func order(of container: Int) -> [Int]? { container == 0 ? column.ids : nil }
    override var orderVersion: Int { column.version }

    override func setFrame(_ frame: CGRect, of container: Int) -> Bool {
        guard container == 0 else { return false }
        collectionView.frame = CGRect(origin: .zero, size: frame.size)
        collectionView.collectionViewLayout.invalidateLayout()
        collectionView.layoutIfNeeded()
        // A narrower view may leave the offset past the content's end: back within it.
        let size = collectionView.contentSize, visible = collectionView.bounds.size
        let offset = collectionView.contentOffset
        collectionView.contentOffset = CGPoint(
            x: min(offset.x, max(0, size.width - visible.width)), y: min(offset.y, max(0, size.height - visible.height))
        )
        return true
    }

    override func scroll(container: Int, byWheel delta: CGPoint) -> Bool {
        guard container == 0 else { return false }
        collectionView.scroll(byWheel: delta)
        return true
    }

    /// The page removed element `id` from the document: its id leaves the data and the view
    /// deletes its cell, a batch update from elsewhere (a drag of it ends, cancelled; the keyboard's
    /// focus on it is lost; the others close the gap).
    override func removeElement(_ id: Int) -> Bool {
        guard let index = column.ids.firstIndex(of: id) else { return false }
        _ = column.remove(at: [index])
        collectionView.deleteItems(at: [IndexPath(item: index, section: 0)])
        collectionView.layoutIfNeeded()
        return true
    }

    /// The page inserted an element at `index`: a new id enters the data there and the view
    /// inserts its cell, a batch update from elsewhere (a drag in flight ends, cancelled; the
    /// keyboard's focus stays on its element; the others make room).
    override func insertElement(at index: Int, in container: Int) -> Int? {
        guard container == 0, (0...column.ids.count).contains(index), madeCount < largestCount else { return nil }
        let id = madeCount
        madeCount += 1
        column.insert([id], at: index)
        collectionView.insertItems(at: [IndexPath(item: index, section: 0)])
        collectionView.layoutIfNeeded()
        return id
    }

    /// Each element's flags (selected, focused).
    func flags(_ attributes: CollectionViewLayoutAttributes) -> Double { 0 }

    override func write(into frame: inout RecordWriter, everything: Bool) {
        if everything {
            let content = CGRect(origin: .zero, size: collectionView.contentSize)
            let all = collectionView.collectionViewLayout.layoutAttributesForElements(in: content) ?? []
            frame.append(cells: all, container: 0, ids: column.ids) { self.flags($0) }
        }
        frame.append(cells: collectionView.visibleLayoutAttributes(), container: 0, ids: column.ids) {
            self.flags($0)
        }
    }

    override func tearDown() { collectionView.dataSource = nil }
}
