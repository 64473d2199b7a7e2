import KineticDynamics
import KineticPlatform

/// How a dragged or dropping item's preview looks (UIKit's `UIDragPreviewParameters`): the part
/// of the cell it shows, and what shows behind it. Headless, these are values for whoever draws
/// the previews.
public final class DragPreviewParameters {
    /// The outline the preview shows, in the cell's own coordinates (its bounds' origin at
    /// zero); nil: the whole cell.
    public var visiblePath: BezierPath?
    /// The colour behind the visible path, as red, green, blue and alpha in 0…1; nil: none.
    public var backgroundColor: (red: Double, green: Double, blue: Double, alpha: Double)?

    /// Parameters that show the whole cell with nothing behind it.
    public init() {}

    /// Parameters that show `visiblePath` of the cell.
    public init(visiblePath: BezierPath) {
        self.visiblePath = visiblePath
    }
}
