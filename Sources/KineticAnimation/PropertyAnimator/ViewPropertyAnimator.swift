import KineticDynamics
import KineticPlatform

/// An interruptible animation of items' `center`, `bounds`, `transform` and `alpha` (UIKit's
/// `UIViewPropertyAnimator`): started, paused, scrubbed through ``fractionComplete``, reversed,
/// carried on with new timing, stopped and finished, through UIKit's ``ViewAnimatingState``
/// machine.
///
/// **Headless.** A ``ViewAnimator`` runs it (its clock and its `step(to:)`/`update()`), and
/// `items` names the items its blocks change, as in ``ViewAnimator``'s calls. The animation
/// blocks run when the animator starts or is first paused (as in UIKit): the values they set
/// become the model values, and the animator writes the presented values into the items on
/// every step.
///
/// **Timing.** A cubic (``CubicTimingParameters``) maps the time fraction to the distance
/// fraction; a spring (``SpringTimingParameters``) is the exact damped oscillator of ``Spring``.
/// Resuming from a scrubbed or reversed position runs the timing over the rest of the way:
/// progress = p₀ + (target − p₀)·curve(τ), so nothing jumps.
///
/// **Interruption.** Reversing (``isReversed``) or carrying on
/// (``continueAnimation(withTimingParameters:durationFactor:)``) a *running* spring keeps the
/// value and the velocity continuous: the new spring starts from both. A running cubic keeps the
/// value continuous and runs its curve afresh over the time left (a cubic has no velocity
/// state; UIKit's does the same). From a pause a spring starts at its parameters' initial
/// velocity, relative to the distance left: hand it a finger's velocity.
///
/// **Additive.** Animating a property that another animator (or an earlier block) is animating
/// adds the new change on top: each contributes `(model before − model after)·(1 − progress)`
/// to the presented value, so the view's value and velocity are continuous, as UIKit's additive
/// animations are. A property animated by a ``ViewAnimator`` call and a property animator at
/// once is written by the property animator.
///
/// **Traps** (UIKit's messages, as UIKit 10.3's assertions word them; `%@` is the animator's
/// description): starting with no animation block; starting a paused animator that is not
/// interruptible; pausing, stopping, reversing or continuing one that is not interruptible;
/// stopping one that is not active ("Animator … is already stopped!", which UIKit also raises
/// for an inactive one); starting a paused one with a delay, or with a negative delay;
/// `finishAnimation(at:)` on one that is not stopped; setting ``isInterruptible`` while active;
/// and releasing one that is paused or stopped. Starting, pausing or continuing a stopped
/// animator, which UIKit documents as a programmer error without publishing its message, traps
/// with a message of ours.
///
/// **Bad input** is logged once, through the runner's ``ViewAnimator/logger``, naming the
/// property: a NaN, infinite or negative duration is 0 (the values jump at the start); a NaN
/// ``fractionComplete`` is ignored and one outside 0…1 clamped; a NaN, infinite or negative
/// duration factor or delay factor is 0 (a delay factor above 1 is 1); a non-finite delay is 0.
public final class ViewPropertyAnimator: ViewImplicitlyAnimating {
    // MARK: - Configuration

    /// The animation's duration, in seconds (for a spring made from its own constants, the
    /// spring's settling duration replaces it).
    public let duration: TimeInterval
    /// The timing: a cubic or a spring (``CubicTimingParameters``, ``SpringTimingParameters``).
    public let timingParameters: (any TimingCurveProvider)?
    /// The delay of ``startAnimation(afterDelay:)``, in seconds.
    public private(set) var delay: TimeInterval = 0
    /// The animator that runs this one: its clock and steps.
    public let viewAnimator: ViewAnimator
    /// The items the animation blocks change.
    public let items: [any AnimatableItem]

