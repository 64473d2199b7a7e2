import KineticDynamics
import KineticLayout
// `SeedDragScene` (`kinetic simulate seed-drag`): seed 000's drag of 1000 cells on a scripted path.
import KineticPlatform

/// Seed 000's drag: 1000 cells of 50×50 pt laid out as `UICollectionViewFlowLayout` lays them
/// out by default (10 pt spacing, rows justified across a 375 pt wide view), all selected and
/// dragged by a finger on a Lissajous path x = 200 sin(πt), y = 100 sin(2πt) pt around the
/// grid's centre, through `DragBehavior` and `RectangleAttachmentBehavior` exactly as the seed
/// wires them (4 anchor springs of 8 Hz, ζ 0.6 per cell).
public final class SeedDragScene: Scene {
    public static let cellCount = 1000
    public static let viewWidth: CGFloat = InteractiveSceneName.viewSize.width
    public static let cellSize = CGSize(width: 50, height: 50)
    public static let spacing: CGFloat = 10

    public let animator: DynamicAnimator
    public let items: [SceneItem]
    public let drag: DragBehavior
    /// Where the finger starts (and the path is centred): the grid's centre.
    public let gridCentre: CGPoint

    public init(cellCount: Int = SeedDragScene.cellCount) {
        let columns = Int((Self.viewWidth + Self.spacing) / (Self.cellSize.width + Self.spacing))
        let rows = (cellCount + columns - 1) / columns
        // Flow layout justifies a full row: the leftover width is shared between the gaps.
        let gap = columns > 1 ? (Self.viewWidth - CGFloat(columns) * Self.cellSize.width) / CGFloat(columns - 1) : 0
        var items: [SceneItem] = []
        items.reserveCapacity(cellCount)
        for i in 0..<cellCount {
            let column = i % columns, row = i / columns
            let x = CGFloat(column) * (Self.cellSize.width + gap) + Self.cellSize.width / 2
            let y = CGFloat(row) * (Self.cellSize.height + Self.spacing) + Self.cellSize.height / 2
            items.append(SceneItem(center: CGPoint(x: x, y: y), size: Self.cellSize))
        }
        self.items = items
        let height = CGFloat(rows) * Self.cellSize.height + CGFloat(max(rows - 1, 0)) * Self.spacing
        animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: Self.viewWidth, height: height))
        gridCentre = CGPoint(x: Self.viewWidth / 2, y: height / 2)
        drag = DragBehavior(items: items, point: gridCentre)
        animator.addBehavior(drag)
    }

    /// The finger at time `t`.
    public func finger(at t: TimeInterval) -> CGPoint {
        CGPoint(x: gridCentre.x + 200 * Elementary.sin(.pi * t), y: gridCentre.y + 100 * Elementary.sin(2 * .pi * t))
    }

    public func advance(to t: TimeInterval, dt: TimeInterval) {
        drag.updateDragLocation(with: finger(at: t))
        animator.step(dt)
    }
}
