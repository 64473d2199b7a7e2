// The messages a playground session takes and gives: typed, the same natively (where the
// server reads them from a WebSocket's JSON) and in the WebAssembly build (where the page calls
// the module's functions).
import KineticGestures
import KineticLayout
import KineticPlatform

/// What a page sends: JSON objects with a `type`.
///
/// - `{"type": "scene", "name": "toss"}` switches scene (a fresh one; recording stops).
/// - `{"type": "touch", "id": 1, "phase": "began", "x": 10, "y": 20, "t": 1234.5}`: one touch
///   event in the scene's view coordinates; `t`, optional, is the browser's event time in
///   milliseconds (`event.timeStamp`), which the session maps onto its own clock (see
///   ``PlaygroundSession``), so a late packet does not read as a slower finger. A recording keeps
///   the mapped times, so it replays exactly as it ran.
/// - `{"type": "wheel", "dx": 0, "dy": 40}`: a mouse wheel or trackpad scrolled the scene's scroll
///   view by (dx, dy) points (not recorded in traces, so refused while recording or replaying).
/// - `{"type": "record", "on": true}` starts recording, `false` stops and answers the trace.
/// - `{"type": "replay", "trace": {…}}` plays a trace into a fresh scene of its kind, in real time.
/// - `{"type": "parameter", "name": "gravity", "value": 1.5}` turns one of the scene's knobs.
/// - `{"type": "debug", "on": true}` adds the engine's joints, anchors and contacts to frames.
/// - `{"type": "focus", "on": true}`: the scene gained (or lost) keyboard focus (tabbed into).
/// - `{"type": "key", "code": "Space"}`: a key pressed while it has focus, by the web's
///   `KeyboardEvent.code` (see `KeyboardHIDUsage.init(code:)`). Keys are not recorded in traces,
///   so focus and keys are refused while recording or replaying.
public enum ClientMessage: Equatable, Sendable {
    case scene(String)
    case parameter(name: String, value: Double)
    case touch(id: Int, phase: Touch.Phase, location: CGPoint, clientTime: Double? = nil)
    case wheel(dx: Double, dy: Double)
    case record(Bool)
    case replay(TouchTrace)
    case debug(Bool)
    /// *Slow animations*: the scene's clock at a tenth of real time (touches included), or back.
    case slow(Bool)
    /// Pause, resume, step or move the running replay.
    case replayControl(ReplayAction)
    /// Keyboard focus came to the scene (`true`) or left it.
    case focus(Bool)
    /// A key pressed while the scene has focus.
    case key(KeyboardHIDUsage)

    /// What the replay controls do.
    public enum ReplayAction: Equatable, Sendable {
        case pause, play, step
        /// To scene time `time` (seconds), paused there.
        case seek(TimeInterval)
    }
}

/// What the server sends.
public enum ServerMessage: Equatable, Sendable {
    /// Sent first and after every scene switch: the scenes there are, the one running and its
    /// knobs, and what the scene is and what to try.
    case hello(
        scenes: [String], scene: String, frameRate: Double, parameters: [SceneParameter],
        about: InteractiveSceneName.About)
    /// A frame: only the drawables that changed since the last frame, and the ids that went;
    /// with the debug overlay on, the overlay when it changed; and the browser's time stamp of the
    /// last touch this frame answers, if any (for the page's touch-to-frame latency).
    case frame(
        time: TimeInterval, engineMicroseconds: Double, changed: [Drawable], removed: [Int],
        overlay: DebugOverlay? = nil, touchTime: Double? = nil)
    /// A finished recording.
    case trace(TouchTrace)
    /// Something the client asked could not be done; the connection stays.
    case notice(String)
    /// A sentence for the page's live region (`{"type": "announcement", "text": …}`).
    case announcement(String)
    /// A haptic: `{"type": "feedback", "kind": "selection"}` or `{"type": "feedback", "kind":
    /// "impact", "style": "medium", "intensity": 1}`.
    case feedback(Feedback)
}