    /// Whether the animation can be paused, scrubbed, reversed and stopped. Default true. UIKit
    /// leaves an animator that is not interruptible to Core Animation; here it runs the same, but
    /// interrupting it traps. Setting it while active traps, as in UIKit.
    public var isInterruptible = true {
        willSet {
            if state == .active {
                animationTrap(
                    "It is not allowed to set the interruptible property of an active animator (\(description))")
            }
        }
    }
    /// Whether scrubbing (setting ``fractionComplete`` while paused) moves the values linearly
    /// with the fraction (the default) rather than along the timing curve.
    public var scrubsLinearly = true
    /// Whether the animator stays active and paused at the end instead of finishing (then it
    /// can be reversed and restarted; its completions run only when it finishes). Default false.
    public var pausesOnCompletion = false
    /// Whether the animated views take touches (UIKit's; recorded, for the app's hit testing).
    public var isUserInteractionEnabled = true
    /// Whether the app hit-tests the animated views itself (UIKit's; recorded, for the app).
    public var isManualHitTestingEnabled = false

    // MARK: - State

    /// The animator's state.
    public private(set) var state: ViewAnimatingState = .inactive
    /// Whether the animation is running (active, not paused; true while waiting for its delay).
    public private(set) var isRunning = false

    /// The animation blocks not yet run, with their delay factors.
    private var pendingAnimations: [(animation: () -> Void, delayFactor: Double)] = []
    private var completions: [(ViewAnimatingPosition) -> Void] = []
    /// The blocks' changes, while active or stopped.
    private var tracks: [PropertyAnimatorTrack] = []
    /// The timing the animation runs with now (``continueAnimation(withTimingParameters:durationFactor:)``
    /// replaces it).
    private var timing: PropertyAnimatorTiming
    private var segment: PropertyAnimatorSegment?
    /// When a delayed start is due, on the runner's clock.
    private var startTime: TimeInterval?
    private var reversed = false
    private var fraction = 0.0
    /// The fraction of the distance covered, per axis (above 1 while a spring overshoots).
    private(set) var progress: (x: Double, y: Double) = (0, 0)
    /// Its rate, per second.
    private var progressVelocity: (x: Double, y: Double) = (0, 0)

    // MARK: - Creating

    /// An animator with UIKit's standard `curve`, whose blocks change `items`.
    public convenience init(
        duration: TimeInterval, curve: AnimationCurve, viewAnimator: ViewAnimator, items: [any AnimatableItem],
        animations: (() -> Void)? = nil
    ) {
        self.init(
            duration: duration, timingParameters: CubicTimingParameters(animationCurve: curve),
            viewAnimator: viewAnimator, items: items)
        if let animations { addAnimations(animations) }
    }

    /// An animator along the cubic Bézier through `point1` and `point2`.
    public convenience init(
        duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
        viewAnimator: ViewAnimator, items: [any AnimatableItem], animations: (() -> Void)? = nil
    ) {
        self.init(
            duration: duration, timingParameters: CubicTimingParameters(controlPoint1: point1, controlPoint2: point2),
            viewAnimator: viewAnimator, items: items)
        if let animations { addAnimations(animations) }
    }

    /// An animator with a spring of damping ratio `ratio` lasting `duration` (UIKit's
    /// `init(duration:dampingRatio:animations:)`).
    public convenience init(
        duration: TimeInterval, dampingRatio ratio: CGFloat, viewAnimator: ViewAnimator, items: [any AnimatableItem],
        animations: (() -> Void)? = nil
    ) {
        self.init(
            duration: duration, timingParameters: SpringTimingParameters(dampingRatio: ratio),
            viewAnimator: viewAnimator, items: items)
        if let animations { addAnimations(animations) }
    }

    /// An animator with custom timing (UIKit's `init(duration:timingParameters:)`).
    public init(
        duration: TimeInterval, timingParameters parameters: any TimingCurveProvider, viewAnimator: ViewAnimator,
        items: [any AnimatableItem]
    ) {
        self.viewAnimator = viewAnimator
        var unique: [any AnimatableItem] = []
        var seen = Set<ObjectIdentifier>()
        for item in items where seen.insert(ObjectIdentifier(item)).inserted { unique.append(item) }
        self.items = unique
        timingParameters = parameters
        if duration.isNaN || duration < 0 || duration.isInfinite {
            let message = "ViewPropertyAnimator.duration: \(duration) is not finite and ≥ 0; using 0"
            viewAnimator.logger.warning("\(message)")
            self.duration = 0
        } else {
            self.duration = duration
        }
        timing = PropertyAnimatorTiming(parameters)
        for warning in PropertyAnimatorTiming.warnings(of: parameters) { viewAnimator.logger.warning("\(warning)") }
    }

