import KineticDynamics
import KineticPlatform

/// The base class of gesture recognizers, with UIKit's state machine
/// (`UIGestureRecognizer`).
///
/// A recognizer interprets the touches a ``GestureArena`` delivers to it and moves through
/// ``State``; its actions (``GestureRecognizerActions/addAction(_:)``) run on every
/// transition UIKit reports. Subclasses override the `touches…` methods and set ``state``, as
/// UIKit subclasses do through `UIGestureRecognizerSubclass.h`; the arena arbitrates between
/// recognizers (exclusion, failure requirements, the delegate) and resets finished ones.
///
/// Coordinates: touches arrive in the arena's space. `location(in: nil)` answers in that
/// space; `location(in: item)` in an item's bounds coordinates (see ``view``).
open class GestureRecognizer {
    // Internal members are final unless overridden: in Embedded Swift another module cannot call the others.
    /// A touch as this recognizer tracks it: the arena's serial number (unique for the arena's
    /// lifetime, unlike finger ids, which input sources reuse) and its latest event.
    struct TrackedTouch {
        let serial: UInt64
        var touch: Touch
    }

    /// A transition out of `.possible` held back until the recognizers this one requires to
    /// fail have failed. `began`: a continuous gesture began; `ends`: the gesture ended (or a
    /// discrete one was recognized) while waiting.
    struct PendingTransition {
        var began: Bool
        var ends: Bool
    }

    /// One end of a failure requirement, not owning, as UIKit holds requirements weakly, so
    /// two recognizers requiring each other do not keep each other alive. It never dangles:
    /// each requirement is listed at both ends (`failureRequirements` of the one that waits,
    /// `dependents` of the one waited for), and a recognizer's `deinit` takes itself off the
    /// lists of everyone at the other end. (`weak` does not exist in Embedded Swift.)
    struct RecognizerLink {
        unowned(unsafe) let recognizer: GestureRecognizer
    }

    /// Creates a recognizer in `.possible`, enabled, with no actions.
    public init() {}

    deinit {
        for link in failureRequirements {
            link.recognizer.dependents.removeAll { $0.recognizer === self }
        }
        for link in dependents {
            link.recognizer.failureRequirements.removeAll { $0.recognizer === self }
        }
    }

    // MARK: - Configuration

    /// The delegate that adjusts arbitration; held weakly, as in UIKit (strongly in the
    /// WebAssembly build, which has no weak references: see `WeakReference`).
    @WeakReference public var delegate: (any GestureRecognizerDelegate)?

    /// A name for debugging and traces.
    public var name: String?

    /// Whether the recognizer receives touches. Disabling it cancels a gesture in progress
    /// (`.cancelled`, with its action) or fails a possible one, then resets it, as in UIKit.
    public var isEnabled = true {
        didSet {
            if oldValue, !isEnabled {
                if let arena { arena.recognizerWasDisabled(self) } else { abandon() }
            }
        }
    }

    /// The item the recognizer is attached to (``GestureArena/addGestureRecognizer(_:to:)``):
    /// only touches that begin inside it are delivered. Nil: the whole arena. Held weakly; a
    /// recognizer whose item has gone receives nothing. The arena clears it when the recognizer
    /// leaves it (``GestureArena/removeGestureRecognizer(_:)``, or the arena's end), so in the
    /// WebAssembly build, which has no weak references and holds the item strongly, an item
    /// that owns its recognizer (a scroll view and its pan) is freed with the arena.
    @WeakReference public internal(set) final var view: (any DynamicItem)?

    /// Whether the recognizer was attached to an item (so a nil ``view`` means "gone").
    var isBoundToView = false

    /// The arena the recognizer belongs to.
    ///
    /// The arena owns its recognizers; this reference back does not own it, and never dangles:
    /// the arena sets it when it adds the recognizer and clears it when it removes the
    /// recognizer and in its `deinit`, so while it is set the arena is alive. (A strong
    /// reference would be a cycle; `weak` does not exist in Embedded Swift.)
    public internal(set) unowned(unsafe) var arena: GestureArena?

    // MARK: - State

    /// The published state.
    var storedState: State = .possible

    /// A transition held back by a failure requirement; the published state stays `.possible`.
    var pending: PendingTransition?

