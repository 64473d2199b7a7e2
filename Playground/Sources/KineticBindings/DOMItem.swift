import KineticAnimation
import KineticDynamics
import KineticPlatform

/// A page's element as a dynamic item: its bounds are the element's layout box, its center and
/// transform are what the animator gives it (kinetic.js writes them as a CSS transform).
final class DOMItem: AnimatableItem {
    var center: CGPoint
    var bounds: CGRect
    var transform: CGAffineTransform = .identity
    var alpha: CGFloat = 1

    init(center: CGPoint, size: CGSize) {
        self.center = center
        self.bounds = CGRect(origin: .zero, size: size)
    }
}
