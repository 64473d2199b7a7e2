import Foundation
import KineticDynamics

/// Drags several items together with a springy, four-corner attachment each (seed 000's
/// high-level drag behaviour).
public final class DragBehavior: DynamicBehavior {
    /// One four-spring behaviour per item, typed, so a drag update needs no casts.
    private let rectangles: [RectangleAttachmentBehavior]

    /// Attaches every item to the square around `point`.
    public init(items: [any DynamicItem], point: CGPoint) {
        rectangles = items.map { RectangleAttachmentBehavior(item: $0, point: point) }
        super.init()
        for rectangle in rectangles { addChildBehavior(rectangle) }
    }

    /// Moves the drag point; every item follows on its springs.
    public func updateDragLocation(with point: CGPoint) {
        for rectangle in rectangles { rectangle.updateAttachmentLocation(with: point) }
    }
}
