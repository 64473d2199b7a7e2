import KineticDynamics
import KineticPlatform

/// One property of one item under property animators: its model value (the last value an
/// animations block set) and the animators' contributions on top of it, composed additively as
/// Core Animation's additive animations are:
///
///     presented = model + Σ deltaᵢ · (1 − progressᵢ),   deltaᵢ = (model before block i) − (model after it)
///
/// A new block leaves the presented value where it was (its delta is exactly the model's change,
/// at progress 0), and the running contributions keep running, so value and velocity stay
/// continuous when a property that is animating is animated again.
final class PropertyLayer {
    let item: any AnimatableItem
    let property: AnimatableProperty
    /// The model value's numbers (a transform's angle is kept unwrapped, turning the shorter way).
    var model: [Double]
    /// The model value exactly as set, written when the last contribution goes.
    var modelValue: AnimatableValue
    /// The contributions, in the order the blocks ran.
    var tracks: [PropertyAnimatorTrack] = []

    init(item: any AnimatableItem, property: AnimatableProperty, modelValue: AnimatableValue) {
        self.item = item
        self.property = property
        self.modelValue = modelValue
        model = modelValue.components
    }

    /// The presented numbers.
    func composed() -> [Double] {
        var value = model
        for track in tracks {
            let remaining = track.remaining
            for i in value.indices {
                value[i] += track.delta[i] * (property.axis(ofComponent: i) == 0 ? remaining.x : remaining.y)
            }
        }
        return value
    }

    /// Writes the presented value into the item: the exact model value once no contribution is left.
    func write() {
        if tracks.isEmpty {
            modelValue.write(to: item)
        } else {
            AnimatableValue(property, components: composed()).write(to: item)
        }
    }

    /// Takes `track` off, leaving the model at `position` of it: `.end` keeps the model (the
    /// block's value), `.start` moves it back by the track's delta (exactly to the value before
    /// the block when the block's was the last), `.current` to where the track was.
    func remove(_ track: PropertyAnimatorTrack, at position: ViewAnimatingPosition) {
        tracks.removeAll { $0 === track }
        switch position {
        case .end:
            break
        case .start:
            for i in model.indices { model[i] += track.delta[i] }
            modelValue = modelValue == track.toValue ? track.fromValue : AnimatableValue(property, components: model)
        case .current:
            let remaining = track.remaining
            for i in model.indices {
                model[i] += track.delta[i] * (property.axis(ofComponent: i) == 0 ? remaining.x : remaining.y)
            }
            if remaining.x != 0 || remaining.y != 0 { modelValue = AnimatableValue(property, components: model) }
        }
    }
}

/// One block's change of one property under a property animator.
final class PropertyAnimatorTrack {
    /// The animator whose progress drives the track. Not owning, never dangling: the animator
    /// lists its tracks and takes every one off its layer before it can be released (an
    /// animator with tracks is active or stopped, and releasing it then traps, as in UIKit).
    unowned(unsafe) let animator: ViewPropertyAnimator
    /// The layer the track is on (which lists it until it is taken off).
    let layer: PropertyLayer
    /// Model before the block minus model after it, per component.
    let delta: [Double]
    /// The model values before and after the block, exactly.
    let fromValue: AnimatableValue
    let toValue: AnimatableValue
    /// The animator's progress, per axis, at which this block starts: a block added to a
    /// running animator covers the rest of it, and `delayFactor` starts it that much later.
    let startProgress: (x: Double, y: Double)

    init(
        animator: ViewPropertyAnimator, layer: PropertyLayer, delta: [Double], fromValue: AnimatableValue,
        toValue: AnimatableValue,
        startProgress: (x: Double, y: Double)
    ) {
        self.animator = animator
        self.layer = layer
        self.delta = delta
        self.fromValue = fromValue
        self.toValue = toValue
        self.startProgress = startProgress
    }

    /// 1 − the block's own progress, per axis: 1 before its start, 0 at the animator's end.
    var remaining: (x: Double, y: Double) {
        let p = animator.progress
        return (Self.remaining(p.x, startProgress.x), Self.remaining(p.y, startProgress.y))
    }

    /// A block from the start follows the progress wherever a spring takes it (past 1 and below
    /// 0 too). A later one (added mid-flight, or delayed) covers the rest linearly, from its start
    /// progress s to 1: 1 − (p − s)/(1 − s), held within 0…1 so that it waits at its start value
    /// before s and does not magnify a spring's overshoot by 1/(1 − s).
    private static func remaining(_ progress: Double, _ start: Double) -> Double {
        guard start != 0 else { return 1 - progress }
        guard abs(1 - start) > 1e-12 else { return 1 }
        return min(max((1 - progress) / (1 - start), 0), 1)
    }
}

extension AnimatableProperty {
    /// Which component of a spring's initial velocity applies to component `index`: 0 (`dx`) for
    /// horizontal and one-dimensional numbers, 1 (`dy`) for vertical ones.
    func axis(ofComponent index: Int) -> Int {
        switch self {
        case .center: index
        case .bounds: index % 2
        case .transform: index == 1 ? 1 : 0
        case .alpha: 0
        }
    }
}

extension ViewAnimator {
    /// Writes `layer`'s presented value; a layer with no contribution left is written exactly
    /// and dropped.
    func write(_ layer: PropertyLayer) {
        layer.write()
        if layer.tracks.isEmpty {
            let key = TrackKey(item: ObjectIdentifier(layer.item), property: layer.property)
            if propertyLayers[key] === layer { propertyLayers[key] = nil }
        }
    }

    /// Steps the running property animators to `time`, writes the properties they animate, and
    /// finishes those that reached their end (their completions run after the step).
    func stepPropertyAnimators(to time: TimeInterval) {
        guard !runningPropertyAnimators.isEmpty else { return }
        var ended: [ViewPropertyAnimator] = []
        for animator in runningPropertyAnimators where animator.step(to: time) { ended.append(animator) }
        for layer in propertyLayers.values { layer.write() }
        for animator in ended { animator.reachedEnd() }
    }
}
