import KineticPlatform

/// How an animation's tracks move from their start to their target.
enum AnimationTiming {
    /// A cubic-Bézier tween lasting `duration` seconds.
    case curve(TimingCurve, duration: Double)
    /// A spring, cut off at `duration` seconds (UIKit's duration-based spring API) or, with
    /// nil, running until it settles.
    case spring(Spring, duration: Double?)

    /// The fixed length of the animation, nil for a spring that runs until it settles.
    var duration: Double? {
        switch self {
        case .curve(_, let duration): duration
        case .spring(_, let duration): duration
        }
    }
}
