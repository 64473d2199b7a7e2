import Foundation
import KineticDynamics

/// A built-in, headless scene: an animator, its items, and what happens each frame.
public protocol Scene: AnyObject {
    /// The animator running the scene.
    var animator: DynamicAnimator { get }
    /// The items written to the CSV, in a fixed order.
    var items: [SceneItem] { get }
    /// Advances one frame of `dt` seconds ending at time `t` (input first, then the step).
    func advance(to t: TimeInterval, dt: TimeInterval)
}

extension Scene {
    public func advance(to t: TimeInterval, dt: TimeInterval) {
        animator.step(dt)
    }
}

/// The names `kinetic simulate` and `kinetic bench` accept.
public enum SceneName: String, CaseIterable, Sendable {
    case fall, pendulum, spring, snap, push, pile
    case seedDrag = "seed-drag"
    case springy

    /// Builds a fresh instance of the scene.
    public func make() -> any Scene {
        switch self {
        case .fall: FallScene()
        case .pendulum: PendulumScene()
        case .spring: SpringScene()
        case .snap: SnapScene()
        case .push: PushScene()
        case .pile: PileScene()
        case .seedDrag: SeedDragScene()
        case .springy: SpringyScrollScene()
        }
    }
}

/// A 100×100 pt item falling under gravity 1 (1000 pt/s²).
public final class FallScene: Scene {
    public let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800))
    public let items = [SceneItem(center: CGPoint(x: 200, y: 100), size: CGSize(width: 100, height: 100))]
    public init() {
        animator.addBehavior(GravityBehavior(items: items))
    }
}

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

/// A tilted 80×80 pt item snapping to (200, 300).
public final class SnapScene: Scene {
    public let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 600))
    public let items = [SceneItem(center: CGPoint(x: 60, y: 80), size: CGSize(width: 80, height: 80))]
    public init() {
        items[0].transform = CGAffineTransform(rotationAngle: 0.6)
        animator.addBehavior(SnapBehavior(item: items[0], snapTo: CGPoint(x: 200, y: 300)))
    }
}

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
