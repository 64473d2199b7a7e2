// `kinetic_replay_…`: a touch trace handed over from the host, event by event, for the session to
// replay (`kinetic_session_replay`) or, in the harness, to digest (`kinetic_replay_run`).
import KineticGestures
import KineticPlatform
import KineticScenes

/// The trace being handed over, event by event.
nonisolated(unsafe) private var pendingTrace: TouchTrace?

/// Starts a trace for the interactive scene named by the `count` UTF-8 bytes at `name`, with
/// its seed (as two 32-bit halves, since a page's numbers hold 53 bits) and frame rate. Returns
/// 0, or 1 for an unknown scene, 2 for a frame rate that is not finite, positive and at most
/// `TouchTrace.maximumFrameRate`.
@_cdecl("kinetic_replay_begin")
public func kineticReplayBegin(
    _ name: UnsafeRawPointer?, _ count: Int32, _ seedHigh: UInt32, _ seedLow: UInt32, _ frameRate: Double
) -> Int32 {
    let scene = text(name, count)
    pendingTrace = nil
    guard InteractiveSceneName(rawValue: scene) != nil else { return 1 }
    let seed = UInt64(seedHigh) << 32 | UInt64(seedLow)
    let trace = TouchTrace(scene: scene, seed: seed, frameRate: frameRate)
    do { try trace.validate() } catch { return 2 }
    pendingTrace = trace
    return 0
}

/// Appends a touch to the trace: `phase` 0 began, 1 moved, 2 stationary, 3 ended, 4 cancelled.
/// Returns 0, or 1 when no trace was begun, 2 for an unknown phase, 3 for a touch the trace
/// refuses (a non-finite value, a time before the last event's or beyond the longest trace).
@_cdecl("kinetic_replay_touch")
public func kineticReplayTouch(_ id: Int32, _ phase: Int32, _ x: Double, _ y: Double, _ time: Double) -> Int32 {
    guard pendingTrace != nil else { return 1 }
    let phases: [Touch.Phase] = [.began, .moved, .stationary, .ended, .cancelled]
    guard phase >= 0, Int(phase) < phases.count else { return 2 }
    let touch = Touch(id: Int(id), phase: phases[Int(phase)], location: CGPoint(x: x, y: y), timestamp: time)
    return pendingTrace!.record(touch) ? 0 : 3
}

/// Drops the trace being handed over, if any (a page that abandons a load, or a caller that
/// starts afresh). Every other call then answers as though no trace had been begun.
@_cdecl("kinetic_replay_cancel")
public func kineticReplayCancel() {
    pendingTrace = nil
}

/// Takes the trace being handed over, if any: the session replays it (`kinetic_session_replay`),
/// the harness digests it (`kinetic_replay_run`).
func takePendingTrace() -> TouchTrace? {
    defer { pendingTrace = nil }
    return pendingTrace
}
