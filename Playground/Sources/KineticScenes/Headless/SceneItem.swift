import KineticDynamics
// `SceneItem`: the plain rectangle the headless scenes move and write to their CSVs.
import KineticPlatform

/// A plain rectangle the scenes move: the headless stand-in for a view.
public final class SceneItem: DynamicItem {
    // The animator writes `center` and `transform` of every item every frame. A scene and its
    // items live on one thread, so the runtime's dynamic exclusivity checks on these plain
    // stored properties (about a third of the write-back's cost) guard nothing.
    @exclusivity(unchecked) public var center: CGPoint
    public var bounds: CGRect
    @exclusivity(unchecked) public var transform: CGAffineTransform = .identity

    /// Creates an item of `size` centred at `center`.
    public init(center: CGPoint, size: CGSize) {
        self.center = center
        self.bounds = CGRect(origin: .zero, size: size)
    }

    /// The rotation angle of `transform`, in radians.
    public var angle: CGFloat { Elementary.atan2(transform.b, transform.a) }
}
