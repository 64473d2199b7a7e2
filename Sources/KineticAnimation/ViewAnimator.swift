import KineticDynamics
import KineticPlatform

/// Runs view-style animations of items' `center`, `bounds`, `transform` and `alpha` from an
/// injected clock (UIKit's `UIView.animate…` and `UIViewPropertyAnimator`, headless).
///
/// As in UIKit, the animations block sets the final values; since a headless item has no
/// separate presentation layer, the animator records those targets, puts the items back as
/// they were, and then writes interpolated values into them on every ``step(to:)`` (or
/// ``update()``, which steps to the clock's time). Name the items the block changes in
/// `items`; only properties the block changes animate (compared with the target of a running
/// animation, UIKit's model value, where there is one), and the last frame writes exactly the
/// value the block set.
///
/// **Curves** are UIKit's cubic Béziers (``TimingCurve``). **Springs** are exact damped
/// oscillators (``Spring``): the duration-based UIKit call uses
/// `Spring(settlingDuration: duration, dampingRatio: damping)` — stiff enough that, released
/// from rest, its envelope is within 0.1 % of the distance at `duration` — and ends exactly at
/// `duration`, as UIKit's does;
/// ``animate(with:initialSpringVelocity:delay:items:animations:completion:)``
/// runs a response/damping spring until it settles (within 0.001 pt, or 1e-5 for angles,
/// scales and alpha). `initialSpringVelocity` is UIKit's: a fraction of the distance per second.
///
/// **Retargeting.** A new animation of a property that is still animating takes over from
/// the running value at its start time; a spring also inherits the running velocity (and
/// ignores its own `initialSpringVelocity` for that property), so position and velocity are
/// continuous, as with `UIViewPropertyAnimator` and SwiftUI springs. The replaced animation
/// completes with `false` once none of its properties is animating.
///
/// **Transforms** interpolate translation, rotation angle, scales and shear
/// (`TransformComponents`), turning the shorter way round.
///
/// **Bad input**: negative or NaN durations and delays count as 0 (the value jumps at the
/// start time); a target with NaN or infinite numbers is not animated (the item keeps its
/// value); steps to an earlier or non-finite time are ignored.
public final class ViewAnimator {
    /// Identifies one property of one item.
    struct TrackKey: Hashable {
        let item: ObjectIdentifier
        let property: AnimatableProperty
    }

    /// The clock ``update()`` reads and new animations start from.
    public let clock: any AnimationClock

    /// The time of the last step.
    public private(set) var currentTime: TimeInterval

    /// The animations not yet finished, in the order they were created.
    public private(set) var animations: [ViewAnimation] = []

    /// Active tracks in the order they started (the order values are written), and by key.
    private var tracks: [AnimationTrack] = []
    private var tracksByKey: [TrackKey: AnimationTrack] = [:]
    private var pendingCompletions: [() -> Void] = []
    private var isStepping = false

    /// Properties under property animators, composed additively (``ViewPropertyAnimator``).
    var propertyLayers: [TrackKey: PropertyLayer] = [:]
    /// The property animators running or waiting to start, held until they stop running (a
    /// paused or stopped one is its owner's to keep, as in UIKit).
    var runningPropertyAnimators: [ViewPropertyAnimator] = []

    /// Where the animator and its property animators report input they clamp or ignore.
    public var logger = Logger(label: "Kinetic.ViewAnimator")

    /// Creates an animator whose time starts at `clock.now`.
    public init(clock: any AnimationClock) {
        self.clock = clock
        let now = clock.now
        currentTime = now.isFinite ? now : 0
    }

    /// Animations still running when the animator goes never finish (their completions do not
    /// run); their handles stop referring to it, so `cancel()` on one does nothing.
    deinit {
        for animation in animations { animation.animator = nil }
    }

    /// Whether any animation is waiting or running, including property animators'.
    public var isAnimating: Bool { !animations.isEmpty || !runningPropertyAnimators.isEmpty }

    // MARK: - Starting animations

    /// Animates the changes `animations` makes to `items` over `duration` seconds along the
    /// curve in `options` (ease-in-out by default), after `delay` seconds (UIKit's
    /// `animate(withDuration:delay:options:animations:completion:)`).
    @discardableResult
    public func animate(
        withDuration duration: TimeInterval,
        delay: TimeInterval = 0,
        options: ViewAnimationOptions = [],
        items: [any AnimatableItem],
        animations: () -> Void,
        completion: ((_ finished: Bool) -> Void)? = nil
    ) -> ViewAnimation {
        add(
            timing: .curve(options.curve.timingCurve, duration: sanitized(duration)), relativeVelocity: 0,
            delay: delay, items: items, animations: animations, completion: completion)
    }

    /// Animates along a custom cubic Bézier (UIKit's `UICubicTimingParameters`).
    @discardableResult
    public func animate(
        withDuration duration: TimeInterval,
        delay: TimeInterval = 0,
        timingCurve: TimingCurve,
        items: [any AnimatableItem],
        animations: () -> Void,
        completion: ((_ finished: Bool) -> Void)? = nil
    ) -> ViewAnimation {
        add(
            timing: .curve(timingCurve, duration: sanitized(duration)), relativeVelocity: 0,
            delay: delay, items: items, animations: animations, completion: completion)
    }

