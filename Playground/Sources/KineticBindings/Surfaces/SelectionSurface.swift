// `SelectionSurface`: seed 000 on a page's grid: tap elements to select them, long-press one to
// drag the selection, each element on its springs (four to the finger's anchors), then home.
import KineticDynamics
import KineticGestures
import KineticInteractions
import KineticLayout
import KineticPlatform

/// A grid whose selected elements follow the finger on springs: taps select and deselect, a long
/// press drags, the finger's flick scrolls. The data order never changes.
final class SelectionSurface: CollectionSurface {
    let interaction: MultiSelectDragInteraction
    /// The selection as of the last frame, for the records' flags.
    private var selected: Set<IndexPath> = []

    /// `count` elements (ids 0..<count) in a view `size` big, laid out by `layout`.
    init?(size: CGSize, count: Int, layout: DraggableLayout) {
        let clock = ManualClock()
        let column = ElementColumn(ids: Array(0..<count))
        let view = Self.makeView(size: size, column: column, layout: layout)
        guard let interaction = MultiSelectDragInteraction(collectionView: view) else { return nil }
        self.interaction = interaction
        super.init(collectionView: view, column: column, clock: clock)
        interaction.install(in: arena)
        view.install(in: arena)
    }

    override func didAdvance() {
        super.didAdvance()
        selected = Set(interaction.selectedIndexPaths)
    }

    override func flags(_ attributes: CollectionViewLayoutAttributes) -> Double {
        (selected.contains(attributes.indexPath) ? RecordWriter.selected : 0)
            + (attributes.zIndex > 0 ? RecordWriter.lifted : 0)
    }
}
