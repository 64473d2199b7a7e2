// swift-format-ignore-file
// (The seed's code stays as published, its style included.)

// Seed 000's DraggableLayout as published, with only `import UIKit` changed to
// `import UIKitCompat`: it must compile (the seed's `flatMap` over optionals is deprecated, a
// warning) and behave exactly as Kinetic's own DraggableLayout.
import Testing
import UIKitCompat

final class DraggableLayout: UICollectionViewFlowLayout {
    // Array that holds dragged index paths
    var indexPathsForDraggingElements: [IndexPath]?

    // The dynamic animator that will animate drag behavior
    var animator: UIDynamicAnimator?

    // Custom high-level behavior that dictates drag animation
    var dragBehavior: DragBehavior?

    // Where dragging starts so can return there once dragging ends
    var startDragPoint = CGPoint.zero

    // Bool to keep track if dragging has ended
    var isFinishedDragging = false

    // Method to inform layout that dragging has started
    func startDragging(indexPaths selectedIndexPaths: [IndexPath], from point: CGPoint) {
        indexPathsForDraggingElements = selectedIndexPaths
        animator = UIDynamicAnimator(collectionViewLayout: self)
        animator?.delegate = self

        // Get all of the draggable attributes but change zIndex so above other cells
        let draggableAttributes: [UICollectionViewLayoutAttributes] = selectedIndexPaths.flatMap {
            let attribute = super.layoutAttributesForItem(at: $0)
            attribute?.zIndex = 1
            return attribute
        }

        startDragPoint = point

        // Add them to high-level behavior
        dragBehavior = DragBehavior(items: draggableAttributes, point: point)

        // Add high-level behavior to animator
        animator?.addBehavior(dragBehavior!)
    }

    func updateDragLocation(_ point: CGPoint) {
        // Tell high-level behavior that point has updated
        dragBehavior?.updateDragLocation(with: point)
    }

    func endDragging() {
        isFinishedDragging = true

        // Return high-level behavior to starting point
        dragBehavior?.updateDragLocation(with: startDragPoint)
    }

    func clearDraggedIndexPaths() {
        // Reset state for next drag event
        animator = nil
        indexPathsForDraggingElements = nil
        isFinishedDragging = false
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let existingAttributes: [UICollectionViewLayoutAttributes] = super.layoutAttributesForElements(in: rect) ?? []
        var allAttributes = [UICollectionViewLayoutAttributes]()

        // Get normal flow layout attributes for non-drag items
        for attributes in existingAttributes {
            if (indexPathsForDraggingElements?.contains(attributes.indexPath) ?? false) == false {
                allAttributes.append(attributes)
            }
        }

        // Add dragged item attributes by asking animator for them
        if let animator = self.animator {
            let animatorAttributes: [UICollectionViewLayoutAttributes] = animator.items(in: rect).flatMap {
                $0 as? UICollectionViewLayoutAttributes
            }
            allAttributes.append(contentsOf: animatorAttributes)
        }
        return allAttributes
    }
}
extension DraggableLayout: UIDynamicAnimatorDelegate {
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {
        // Animator has paused and done dragging; reset state
        guard isFinishedDragging else { return }
        clearDraggedIndexPaths()
    }
}

/// 1000 items in one section, as the seed's view controller has.
final class ThousandItems: UICollectionViewDataSource {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 1000 }
}

@Suite("Seed 000's DraggableLayout through UIKitCompat")
@MainActor
struct SeedDraggableLayoutTests {
    /// The seed's layout and Kinetic's run side by side on the same input; each frame their
    /// dragged cells must be bit-identical (same engine, same numbers), the cells must reach the
    /// finger and come back (checked against the flow layout's frames to 0.5 pt, the rest
    /// tolerance), and both must clear on the animator's pause.
    @Test func seedLayoutDragsLikeKineticsOwn() {
        let data = ThousandItems()
        let seed = DraggableLayout()
        let own = KineticLayout.DraggableLayout()
        let frame = CGRect(x: 0, y: 0, width: 400, height: 800)
        let seedView = UICollectionView(frame: frame, collectionViewLayout: seed)
        let ownView = UICollectionView(frame: frame, collectionViewLayout: own)
        seedView.dataSource = data
        ownView.dataSource = data
        seedView.layoutIfNeeded()
        ownView.layoutIfNeeded()
        let selected = [
            IndexPath(item: 3, section: 0), IndexPath(item: 10, section: 0), IndexPath(item: 22, section: 0),
        ]
        let home = selected.map { seed.layoutAttributesForItem(at: $0)!.center }
        let finger = CGPoint(x: 100, y: 100)
        seed.startDragging(indexPaths: selected, from: finger)
        own.startDragging(indexPaths: selected, from: finger)
        let moved = CGPoint(x: 260, y: 420)
        seed.updateDragLocation(moved)
        own.updateDragLocation(moved)

        func dragged(_ layout: UICollectionViewLayout, in view: UICollectionView) -> [CGPoint] {
            let all =
                layout.layoutAttributesForElements(in: CGRect(x: -1000, y: -1000, width: 3000, height: 3000)) ?? []
            return selected.map { path in
                all.first { $0.indexPath == path && $0.zIndex == 1 }?.center ?? CGPoint(x: -1, y: -1)
            }
        }
        for _ in 0..<600 {
            seed.animator?.step(1.0 / 120)
            own.animator?.step(1.0 / 120)
            seedView.layoutIfNeeded()
            ownView.layoutIfNeeded()
            #expect(dragged(seed, in: seedView) == dragged(own, in: ownView))
        }
        for (center, start) in zip(dragged(seed, in: seedView), home) {
            #expect(hypot(center.x - start.x - (moved.x - finger.x), center.y - start.y - (moved.y - finger.y)) < 0.5)
        }
        seed.endDragging()
        own.endDragging()
        var frames = 0
        while seed.animator != nil || own.animator != nil, frames < 1200 {
            seed.animator?.step(1.0 / 120)
            own.animator?.step(1.0 / 120)
            frames += 1
            #expect((seed.animator == nil) == (own.animator == nil), "both clear on the same frame")
        }
        #expect(seed.animator == nil && seed.indexPathsForDraggingElements == nil && !seed.isFinishedDragging)
        for (path, start) in zip(selected, home) {
            #expect(seed.layoutAttributesForItem(at: path)!.center == start)
        }
    }
}
