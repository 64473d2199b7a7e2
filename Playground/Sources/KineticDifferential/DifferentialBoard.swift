import KineticDynamics
import KineticGestures
import KineticInteractions
import KineticLayout
import KineticPlatform

/// A board of two columns for the differential test's drag-and-drop and reorder calls, as the
/// property suite's drag-and-drop and keyboard generators make them: a drag and drop space over
/// two collection views with rearrangeable layouts, fingers in a gesture arena (a long press
/// lifts a card, a second finger's tap adds one), the space's own calls (begin, add, move,
/// step, end, cancel at any point), copies, forbidden and cancelled drops, cadences, data
/// changed mid-drag, and the keyboard reordering the first column. The board is the columns'
/// data source and delegates, and drops as an app does (a batch update on each column it
/// changes, then each card landed in its cell).
final class DifferentialBoard: CollectionViewDataSource, CollectionViewDragDelegate, CollectionViewDropDelegate,
    RearrangeableFlowLayoutDelegate
{
    let clock = ManualClock()
    let arena: GestureArena
    let columns: [CollectionView]
    let space: DragAndDropSpace
    let interaction: DragAndDropInteraction
    /// Each column's cards, by number.
    var cards: [[Int]] = [Array(0..<6), Array(10..<13)]
    /// What a column proposes for cards from the other column.
    var crossColumnOperation: DropOperation = .move
    /// The next new card's number.
    var next = 100

    init() {
        arena = GestureArena(clock: clock)
        columns = (0..<2).map { index in
            let layout = RearrangeableFlowLayout()
            layout.itemSize = CGSize(width: 180, height: 50)
            layout.minimumLineSpacing = 10
            return CollectionView(
                frame: CGRect(x: 200 * Double(index), y: 0, width: 200, height: 400), collectionViewLayout: layout)
        }
        space = DragAndDropSpace(collectionViews: columns) { $0.frame }
        interaction = DragAndDropInteraction(space: space, clock: clock)
        for view in columns {
            view.dataSource = self
            view.dragDelegate = self
            view.dropDelegate = self
            if let layout = view.collectionViewLayout as? RearrangeableFlowLayout { layout.delegate = self }
            view.layoutIfNeeded()
        }
        interaction.install(in: arena)
    }

    /// Lets go of what refers back (the WebAssembly build holds delegates strongly).
    func tearDown() {
        space.cancelDrag()
        for view in columns {
            view.dataSource = nil
            view.dragDelegate = nil
            view.dropDelegate = nil
            if let layout = view.collectionViewLayout as? RearrangeableFlowLayout { layout.delegate = nil }
        }
    }

    private func column(of view: CollectionView) -> Int { columns.firstIndex { $0 === view } ?? 0 }
    private var keyboardLayout: RearrangeableFlowLayout? { columns[0].collectionViewLayout as? RearrangeableFlowLayout }

    /// One call, chosen and filled in by the bytes.
    func perform(_ reader: inout DifferentialReader) {
        let point = CGPoint(x: reader.number(), y: reader.number())
        switch reader.byte() % 14 {
        case 0, 1:
            let phases: [Touch.Phase] = [.began, .moved, .stationary, .ended, .cancelled]
            let phase = phases[Int(reader.byte() % 5)]
            arena.handle(Touch(id: Int(reader.byte() % 3), phase: phase, location: point, timestamp: clock.now))
        case 2:
            let time = clock.now + [1.0 / 120, 0.3, 0.6, reader.number()][Int(reader.byte() % 4)]
            guard time.isFinite, time >= clock.now, time < clock.now + 10 else { return }
            clock.sleep(until: time)
            arena.advance(to: time)
        case 3: _ = space.beginDrag(at: point)
        case 4: _ = space.addItems(at: point)
        case 5: space.moveDrag(to: point)
        case 6: space.step([1.0 / 120, 1.0 / 60, reader.number()][Int(reader.byte() % 3)])
        case 7: _ = space.endDrag()
        case 8: space.cancelDrag()
        case 9:
            let index = Int(reader.byte() % 2), place = reader.index(cards[index].count)
            guard place >= 0, place <= cards[index].count else { return }
            cards[index].insert(next, at: place)
            next += 1
            columns[index].insertItems(at: [IndexPath(item: place, section: 0)])
        case 10:
            let index = Int(reader.byte() % 2), place = reader.index(cards[index].count)
            guard place >= 0, place < cards[index].count else { return }
            cards[index].remove(at: place)
            columns[index].deleteItems(at: [IndexPath(item: place, section: 0)])
        case 11:
            crossColumnOperation = [.move, .copy, .forbidden, .cancel][Int(reader.byte() % 4)]
            columns[Int(reader.byte() % 2)].reorderingCadence = [.immediate, .fast, .slow][Int(reader.byte() % 3)]
        case 12:
            keyboardLayout?.focusedIndexPath = IndexPath(item: reader.index(cards[0].count), section: reader.index(1))
        default:
            let keys: [KeyboardHIDUsage] = [
                .keyboardSpacebar, .keyboardLeftArrow, .keyboardRightArrow, .keyboardUpArrow, .keyboardDownArrow,
                .keyboardEscape, .keyboardReturnOrEnter, .keyboardTab,
            ]
            _ = keyboardLayout?.handleKeyPress(keys[Int(reader.byte() % 8)])
        }
    }

    /// Mixes the board's state into `mix`: the cards, each column's offset, presented items
    /// (as data cards, or -1 for a gap) and their frames, and the drag's items.
    func digest(_ mix: (UInt64) -> Void) {
        for column in cards {
            for card in column { mix(UInt64(truncatingIfNeeded: card)) }
            mix(.max)
        }
        for (index, view) in columns.enumerated() {
            view.layoutIfNeeded()
            mix(Double(view.contentOffset.y).bitPattern)
            for item in 0..<view.numberOfItems(inSection: 0) {
                let data = view.dataIndexPath(forPresentedIndexPath: IndexPath(item: item, section: 0))
                mix(
                    UInt64(truncatingIfNeeded: data.map { cards[index].indices.contains($0.item) ? $0.item : -2 } ?? -1)
                )
            }
            for attributes in view.visibleLayoutAttributes() {
                mix(UInt64(truncatingIfNeeded: attributes.indexPath.item))
                mix(Double(attributes.center.x).bitPattern)
                mix(Double(attributes.center.y).bitPattern)
            }
        }
        for item in space.session?.items ?? [] { mix(UInt64(truncatingIfNeeded: item.localObject(as: Int.self) ?? -1)) }
        for preview in interaction.previews {
            mix(Double(preview.attributes.center.x).bitPattern)
            mix(Double(preview.attributes.center.y).bitPattern)
        }
    }

    // MARK: Data source and delegates

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        cards[column(of: collectionView)].count
    }

    func collectionView(
        _ collectionView: CollectionView, itemsForBeginning session: CollectionViewDragSession, at indexPath: IndexPath
    ) -> [DragItem] {
        [DragItem(localObject: cards[column(of: collectionView)][indexPath.item])]
    }

    func collectionView(
        _ collectionView: CollectionView, itemsForAddingTo session: CollectionViewDragSession, at indexPath: IndexPath,
        point: CGPoint
    ) -> [DragItem] {
        [DragItem(localObject: cards[column(of: collectionView)][indexPath.item])]
    }

    func collectionView(
        _ collectionView: CollectionView, dropSessionDidUpdate session: CollectionViewDragSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> CollectionViewDropProposal {
        let within = session.items.allSatisfy { $0.sourceCollectionView === collectionView }
        return CollectionViewDropProposal(
            operation: within ? .move : crossColumnOperation, intent: .insertAtDestinationIndexPath)
    }

    /// Moves (or copies) the cards: a batch update deleting them from each source column (a card
    /// whose source went during the drag is skipped), one inserting them at the destination,
    /// then each card landed in its cell.
    func collectionView(_ collectionView: CollectionView, performDropWith coordinator: CollectionViewDropCoordinator) {
        let target = column(of: collectionView)
        let move = coordinator.proposal.operation == .move
        var arriving: [(DragItem, Int)] = []
        var leaving: [[Int]] = [[], []]
        for item in coordinator.items.map({ $0.dragItem }) {
            guard let number = item.localObject(as: Int.self) else { continue }
            if move {
                guard let source = item.sourceIndexPath, let view = item.sourceCollectionView else { continue }
                leaving[column(of: view)].append(source.item)
            }
            arriving.append((item, number))
        }
        for (index, items) in leaving.enumerated() where !items.isEmpty {
            let sorted = items.sorted(by: >)
            for item in sorted { cards[index].remove(at: item) }
            columns[index].deleteItems(at: sorted.map { IndexPath(item: $0, section: 0) })
        }
        let start = min(coordinator.destinationIndexPath?.item ?? cards[target].count, cards[target].count)
        for (offset, (_, number)) in arriving.enumerated() { cards[target].insert(number, at: start + offset) }
        collectionView.insertItems(at: arriving.indices.map { IndexPath(item: start + $0, section: 0) })
        for (offset, (item, _)) in arriving.enumerated() {
            coordinator.drop(item, toItemAt: IndexPath(item: start + offset, section: 0))
        }
    }

    /// The keyboard's moves, in the first column.
    func moveDataItem(from source: IndexPath, to destination: IndexPath) {
        guard cards[0].indices.contains(source.item), destination.item >= 0, destination.item < cards[0].count else {
            return
        }
        cards[0].insert(cards[0].remove(at: source.item), at: destination.item)
    }
}
