// `SceneSession`: a person's time with the playground's scenes, whatever carries the messages.
import KineticDynamics
import KineticGestures
import KineticLayout
import KineticPlatform

/// One page's world: its scene, its clock, its recording, its replay, and the last frame it was
/// given, independent of any transport. The same code runs natively behind the WebSocket server
/// (`PlaygroundSession` reads the page's JSON and bounds it) and in the page itself, in the
/// WebAssembly module (the page calls the module's functions); tests call it directly.
///
/// Time is the caller's wall clock in seconds (the server's monotonic clock, or the page's
/// `performance.now()`), passed with every call and never going back. Frames go out at most once
/// per ``frameRate`` tick and only with what changed.
public final class SceneSession {
    /// The longest trace a page may replay here, in seconds (its last event's time): a seek
    /// steps the scene from the start at 120 Hz, so this bounds what one message can cost
    /// (`kinetic replay` plays traces up to ``TouchTrace/maximumDuration``).
    public static let maximumReplayDuration: TimeInterval = 120

    /// The scene's frame rate.
    public let frameRate: Double = 120
    /// The scene running now.
    public private(set) var sceneName: InteractiveSceneName
    public private(set) var scene: any InteractiveScene {
        // The scene replaced lets go of what it set to itself (a cycle in the WebAssembly build).
        willSet { scene.tearDown() }
    }
    private let seed: UInt64
    /// Session time when the current scene started: scenes count time from zero.
    private var sceneStart: TimeInterval = 0
    /// Session time: the scene clock's source, which runs at ``timeScale`` × wall time.
    private var now: TimeInterval = 0
    /// The last wall time the caller passed (seconds since the session started).
    private var wallNow: TimeInterval = 0
    /// Where the current time scale took over: session time = `session` + (wall − `wall`) × scale.
    private var scaleAnchor = (wall: 0.0, session: 0.0)
    /// How fast the session's time runs against wall time: 1, or 0.1 with *Slow animations* on
    /// (the iOS simulator's switch), touches included.
    public private(set) var timeScale = 1.0
    /// The browser's time stamp (ms) of the last touch handled since the last tick, echoed in that
    /// tick's frame so the page can measure touch-to-frame latency.
    private var pendingTouchTime: Double?
    /// A replay's pause: while set, the scene's time stands still.
    private var replayPaused = false
    /// Whether the replay's scene got where it is by the 120 Hz grid alone (a seek or a step),
    /// not by live ticks, whose steps fall where the server's clock put them.
    private var replayOnGrid = false
    private var recording: TouchTrace?
    private var replaying: (trace: TouchTrace, next: Int)?
    private var lastSent: [Int: Drawable] = [:]
    /// The debug overlay last sent, while the client has it on.
    private var lastOverlay: DebugOverlay?
    private var debugOverlay = false
    private var pendingEngineMicroseconds: Double = 0
    /// The browser's clock minus the session's: the least (session time − event time) seen,
    /// the delay of the least delayed message (seconds).
    private var clientClockOffset: Double?
    /// The last touch's session time: touches never go back in time.
    private var lastTouchTime: TimeInterval = 0
    /// Ticks in a row that changed nothing on screen.
    private var quietTicks = 0
    /// The scene's announcements and haptics from the last tick, for ``takeEvents()``.
    private var pendingEvents: [ServerMessage] = []

    /// Ticks in a row without change after which a session with no finger down and no replay
    /// running counts as at rest (a quarter of a second at 120 Hz).
    public static let quietTicksBeforeRest = 30

    /// When a session needs its next tick: what its frame loop may sleep until.
    public enum Wake: Equatable, Sendable {
        /// Something moves: at the next frame.
        case nextFrame
        /// Nothing moves before wall time `time` (the time the caller passes; a gesture's timer,
        /// such as a long press's half second) or the next message, whichever comes first.
        case at(TimeInterval)
        /// At rest: nothing moves before the next message.
        case nextMessage
    }

    /// When the session next needs a tick. A scene at rest costs nothing: as UIKit's animator
    /// pauses when its items come to rest, a session sleeps once ``quietTicksBeforeRest``
    /// ticks in a row changed nothing, while no finger is down and no replay runs, until a
    /// message or its gestures' next timer wakes it.
    public var nextWake: Wake {
        if let replay = replaying, replay.next < replay.trace.events.count, !replayPaused { return .nextFrame }
        guard quietTicks >= Self.quietTicksBeforeRest, scene.arena.touches.isEmpty else { return .nextFrame }
        if let deadline = scene.arena.nextTimerDeadline { return .at(wallTime(atSessionTime: sceneStart + deadline)) }
        return .nextMessage
    }

