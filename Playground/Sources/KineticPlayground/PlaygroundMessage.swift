import Foundation
import KineticGestures
import KineticLayout
import KineticScenes

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

extension ClientMessage: Decodable {
    private enum Key: String, CodingKey {
        case type, name, id, phase, x, y, on, trace, value, t, dx, dy, action, time, code
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        switch try c.decode(String.self, forKey: .type) {
        case "scene": self = .scene(try c.decode(String.self, forKey: .name))
        case "touch":
            let x = try c.decode(Double.self, forKey: .x), y = try c.decode(Double.self, forKey: .y)
            guard x.isFinite, y.isFinite else {
                throw DecodingError.dataCorruptedError(
                    forKey: .x, in: c, debugDescription: "touch location must be finite")
            }
            let clientTime = try c.decodeIfPresent(Double.self, forKey: .t)
            self = .touch(
                id: try c.decode(Int.self, forKey: .id), phase: try c.decode(Touch.Phase.self, forKey: .phase),
                location: CGPoint(x: x, y: y), clientTime: clientTime?.isFinite == true ? clientTime : nil)
        case "wheel":
            let dx = try c.decode(Double.self, forKey: .dx), dy = try c.decode(Double.self, forKey: .dy)
            guard dx.isFinite, dy.isFinite else {
                throw DecodingError.dataCorruptedError(
                    forKey: .dx, in: c, debugDescription: "wheel deltas must be finite")
            }
            self = .wheel(dx: dx, dy: dy)
        case "record": self = .record(try c.decode(Bool.self, forKey: .on))
        case "parameter":
            self = .parameter(
                name: try c.decode(String.self, forKey: .name), value: try c.decode(Double.self, forKey: .value))
        case "replay": self = .replay(try c.decode(TouchTrace.self, forKey: .trace))
        case "debug": self = .debug(try c.decode(Bool.self, forKey: .on))
        case "slow": self = .slow(try c.decode(Bool.self, forKey: .on))
        case "focus": self = .focus(try c.decode(Bool.self, forKey: .on))
        case "key":
            let code = try c.decode(String.self, forKey: .code)
            guard let key = KeyboardHIDUsage(code: code) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .code, in: c, debugDescription: "unknown key \(ClientText.quoted(code))")
            }
            self = .key(key)
        case "replay-control":
            switch try c.decode(String.self, forKey: .action) {
            case "pause": self = .replayControl(.pause)
            case "play": self = .replayControl(.play)
            case "step": self = .replayControl(.step)
            case "seek":
                let time = try c.decode(Double.self, forKey: .time)
                guard time.isFinite else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .time, in: c, debugDescription: "seek time must be finite")
                }
                self = .replayControl(.seek(time))
            case let other:
                throw DecodingError.dataCorruptedError(
                    forKey: .action, in: c, debugDescription: "unknown replay action \(ClientText.quoted(other))")
            }
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: c, debugDescription: "unknown message type \(ClientText.quoted(other))")
        }
    }
}

extension ServerMessage: Encodable {
    private enum Key: String, CodingKey {
        case type, scenes, scene, frameRate, parameters, about, time, engineMicroseconds, changed, removed, overlay,
            touchTime, trace, message, text, kind, style, intensity
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case .hello(let scenes, let scene, let frameRate, let parameters, let about):
            try c.encode("hello", forKey: .type)
            try c.encode(scenes, forKey: .scenes)
            try c.encode(scene, forKey: .scene)
            try c.encode(frameRate, forKey: .frameRate)
            try c.encode(parameters, forKey: .parameters)
            try c.encode(about, forKey: .about)
        case .frame(let time, let micros, let changed, let removed, let overlay, let touchTime):
            try c.encode("frame", forKey: .type)
            try c.encode(time, forKey: .time)
            try c.encode(micros, forKey: .engineMicroseconds)
            try c.encode(changed, forKey: .changed)
            try c.encode(removed, forKey: .removed)
            try c.encodeIfPresent(overlay, forKey: .overlay)
            try c.encodeIfPresent(touchTime, forKey: .touchTime)
        case .trace(let trace):
            try c.encode("trace", forKey: .type)
            try c.encode(trace, forKey: .trace)
        case .notice(let message):
            try c.encode("notice", forKey: .type)
            try c.encode(message, forKey: .message)
        case .announcement(let text):
            try c.encode("announcement", forKey: .type)
            try c.encode(text, forKey: .text)
        case .feedback(.selectionChanged):
            try c.encode("feedback", forKey: .type)
            try c.encode("selection", forKey: .kind)
        case .feedback(.impactOccurred(let style, let intensity)):
            try c.encode("feedback", forKey: .type)
            try c.encode("impact", forKey: .kind)
            try c.encode(Self.name(of: style), forKey: .style)
            try c.encode(Double(intensity), forKey: .intensity)
        }
    }

    /// UIKit's name for an impact style.
    private static func name(of style: ImpactFeedbackGenerator.FeedbackStyle) -> String {
        switch style {
        case .light: "light"
        case .medium: "medium"
        case .heavy: "heavy"
        case .soft: "soft"
        case .rigid: "rigid"
        }
    }
}