    /// Creates an animator and starts it at once, after `delay` seconds, with the curve in
    /// `options` (UIKit's `runningPropertyAnimator(withDuration:delay:options:animations:completion:)`).
    public static func runningPropertyAnimator(
        withDuration duration: TimeInterval, delay: TimeInterval, options: ViewAnimationOptions = [],
        viewAnimator: ViewAnimator, items: [any AnimatableItem], animations: @escaping () -> Void,
        completion: ((ViewAnimatingPosition) -> Void)? = nil
    ) -> ViewPropertyAnimator {
        let animator = ViewPropertyAnimator(
            duration: duration, curve: options.curve, viewAnimator: viewAnimator, items: items, animations: animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay.isFinite ? max(delay, 0) : 0)
        return animator
    }

    /// Releasing an animator that is paused or stopped traps with UIKit's message.
    deinit {
        if state == .stopped || (state == .active && !isRunning) {
            animationTrap(
                """
                It is an error to release a paused or stopped property animator. Property animators must either \
                finish animating or be explicitly stopped and finished before they can be released.
                """)
        }
    }

    /// `<ViewPropertyAnimator(0x…) [state] running reversed interruptible>`, as UIKit describes one.
    public var description: String {
        let address = String(UInt(bitPattern: ObjectIdentifier(self).hashValue), radix: 16)
        let name: String
        switch state {
        case .inactive: name = "inactive"
        case .active: name = "active"
        case .stopped: name = "stopped"
        }
        let flags =
            (isRunning ? " running" : "") + (reversed ? " reversed" : "") + (isInterruptible ? " interruptible" : "")
        return "<ViewPropertyAnimator(0x\(address)) [\(name)]\(flags)>"
    }

    // MARK: - Properties

    /// Whether the animation runs back to its start values. Set while running, it turns round
    /// where it is (a spring keeps its velocity; a cubic runs its curve over the time back).
    public var isReversed: Bool {
        get { reversed }
        set {
            guard newValue != reversed else { return }
            if state == .active, !isInterruptible {
                animationTrap("An animator \(description) that is not interruptible cannot be continued or reversed!")
            }
            guard state != .stopped else {
                let message = "ViewPropertyAnimator.isReversed: ignored on a stopped animator"
                viewAnimator.logger.warning("\(message)")
                return
            }
            let now = currentTime
            if isRunning, segment != nil {
                sync(to: now)
                reversed = newValue
                begin(at: now, durationFactor: 0, carryingVelocity: true)
            } else {
                reversed = newValue
            }
        }
    }

    /// How far through its duration the animation is, 0…1 (it counts down while reversed). Set
    /// it while paused to scrub; setting it while inactive starts the animation there. Setting
    /// it while running or stopped has no effect (UIKit's), with a log line; NaN is ignored and
    /// values outside 0…1 clamped, logged.
    public var fractionComplete: CGFloat {
        get { CGFloat(fraction) }
        set {
            let value = Double(newValue)
            guard !value.isNaN else {
                let message = "ViewPropertyAnimator.fractionComplete: ignored NaN"
                viewAnimator.logger.warning("\(message)")
                return
            }
            if value < 0 || value > 1 {
                let message = "ViewPropertyAnimator.fractionComplete: clamped \(newValue) to 0…1"
                viewAnimator.logger.warning("\(message)")
            }
            let f = min(max(value, 0), 1)
            if isRunning || state == .stopped {
                let message =
                    "ViewPropertyAnimator.fractionComplete: ignored while \(isRunning ? "running" : "stopped")"
                viewAnimator.logger.warning("\(message)")
                return
            }
            fraction = f
            let p = scrubsLinearly ? f : timing.progress(atFraction: f, duration: duration)
            progress = (p, p)
            progressVelocity = (0, 0)
            writeLayers()
        }
    }

    // MARK: - Animations and completions

    /// Adds a block; run at the start (or at once if active, over the rest of the animation).
    public func addAnimations(_ animation: @escaping () -> Void) {
        addAnimations(animation, delayFactor: 0)
    }

