// `kinetic_bench`: `kinetic bench`'s measurement inside the module, for the node-against-native
// figures (Playground/Tests/WebAssembly/bench.mjs, Scripts/bench-web). In the harness module,
// not the page's (Scripts/wasm).
import KineticPlatform
import KineticScenes

/// Runs the headless scene with index `scene` in `SceneName.allCases`, built with `count` items
/// (`kinetic bench --count`; 0 for the scene's own), for `frames` frames of `dt` seconds, timing
/// each frame's `advance` on the module's monotonic clock as `kinetic bench` times it natively,
/// and returns the mean µs per frame; or -1 for an unknown scene, a negative count or frame
/// count, or a `dt` that is not a positive number.
@_cdecl("kinetic_bench")
public func kineticBench(_ scene: Int32, _ count: Int32, _ frames: Int32, _ dt: Double) -> Double {
    let names = SceneName.allCases
    guard scene >= 0, Int(scene) < names.count, count >= 0, frames > 0, dt.isFinite, dt > 0 else { return -1 }
    let world = names[Int(scene)].make(count: count == 0 ? nil : Int(count))
    var total: UInt64 = 0
    for frame in 1...Int(frames) {
        let start = PlatformClock.nanoseconds()
        world.advance(to: Double(frame) * dt, dt: dt)
        total &+= PlatformClock.nanoseconds() &- start
    }
    return Double(total) / 1000 / Double(frames)
}