    /// The most wall time one call moves the session on (seconds): a longer gap between calls is
    /// skipped past this, as a pause (see ``receive(_:at:)`` and ``tick(to:)``). Long enough that
    /// a session asleep at rest (the server's, which ticks no frames then) wakes to a touch at its
    /// true time, and what it recorded replays alike; short enough that catching up costs at most
    /// 1 200 steps (a page's tab in the background is skipped by the page itself).
    public static let maximumCatchUp: TimeInterval = 10

    /// How far behind the session's time a touch may be stamped (seconds): a client whose
    /// clock lies cannot place touches further in the past than this.
    public static let maximumTouchDelay: TimeInterval = 0.25

    /// A session starting in `scene`, its random choices from `seed`.
    public init(scene: InteractiveSceneName = .drag, seed: UInt64 = 1) {
        sceneName = scene
        self.seed = seed
        self.scene = scene.make(seed: seed)
    }

    deinit { scene.tearDown() }

    /// The greeting and the first, full frame.
    public func start() -> [ServerMessage] {
        lastSent = [:]
        lastOverlay = nil
        return [hello(), frame(force: true)].compactMap { $0 }
    }

    private func hello() -> ServerMessage {
        .hello(
            scenes: InteractiveSceneName.allCases.map { $0.rawValue }, scene: sceneName.rawValue, frameRate: frameRate,
            parameters: scene.asTunable?.parameters ?? [], about: sceneName.about)
    }

    /// The time scale of *Slow animations*: a tenth of real time.
    public static let slowTimeScale = 0.1

    // MARK: Replay controls

    /// Pauses, resumes, steps or moves a running replay. Stepping and moving pause it and answer
    /// with the whole frame there (its time tells the page where the replay stands); moving back
    /// replays the trace from the start on the 120 Hz grid
    /// (every run is deterministic, so the frame is the one a replay reaches at that time).
    private func controlReplay(_ action: ClientMessage.ReplayAction) -> [ServerMessage] {
        guard replaying != nil else { return [.notice("no replay is running")] }
        switch action {
        case .pause: replayPaused = true
        case .play: replayPaused = false
        case .step:
            replayPaused = true
            seekReplay(to: now - sceneStart + 1 / frameRate)
            return [frame(force: true)].compactMap { $0 }
        case .seek(let time):
            replayPaused = true
            seekReplay(to: time)
            return [frame(force: true)].compactMap { $0 }
        }
        return []
    }

    /// Puts the replay's scene at scene time `target`, rounded to the 120 Hz grid and clamped to
    /// the trace (plus two seconds for what follows its last event). The scene gets there along
    /// the grid from the start, or from where it is if it is on the grid already and earlier, so
    /// each time on the timeline has one state, however it was reached.
    private func seekReplay(to target: TimeInterval) {
        guard let trace = replaying?.trace else { return }
        let end = trace.duration + 2
        let target = ((target.isFinite ? min(max(target, 0), end) : 0) * frameRate).rounded() / frameRate
        var time = now - sceneStart
        if target < time || !replayOnGrid {
            scene = sceneName.make(seed: trace.seed)
            replaying = (trace, 0)
            time = 0
        }
        var step = (time * frameRate).rounded(.down) + 1
        while step / frameRate < target {
            advanceScene(to: step / frameRate)
            step += 1
        }
        advanceScene(to: target)
        replayOnGrid = true
        sceneStart = now - target
    }

    /// Hands the scene the replay's events due by scene time `time`, then advances it there.
    private func advanceScene(to time: TimeInterval) {
        if var replay = replaying {
            while replay.next < replay.trace.events.count, replay.trace.events[replay.next].timestamp <= time {
                scene.handle(replay.trace.events[replay.next])
                replay.next += 1
            }
            replaying = replay
        }
        scene.advance(to: time)
    }

    // MARK: Input

    /// The session time at wall time `wall`.
    private func sessionTime(atWall wall: TimeInterval) -> TimeInterval {
        scaleAnchor.session + (wall - scaleAnchor.wall) * timeScale
    }

    /// The wall time at which session time reaches `time`.
    public func wallTime(atSessionTime time: TimeInterval) -> TimeInterval {
        scaleAnchor.wall + (time - scaleAnchor.session) / timeScale
    }

