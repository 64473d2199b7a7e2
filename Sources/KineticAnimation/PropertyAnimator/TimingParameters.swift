import KineticDynamics
import KineticPlatform

/// The kind of timing an animator's parameters describe (UIKit's `UITimingCurveType`, with its
/// raw values).
public enum TimingCurveType: Int, Hashable, Sendable {
    /// One of the standard curves (``AnimationCurve``).
    case builtin = 0
    /// A cubic Bézier with custom control points.
    case cubic = 1
    /// A spring.
    case spring = 2
    /// A cubic and a spring together (UIKit's custom providers; Kinetic's parameters never are).
    case composed = 3
}

/// The timing of a property animator (UIKit's `UITimingCurveProvider`): a cubic curve, a spring,
/// or (``TimingCurveType/composed``) both, the cubic timing the animation and the spring the
/// property values.
public protocol TimingCurveProvider: AnyObject {
    /// Which of the parameters below apply.
    var timingCurveType: TimingCurveType { get }
    /// The cubic parameters, for ``TimingCurveType/builtin``, ``TimingCurveType/cubic`` and
    /// ``TimingCurveType/composed``.
    var cubicTimingParameters: CubicTimingParameters? { get }
    /// The spring parameters, for ``TimingCurveType/spring`` and ``TimingCurveType/composed``.
    var springTimingParameters: SpringTimingParameters? { get }
}

/// A cubic Bézier timing for a property animator (UIKit's `UICubicTimingParameters`): one of the
/// standard curves, or custom control points. The curve itself is a ``TimingCurve``, the one
/// ``ViewAnimator`` uses.
///
/// **Bad input.** A control point whose x is outside 0…1 is clamped into it (x must be
/// monotonic in time for the curve to be a timing), and a NaN or infinite coordinate makes the
/// curve linear; the animator that takes the parameters logs one line naming the control point.
public final class CubicTimingParameters: TimingCurveProvider {
    /// The standard curve these parameters are, or ``AnimationCurve/easeInOut`` for custom
    /// control points (our choice: UIKit does not document the value for them).
    public let animationCurve: AnimationCurve
    /// The first control point (x clamped to 0…1).
    public let controlPoint1: CGPoint
    /// The second control point (x clamped to 0…1).
    public let controlPoint2: CGPoint
    /// The curve (Core Animation's `CAMediaTimingFunction`, which UIKit exposes as
    /// `timingFunction`).
    public let timingCurve: TimingCurve
    /// What was clamped, for the animator to log.
    let warnings: [String]

    /// The default curve, ease in and out, as UIKit's `init()`.
    public convenience init() {
        self.init(animationCurve: .easeInOut)
    }

    /// One of the standard curves.
    public init(animationCurve curve: AnimationCurve) {
        animationCurve = curve
        timingCurve = curve.timingCurve
        controlPoint1 = timingCurve.controlPoint1
        controlPoint2 = timingCurve.controlPoint2
        warnings = []
    }

    /// A custom curve through `point1` and `point2` (the ends are (0, 0) and (1, 1)).
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        timingCurve = TimingCurve(controlPoint1: point1, controlPoint2: point2)
        controlPoint1 = timingCurve.controlPoint1
        controlPoint2 = timingCurve.controlPoint2
        var warnings: [String] = []
        for (name, point) in [("controlPoint1", point1), ("controlPoint2", point2)] {
            if !point.x.isFinite || !point.y.isFinite {
                let message = "CubicTimingParameters.\(name): \(point) is not finite; the curve is linear"
                warnings.append(message)
            } else if point.x < 0 || point.x > 1 {
                let message = "CubicTimingParameters.\(name): clamped x of \(point) to 0…1"
                warnings.append(message)
            }
        }
        self.warnings = warnings
    }

    /// ``TimingCurveType/builtin`` for the standard curves, ``TimingCurveType/cubic`` for custom
    /// control points.
    public var timingCurveType: TimingCurveType { isBuiltin ? .builtin : .cubic }
    /// These parameters.
    public var cubicTimingParameters: CubicTimingParameters? { self }
    /// None.
    public var springTimingParameters: SpringTimingParameters? { nil }

    private var isBuiltin: Bool { timingCurve == animationCurve.timingCurve }
}