    /// The recognizer's state.
    ///
    /// Setting it is for subclasses, as in UIKit. The base class enforces the machine's legal
    /// moves (anything else is ignored; `.failed` from an active gesture becomes `.cancelled`,
    /// `.cancelled` from `.possible` becomes `.failed`) and the arena may hold a move out of
    /// `.possible` back (a failure requirement) or turn it into `.failed` (the delegate, or an
    /// exclusive recognizer already active).
    public var state: State {
        get { storedState }
        set { transition(to: newValue) }
    }

    /// The state the recognizer's own logic should act on: the pending transition counts as
    /// taken, so a pan waiting for another recognizer to fail keeps tracking as a begun pan.
    final var effectiveState: State {
        guard let pending else { return storedState }
        return pending.began ? .began : .ended
    }

    // MARK: - Touches and location

    /// The touches currently down that this recognizer tracks, in the order they began.
    var trackedTouches: [TrackedTouch] = []

    /// Every touch delivered since the last reset: two recognizers that saw a common touch
    /// compete for it.
    var touchSerialsSinceReset: Set<UInt64> = []

    /// The centroid of the tracked touches at the last event; kept after they lift, so an
    /// `.ended` action (and code run later) still reads where the gesture ended.
    private var lastLocation: CGPoint = .zero

    /// The newest timestamp seen, for a recognizer used without an arena.
    private var latestTimestamp: TimeInterval = 0

    /// The number of touches this recognizer tracks. In an `.ended` action it still counts
    /// the fingers lifting in that event.
    public var numberOfTouches: Int { trackedTouches.count }

    /// The centroid of the recognizer's touches in `view`'s coordinates (nil: the arena's
    /// space). After the touches lift it is where they were last.
    open func location(in view: (any DynamicItem)?) -> CGPoint {
        convert(lastLocation, to: view)
    }

    /// The centroid of the recognizer's touches in the arena's space: `location(in: nil)`.
    public var location: CGPoint { location(in: nil) }

    /// The location of the touch at `touchIndex` (in the order the touches began) in `view`'s
    /// coordinates. An index out of range (UIKit raises) answers ``location(in:)``.
    public func location(ofTouch touchIndex: Int, in view: (any DynamicItem)?) -> CGPoint {
        guard trackedTouches.indices.contains(touchIndex) else { return location(in: view) }
        return convert(trackedTouches[touchIndex].touch.location, to: view)
    }

    /// The arena's time, or the newest touch timestamp without an arena.
    final var currentTime: TimeInterval { arena?.currentTime ?? latestTimestamp }

    /// The centroid of the tracked touches other than `excluded`, or nil if none remain.
    final func centroid(excluding excluded: [Touch]) -> CGPoint? {
        let gone = Set(excluded.map { $0.id })
        return KineticGestures.centroid(
            trackedTouches.lazy.filter { !gone.contains($0.touch.id) }.map { $0.touch.location })
    }

    /// The centroid of all tracked touches at their latest locations.
    final var touchCentroid: CGPoint? { KineticGestures.centroid(trackedTouches.lazy.map { $0.touch.location }) }

    // MARK: - Actions

    private var actions: [(id: ActionIdentifier, handler: (GestureRecognizer) -> Void)] = []
    private var nextActionID = 0

    /// Stores an action; ``GestureRecognizerActions/addAction(_:)`` is the typed front end.
    final func appendAction(_ handler: @escaping (GestureRecognizer) -> Void) -> ActionIdentifier {
        nextActionID += 1
        let id = ActionIdentifier(rawValue: nextActionID)
        actions.append((id, handler))
        return id
    }

    /// Removes the action `identifier` names (UIKit's `removeTarget(_:action:)`).
    public func removeAction(_ identifier: ActionIdentifier) {
        actions.removeAll { $0.id == identifier }
    }

    /// Removes every action.
    public func removeAllActions() {
        actions.removeAll()
    }

    private func sendActions() {
        // A snapshot: an action may add or remove actions.
        for action in actions { action.handler(self) }
    }

    // MARK: - Failure requirements

