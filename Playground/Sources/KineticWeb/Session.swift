// `kinetic_session_…`: the playground's session (KineticScenes' `SceneSession`, the code the
// server runs) inside the page. The page calls one function per message it would have sent the
// server, passing its own clock; what the session answers (the server's messages: hello, frames,
// traces, notices, announcements, haptics) collects in an outbox the page takes as one JSON array.
//
// Times: `time` is the page's wall clock in seconds, never going back (the page passes
// `performance.now()` less its start and less the time its tab was hidden); `clientTime` is a
// touch event's own time stamp in milliseconds (`event.timeStamp`), or NaN for none.
import KineticGestures
import KineticPlatform
import KineticScenes

/// The session, once opened.
nonisolated(unsafe) private var session: SceneSession?
/// What the session answered since the page last took it.
nonisolated(unsafe) private var outbox: [ServerMessage] = []
/// The last take's text, kept until the next take (the page reads it from the module's memory).
nonisolated(unsafe) private var taken = UnsafeMutableRawBufferPointer(start: nil, count: 0)

/// Hands `message` to the session at `time` and keeps its answers.
private func send(_ message: ClientMessage, at time: Double) {
    guard let session else { return }
    outbox += session.receive(message, at: time)
}

/// Opens a session in the interactive scene named by the `count` UTF-8 bytes at `name`, its
/// random choices from the seed given as two 32-bit halves (a page's numbers hold 53 bits),
/// replacing any session open. Returns 0, or 1 for an unknown scene (no session is open then).
/// The outbox then holds the greeting and the first, full frame.
@_cdecl("kinetic_session_open")
public func kineticSessionOpen(_ name: UnsafeRawPointer?, _ count: Int32, _ seedHigh: UInt32, _ seedLow: UInt32)
    -> Int32
{
    kineticSessionClose()
    guard let scene = InteractiveSceneName(rawValue: text(name, count)) else { return 1 }
    let opened = SceneSession(scene: scene, seed: UInt64(seedHigh) << 32 | UInt64(seedLow))
    session = opened
    outbox = opened.start()
    return 0
}

/// Closes the session (its scene is torn down and freed) and empties the outbox.
@_cdecl("kinetic_session_close")
public func kineticSessionClose() {
    session = nil
    outbox = []
}

/// `{"type": "scene", "name": …}`: switches to the scene named by the UTF-8 bytes.
@_cdecl("kinetic_session_scene")
public func kineticSessionScene(_ name: UnsafeRawPointer?, _ count: Int32, _ time: Double) {
    send(.scene(text(name, count)), at: time)
}

/// `{"type": "parameter", …}`: sets the scene's parameter named by the UTF-8 bytes to `value`.
@_cdecl("kinetic_session_parameter")
public func kineticSessionParameter(_ name: UnsafeRawPointer?, _ count: Int32, _ value: Double, _ time: Double) {
    send(.parameter(name: text(name, count), value: value), at: time)
}

/// `{"type": "touch", …}`: `phase` 0 began, 1 moved, 2 stationary, 3 ended, 4 cancelled (another
/// number gives a notice); a location that is not finite gives a notice and touches nothing.
@_cdecl("kinetic_session_touch")
public func kineticSessionTouch(
    _ id: Int32, _ phase: Int32, _ x: Double, _ y: Double, _ clientTime: Double, _ time: Double
) {
    let phases: [Touch.Phase] = [.began, .moved, .stationary, .ended, .cancelled]
    guard phase >= 0, Int(phase) < phases.count else {
        if session != nil { outbox.append(.notice("unknown touch phase \(phase)")) }
        return
    }
    let location = CGPoint(x: x, y: y)
    send(
        .touch(
            id: Int(id), phase: phases[Int(phase)], location: location,
            clientTime: clientTime.isFinite ? clientTime : nil),
        at: time)
}

/// `{"type": "wheel", …}`: the scene's scroll view scrolled by (dx, dy) points.
@_cdecl("kinetic_session_wheel")
public func kineticSessionWheel(_ dx: Double, _ dy: Double, _ time: Double) {
    send(.wheel(dx: dx, dy: dy), at: time)
}

/// `{"type": "record", "on": …}`: starts recording (non-zero) or stops it, answering the trace.
@_cdecl("kinetic_session_record")
public func kineticSessionRecord(_ on: Int32, _ time: Double) {
    send(.record(on != 0), at: time)
}

