import KineticDynamics
import KineticPlatform

/// Delivers touches to gesture recognizers and arbitrates between them, as UIKit's gesture
/// environment does for a window.
///
/// Feed it touch events (`handle(_:)`) and time (``advance(to:)``, or ``update()``
/// to read the injected clock): time fires the recognizers' timers, so a long press begins at
/// 0.5 s without any further touch event. Every timer due at or before an event's timestamp
/// fires before the event is delivered.
///
/// **Delivery.** A touch that begins goes to every enabled recognizer whose item contains it
/// (or that has no item) and whose delegate agrees, in the order the recognizers were added;
/// later events of that touch go to the same recognizers. (Items have no hierarchy here:
/// overlapping items all receive the touch, as a view and its ancestors do in UIKit.) A
/// recognizer in a final state gets no new touches and returns to `.possible` once its own
/// touches have all lifted.
///
/// **Arbitration (iOS's rules).** Recognizers compete when they have seen a common touch
/// since their last reset:
/// - When a recognizer leaves `.possible`, its delegate's `gestureRecognizerShouldBegin(_:)`
///   may fail it instead.
/// - The first to begin (or be recognized) wins: every competitor still `.possible` fails, and
///   a competitor that later tries to begin while the winner is active fails — unless either
///   delegate allows simultaneous recognition, or `canPrevent(_:)` / `canBePrevented(by:)`
///   say otherwise.
/// - A recognizer that requires another's failure (`require(toFail:)`, the delegates, the
///   subclass hooks) stays `.possible` while the other is `.possible` and involved, moves on
///   when it fails, and fails if it recognizes instead.
///
/// **Multi-touch.** A tap fails if more fingers than `numberOfTouchesRequired` come down; a
/// long press or pan that has not begun fails, and one already running is *cancelled*, when
/// more fingers arrive than it accepts (`numberOfTouchesRequired`, `maximumNumberOfTouches`).
///
/// **Bad input** is dropped: a touch with a NaN or infinite timestamp, a began/moved/
/// stationary touch with a non-finite location, a began for a finger already down, and any
/// later phase for a finger that is not down. An ended or cancelled touch with a non-finite
/// location ends at its last known location. A timestamp earlier than the arena's time is
/// taken as the arena's time (time never runs backwards for timers). A coordinate beyond
/// ±``maximumCoordinate`` counts as that, so centroids, translations and velocities of finite
/// touches stay finite; such an event is logged once, through ``logger``.
public final class GestureArena {
    /// The largest coordinate a touch keeps, in points (10¹² pt, where a dynamic animator's world
    /// ends too): a finger at 1.7e308 is taken as one at 10¹²; two of them then have a centroid.
    /// An event with a touch beyond it is logged once.
    public static let maximumCoordinate: CGFloat = 1e12

    /// Where the arena and its recognizers report input they clamp.
    public var logger = Logger(label: "Kinetic.GestureArena")

    /// Where recognizers outside an arena report input they clamp.
    static let detachedLogger = Logger(label: "Kinetic.GestureRecognizer")

    /// A finger that is down.
    private struct ActiveTouch {
        let serial: UInt64
        var touch: Touch
    }

    /// The clock ``update()`` reads.
    public let clock: any AnimationClock

    /// The arena's time: the latest of the clock times and event timestamps it has seen.
    public private(set) var currentTime: TimeInterval

    /// The recognizers, in the order they were added (the delivery order).
    public private(set) var gestureRecognizers: [GestureRecognizer] = []

    /// What else moves with the arena's time, held weakly, in the order it joined.
    private var participants: [WeakParticipant] = []

    /// A participant, held weakly natively and strongly in the WebAssembly build (see
    /// `WeakReference`): there a participant stays until it is removed or the arena goes.
    private struct WeakParticipant {
        @WeakReference var participant: (any GestureArenaParticipant)?
    }

    /// Called on every state change of every recognizer, including `.failed` and the reset
    /// to `.possible` (which actions never see): for traces and tests.
    public var onStateChange:
        (
            (
                _ recognizer: GestureRecognizer, _ oldState: GestureRecognizer.State,
                _ newState: GestureRecognizer.State
            ) -> Void
        )?

    private var activeTouches: [Int: ActiveTouch] = [:]
    /// The last touch's serial number: 64 bits whatever the platform, so that even the 32-bit
    /// `Int` of the WebAssembly build could not overflow (and trap) in an arena's lifetime.
    private var nextSerial: UInt64 = 0
    /// Nesting of event/timer processing; settling waits for the outermost level.
    private var dispatchDepth = 0
    private var isSettling = false
    /// Events handed in by an action while another event is being delivered.
    private var queuedEvents: [[Touch]] = []

