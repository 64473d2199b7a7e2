import KineticPlatform

/// UIKit's standard animation curves (`UIView.AnimationCurve`, with its raw values).
public enum AnimationCurve: Int, Hashable, Sendable, CaseIterable {
    /// Slow start and end (the default).
    case easeInOut = 0
    /// Slow start.
    case easeIn = 1
    /// Slow end.
    case easeOut = 2
    /// Constant speed.
    case linear = 3

    /// The cubic Bézier the curve stands for.
    public var timingCurve: TimingCurve {
        switch self {
        case .easeInOut: .easeInOut
        case .easeIn: .easeIn
        case .easeOut: .easeOut
        case .linear: .linear
        }
    }
}