    /// Animates with a spring that lasts exactly `duration` seconds (UIKit's
    /// `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:…)`).
    ///
    /// The spring is `Spring(settlingDuration: duration, dampingRatio: dampingRatio)`:
    /// `dampingRatio` 1 approaches without overshoot, smaller values oscillate (it is clamped
    /// to 0.01…100). `velocity` is the initial speed as a fraction of each property's distance
    /// per second (0.5 for a 200 pt move starts at 100 pt/s towards the target). The curve bits
    /// of `options` are ignored: the spring is the curve.
    @discardableResult
    public func animate(
        withDuration duration: TimeInterval,
        delay: TimeInterval = 0,
        usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat,
        options: ViewAnimationOptions = [],
        items: [any AnimatableItem],
        animations: () -> Void,
        completion: ((_ finished: Bool) -> Void)? = nil
    ) -> ViewAnimation {
        let d = sanitized(duration)
        let spring = Spring(settlingDuration: d, dampingRatio: Double(dampingRatio))
        return add(
            timing: .spring(spring, duration: d), relativeVelocity: velocity.isFinite ? Double(velocity) : 0,
            delay: delay, items: items, animations: animations, completion: completion)
    }

    /// Animates with `spring` until it settles (SwiftUI's and `UISpringTimingParameters`'
    /// spring: no fixed duration). `initialSpringVelocity` is as in the duration-based call.
    @discardableResult
    public func animate(
        with spring: Spring,
        initialSpringVelocity: CGFloat = 0,
        delay: TimeInterval = 0,
        items: [any AnimatableItem],
        animations: () -> Void,
        completion: ((_ finished: Bool) -> Void)? = nil
    ) -> ViewAnimation {
        add(
            timing: .spring(spring, duration: nil),
            relativeVelocity: initialSpringVelocity.isFinite ? Double(initialSpringVelocity) : 0,
            delay: delay, items: items, animations: animations, completion: completion)
    }

    private func sanitized(_ interval: TimeInterval) -> TimeInterval {
        interval.isNaN ? 0 : min(max(interval, 0), .greatestFiniteMagnitude)
    }

    private func add(
        timing: AnimationTiming, relativeVelocity: Double, delay: TimeInterval, items: [any AnimatableItem],
        animations: () -> Void, completion: ((Bool) -> Void)?
    ) -> ViewAnimation {
        var unique: [any AnimatableItem] = []
        var seen = Set<ObjectIdentifier>()
        for item in items where seen.insert(ObjectIdentifier(item)).inserted { unique.append(item) }

        // Inside the block each item holds its model values (a running animation's target), as a
        // UIKit view does: what the block reads is the model, and what it does not set stays the
        // model. A property is animated when the block leaves it other than its model: setting a
        // running target again changes nothing; setting the value on screen (say, to stop a
        // spring where it is) is a change; a property the block does not touch keeps its
        // animation. Afterwards the items show what they showed before the block.
        let before = unique.map { item in AnimatableProperty.allCases.map { AnimatableValue($0, of: item) } }
        var models: [[AnimatableValue]] = []
        for (item, values) in zip(unique, before) {
            var row: [AnimatableValue] = []
            for presented in values {
                let key = TrackKey(item: ObjectIdentifier(item), property: presented.property)
                let model = tracksByKey[key]?.finalValue ?? propertyLayers[key]?.modelValue ?? presented
                if model != presented { restore(model, to: item) }
                row.append(model)
            }
            models.append(row)
        }
        animations()
        var targets: [(item: any AnimatableItem, value: AnimatableValue)] = []
        for ((item, values), row) in zip(zip(unique, before), models) {
            for (presented, model) in zip(values, row) {
                let new = AnimatableValue(presented.property, of: item)
                if new != presented { restore(presented, to: item) }
                if new != model, new.isFinite { targets.append((item, new)) }
            }
        }

        let now = clock.now
        let start = max(currentTime, now.isFinite ? now : currentTime) + sanitized(delay)
        let animation = ViewAnimation(
            startTime: start, timing: timing, relativeVelocity: relativeVelocity,
            targets: targets, completion: completion)
        animation.animator = self
        self.animations.append(animation)
        return animation
    }

    /// Puts back a value the animations block changed, unclamped.
    private func restore(_ value: AnimatableValue, to item: any AnimatableItem) {
        if case .alpha(let a) = value { item.alpha = a } else { value.write(to: item) }
    }

    // MARK: - Time

