import KineticDynamics
// `PileScene` (`kinetic simulate pile`, `kinetic bench`): the pile benchmark, boxes falling into a U.
import KineticPlatform

/// The pile benchmark scene, as `../shared/bench` runs it on Box2D: boxes of 40×40 pt (density 1,
/// friction 0.6) in 20 columns, slightly staggered and tilted, falling under gravity 1 into a
/// U-shaped boundary 1200 pt wide, at 120 Hz.
public final class PileScene: Scene {
    public static let innerWidth: CGFloat = 1200
    public static let wallHeight: CGFloat = 3000

    public let animator: DynamicAnimator
    public let items: [SceneItem]
    public let collision: CollisionBehavior

    public init(count: Int = 500) {
        let w = Self.innerWidth, h = Self.wallHeight
        animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: w, height: h))
        var items: [SceneItem] = []
        let columns = 20
        for i in 0..<max(count, 0) {
            let c = i % columns, r = i / columns
            // Box2D's y-up placement mirrored into screen coordinates (floor at y = h).
            let x = 60 + CGFloat(c) * 55 + 5 * CGFloat(r % 3)
            let y = h - (50 + CGFloat(r) * 55)
            let item = SceneItem(center: CGPoint(x: x, y: y), size: CGSize(width: 40, height: 40))
            item.transform = CGAffineTransform(rotationAngle: -0.1 * CGFloat((i * 7) % 5 - 2))
            items.append(item)
        }
        self.items = items
        collision = CollisionBehavior(items: items)
        collision.addBoundary(withIdentifier: "floor", from: CGPoint(x: 0, y: h), to: CGPoint(x: w, y: h))
        collision.addBoundary(withIdentifier: "left", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 0, y: h))
        collision.addBoundary(withIdentifier: "right", from: CGPoint(x: w, y: 0), to: CGPoint(x: w, y: h))
        let material = DynamicItemBehavior(items: items)
        material.friction = 0.6
        animator.addBehavior(material)
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: items))
    }
}
