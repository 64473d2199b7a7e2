import KineticGestures
// `Replay`: plays a touch trace into a fresh interactive scene, frame by frame, and digests the frames.
import KineticPlatform

/// Plays a trace into a fresh scene at the trace's frame rate: before each frame the events due
/// by then are delivered in order, then the scene advances; after the last event it runs
/// `tail` seconds more so animations can finish.
public struct Replay {
    /// The scene the trace was played into, in its final state.
    public let scene: any InteractiveScene
    /// A 64-bit digest (FNV-1a over the bit patterns) of every frame's state, in order: equal
    /// digests mean bit-identical frames.
    public let frameDigests: [UInt64]

    /// Replays `trace`; nil if it names no known scene. `onFrame` sees the scene after each
    /// frame with the frame's time (renders sample it).
    public init?(
        _ trace: TouchTrace, tail: TimeInterval = 2, onFrame: (TimeInterval, any InteractiveScene) -> Void = { _, _ in }
    ) {
        guard let name = InteractiveSceneName(rawValue: trace.scene) else { return nil }
        let scene = name.make(seed: trace.seed)
        let period = 1 / trace.frameRate
        let end = trace.duration + max(0, tail)
        var next = 0
        var digests: [UInt64] = []
        var frame = 0
        while true {
            let time = Double(frame) * period
            while next < trace.events.count, trace.events[next].timestamp <= time {
                scene.handle(trace.events[next])
                next += 1
            }
            scene.advance(to: time)
            digests.append(Self.digest(scene.state))
            onFrame(time, scene)
            if time >= end { break }
            frame += 1
        }
        self.scene = scene
        frameDigests = digests
    }

    static func digest(_ values: [Double]) -> UInt64 {
        var digest = FrameDigest()
        for value in values { digest.add(value) }
        return digest.value
    }
}
