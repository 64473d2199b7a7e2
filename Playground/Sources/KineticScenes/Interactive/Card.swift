import KineticAnimation
import KineticDynamics
// `Card`: the headless view the toss throws and the sandbox's boxes are.
import KineticPlatform

/// A headless view: what the toss moves.
public final class Card: AnimatableItem {
    public var center: CGPoint
    public var bounds: CGRect
    public var transform: CGAffineTransform = .identity
    public var alpha: CGFloat = 1

    /// A card of `size` centred at `center`.
    public init(center: CGPoint, size: CGSize) {
        self.center = center
        bounds = CGRect(origin: .zero, size: size)
    }
}