/// A spring timing for a property animator (UIKit's `UISpringTimingParameters`).
///
/// Four ways to make one, with UIKit's semantics:
/// - ``init(dampingRatio:initialVelocity:)``: the animator's duration is kept; the spring is
///   `Spring(settlingDuration: duration, dampingRatio: ratio)`, the one ``ViewAnimator``'s
///   duration-based spring uses (released from rest, within 0.1 % of the distance at the
///   duration), and the animation ends exactly at the duration.
/// - ``init(mass:stiffness:damping:initialVelocity:)``: `CASpringAnimation`'s constants; the
///   animator's duration is ignored (as UIKit documents) and the animation lasts the spring's
///   settling duration, ``Spring/settlingDuration(epsilon:)``.
/// - ``init(duration:bounce:initialVelocity:)`` (iOS 17): ``Spring/init(duration:bounce:)``;
///   the animation lasts the spring's settling duration too.
/// - ``init()``: critically damped, keeping the animator's duration (our reading: UIKit does
///   not document its default).
///
/// **Initial velocity** is UIKit's: a vector relative to the distance left to go, per second.
/// A view 200 pt from its target flicked at 100 pt/s towards it has 0.5; `dx` applies to
/// horizontal components (x, width, a transform's tx) and to one-dimensional ones (alpha,
/// rotation, scale), `dy` to vertical ones.
///
/// **Bad input** (each logged once, naming the property, by the animator that takes the
/// parameters): a damping ratio ≤ 0 or NaN (NaN is 1, the rest 0.01…100); a non-finite
/// initial velocity (zero); a mass or stiffness ≤ 0 or non-finite, or a duration ≤ 0 or
/// non-finite (the value jumps to its target); a damping < 0 or NaN (0); a bounce outside −1…1
/// or NaN (clamped, NaN is 0).
public final class SpringTimingParameters: TimingCurveProvider {
    /// How the spring is made.
    enum Form {
        /// Scaled to the animator's duration.
        case dampingRatio(Double)
        /// A spring of its own, which lasts until it settles.
        case spring(Spring)
    }

    /// The initial velocity, relative to the remaining distance per second.
    public let initialVelocity: CGVector
    let form: Form
    /// What was clamped, for the animator to log.
    let warnings: [String]

    /// A critically damped spring, lasting the animator's duration.
    public convenience init() {
        self.init(dampingRatio: 1)
    }

    /// A spring with damping ratio `ratio` (1 is critical, below 1 overshoots) lasting the
    /// animator's duration, starting at `velocity`.
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector = .zero) {
        var warnings: [String] = []
        var zeta = Double(ratio)
        if zeta.isNaN || zeta <= 0 || zeta > 100 {
            zeta = zeta.isNaN ? 1 : min(max(zeta, 0.01), 100)
            let message = "SpringTimingParameters.dampingRatio: clamped \(ratio) to \(zeta) (0 < ratio ≤ 100)"
            warnings.append(message)
        }
        form = .dampingRatio(zeta)
        initialVelocity = Self.sanitized(velocity, &warnings)
        self.warnings = warnings
    }

    /// A spring from `CASpringAnimation`'s constants, lasting until it settles.
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        var warnings: [String] = []
        let m = Double(mass), k = Double(stiffness)
        var c = Double(damping)
        if !(m > 0 && m.isFinite) || !(k > 0 && k.isFinite) {
            let message = "SpringTimingParameters.mass/stiffness: \(mass)/\(stiffness) not positive and finite; jumps"
            warnings.append(message)
        }
        if c.isNaN || c < 0 {
            let message = "SpringTimingParameters.damping: clamped \(damping) to 0"
            warnings.append(message)
            c = 0
        }
        form = .spring(Spring(mass: m, stiffness: k, damping: min(c, .greatestFiniteMagnitude)))
        initialVelocity = Self.sanitized(velocity, &warnings)
        self.warnings = warnings
    }

    /// iOS 17's spring: a perceptual `duration` and a `bounce` in −1…1 (0: critically damped),
    /// lasting until it settles.
    public init(duration: TimeInterval = 0.5, bounce: CGFloat = 0, initialVelocity velocity: CGVector = .zero) {
        var warnings: [String] = []
        if !(duration > 0 && duration.isFinite) {
            let message = "SpringTimingParameters.duration: \(duration) is not positive and finite; the value jumps"
            warnings.append(message)
        }
        var b = Double(bounce)
        if b.isNaN || b < -1 || b > 1 {
            b = b.isNaN ? 0 : min(max(b, -1), 1)
            let message = "SpringTimingParameters.bounce: clamped \(bounce) to \(b)"
            warnings.append(message)
        }
        let response = duration > 0 && duration.isFinite ? duration : 0
        form = .spring(Spring(duration: response, bounce: b))
        initialVelocity = Self.sanitized(velocity, &warnings)
        self.warnings = warnings
    }

    private static func sanitized(_ velocity: CGVector, _ warnings: inout [String]) -> CGVector {
        guard velocity.dx.isFinite, velocity.dy.isFinite else {
            let message = "SpringTimingParameters.initialVelocity: \(velocity) is not finite; using zero"
            warnings.append(message)
            return .zero
        }
        return velocity
    }

    /// ``TimingCurveType/spring``.
    public var timingCurveType: TimingCurveType { .spring }
    /// None.
    public var cubicTimingParameters: CubicTimingParameters? { nil }
    /// These parameters.
    public var springTimingParameters: SpringTimingParameters? { self }

    /// The spring for an animation whose remaining duration is `duration` (used by the
    /// damping-ratio form), and the duration the animation lasts.
    func spring(forDuration duration: Double) -> (spring: Spring, duration: Double) {
        switch form {
        case .dampingRatio(let zeta):
            return (Spring(settlingDuration: duration, dampingRatio: zeta), duration)
        case .spring(let spring):
            return (spring, spring.settlingDuration())
        }
    }

    /// Whether the animation lasts the animator's duration (rather than the spring's own).
    var usesAnimatorDuration: Bool {
        if case .dampingRatio = form { return true }
        return false
    }
}