    /// Moves wall time to `wall` (never back), and session time with it; a paused replay's scene
    /// time stands still.
    private func moveTime(toWall wall: TimeInterval) {
        guard wall.isFinite, wall > wallNow else { return }
        let before = now
        // A jump longer than ``maximumCatchUp`` (a machine asleep, a page's tab in the background,
        // a clock that lies) is skipped past it, as though the session had been paused: the scene
        // goes on from where it was instead of stepping through the whole gap at 120 Hz (an hour
        // would be 432 000 steps in one call). The browser's clock is learnt afresh after it.
        let gap = wall - wallNow
        if gap > Self.maximumCatchUp {
            scaleAnchor.wall += gap - Self.maximumCatchUp
            clientClockOffset = nil
        }
        wallNow = wall
        now = max(now, sessionTime(atWall: wall))
        if replayPaused { sceneStart += now - before }
    }

    /// Handles one message received at wall time `time` and returns the answers (a notice for
    /// what cannot be done; nothing else changes then), followed by what the scene said meanwhile.
    public func receive(_ message: ClientMessage, at time: TimeInterval) -> [ServerMessage] {
        moveTime(toWall: time)
        quietTicks = 0
        return handle(message) + sceneEvents()
    }

    /// The scene's announcements and haptics since it was last asked, as messages.
    private func sceneEvents() -> [ServerMessage] {
        scene.takeEvents().map { event in
            switch event {
            case .announcement(let text): .announcement(text)
            case .feedback(let feedback): .feedback(feedback)
            }
        }
    }

    /// The announcements and haptics the last ``tick(to:)`` brought (a long press lifting a
    /// cell, an edge scroll moving it to another slot), to send after its frame; the session
    /// forgets them.
    public func takeEvents() -> [ServerMessage] {
        defer { pendingEvents.removeAll() }
        return pendingEvents
    }

    private func handle(_ message: ClientMessage) -> [ServerMessage] {
        switch message {
        case .scene(let name):
            guard let next = InteractiveSceneName(rawValue: name) else {
                return [.notice("unknown scene \(ClientText.quoted(name))")]
            }
            switchScene(to: next, seed: seed)
            return [hello(), frame(force: true)].compactMap { $0 }
        case .parameter(let name, let value):
            guard let tunable = scene.asTunable else {
                return [.notice("\(sceneName.rawValue) has no parameters")]
            }
            return tunable.setParameter(name, to: value)
                ? [] : [.notice("parameter \(ClientText.quoted(name)) cannot be \(value)")]
        case .touch(let id, let phase, let location, let clientTime):
            guard replaying == nil else { return [.notice("touches are ignored during a replay")] }
            guard location.x.isFinite, location.y.isFinite else { return [.notice("touch location must be finite")] }
            let touch = Touch(
                id: id, phase: phase, location: location, timestamp: stamp(clientTime: clientTime) - sceneStart)
            scene.handle(touch)
            recording?.record(touch)
            if let clientTime { pendingTouchTime = clientTime }
            return []
        case .wheel(let dx, let dy):
            guard dx.isFinite, dy.isFinite else { return [.notice("wheel deltas must be finite")] }
            guard replaying == nil, recording == nil else {
                return [.notice("the wheel is not recorded: drag to scroll while recording or replaying")]
            }
            guard let view = scene.scrollView else { return [.notice("\(sceneName.rawValue) does not scroll")] }
            view.scroll(byWheel: CGPoint(x: dx, y: dy))
            return []
        case .record(true):
            recording = TouchTrace(scene: sceneName.rawValue, seed: seed, frameRate: frameRate)
            // A recording starts from a fresh scene, so its replay starts from the same state. No
            // hello tells the page to forget what it holds, so the frame is the difference from
            // what it was sent: what the fresh scene no longer draws (cells scrolled into view, a
            // lifted cell) is removed.
            let shown = lastSent
            switchScene(to: sceneName, seed: seed, keepRecording: true)
            lastSent = shown
            return [frame(force: true)].compactMap { $0 }
        case .record(false):
            guard let trace = recording else { return [.notice("not recording")] }
            recording = nil
            return [.trace(trace)]
        case .replay(let trace):
            guard let name = InteractiveSceneName(rawValue: trace.scene) else {
                return [.notice("unknown scene \(ClientText.quoted(trace.scene))")]
            }
            do { try trace.validate() } catch { return [.notice("invalid trace: \(error.description)")] }
            guard trace.duration <= Self.maximumReplayDuration else {
                return [
                    .notice(
                        "the trace lasts \(trace.duration) s, longer than the \(Int(Self.maximumReplayDuration)) s "
                            + "a replay may last here (kinetic replay plays it)")
                ]
            }
            switchScene(to: name, seed: trace.seed)
            replaying = (trace, 0)
            return [hello(), frame(force: true)].compactMap { $0 }
        case .slow(let on):
            scaleAnchor = (wallNow, now)
            timeScale = on ? Self.slowTimeScale : 1
            return []
        case .replayControl(let action):
            return controlReplay(action)
        case .debug(let on):
            debugOverlay = on
            lastOverlay = nil
            return on ? [frame(force: true)].compactMap { $0 } : []
        case .focus(let on):
            guard let keyboard = keyboardScene() else { return on ? [.notice(keyboardRefusal())] : [] }
            keyboard.setKeyboardFocus(on)
            return []
        case .key(let key):
            guard let keyboard = keyboardScene() else { return [.notice(keyboardRefusal())] }
            keyboard.handleKey(key)
            return []
        }
    }