    /// The recognizers this one waits for (`require(toFail:)`).
    private(set) var failureRequirements: [RecognizerLink] = []
    /// The recognizers waiting for this one, the other end of their `failureRequirements`.
    private(set) var dependents: [RecognizerLink] = []

    /// Makes this recognizer wait, before leaving `.possible`, until `otherGestureRecognizer`
    /// has failed; if the other recognizes instead, this one fails (UIKit's
    /// `require(toFail:)`, e.g. a single tap requiring a double tap's failure).
    public func require(toFail otherGestureRecognizer: GestureRecognizer) {
        guard otherGestureRecognizer !== self else { return }
        guard !failureRequirements.contains(where: { $0.recognizer === otherGestureRecognizer }) else { return }
        failureRequirements.append(RecognizerLink(recognizer: otherGestureRecognizer))
        otherGestureRecognizer.dependents.append(RecognizerLink(recognizer: self))
    }

    /// Whether this recognizer must wait for `other` to fail, from every source UIKit
    /// consults: `require(toFail:)`, the subclass hooks and both delegates.
    final func requiresFailure(of other: GestureRecognizer) -> Bool {
        failureRequirements.contains { $0.recognizer === other }
            || shouldRequireFailure(of: other)
            || other.shouldBeRequiredToFail(by: self)
            || delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true
            || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true
    }

    // MARK: - Subclass hooks (UIGestureRecognizerSubclass)

    /// Touches began in the recognizer's view (or, for a recognizer already tracking touches,
    /// more fingers arrived). The base class does nothing.
    open func touchesBegan(_ touches: [Touch]) {}

    /// Tracked touches moved (or reported themselves stationary). The base class does nothing.
    open func touchesMoved(_ touches: [Touch]) {}

    /// Tracked touches lifted; they still count in ``numberOfTouches`` during this call.
    open func touchesEnded(_ touches: [Touch]) {}

    /// Tracked touches were cancelled. The base class does nothing.
    open func touchesCancelled(_ touches: [Touch]) {}

    /// Called when the recognizer returns to `.possible` after finishing, or when it is
    /// disabled or removed: clear per-gesture data here and call `super.reset()`.
    open func reset() {}

    /// Whether this recognizer, recognizing, may make `preventedGestureRecognizer` fail.
    /// Default true.
    open func canPrevent(_ preventedGestureRecognizer: GestureRecognizer) -> Bool { true }

    /// Whether `preventingGestureRecognizer`, recognizing, may make this one fail. Default true.
    open func canBePrevented(by preventingGestureRecognizer: GestureRecognizer) -> Bool { true }

    /// Whether this recognizer must wait for `otherGestureRecognizer` to fail. Default false.
    open func shouldRequireFailure(of otherGestureRecognizer: GestureRecognizer) -> Bool { false }

    /// Whether `otherGestureRecognizer` must wait for this one to fail. Default false.
    open func shouldBeRequiredToFail(by otherGestureRecognizer: GestureRecognizer) -> Bool { false }

    // MARK: - Timers (driven by the arena's clock)

    /// Due times by tag; the arena fires the earliest due one as time advances.
    var timers: [Int: TimeInterval] = [:]

    /// Schedules (or moves) the timer `tag` to fire at `time`.
    final func scheduleTimer(_ tag: Int, at time: TimeInterval) {
        guard time.isFinite else { return }
        timers[tag] = time
    }

    /// Cancels the timer `tag`.
    final func cancelTimer(_ tag: Int) {
        timers[tag] = nil
    }

    /// A timer came due. Subclasses with timers override this.
    func timerFired(_ tag: Int) {}

    // MARK: - The state machine

    /// Applies a state change a subclass asked for, under the machine's rules.
    final func transition(to requested: State) {
        if pending != nil {
            updatePending(with: requested)
            return
        }
        switch storedState {
        case .possible:
            switch requested {
            case .began, .ended:
                if let arena {
                    arena.recognizer(self, requestsLeavingPossibleFor: requested)
                } else if delegate?.gestureRecognizerShouldBegin(self) ?? true {
                    commit(requested)
                } else {
                    commit(.failed)
                }
            case .failed, .cancelled:
                commit(.failed)
            case .possible, .changed:
                break
            }
        case .began, .changed:
            switch requested {
            case .changed, .ended, .cancelled: commit(requested)
            case .failed: commit(.cancelled)
            case .possible, .began: break
            }
        case .ended, .cancelled, .failed:
            break
        }
    }

