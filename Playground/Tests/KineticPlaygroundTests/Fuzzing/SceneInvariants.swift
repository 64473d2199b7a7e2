// What every interactive scene must show whatever its input: shared by the corpus regression
// tests (FuzzCorpusTests) and the fuzz targets, which compile this file through a symlink
// (Fuzz/Sources/…), so both check the very same things.
import Foundation
import KineticGestures
import KineticScenes

/// A scene's promises about what it draws, checked from outside.
enum SceneInvariants {
    /// What is wrong with `scene` now (empty when nothing is): every number it draws, reports or
    /// overlays is finite, and no two drawables share an id.
    static func violations(of scene: any InteractiveScene) -> [String] {
        var violations: [String] = []
        for drawable in scene.drawables where !isFinite(drawable) {
            violations.append("a drawable is not finite: \(drawable)")
        }
        let ids = scene.drawables.map(\.id)
        if Set(ids).count != ids.count { violations.append("drawables share ids: \(ids.sorted())") }
        if let bad = scene.state.firstIndex(where: { !$0.isFinite }) {
            violations.append("the scene's state is not finite at \(bad): \(scene.state[bad])")
        }
        if !isFinite(scene.overlay) { violations.append("the debug overlay is not finite: \(scene.overlay)") }
        return violations
    }

    static func isFinite(_ drawable: Drawable) -> Bool {
        [drawable.x, drawable.y, drawable.width, drawable.height, drawable.angle].allSatisfy(\.isFinite)
    }

    static func isFinite(_ overlay: DebugOverlay) -> Bool {
        let lines = overlay.joints + (overlay.scrollTargets ?? []) + [overlay.scrollVelocity].compactMap { $0 }
        let points = overlay.anchors + overlay.contacts
        return lines.allSatisfy { [$0.x1, $0.y1, $0.x2, $0.y2].allSatisfy(\.isFinite) }
            && points.allSatisfy { $0.x.isFinite && $0.y.isFinite }
    }
}

/// What playing a decoded trace into its scene must do (`kinetic replay` and `kinetic render`
/// read trace files, the playground replays traces a page sends): never trap, and leave every
/// frame finite.
enum TraceReplayInvariants {
    /// What goes wrong playing `trace` (empty when nothing does), checking the scene every
    /// `every` frames and at the end. It plays at most `maximumFrames` frames: a longer trace is
    /// checked up to there (the fuzzer's time per input, and the test's, stay short).
    static func violations(replaying trace: TouchTrace, maximumFrames: Int = 1200, every: Int = 30) -> [String] {
        guard InteractiveSceneName(rawValue: trace.scene) != nil else {
            return Replay(trace) == nil ? [] : ["a trace of unknown scene \(trace.scene) was replayed"]
        }
        // The trace as far as the frame budget reaches, played with a short tail.
        var clipped = trace
        let horizon = Double(maximumFrames) / trace.frameRate
        clipped.events = trace.events.filter { $0.timestamp <= horizon }
        var violations: [String] = []
        var frames = 0
        let replay = Replay(clipped, tail: min(0.5, max(0, horizon - clipped.duration))) { time, scene in
            frames += 1
            guard frames % every == 0 else { return }
            violations += SceneInvariants.violations(of: scene).map { "at \(time) s: \($0)" }
        }
        guard let replay else { return ["a trace of known scene \(trace.scene) was not replayed"] }
        violations += SceneInvariants.violations(of: replay.scene).map { "at the end: \($0)" }
        if replay.frameDigests.count != frames {
            violations.append("\(replay.frameDigests.count) digests, \(frames) frames")
        }
        return violations
    }
}