    /// The scene, if the keyboard may drive it now: it takes keys, and no recording or replay
    /// runs (traces hold touches only, so a key would make a replay differ from its run).
    private func keyboardScene() -> (any KeyboardScene)? {
        guard replaying == nil, recording == nil else { return nil }
        return scene.asKeyboardScene
    }

    private func keyboardRefusal() -> String {
        guard replaying == nil, recording == nil else {
            return "keys are not recorded: the keyboard rests while recording or replaying"
        }
        return "\(sceneName.rawValue) has no keyboard control"
    }

    /// The session time of a touch the browser stamped `clientTime` milliseconds: its clock
    /// mapped onto the session's by the least delay seen so far, then kept within
    /// [the last touch's time, now] and no more than ``maximumTouchDelay`` behind now (and not
    /// before the scene began). Without a browser time, now.
    package func stamp(clientTime: Double?) -> TimeInterval {
        var time = now
        if let clientTime, clientTime.isFinite {
            // The browser's clock runs at wall speed: map it there, then onto session time.
            let seconds = clientTime / 1000
            let offset = min(clientClockOffset ?? .infinity, wallNow - seconds)
            clientClockOffset = offset
            time = min(sessionTime(atWall: min(seconds + offset, wallNow)), now)
        }
        time = max(time, now - Self.maximumTouchDelay, lastTouchTime, sceneStart)
        lastTouchTime = time
        return time
    }

    private func switchScene(to name: InteractiveSceneName, seed: UInt64, keepRecording: Bool = false) {
        sceneName = name
        scene = name.make(seed: seed)
        sceneStart = now
        replaying = nil
        replayPaused = false
        replayOnGrid = false
        if !keepRecording { recording = nil }
        pendingEvents = []
        lastSent = [:]
        lastOverlay = nil
    }

    // MARK: Frames

    /// Advances the scene to session time `time` (replaying due trace events first) and returns
    /// a frame if anything changed.
    public func tick(to time: TimeInterval) -> ServerMessage? {
        guard time.isFinite, time >= wallNow else { return nil }
        moveTime(toWall: time)
        let sceneTime = now - sceneStart
        if replaying != nil, !replayPaused { replayOnGrid = false }
        let started = PlatformClock.nanoseconds()
        advanceScene(to: sceneTime)
        pendingEngineMicroseconds = Double(PlatformClock.nanoseconds() &- started) / 1000
        pendingEvents += sceneEvents()
        let next = frame(force: false, answering: pendingTouchTime)
        quietTicks = next == nil ? quietTicks + 1 : 0
        pendingTouchTime = nil
        return next
    }

    /// The drawables that changed since the last frame sent, or nil if none did; `touchTime` is
    /// the browser's time stamp of the touch the frame answers, if any.
    private func frame(force: Bool, answering touchTime: Double? = nil) -> ServerMessage? {
        let current = scene.drawables
        var changed: [Drawable] = []
        var seen = Set<Int>()
        for drawable in current {
            seen.insert(drawable.id)
            if lastSent[drawable.id] != drawable { changed.append(drawable) }
        }
        let removed = lastSent.keys.filter { !seen.contains($0) }.sorted()
        let overlay = debugOverlay ? scene.overlay : nil
        let overlayChanged = overlay != nil && overlay != lastOverlay
        guard force || !changed.isEmpty || !removed.isEmpty || overlayChanged else { return nil }
        for id in removed { lastSent[id] = nil }
        for drawable in changed { lastSent[drawable.id] = drawable }
        if overlayChanged { lastOverlay = overlay }
        return .frame(
            time: now - sceneStart, engineMicroseconds: pendingEngineMicroseconds, changed: changed, removed: removed,
            overlay: overlayChanged ? overlay : nil, touchTime: touchTime)
    }
}
