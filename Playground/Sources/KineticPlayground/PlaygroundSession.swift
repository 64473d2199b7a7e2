import Foundation
import KineticScenes

/// One WebSocket's session: a ``SceneSession`` (the scene, its clock, recording and replay, the
/// frames) behind the page's JSON text, with the bounds a server puts on what a client sends.
///
/// The session logic is ``SceneSession``'s alone, the same code the page runs in the
/// WebAssembly module; this type only reads text into ``ClientMessage``s and refuses oversized,
/// malformed or flooding input.
public final class PlaygroundSession {
    /// The largest message a client may send, in bytes (a long trace fits).
    public static let maximumMessageBytes = 1 << 20
    /// The most messages a client may send within one second (touch events come at 120 Hz per
    /// finger at most).
    public static let maximumMessagesPerSecond = 1000
    /// The longest trace a page may replay (``SceneSession/maximumReplayDuration``).
    public static let maximumReplayDuration = SceneSession.maximumReplayDuration
    /// How far behind the session's time a touch may be stamped (``SceneSession/maximumTouchDelay``).
    public static let maximumTouchDelay = SceneSession.maximumTouchDelay
    /// Quiet ticks before rest (``SceneSession/quietTicksBeforeRest``).
    public static let quietTicksBeforeRest = SceneSession.quietTicksBeforeRest
    /// The time scale of *Slow animations* (``SceneSession/slowTimeScale``).
    public static let slowTimeScale = SceneSession.slowTimeScale
    /// When a session needs its next tick.
    public typealias Wake = SceneSession.Wake

    /// The session the messages go to.
    public let session: SceneSession
    /// When the last second's messages came (wall time), for the flood bound.
    private var recentMessages: [TimeInterval] = []
    private var wallNow: TimeInterval = 0

    /// A session starting in `scene`, its random choices from `seed`.
    public init(scene: InteractiveSceneName = .drag, seed: UInt64 = 1) {
        session = SceneSession(scene: scene, seed: seed)
    }

    /// The scene's frame rate (``SceneSession/frameRate``).
    public var frameRate: Double { session.frameRate }
    /// The scene running now.
    public var sceneName: InteractiveSceneName { session.sceneName }
    /// The scene running now, itself.
    public var scene: any InteractiveScene { session.scene }
    /// How fast session time runs against wall time (``SceneSession/timeScale``).
    public var timeScale: Double { session.timeScale }
    /// When the session next needs a tick (``SceneSession/nextWake``).
    public var nextWake: Wake { session.nextWake }
    /// The wall time at which session time reaches `time`.
    public func wallTime(atSessionTime time: TimeInterval) -> TimeInterval { session.wallTime(atSessionTime: time) }
    /// The greeting and the first, full frame.
    public func start() -> [ServerMessage] { session.start() }
    /// Advances the scene to wall time `time` and returns a frame if anything changed.
    public func tick(to time: TimeInterval) -> ServerMessage? { session.tick(to: time) }
    /// The announcements and haptics the last tick brought.
    public func takeEvents() -> [ServerMessage] { session.takeEvents() }
    func stamp(clientTime: Double?) -> TimeInterval { session.stamp(clientTime: clientTime) }

    /// Handles one text message received at wall time `time`. Throws, meaning "drop this
    /// client with this reason", for oversized, malformed or flooding input.
    public func receive(_ text: String, at time: TimeInterval) throws(PlaygroundError) -> [ServerMessage] {
        let bytes = text.utf8.count
        guard bytes <= Self.maximumMessageBytes else { throw .messageTooLarge(bytes: bytes) }
        if time.isFinite, time > wallNow { wallNow = time }
        recentMessages.append(wallNow)
        recentMessages.removeAll { $0 < wallNow - 1 }
        guard recentMessages.count <= Self.maximumMessagesPerSecond else { throw .flooding }
        let data = Data(text.utf8)
        // The whole text must be JSON: Foundation's decoder checks only the values it reads, so a
        // raw control character or a number such as `010` in a field the message does not use
        // would pass it (found by the message fuzzer, Fuzz/Corpus/messages).
        guard (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil else {
            throw .malformed("not JSON")
        }
        let message: ClientMessage
        do { message = try JSONDecoder().decode(ClientMessage.self, from: data) } catch {
            throw .malformed(Self.reason(error))
        }
        return session.receive(message, at: time)
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        // Foundation's own descriptions may repeat the client's text raw (an enum's invalid raw
        // value, NUL and line breaks included): escaped, it cannot forge a log line.
        case DecodingError.dataCorrupted(let context): ClientText.escapingControls(context.debugDescription)
        case DecodingError.keyNotFound(let key, _): "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        default: "not JSON"
        }
    }
}