    /// A subclass moved on while its transition waits: remember where the gesture is.
    private func updatePending(with requested: State) {
        switch requested {
        case .ended:
            pending?.ends = true
        case .failed, .cancelled:
            pending = nil
            commit(.failed)
        case .possible, .began, .changed:
            break
        }
    }

    /// Publishes `newState`: tells the arena, then runs the actions UIKit would.
    final func commit(_ newState: State) {
        let oldState = storedState
        storedState = newState
        if newState.isFinished { timers.removeAll() }
        arena?.recognizer(self, didTransitionFrom: oldState, to: newState)
        switch newState {
        case .began, .changed, .ended, .cancelled: sendActions()
        case .possible, .failed: break
        }
    }

    /// Publishes a transition that was waiting: a continuous gesture that already ended
    /// reports `.began` then `.ended`, so its actions always see a begin.
    final func commitPending(_ transition: PendingTransition) {
        if transition.began {
            commit(.began)
            if transition.ends, storedState.isActive { commit(.ended) }
        } else {
            commit(.ended)
        }
    }

    /// Ends whatever is in progress because the recognizer is disabled or removed, then resets.
    final func abandon() {
        if storedState.isActive {
            commit(.cancelled)
        } else if storedState == .possible, pending != nil || !touchSerialsSinceReset.isEmpty {
            pending = nil
            commit(.failed)
        }
        performReset()
    }

    /// Returns to `.possible` with no touches, timers or pending transition.
    final func performReset() {
        let oldState = storedState
        storedState = .possible
        pending = nil
        trackedTouches.removeAll()
        touchSerialsSinceReset.removeAll()
        timers.removeAll()
        reset()
        if oldState != .possible { arena?.recognizer(self, didTransitionFrom: oldState, to: .possible) }
    }

    // MARK: - Delivery (from the arena)

    /// Whether the subclass should hear about touches: not while disabled, finished, or
    /// waiting to be published as recognized.
    final var isReceivingTouches: Bool {
        isEnabled && !storedState.isFinished && pending?.ends != true
    }

    /// Whether a touch beginning now may be added to this recognizer.
    final var acceptsNewTouches: Bool {
        isReceivingTouches && !(isBoundToView && view == nil)
    }

    /// Delivers one event's touches, phase by phase as UIKit does; a phase that finishes the
    /// recognizer stops delivery to the subclass, but tracking continues so the arena knows
    /// when its fingers are gone.
    final func receive(began: [TrackedTouch], moved: [TrackedTouch], ended: [TrackedTouch], cancelled: [TrackedTouch]) {
        if !began.isEmpty {
            trackedTouches.append(contentsOf: began)
            for t in began { touchSerialsSinceReset.insert(t.serial) }
            noteEvent(began)
            if isReceivingTouches { touchesBegan(began.map { $0.touch }) }
        }
        if !moved.isEmpty {
            update(moved)
            if isReceivingTouches { touchesMoved(moved.map { $0.touch }) }
        }
        if !ended.isEmpty {
            update(ended)
            if isReceivingTouches { touchesEnded(ended.map { $0.touch }) }
            remove(ended)
        }
        if !cancelled.isEmpty {
            update(cancelled)
            if isReceivingTouches { touchesCancelled(cancelled.map { $0.touch }) }
            remove(cancelled)
        }
    }

    private func update(_ touches: [TrackedTouch]) {
        for t in touches {
            if let i = trackedTouches.firstIndex(where: { $0.serial == t.serial }) {
                trackedTouches[i].touch = t.touch
            }
        }
        noteEvent(touches)
    }

    private func remove(_ touches: [TrackedTouch]) {
        let gone = Set(touches.map { $0.serial })
        trackedTouches.removeAll { gone.contains($0.serial) }
        if let c = touchCentroid { lastLocation = c }
    }

    private func noteEvent(_ touches: [TrackedTouch]) {
        if let c = touchCentroid { lastLocation = c }
        for t in touches { latestTimestamp = max(latestTimestamp, t.touch.timestamp) }
    }
}
