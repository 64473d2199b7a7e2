import KineticAnimation
// `BoardSurface`: drag and drop between a page's containers (iOS 11's): long-press an element,
// drag it within its column or to another, tap others with a second finger to add them to the
// stack, drop; the column under the finger scrolls at its top and bottom.
import KineticDynamics
import KineticGestures
import KineticInteractions
import KineticLayout
import KineticPlatform

/// Columns of elements, each a vertical collection view at its frame on the board: the board is
/// every column's data source and drag and drop delegate. Dragged elements are the drop's
/// previews, written in the board's coordinates (container −1).
final class BoardSurface: Surface, CollectionViewDataSource, CollectionViewDragDelegate, CollectionViewDropDelegate {
    let layoutTemplate: FlowLayoutMetrics
    private(set) var columns: [CollectionView] = []
    private(set) var data: [ElementColumn] = []
    /// The elements so far (ids are 0..<elementCount, in the order the columns were added).
    private(set) var elementCount = 0
    private(set) var space: DragAndDropSpace
    private(set) var interaction: DragAndDropInteraction
    private var installed: (LongPressGestureRecognizer, TapGestureRecognizer)?

    init(metrics: FlowLayoutMetrics) {
        let clock = ManualClock()
        layoutTemplate = metrics
        space = DragAndDropSpace(collectionViews: []) { $0.frame }
        interaction = DragAndDropInteraction(space: space, clock: clock)
        super.init(clock: clock)
    }

    /// Adds a column at `frame` holding `count` new elements; answers its index. The drag and
    /// drop space is made anew (it takes its views once), so a column added mid-drag cancels it.
    func addColumn(frame: CGRect, count: Int) -> Int {
        interaction.cancelled()
        let column = ElementColumn(ids: Array(elementCount..<(elementCount + count)))
        elementCount += count
        let layout = RearrangeableFlowLayout()
        layoutTemplate.apply(to: layout)
        let view = CollectionView(frame: frame, collectionViewLayout: layout)
        view.dataSource = self
        view.dragDelegate = self
        view.dropDelegate = self
        view.reorderingCadence = .fast
        columns.append(view)
        data.append(column)
        view.layoutIfNeeded()
        if let (press, tap) = installed {
            arena.removeGestureRecognizer(press)
            arena.removeGestureRecognizer(tap)
            arena.removeParticipant(interaction)
        }
        space = DragAndDropSpace(collectionViews: columns) { $0.frame }
        interaction = DragAndDropInteraction(space: space, clock: clock)
        installed = interaction.install(in: arena)
        return columns.count - 1
    }

    private func index(of view: CollectionView) -> Int { columns.firstIndex { $0 === view } ?? 0 }