/// `{"type": "debug", "on": …}`: the debug overlay on (non-zero) or off.
@_cdecl("kinetic_session_debug")
public func kineticSessionDebug(_ on: Int32, _ time: Double) {
    send(.debug(on != 0), at: time)
}

/// `{"type": "slow", "on": …}`: *Slow animations* on (non-zero) or off.
@_cdecl("kinetic_session_slow")
public func kineticSessionSlow(_ on: Int32, _ time: Double) {
    send(.slow(on != 0), at: time)
}

/// `{"type": "focus", "on": …}`: keyboard focus came to the scene (non-zero) or left it.
@_cdecl("kinetic_session_focus")
public func kineticSessionFocus(_ on: Int32, _ time: Double) {
    send(.focus(on != 0), at: time)
}

/// `{"type": "key", "code": …}`: a key, by the web's `KeyboardEvent.code` in the UTF-8 bytes.
@_cdecl("kinetic_session_key")
public func kineticSessionKey(_ code: UnsafeRawPointer?, _ count: Int32, _ time: Double) {
    let name = text(code, count)
    guard let key = KeyboardHIDUsage(code: name) else {
        if session != nil { outbox.append(.notice("unknown key \(ClientText.quoted(name))")) }
        return
    }
    send(.key(key), at: time)
}

/// `{"type": "replay", "trace": …}`: replays the trace handed over with `kinetic_replay_begin`
/// and `kinetic_replay_touch` (the page reads the file; the session checks it and answers a
/// notice for one it refuses). Returns 0, or 1 when no trace was handed over or no session is open.
@_cdecl("kinetic_session_replay")
public func kineticSessionReplay(_ time: Double) -> Int32 {
    guard session != nil, let trace = takePendingTrace() else { return 1 }
    send(.replay(trace), at: time)
    return 0
}

/// `{"type": "replay-control", …}`: `action` 0 pause, 1 play, 2 step a frame, 3 seek to `seekTime`
/// seconds (another number gives a notice).
@_cdecl("kinetic_session_replay_control")
public func kineticSessionReplayControl(_ action: Int32, _ seekTime: Double, _ time: Double) {
    let actions: [ClientMessage.ReplayAction] = [.pause, .play, .step, .seek(seekTime)]
    guard action >= 0, Int(action) < actions.count else {
        if session != nil { outbox.append(.notice("unknown replay action \(action)")) }
        return
    }
    send(.replayControl(actions[Int(action)]), at: time)
}

/// Advances the scene to `time` (the page calls this once per animation frame) and keeps the
/// frame, if anything changed, then the announcements and haptics it brought. Returns 1 if there
/// is a frame, else 0.
@_cdecl("kinetic_session_tick")
public func kineticSessionTick(_ time: Double) -> Int32 {
    guard let session else { return 0 }
    let frame = session.tick(to: time)
    if let frame { outbox.append(frame) }
    outbox += session.takeEvents()
    return frame == nil ? 0 : 1
}

/// When the session next needs a tick, in the page's seconds: 0 at the next animation frame, a
/// time (a gesture's timer, such as a long press's half second), or infinity for "not before
/// the next call" (everything rests: the page need not tick).
@_cdecl("kinetic_session_next_wake")
public func kineticSessionNextWake() -> Double {
    guard let session else { return .infinity }
    switch session.nextWake {
    case .nextFrame: return 0
    case .at(let time): return time
    case .nextMessage: return .infinity
    }
}

/// Moves the outbox into one JSON array (`[{"type": "hello", …}, {"type": "frame", …}]`, `[]`
/// when empty) and returns its length in bytes; `kinetic_session_taken` points at it until the
/// next take.
@_cdecl("kinetic_session_take")
public func kineticSessionTake() -> Int32 {
    var json = JSONText()
    json.array { json in for message in outbox { message.write(into: &json) } }
    outbox = []
    taken.deallocate()
    var text = json.text
    taken = text.withUTF8 { bytes in
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
        copy.copyMemory(from: UnsafeRawBufferPointer(bytes))
        return copy
    }
    return Int32(taken.count)
}

/// Where the last take's bytes are.
@_cdecl("kinetic_session_taken")
public func kineticSessionTaken() -> UnsafeRawPointer? {
    UnsafeRawPointer(taken.baseAddress)
}