    /// Adds a block that starts `delayFactor` (0…1) of the way through the rest of the
    /// animation, measured in its progress (our reading of UIKit's delay, which is the same for a
    /// linear curve). NaN or negative is 0, above 1 is 1, logged.
    public func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        var d = Double(delayFactor)
        if !(d >= 0 && d <= 1) {
            d = d.isNaN ? 0 : min(max(d, 0), 1)
            let message = "ViewPropertyAnimator.addAnimations(_:delayFactor:): clamped \(delayFactor) to \(d)"
            viewAnimator.logger.warning("\(message)")
        }
        switch state {
        case .inactive:
            pendingAnimations.append((animation, d))
        case .active:
            let start = (x: progress.x + d * (1 - progress.x), y: progress.y + d * (1 - progress.y))
            run(animation, startProgress: start)
        case .stopped:
            let message = "ViewPropertyAnimator.addAnimations: ignored on a stopped animator"
            viewAnimator.logger.warning("\(message)")
        }
    }

    /// Adds a block run once the animation finishes, told whether it ended at its end, its start
    /// (reversed) or where ``finishAnimation(at:)`` left it.
    public func addCompletion(_ completion: @escaping (ViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    // MARK: - Running

    /// Starts the animation, or resumes a paused one; does nothing while running.
    public func startAnimation() {
        switch state {
        case .inactive:
            guard !pendingAnimations.isEmpty else {
                animationTrap("An animator (\(description)) must have at least one animation block to start!")
            }
            activate()
            begin(at: currentTime, durationFactor: 0, carryingVelocity: false)
        case .active:
            guard !isRunning else { return }
            if !isInterruptible {
                animationTrap(
                    "An animator (\(description)) can be only started in the paused state if it is interruptible!")
            }
            begin(at: currentTime, durationFactor: 0, carryingVelocity: false)
        case .stopped:
            animationTrap("startAnimation: a stopped animator (\(description)) cannot be started; finish it first")
        }
    }

    /// Starts the animation `delay` seconds from now (UIKit traps for a negative delay and for a
    /// paused animator; a non-finite delay is 0, logged).
    public func startAnimation(afterDelay delay: TimeInterval) {
        if delay < 0 { animationTrap("The delay should be greater than or equal to zero.") }
        var delay = delay
        if !delay.isFinite {
            let message = "ViewPropertyAnimator.startAnimation(afterDelay:): \(delay) is not finite; using 0"
            viewAnimator.logger.warning("\(message)")
            delay = 0
        }
        switch state {
        case .inactive:
            guard !pendingAnimations.isEmpty else {
                animationTrap("An animator (\(description)) must have at least one animation block to start!")
            }
            self.delay = delay
            guard delay > 0 else {
                activate()
                begin(at: currentTime, durationFactor: 0, carryingVelocity: false)
                return
            }
            state = .active
            isRunning = true
            startTime = currentTime + delay
            retain()
        case .active:
            if !isRunning { animationTrap("A paused animator (\(description)) cannot be started with a delay!") }
        case .stopped:
            animationTrap("startAnimation: a stopped animator (\(description)) cannot be started; finish it first")
        }
    }

    /// Pauses the animation where it is; an inactive animator runs its blocks and pauses at its
    /// start (or at the fraction set).
    public func pauseAnimation() {
        switch state {
        case .inactive:
            activate()
        case .active:
            if !isInterruptible {
                animationTrap("An animator \(description) that is not interruptible cannot be paused!")
            }
            guard isRunning else { return }
            if startTime != nil {
                // Paused before its delay ran out: its blocks run now, at its start.
                startTime = nil
                runPendingAnimations()
            } else {
                sync(to: currentTime)
            }
            segment = nil
            isRunning = false
            progressVelocity = (0, 0)
            release()
            writeLayers()
        case .stopped:
            animationTrap("pauseAnimation: a stopped animator (\(description)) cannot be paused; finish it first")
        }
    }

    /// Stops the animation where it is. `true`: the values stay where they are as the model
    /// values, the animator is inactive and no completion runs. `false`: the animator is
    /// stopped, waiting for ``finishAnimation(at:)``.
    public func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { animationTrap("Animator \(description) is already stopped!") }
        if !isInterruptible { animationTrap("An animator \(description) that is not interruptible cannot be stopped!") }
        if isRunning, startTime == nil { sync(to: currentTime) }
        if startTime != nil {
            startTime = nil
            runPendingAnimations()
        }
        segment = nil
        progressVelocity = (0, 0)
        if isRunning {
            isRunning = false
            release()
        }
        if withoutFinishing {
            commit(at: .current)
            state = .inactive
            completions.removeAll()
            resetProgress()
        } else {
            state = .stopped
            writeLayers()
        }
    }

    /// Finishes a stopped animation: the values go to `finalPosition` (the blocks' values, the
    /// values before them, or where they stopped), the animator is inactive and the completions
    /// run with `finalPosition`. Traps with UIKit's message unless stopped.
    public func finishAnimation(at finalPosition: ViewAnimatingPosition) {
        guard state == .stopped else {
            animationTrap("finishAnimationAtPosition: should only be called on a stopped animator!")
        }
        finish(at: finalPosition)
    }

    /// Carries a paused (or running) animation on to its end with new timing (nil: the current
    /// one). `durationFactor` 0 keeps the time left; otherwise the rest lasts that multiple of
    /// ``duration``. A spring from a pause starts at its initial velocity (relative to the
    /// distance left); a running one keeps its velocity. An inactive animator starts.
    public func continueAnimation(withTimingParameters parameters: (any TimingCurveProvider)?, durationFactor: CGFloat)
    {
        if !isInterruptible {
            animationTrap("An animator \(description) that is not interruptible cannot be continued or reversed!")
        }
        var factor = Double(durationFactor)
        if !(factor >= 0) || factor.isInfinite {
            let message = "ViewPropertyAnimator.continueAnimation: clamped durationFactor \(durationFactor) to 0"
            viewAnimator.logger.warning("\(message)")
            factor = 0
        }
        if let parameters {
            for warning in PropertyAnimatorTiming.warnings(of: parameters) { viewAnimator.logger.warning("\(warning)") }
        }
        switch state {
        case .inactive:
            guard !pendingAnimations.isEmpty else {
                animationTrap("An animator (\(description)) must have at least one animation block to start!")
            }
            if let parameters { timing = PropertyAnimatorTiming(parameters) }
            activate()
            begin(at: currentTime, durationFactor: factor, carryingVelocity: false)
        case .active:
            let now = currentTime
            let wasRunning = isRunning && startTime == nil
            if startTime != nil {
                startTime = nil
                runPendingAnimations()
            }
            if wasRunning { sync(to: now) }
            if let parameters { timing = PropertyAnimatorTiming(parameters) }
            begin(at: now, durationFactor: factor, carryingVelocity: wasRunning)
        case .stopped:
            animationTrap(
                "continueAnimation: a stopped animator (\(description)) cannot be continued; finish it first")
        }
    }

    // MARK: - Internals

    /// The runner's time: the later of its last step and its clock.
    private var currentTime: TimeInterval {
        let now = viewAnimator.clock.now
        return max(viewAnimator.currentTime, now.isFinite ? now : viewAnimator.currentTime)
    }

    /// Inactive → active and paused: runs the blocks.
    private func activate() {
        state = .active
        runPendingAnimations()
        writeLayers()
    }

    private func runPendingAnimations() {
        let blocks = pendingAnimations
        pendingAnimations.removeAll()
        for (animation, d) in blocks { run(animation, startProgress: (d, d)) }
    }

    /// Runs a block: each property it changes from its model value becomes a track. As in UIKit,
    /// the block reads the model values (a block setting `center.y` keeps the model's x), and the
    /// items are put back to their presented values after it.
    private func run(_ animation: () -> Void, startProgress: (x: Double, y: Double)) {
        let presented = items.map { item in AnimatableProperty.allCases.map { AnimatableValue($0, of: item) } }
        for item in items {
            for property in AnimatableProperty.allCases {
                let key = ViewAnimator.TrackKey(item: ObjectIdentifier(item), property: property)
                if let layer = viewAnimator.propertyLayers[key] { Self.restore(layer.modelValue, to: item) }
            }
        }
        let before = items.map { item in AnimatableProperty.allCases.map { AnimatableValue($0, of: item) } }
        animation()
        for (item, values) in zip(items, before) {
            for model in values {
                let new = AnimatableValue(model.property, of: item)
                guard new != model, new.isFinite else { continue }
                let key = ViewAnimator.TrackKey(item: ObjectIdentifier(item), property: model.property)
                let layer =
                    viewAnimator.propertyLayers[key]
                    ?? PropertyLayer(item: item, property: model.property, modelValue: model)
                viewAnimator.propertyLayers[key] = layer
                var to = new.components
                let from = layer.model
                if model.property == .transform {
                    let turn = 2 * Double.pi
                    to[2] += turn * ((from[2] - to[2]) / turn).rounded()
                }
                let delta = zip(from, to).map { $0 - $1 }
                layer.model = to
                layer.modelValue = new
                let track = PropertyAnimatorTrack(
                    animator: self, layer: layer, delta: delta, fromValue: model, toValue: new,
                    startProgress: startProgress)
                layer.tracks.append(track)
                tracks.append(track)
            }
        }
        for (item, values) in zip(items, presented) {
            for value in values { Self.restore(value, to: item) }
        }
    }

    /// Writes `value` into `item`, alpha unclamped (putting back what the item held).
    private static func restore(_ value: AnimatableValue, to item: any AnimatableItem) {
        if case .alpha(let a) = value { item.alpha = a } else { value.write(to: item) }
    }

    /// Starts a segment at `time` from the current progress towards the end (or the start,
    /// reversed).
    private func begin(at time: TimeInterval, durationFactor: Double, carryingVelocity: Bool) {
        let target = reversed ? 0.0 : 1.0
        let base = durationFactor > 0 ? durationFactor * duration : abs(target - fraction) * duration
        segment = timing.segment(
            startTime: time, baseDuration: base, fromFraction: fraction, target: target, progress: progress,
            velocity: carryingVelocity ? progressVelocity : nil)
        startTime = nil
        if !isRunning {
            isRunning = true
            retain()
        }
    }

    /// Moves progress to the running segment's value at `time`.
    private func sync(to time: TimeInterval) {
        guard let segment else { return }
        let state = segment.evaluate(at: time)
        progress = state.progress
        progressVelocity = state.velocity
        fraction = state.fraction
    }

    /// Advances to `time` (the runner's step): starts a due delayed start, follows the segment,
    /// and reports whether the animation reached its end.
    func step(to time: TimeInterval) -> Bool {
        if let due = startTime, time >= due {
            startTime = nil
            runPendingAnimations()
            begin(at: due, durationFactor: 0, carryingVelocity: false)
        }
        guard isRunning, let segment else { return false }
        let state = segment.evaluate(at: time)
        progress = state.progress
        progressVelocity = state.velocity
        fraction = state.fraction
        return state.finished
    }

    /// The animation reached its end (or start, reversed): pause there, or finish.
    func reachedEnd() {
        segment = nil
        isRunning = false
        progressVelocity = (0, 0)
        release()
        if pausesOnCompletion {
            writeLayers()
        } else {
            finish(at: reversed ? .start : .end)
        }
    }

    private func finish(at position: ViewAnimatingPosition) {
        commit(at: position)
        state = .inactive
        resetProgress()
        let completions = completions
        self.completions.removeAll()
        for completion in completions {
            viewAnimator.enqueueCompletion { completion(position) }
        }
    }

    private func resetProgress() {
        segment = nil
        fraction = 0
        progress = (0, 0)
        progressVelocity = (0, 0)
        reversed = false
        pendingAnimations.removeAll()
    }

    /// Takes every track off its layer at `position` and writes the layers.
    private func commit(at position: ViewAnimatingPosition) {
        var layers: [PropertyLayer] = []
        for track in tracks {
            let layer = track.layer
            layer.remove(track, at: position)
            if !layers.contains(where: { $0 === layer }) { layers.append(layer) }
        }
        tracks.removeAll()
        for layer in layers { viewAnimator.write(layer) }
    }

    /// Writes the layers this animator's tracks are on.
    private func writeLayers() {
        var layers: [PropertyLayer] = []
        for track in tracks {
            if !layers.contains(where: { $0 === track.layer }) { layers.append(track.layer) }
        }
        for layer in layers { viewAnimator.write(layer) }
    }

    private func retain() {
        if !viewAnimator.runningPropertyAnimators.contains(where: { $0 === self }) {
            viewAnimator.runningPropertyAnimators.append(self)
        }
    }

    private func release() {
        viewAnimator.runningPropertyAnimators.removeAll { $0 === self }
    }
}

/// Stops the program with UIKit's message for a misuse UIKit itself traps on.
func animationTrap(_ message: String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError(message, file: file, line: line)
}
