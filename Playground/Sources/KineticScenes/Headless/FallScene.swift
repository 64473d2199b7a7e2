import KineticDynamics
// `FallScene` (`kinetic simulate fall`): one item under gravity.
import KineticPlatform

/// A 100×100 pt item falling under gravity 1 (1000 pt/s²).
public final class FallScene: Scene {
    public let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800))
    public let items = [SceneItem(center: CGPoint(x: 200, y: 100), size: CGSize(width: 100, height: 100))]
    public init() {
        animator.addBehavior(GravityBehavior(items: items))
    }
}