    /// Creates an arena whose time starts at `clock.now`.
    public init(clock: any AnimationClock) {
        self.clock = clock
        let now = clock.now
        currentTime = now.isFinite ? now : 0
    }

    /// The recognizers left in the arena leave it with it: their ``GestureRecognizer/arena``
    /// and ``GestureRecognizer/view`` are cleared (their actions do not run), as
    /// ``removeGestureRecognizer(_:)`` clears them.
    deinit {
        for recognizer in gestureRecognizers {
            recognizer.arena = nil
            recognizer.view = nil
            recognizer.isBoundToView = false
        }
    }

    /// The touches currently down, ordered by finger id.
    public var touches: [Touch] {
        activeTouches.values.sorted { $0.touch.id < $1.touch.id }.map { $0.touch }
    }

    // MARK: - Recognizers

    /// Adds `gestureRecognizer`, attached to `view` (UIKit's `view.addGestureRecognizer(_:)`):
    /// it receives touches that begin inside `view`, or every touch when `view` is nil. A
    /// recognizer in another arena is removed from it first; adding it again here re-attaches it.
    public func addGestureRecognizer(_ gestureRecognizer: GestureRecognizer, to view: (any DynamicItem)? = nil) {
        if let other = gestureRecognizer.arena, other !== self {
            other.removeGestureRecognizer(gestureRecognizer)
        }
        if gestureRecognizer.arena === self {
            gestureRecognizer.abandon()
        } else {
            gestureRecognizers.append(gestureRecognizer)
            gestureRecognizer.arena = self
        }
        gestureRecognizer.view = view
        gestureRecognizer.isBoundToView = view != nil
        settleIfIdle()
    }

    /// Removes `gestureRecognizer`: a gesture in progress is cancelled (its action runs),
    /// a possible one fails, and it is reset.
    public func removeGestureRecognizer(_ gestureRecognizer: GestureRecognizer) {
        guard gestureRecognizer.arena === self else { return }
        gestureRecognizer.abandon()
        gestureRecognizers.removeAll { $0 === gestureRecognizer }
        gestureRecognizer.arena = nil
        gestureRecognizer.view = nil
        gestureRecognizer.isBoundToView = false
        settleIfIdle()
    }

    // MARK: - Input

    /// Handles one touch event.
    public func handle(_ touch: Touch) {
        handle([touch])
    }

    /// Handles the touches of one event (UIKit's `UIEvent`): several fingers changing at the
    /// same instant. Each recognizer receives the event's began, moved, ended and cancelled
    /// touches in that order. Called from inside an action, the event is queued and handled
    /// once the current one is done.
    public func handle(_ touches: [Touch]) {
        if dispatchDepth > 0 {
            queuedEvents.append(touches)
            return
        }
        process(touches)
        drainQueuedEvents()
    }

    /// Moves time to `time`, firing every timer due by then in time order, then advances every
    /// participant (``addParticipant(_:)``) to it. Earlier or non-finite times are ignored.
    public func advance(to time: TimeInterval) {
        guard time.isFinite, time >= currentTime else { return }
        dispatchDepth += 1
        fireTimers(upTo: time)
        currentTime = time
        dispatchDepth -= 1
        settleIfIdle()
        drainQueuedEvents()
        participants.removeAll { $0.participant == nil }
        for entry in participants { entry.participant?.arenaDidAdvance(to: time) }
    }

    /// When the earliest timer of a recognizer is due (a long press's minimum duration, a tap's
    /// wait for a second tap), in the arena's time, or nil when none is scheduled. A run loop
    /// with nothing else moving and no touch down may sleep until then: nothing happens in the
    /// arena before that time or the next touch.
    public var nextTimerDeadline: TimeInterval? {
        gestureRecognizers.lazy.flatMap { $0.timers.values }.min()
    }

    /// Adds `participant`, held weakly, to what ``advance(to:)`` moves; adding it again does
    /// nothing.
    public func addParticipant(_ participant: any GestureArenaParticipant) {
        guard !participants.contains(where: { $0.participant === participant }) else { return }
        participants.append(WeakParticipant(participant: participant))
    }

    /// Removes `participant` from what ``advance(to:)`` moves.
    public func removeParticipant(_ participant: any GestureArenaParticipant) {
        participants.removeAll { $0.participant === participant || $0.participant == nil }
    }

