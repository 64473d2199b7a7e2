import KineticDynamics
// `SpringScene` (`kinetic simulate spring`): an item on a damped spring.
import KineticPlatform

/// A 50×50 pt item on a 2 Hz, ζ 0.2 spring of rest length 100 pt, released 100 pt stretched.
public final class SpringScene: Scene {
    public let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 600))
    public let items = [SceneItem(center: CGPoint(x: 200, y: 400), size: CGSize(width: 50, height: 50))]
    public init() {
        let spring = AttachmentBehavior(item: items[0], attachedToAnchor: CGPoint(x: 200, y: 200))
        spring.length = 100
        spring.frequency = 2
        spring.damping = 0.2
        animator.addBehavior(spring)
    }
}