    // MARK: Data source and delegates

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        data[index(of: collectionView)].ids.count
    }

    func collectionView(
        _ collectionView: CollectionView, itemsForBeginning session: CollectionViewDragSession, at indexPath: IndexPath
    ) -> [DragItem] {
        let ids = data[index(of: collectionView)].ids
        return ids.indices.contains(indexPath.item) ? [DragItem(localObject: ids[indexPath.item])] : []
    }

    func collectionView(
        _ collectionView: CollectionView, itemsForAddingTo session: CollectionViewDragSession, at indexPath: IndexPath,
        point: CGPoint
    ) -> [DragItem] {
        self.collectionView(collectionView, itemsForBeginning: session, at: indexPath)
    }

    /// Elements move: within a column and between columns, inserted where the gap is.
    func collectionView(
        _ collectionView: CollectionView, dropSessionDidUpdate session: CollectionViewDragSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> CollectionViewDropProposal {
        CollectionViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
    }

    /// Removes the elements from their columns (a batch update each), inserts them at the drop's
    /// place, and lands each in its cell. An element is found by its id, not its index path, so
    /// a column that changed under the drag neither loses nor doubles one.
    func collectionView(_ collectionView: CollectionView, performDropWith coordinator: CollectionViewDropCoordinator) {
        let target = index(of: collectionView)
        var arriving: [(DragItem, Int)] = []
        var leaving: [Int: [Int]] = [:]
        for item in coordinator.items.map({ $0.dragItem }) {
            guard let id = item.localObject(as: Int.self), !arriving.contains(where: { $0.1 == id }),
                let source = data.firstIndex(where: { $0.ids.contains(id) }),
                let place = data[source].ids.firstIndex(of: id)
            else { continue }
            leaving[source, default: []].append(place)
            arriving.append((item, id))
        }
        for source in leaving.keys.sorted() {
            let places = leaving[source] ?? []
            _ = data[source].remove(at: places)
            columns[source].deleteItems(at: places.sorted(by: >).map { IndexPath(item: $0, section: 0) })
        }
        let start = min(
            max(coordinator.destinationIndexPath?.item ?? data[target].ids.count, 0), data[target].ids.count)
        data[target].insert(arriving.map { $0.1 }, at: start)
        collectionView.insertItems(at: arriving.indices.map { IndexPath(item: start + $0, section: 0) })
        for (offset, (item, _)) in arriving.enumerated() {
            coordinator.drop(item, toItemAt: IndexPath(item: start + offset, section: 0))
        }
    }

    /// The page removed element `id` from the document: it leaves its column (a batch update;
    /// the others close the gap). A drag that carries it is cancelled first: the rest go home.
    override func removeElement(_ id: Int) -> Bool {
        guard let column = data.firstIndex(where: { $0.ids.contains(id) }),
            let place = data[column].ids.firstIndex(of: id)
        else { return false }
        if interaction.previews.contains(where: { $0.item.localObject(as: Int.self) == id }) { interaction.cancelled() }
        _ = data[column].remove(at: [place])
        columns[column].deleteItems(at: [IndexPath(item: place, section: 0)])
        columns[column].layoutIfNeeded()
        return true
    }

    /// The page inserted an element at `index` of column `container`: a new id enters its data
    /// there and the column inserts its cell (a batch update; the others make room). A drag in
    /// flight goes on: its elements are found by id when they drop.
    override func insertElement(at index: Int, in container: Int) -> Int? {
        guard data.indices.contains(container), (0...data[container].ids.count).contains(index),
            elementCount < largestCount
        else { return nil }
        let id = elementCount
        elementCount += 1
        data[container].insert([id], at: index)
        columns[container].insertItems(at: [IndexPath(item: index, section: 0)])
        columns[container].layoutIfNeeded()
        return id
    }

    // MARK: Frames

    override func didAdvance() { for view in columns { view.layoutIfNeeded() } }

    override var orderVersion: Int { data.reduce(0) { $0 + $1.version } }
    override var containerCount: Int { columns.count }

    override func contentOffset(of container: Int) -> CGPoint {
        columns.indices.contains(container) ? columns[container].contentOffset : .zero
    }

    override func contentSize(of container: Int) -> CGSize {
        columns.indices.contains(container) ? columns[container].contentSize : .zero
    }

    override func order(of container: Int) -> [Int]? { data.indices.contains(container) ? data[container].ids : nil }

    override func setFrame(_ frame: CGRect, of container: Int) -> Bool {
        guard columns.indices.contains(container) else { return false }
        let view = columns[container]
        view.frame = frame
        view.collectionViewLayout.invalidateLayout()
        view.layoutIfNeeded()
        let limit = max(0, view.contentSize.height - frame.height)
        if view.contentOffset.y > limit { view.contentOffset = CGPoint(x: view.contentOffset.x, y: limit) }
        return true
    }

    override func scroll(container: Int, byWheel delta: CGPoint) -> Bool {
        guard columns.indices.contains(container) else { return false }
        columns[container].scroll(byWheel: delta)
        return true
    }

    override func write(into frame: inout RecordWriter, everything: Bool) {
        for (index, view) in columns.enumerated() {
            if everything {
                let content = CGRect(origin: .zero, size: view.contentSize)
                let all = view.collectionViewLayout.layoutAttributesForElements(in: content) ?? []
                frame.append(cells: all.filter { !isDragged($0, in: index) }, container: index, ids: data[index].ids)
            }
            frame.append(cells: view.visibleLayoutAttributes(), container: index, ids: data[index].ids)
        }
        for preview in interaction.previews {
            guard let id = preview.item.localObject(as: Int.self) else { continue }
            let a = preview.attributes
            frame.append(
                id: id, container: -1, center: a.center, size: a.size, transform: a.transform,
                z: preview.isReleased ? 1 : a.zIndex, flags: RecordWriter.lifted)
        }
    }

    /// Whether the cell is one a preview shows (hidden in view while it is dragged or lands).
    private func isDragged(_ attributes: CollectionViewLayoutAttributes, in column: Int) -> Bool {
        guard data[column].ids.indices.contains(attributes.indexPath.item) else { return false }
        let id = data[column].ids[attributes.indexPath.item]
        return interaction.previews.contains { $0.item.localObject(as: Int.self) == id }
    }

    override func tearDown() {
        for view in columns {
            view.dataSource = nil
            view.dragDelegate = nil
            view.dropDelegate = nil
        }
    }
}

/// What a page says about a flow layout: item size, spacing, insets and scroll direction.
struct FlowLayoutMetrics {
    var itemSize: CGSize
    var spacing: CGFloat
    var inset: CGFloat
    var horizontal: Bool

    func apply(to layout: FlowLayout) {
        layout.itemSize = itemSize
        layout.minimumLineSpacing = spacing
        layout.minimumInteritemSpacing = spacing
        layout.sectionInset = EdgeInsets(top: inset, left: inset, bottom: inset, right: inset)
        layout.scrollDirection = horizontal ? .horizontal : .vertical
    }
}
