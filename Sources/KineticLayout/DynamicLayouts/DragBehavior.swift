import Foundation
import KineticDynamics

/// Drags several items together with a springy, four-corner attachment each (seed 000's
/// high-level drag behaviour).
public final class DragBehavior: DynamicBehavior {
    /// One four-spring behaviour per item: `children` keeps them alive, `rectangles` is the
    /// same list unretained so a drag update needs no casts and no reference counting per item.
    private let children: [RectangleAttachmentBehavior]
    private let rectangles: [Unmanaged<RectangleAttachmentBehavior>]

    /// Attaches every item to the square around `point`.
    public init(items: [any DynamicItem], point: CGPoint) {
        children = items.map { RectangleAttachmentBehavior(item: $0, point: point) }
        rectangles = children.map { Unmanaged.passUnretained($0) }
        super.init()
        for child in children { addChildBehavior(child) }
    }

    /// Moves the drag point; every item follows on its springs.
    public func updateDragLocation(with point: CGPoint) {
        for rectangle in rectangles {
            rectangle._withUnsafeGuaranteedRef { $0.updateAttachmentLocation(with: point) }
        }
    }
}
