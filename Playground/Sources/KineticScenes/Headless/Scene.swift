import KineticDynamics
// The `Scene` protocol: what every headless scene (`kinetic simulate`, `kinetic bench`) is.
import KineticPlatform

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