    /// Moves time to the clock's `now` (see ``advance(to:)``).
    public func update() {
        advance(to: clock.now)
    }

    private func drainQueuedEvents() {
        while dispatchDepth == 0, !queuedEvents.isEmpty {
            process(queuedEvents.removeFirst())
        }
    }

    private func process(_ event: [Touch]) {
        // Drop what cannot be used, and give the event one time.
        var valid: [Touch] = []
        var eventTime = currentTime
        var clamped: CGPoint?
        for var touch in event {
            guard touch.timestamp.isFinite else { continue }
            if !touch.location.isFinite {
                guard touch.phase.isTerminal, let last = activeTouches[touch.id] else { continue }
                touch.location = last.touch.location
            }
            let limit = Self.maximumCoordinate
            if clamped == nil, abs(touch.location.x) > limit || abs(touch.location.y) > limit {
                clamped = touch.location
            }
            touch.location = CGPoint(
                x: min(max(touch.location.x, -limit), limit), y: min(max(touch.location.y, -limit), limit))
            touch.timestamp = max(touch.timestamp, currentTime)
            eventTime = max(eventTime, touch.timestamp)
            valid.append(touch)
        }
        if let clamped {
            logger.warning("GestureArena.handle(_:): clamped touch location \(clamped) to ±1e12 pt")
        }
        guard !valid.isEmpty else { return }

        dispatchDepth += 1
        fireTimers(upTo: eventTime)
        currentTime = eventTime

        var began: [ActiveTouch] = []
        var moved: [ActiveTouch] = []
        var ended: [ActiveTouch] = []
        var cancelled: [ActiveTouch] = []
        var seen = Set<Int>()
        for touch in valid {
            // One phase per finger per event; a repeat is as malformed as an unknown id.
            guard seen.insert(touch.id).inserted else { continue }
            switch touch.phase {
            case .began:
                guard activeTouches[touch.id] == nil else { continue }
                nextSerial += 1
                let active = ActiveTouch(serial: nextSerial, touch: touch)
                activeTouches[touch.id] = active
                began.append(active)
            case .moved, .stationary, .ended, .cancelled:
                guard var active = activeTouches[touch.id] else { continue }
                active.touch = touch
                activeTouches[touch.id] = touch.phase.isTerminal ? nil : active
                switch touch.phase {
                case .ended: ended.append(active)
                case .cancelled: cancelled.append(active)
                default: moved.append(active)
                }
            }
        }

        // Who gets the new touches is decided before anyone sees the event, as hit-testing is.
        let recipients = gestureRecognizers.map { r in
            began.filter { accepts(r, $0.touch) }
        }
        for (index, recognizer) in gestureRecognizers.enumerated() where recognizer.arena === self {
            let tracked = Set(recognizer.trackedTouches.map { $0.serial })
            let mine = { (list: [ActiveTouch]) in
                list.filter { tracked.contains($0.serial) }.map {
                    GestureRecognizer.TrackedTouch(serial: $0.serial, touch: $0.touch)
                }
            }
            let newTouches = recipients[index].map {
                GestureRecognizer.TrackedTouch(serial: $0.serial, touch: $0.touch)
            }
            let m = mine(moved), e = mine(ended), c = mine(cancelled)
            if newTouches.isEmpty, m.isEmpty, e.isEmpty, c.isEmpty { continue }
            recognizer.receive(began: newTouches, moved: m, ended: e, cancelled: c)
        }
        // Timers the event itself scheduled for now (a zero press duration) fire now.
        fireTimers(upTo: currentTime)
        dispatchDepth -= 1
        settleIfIdle()
    }

    /// Whether a touch that just began should go to `recognizer`.
    private func accepts(_ recognizer: GestureRecognizer, _ touch: Touch) -> Bool {
        guard recognizer.acceptsNewTouches else { return false }
        if recognizer.isBoundToView {
            guard let view = recognizer.view, itemContains(view, touch.location) else { return false }
        }
        return recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true
    }

    /// Fires due timers one at a time, earliest first (ties: recognizer order, then tag), each
    /// at its own time, settling arbitration after each.
    private func fireTimers(upTo time: TimeInterval) {
        while true {
            var best: (recognizer: GestureRecognizer, tag: Int, due: TimeInterval)?
            for r in gestureRecognizers {
                // Tags in order, and only a strictly earlier time replaces the best so far, so
                // equal times fire in recognizer order, then tag order.
                for tag in r.timers.keys.sorted() {
                    guard let due = r.timers[tag], due <= time else { continue }
                    if let current = best, current.due <= due { continue }
                    best = (r, tag, due)
                }
            }
            guard let (recognizer, tag, due) = best else { return }
            recognizer.timers[tag] = nil
            currentTime = max(currentTime, due)
            if recognizer.isReceivingTouches { recognizer.timerFired(tag) }
            settle()
        }
    }

