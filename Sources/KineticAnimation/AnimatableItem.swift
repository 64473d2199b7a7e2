import KineticDynamics
import KineticPlatform

/// An item a ``ViewAnimator`` can animate: a ``/KineticDynamics/DynamicItem`` whose bounds and alpha can also
/// be set, like a view. Headless items are plain objects, so the animator writes the
/// interpolated values into these properties every frame.
public protocol AnimatableItem: DynamicItem {
    /// The item's bounds; animated as origin and size.
    var bounds: CGRect { get set }
    /// The item's opacity, 0…1; written clamped to that range (a spring may overshoot inside).
    var alpha: CGFloat { get set }
}

extension ObjectIdentifier {
    /// The identity of `item`'s object. Written for both builds: Embedded Swift takes
    /// `ObjectIdentifier` of a class type only, and the upcast to `AnyObject` gives one.
    init(_ item: any AnimatableItem) { self.init(item as AnyObject) }
}
