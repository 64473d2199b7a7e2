import KineticDynamics
// `PendulumScene` (`kinetic simulate pendulum`): a bob on a rigid rod.
import KineticPlatform

/// A 40×40 pt bob on a rigid 100 pt rod from (200, 100), released horizontally.
public final class PendulumScene: Scene {
    public static let pivot = CGPoint(x: 200, y: 100)
    public let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 400))
    public let items = [SceneItem(center: CGPoint(x: 300, y: 100), size: CGSize(width: 40, height: 40))]
    public init() {
        animator.addBehavior(GravityBehavior(items: items))
        animator.addBehavior(AttachmentBehavior(item: items[0], attachedToAnchor: Self.pivot))
    }
}