    // MARK: - Arbitration

    /// Called by a recognizer whose subclass set `.began` or `.ended` from `.possible`.
    func recognizer(_ recognizer: GestureRecognizer, requestsLeavingPossibleFor target: GestureRecognizer.State) {
        let transition = GestureRecognizer.PendingTransition(began: target == .began, ends: target == .ended)
        switch requirementStatus(of: recognizer) {
        case .waiting: recognizer.pending = transition
        case .failed: recognizer.commit(.failed)
        case .clear: leavePossible(recognizer, with: transition)
        }
        settleIfIdle()
    }

    /// Called by a recognizer after every published state change.
    func recognizer(
        _ recognizer: GestureRecognizer, didTransitionFrom oldState: GestureRecognizer.State,
        to newState: GestureRecognizer.State
    ) {
        onStateChange?(recognizer, oldState, newState)
    }

    /// Called when a recognizer's `isEnabled` turns false.
    func recognizerWasDisabled(_ recognizer: GestureRecognizer) {
        recognizer.abandon()
        settleIfIdle()
    }

    private enum RequirementStatus {
        case clear, waiting, failed
    }

    /// Where `recognizer` stands with the recognizers it requires to fail. Only competitors
    /// count: a required recognizer that saw none of these touches cannot recognize them.
    private func requirementStatus(of recognizer: GestureRecognizer) -> RequirementStatus {
        var waiting = false
        for other in gestureRecognizers where other !== recognizer {
            guard competes(recognizer, other), recognizer.requiresFailure(of: other) else { continue }
            switch other.storedState {
            case .possible: waiting = true
            case .failed: continue
            case .began, .changed, .ended, .cancelled: return .failed
            }
        }
        return waiting ? .waiting : .clear
    }

    /// Two recognizers compete when they have seen a common touch since their last reset.
    private func competes(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        !a.touchSerialsSinceReset.isDisjoint(with: b.touchSerialsSinceReset)
    }

    /// Whether either delegate lets the two recognize together.
    private func simultaneous(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }

    /// Whether `winner`, recognizing, makes `loser` fail.
    private func prevents(_ winner: GestureRecognizer, _ loser: GestureRecognizer) -> Bool {
        !simultaneous(winner, loser) && winner.canPrevent(loser) && loser.canBePrevented(by: winner)
    }

    /// Takes `recognizer` out of `.possible` if the delegate and the active recognizers allow,
    /// failing its competitors first; otherwise fails it.
    private func leavePossible(_ recognizer: GestureRecognizer, with transition: GestureRecognizer.PendingTransition) {
        guard recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) ?? true else {
            recognizer.commit(.failed)
            return
        }
        let others = gestureRecognizers.filter { $0 !== recognizer && competes(recognizer, $0) }
        for other in others
        where other.storedState == .began || other.storedState == .changed || other.storedState == .ended {
            if prevents(other, recognizer) {
                recognizer.commit(.failed)
                return
            }
        }
        for other in others where other.storedState == .possible && prevents(recognizer, other) {
            other.pending = nil
            other.commit(.failed)
        }
        recognizer.commitPending(transition)
    }

    private func settleIfIdle() {
        if dispatchDepth == 0 { settle() }
    }

    /// Releases or fails recognizers waiting on failure requirements until nothing changes,
    /// then resets finished recognizers whose touches have all lifted.
    private func settle() {
        guard !isSettling else { return }
        isSettling = true
        defer { isSettling = false }
        var changed = true
        while changed {
            changed = false
            for recognizer in gestureRecognizers {
                guard let transition = recognizer.pending else { continue }
                switch requirementStatus(of: recognizer) {
                case .waiting:
                    continue
                case .failed:
                    recognizer.pending = nil
                    recognizer.commit(.failed)
                case .clear:
                    recognizer.pending = nil
                    leavePossible(recognizer, with: transition)
                }
                changed = true
            }
            for recognizer in gestureRecognizers
            where recognizer.storedState.isFinished && recognizer.trackedTouches.isEmpty {
                recognizer.performReset()
                changed = true
            }
        }
    }
}
