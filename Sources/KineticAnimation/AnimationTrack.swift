import KineticDynamics
import KineticPlatform

/// One property of one item under one animation: its start and target numbers and the
/// velocity it started with; evaluated in closed form at any time.
final class AnimationTrack {
    let item: any AnimatableItem
    let property: AnimatableProperty
    /// Written when the track finishes, so the item ends on exactly the value the caller set.
    let finalValue: AnimatableValue
    let from: [Double]
    /// The target numbers (for a transform, the angle is the one nearest the start angle).
    let to: [Double]
    /// Per component, in units per second.
    let initialVelocity: [Double]
    let startTime: Double
    let timing: AnimationTiming
    /// The animation the track belongs to, held strongly: the animation holds no tracks (it
    /// counts them), so there is no cycle, and an animation lives as long as one of its tracks
    /// is running whether or not its caller keeps the handle.
    let animation: ViewAnimation

    init(
        item: any AnimatableItem, property: AnimatableProperty, finalValue: AnimatableValue, from: [Double],
        to: [Double], initialVelocity: [Double], startTime: Double, timing: AnimationTiming, animation: ViewAnimation
    ) {
        self.item = item
        self.property = property
        self.finalValue = finalValue
        self.from = from
        self.to = to
        self.initialVelocity = initialVelocity
        self.startTime = startTime
        self.timing = timing
        self.animation = animation
    }

    /// The value and velocity at `time`, and whether the track has finished by then.
    func evaluate(at time: Double) -> (value: [Double], velocity: [Double], finished: Bool) {
        let elapsed = max(time - startTime, 0)
        let rest = [Double](repeating: 0, count: to.count)
        switch timing {
        case .curve(let curve, let duration):
            guard duration > 0, elapsed < duration else { return (to, rest, true) }
            let progress = elapsed / duration
            let y = curve.value(at: progress)
            let rate = curve.slope(at: progress) / duration
            var value = to, velocity = rest
            for i in to.indices {
                let span = to[i] - from[i]
                value[i] = from[i] + span * y
                velocity[i] = span * rate
            }
            return (value, velocity, false)
        case .spring(let spring, let duration):
            if let duration, elapsed >= duration { return (to, rest, true) }
            guard spring.response > 0 else { return (to, rest, true) }
            var value = to, velocity = rest
            var settled = duration == nil
            let omega = spring.angularFrequency
            for i in to.indices {
                let (y, v) = spring.evaluate(displacement: from[i] - to[i], velocity: initialVelocity[i], at: elapsed)
                value[i] = to[i] + y
                velocity[i] = v
                // At rest when the remaining oscillation's amplitude, √(y² + (v/ω₀)²), is
                // below the component's resolution.
                let resolution = property.resolution(ofComponent: i)
                if y * y + (v / omega) * (v / omega) >= resolution * resolution { settled = false }
            }
            return settled ? (to, rest, true) : (value, velocity, false)
        }
    }
}
