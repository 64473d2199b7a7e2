import KineticDynamics
// `SnapScene` (`kinetic simulate snap`): an item snapping to a point.
import KineticPlatform

/// A tilted 80×80 pt item snapping to (200, 300).
public final class SnapScene: Scene {
    public let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 600))
    public let items = [SceneItem(center: CGPoint(x: 60, y: 80), size: CGSize(width: 80, height: 80))]
    public init() {
        items[0].transform = CGAffineTransform(rotationAngle: 0.6)
        animator.addBehavior(SnapBehavior(item: items[0], snapTo: CGPoint(x: 200, y: 300)))
    }
}
