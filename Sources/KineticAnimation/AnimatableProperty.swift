import KineticDynamics
import KineticPlatform

/// The properties a ``ViewAnimator`` animates, and how each is laid out as numbers.
enum AnimatableProperty: Int, Hashable, CaseIterable {
    /// `center`: x, y.
    case center
    /// `bounds`: origin x, origin y, width, height.
    case bounds
    /// `transform`, decomposed (``TransformComponents``): tx, ty, angle, scale x, scale y, shear.
    case transform
    /// `alpha`.
    case alpha

    /// Below this distance from the target (in the component's unit) a spring component is
    /// at rest: a thousandth of a point for positions and sizes, 1e-5 for the dimensionless
    /// ones (radians, scale factors, alpha).
    func resolution(ofComponent index: Int) -> Double {
        switch self {
        case .center, .bounds: 1e-3
        case .transform: index < 2 ? 1e-3 : 1e-5
        case .alpha: 1e-5
        }
    }
}
