import KineticAnimation
import KineticDynamics
// `PhotoItem`: the plain view the photos scene zooms, drags, tilts and slides.
import KineticPlatform

/// A plain rectangle a scroll view can zoom and an animator can animate: the headless stand-in
/// for a `UIImageView` (or the view that holds one).
public final class PhotoItem: AnimatableItem {
    public var center: CGPoint
    public var bounds: CGRect
    public var transform: CGAffineTransform = .identity
    public var alpha: CGFloat = 1

    /// An item filling `frame`.
    public init(frame: CGRect) {
        center = CGPoint(x: frame.midX, y: frame.midY)
        bounds = CGRect(origin: .zero, size: frame.size)
    }
}
