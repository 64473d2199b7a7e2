import Foundation
import KineticDynamics
import KineticGestures
import KineticLayout
import Testing

@testable import KineticInteractions

final class Thousand: CollectionViewDataSource {
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 1000 }
}

@Suite("Multi-select drag (seed 000's view controller)")
@MainActor
struct MultiSelectDragInteractionTests {
    /// Taps toggle; a long press drags exactly the selected cells to the finger (each keeps its
    /// offset: the springs' rest lengths) and they come home and the layout clears when it ends.
    /// Tolerance 0.5 pt: the rest threshold (spec) stops the springs within a fraction of that.
    @Test func tapsToggleAndTheSelectionDragsAndReturns() throws {
        let data = Thousand()
        let view = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 400, height: 800), collectionViewLayout: DraggableLayout())
        view.dataSource = data
        view.layoutIfNeeded()
        let interaction = try #require(MultiSelectDragInteraction(collectionView: view))
        let center = { (item: Int) -> CGPoint in
            let f = view.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.frame
            return CGPoint(x: f.midX, y: f.midY)
        }
        let homes = [1, 8, 20].map(center)
        for item in [1, 8, 20, 3] { interaction.tap(at: center(item)) }
        interaction.tap(at: center(3))  // toggled off again
        #expect(interaction.selectedIndexPaths == [1, 8, 20].map { IndexPath(item: $0, section: 0) })

        let finger = center(8)
        interaction.longPressBegan(at: finger)
        interaction.longPressChanged(to: CGPoint(x: finger.x + 90, y: finger.y + 300))
        for _ in 0..<600 { interaction.step(1.0 / 120) }
        for (item, home) in zip([1, 8, 20], homes) {
            let c = view.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.center
            #expect(hypot(c.x - home.x - 90, c.y - home.y - 300) < 0.5)
        }
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))!.center == center(3))
        interaction.longPressEnded()
        for _ in 0..<1200 where interaction.layout.animator != nil { interaction.step(1.0 / 120) }
        #expect(interaction.layout.animator == nil, "cleared on the pause")
        for (item, home) in zip([1, 8, 20], homes) {
            #expect(view.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.center == home)
        }
    }

    @Test func needsADraggableLayout() {
        #expect(
            MultiSelectDragInteraction(collectionView: CollectionView(frame: .zero, collectionViewLayout: FlowLayout()))
                == nil)
    }
}
