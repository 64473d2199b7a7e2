import KineticDynamics
// `PushScene` (`kinetic simulate push`): a continuous and an instantaneous push.
import KineticPlatform

/// Two 100×100 pt (1 kg) items: one under a continuous push of 1 to the right (100 pt/s²),
/// one kicked down by an instantaneous push of 1 (100 pt/s at once).
public final class PushScene: Scene {
    public let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 800, height: 800))
    public let items = [
        SceneItem(center: CGPoint(x: 100, y: 100), size: CGSize(width: 100, height: 100)),
        SceneItem(center: CGPoint(x: 400, y: 100), size: CGSize(width: 100, height: 100)),
    ]
    public init() {
        let steady = PushBehavior(items: [items[0]], mode: .continuous)
        steady.setAngle(0, magnitude: 1)
        let kick = PushBehavior(items: [items[1]], mode: .instantaneous)
        kick.setAngle(.pi / 2, magnitude: 1)
        animator.addBehavior(steady)
        animator.addBehavior(kick)
    }
}
