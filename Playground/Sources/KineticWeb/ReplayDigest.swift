// `kinetic_replay_run`: the trace handed over replayed into its scene, digested as
// `kinetic replay` does: a trace recorded in the page gives there the digest it gives natively
// (the end-to-end test compares them).
import KineticScenes

/// Replays the trace begun, `tail` seconds past its last event, and returns `kinetic replay`'s
/// digest (every frame's digest folded as digest·31 + frame), or 0 when no trace was begun.
@_cdecl("kinetic_replay_run")
public func kineticReplayRun(_ tail: Double) -> UInt64 {
    guard let trace = takePendingTrace(), let replay = Replay(trace, tail: tail.isFinite ? max(tail, 0) : 2) else {
        return 0
    }
    return replay.frameDigests.reduce(0) { $0 &* 31 &+ $1 }
}
