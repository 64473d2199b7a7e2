import Foundation
import KineticDynamics

/// A plain rectangle the scenes move: the headless stand-in for a view.
public final class SceneItem: DynamicItem {
    public var center: CGPoint
    public var bounds: CGRect
    public var transform: CGAffineTransform = .identity

    /// Creates an item of `size` centred at `center`.
    public init(center: CGPoint, size: CGSize) {
        self.center = center
        self.bounds = CGRect(origin: .zero, size: size)
    }

    /// The rotation angle of `transform`, in radians.
    public var angle: CGFloat { atan2(transform.b, transform.a) }
}
