import KineticDynamics
import KineticPlatform

/// The timing a property animator runs with: a cubic curve or spring parameters.
enum PropertyAnimatorTiming {
    case cubic(TimingCurve)
    case spring(SpringTimingParameters)

    /// The timing `parameters` describe: their spring for a spring (or composed) provider, else
    /// their cubic curve (ease in and out when a provider gives neither).
    init(_ parameters: any TimingCurveProvider) {
        switch parameters.timingCurveType {
        case .spring, .composed:
            if let spring = parameters.springTimingParameters {
                self = .spring(spring)
                return
            }
        case .builtin, .cubic:
            break
        }
        self = .cubic(parameters.cubicTimingParameters?.timingCurve ?? .easeInOut)
    }

    /// What the parameters clamped, to log.
    static func warnings(of parameters: any TimingCurveProvider) -> [String] {
        (parameters.cubicTimingParameters?.warnings ?? []) + (parameters.springTimingParameters?.warnings ?? [])
    }

    /// The distance fraction at time fraction `f` of a whole animation from the start, for
    /// scrubbing along the curve (``ViewPropertyAnimator/scrubsLinearly`` false).
    func progress(atFraction f: Double, duration: Double) -> Double {
        switch self {
        case .cubic(let curve):
            return curve.value(at: f)
        case .spring(let parameters):
            let (spring, length) = parameters.spring(forDuration: duration)
            guard length > 0 else { return 1 }
            return 1 + spring.evaluate(displacement: -1, velocity: 0, at: f * length).displacement
        }
    }

    /// A segment starting at `startTime` from `progress` towards `target`; `baseDuration` is the
    /// time it lasts (a spring of its own lasts its settling duration instead). `velocity`: the
    /// progress velocity to keep, or nil to start a spring at its initial velocity.
    func segment(
        startTime: Double, baseDuration: Double, fromFraction: Double, target: Double,
        progress: (x: Double, y: Double), velocity: (x: Double, y: Double)?
    ) -> PropertyAnimatorSegment {
        switch self {
        case .cubic(let curve):
            return PropertyAnimatorSegment(
                startTime: startTime, duration: baseDuration, fromFraction: fromFraction, target: target,
                fromProgress: progress, kind: .cubic(curve))
        case .spring(let parameters):
            let (spring, length) = parameters.spring(forDuration: baseDuration)
            let v = parameters.initialVelocity
            let v0 =
                velocity
                ?? (Double(v.dx) * (target - progress.x), Double(v.dy) * (target - progress.y))
            return PropertyAnimatorSegment(
                startTime: startTime, duration: length, fromFraction: fromFraction, target: target,
                fromProgress: progress, kind: .spring(spring, velocity: v0))
        }
    }
}

/// A property animator's motion from one start (a start, a resume, a reversal) to its end:
/// the distance fraction per axis, evaluated in closed form at any time.
struct PropertyAnimatorSegment {
    enum Kind {
        /// progress = p₀ + (target − p₀)·curve(τ), τ the fraction of the segment's time.
        case cubic(TimingCurve)
        /// progress = target + y(t), y the spring's displacement from p₀ − target at `velocity`.
        case spring(Spring, velocity: (x: Double, y: Double))
    }

    let startTime: Double
    /// How long it lasts, in seconds (0: it is at its target at once).
    let duration: Double
    let fromFraction: Double
    /// 1 forwards, 0 reversed.
    let target: Double
    let fromProgress: (x: Double, y: Double)
    let kind: Kind

    /// Progress and its velocity per axis, the time fraction, and whether it has ended.
    func evaluate(at time: Double) -> (
        progress: (x: Double, y: Double), velocity: (x: Double, y: Double), fraction: Double, finished: Bool
    ) {
        let elapsed = max(time - startTime, 0)
        guard duration > 0, elapsed < duration else { return ((target, target), (0, 0), target, true) }
        let tau = elapsed / duration
        let fraction = fromFraction + (target - fromFraction) * tau
        switch kind {
        case .cubic(let curve):
            let y = curve.value(at: tau), slope = curve.slope(at: tau) / duration
            let px = fromProgress.x + (target - fromProgress.x) * y
            let py = fromProgress.y + (target - fromProgress.y) * y
            return ((px, py), ((target - fromProgress.x) * slope, (target - fromProgress.y) * slope), fraction, false)
        case .spring(let spring, let v0):
            let x = spring.evaluate(displacement: fromProgress.x - target, velocity: v0.x, at: elapsed)
            let y = spring.evaluate(displacement: fromProgress.y - target, velocity: v0.y, at: elapsed)
            return ((target + x.displacement, target + y.displacement), (x.velocity, y.velocity), fraction, false)
        }
    }
}