    /// Advances to `time`: starts the animations due by then (in start-time order, each from
    /// the state at its own start time), writes every running property's value at `time`, and
    /// then runs the completions of the animations that finished.
    public func step(to time: TimeInterval) {
        guard time.isFinite, time >= currentTime, !isStepping else { return }
        isStepping = true
        currentTime = time

        let due = animations.enumerated()
            .filter { !$0.element.hasStarted && $0.element.startTime <= time }
            .sorted { ($0.element.startTime, $0.offset) < ($1.element.startTime, $1.offset) }
            .map { $0.element }
        for animation in due where !animation.isFinished { start(animation) }

        var finished: [AnimationTrack] = []
        for track in tracks {
            let state = track.evaluate(at: time)
            if state.finished {
                track.finalValue.write(to: track.item)
                finished.append(track)
            } else {
                AnimatableValue(track.property, components: state.value).write(to: track.item)
            }
        }
        for track in finished { remove(track, interrupted: false) }
        stepPropertyAnimators(to: time)

        isStepping = false
        flushCompletions()
    }

    /// Steps to the clock's `now`.
    public func update() {
        step(to: clock.now)
    }

    private func start(_ animation: ViewAnimation) {
        animation.hasStarted = true
        let t0 = animation.startTime
        for (item, value) in animation.targets {
            let property = value.property
            let key = TrackKey(item: ObjectIdentifier(item), property: property)
            var from = AnimatableValue(property, of: item).components
            var inherited: [Double]?
            if let old = tracksByKey[key] {
                let state = old.evaluate(at: t0)
                if state.finished {
                    old.finalValue.write(to: item)
                    from = old.finalValue.components
                    remove(old, interrupted: false)
                } else {
                    from = state.value
                    inherited = state.velocity
                    remove(old, interrupted: true)
                }
            }
            var to = value.components
            if property == .transform {
                // Turn the shorter way: the target angle nearest the start angle.
                let turn = 2 * Double.pi
                to[2] += turn * ((from[2] - to[2]) / turn).rounded()
            }
            let velocity = inherited ?? zip(from, to).map { animation.relativeVelocity * ($1 - $0) }
            let track = AnimationTrack(
                item: item, property: property, finalValue: value, from: from, to: to,
                initialVelocity: velocity, startTime: t0, timing: animation.timing,
                animation: animation)
            tracks.append(track)
            tracksByKey[key] = track
            animation.runningTrackCount += 1
        }
        animation.targets.removeAll()
        if animation.runningTrackCount == 0 { finish(animation, finished: !animation.wasInterrupted) }
    }

    // MARK: - Stopping

    /// Cancels every animation of `item`'s properties, started or waiting: the item keeps its
    /// current values; the animations concerned complete with `false` once they have no other
    /// property left to animate.
    public func cancelAnimations(of item: any AnimatableItem) {
        let id = ObjectIdentifier(item)
        for track in tracks where ObjectIdentifier(track.item) == id { remove(track, interrupted: true) }
        for animation in animations where !animation.hasStarted {
            let count = animation.targets.count
            animation.targets.removeAll { ObjectIdentifier($0.item) == id }
            if animation.targets.count != count {
                animation.wasInterrupted = true
                if animation.targets.isEmpty { finish(animation, finished: false) }
            }
        }
        if !isStepping { flushCompletions() }
    }

    /// The velocity of `item`'s center animation at the current time, in points per second
    /// (zero when its center is not animating): for handing an animated item over to a
    /// gesture or to dynamics without a jolt.
    public func centerVelocity(of item: any AnimatableItem) -> CGVector {
        guard let track = tracksByKey[TrackKey(item: ObjectIdentifier(item), property: .center)] else { return .zero }
        let v = track.evaluate(at: currentTime).velocity
        return CGVector(dx: v[0], dy: v[1])
    }

    func cancel(_ animation: ViewAnimation) {
        guard !animation.isFinished else { return }
        for track in tracks where track.animation === animation {
            let key = TrackKey(item: ObjectIdentifier(track.item), property: track.property)
            if tracksByKey[key] === track { tracksByKey[key] = nil }
        }
        tracks.removeAll { $0.animation === animation }
        animation.runningTrackCount = 0
        animation.targets.removeAll()
        finish(animation, finished: false)
        if !isStepping { flushCompletions() }
    }

    private func remove(_ track: AnimationTrack, interrupted: Bool) {
        guard let index = tracks.firstIndex(where: { $0 === track }) else { return }
        tracks.remove(at: index)
        let key = TrackKey(item: ObjectIdentifier(track.item), property: track.property)
        if tracksByKey[key] === track { tracksByKey[key] = nil }
        let animation = track.animation
        animation.runningTrackCount -= 1
        if interrupted { animation.wasInterrupted = true }
        if animation.hasStarted, animation.runningTrackCount == 0, !animation.isFinished {
            finish(animation, finished: !animation.wasInterrupted)
        }
    }

    private func finish(_ animation: ViewAnimation, finished: Bool) {
        animation.isFinished = true
        animations.removeAll { $0 === animation }
        animation.animator = nil
        if let completion = animation.completion {
            animation.completion = nil
            pendingCompletions.append { completion(finished) }
        }
    }

    /// Queues `completion` to run after the current step (at once when not stepping).
    func enqueueCompletion(_ completion: @escaping () -> Void) {
        pendingCompletions.append(completion)
        if !isStepping { flushCompletions() }
    }

    private func flushCompletions() {
        while !pendingCompletions.isEmpty {
            pendingCompletions.removeFirst()()
        }
    }
}
