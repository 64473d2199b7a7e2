// `kinetic_simulate_digest`: a headless scene run for a number of frames, digested. In the
// harness module, not the page's (Scripts/wasm).
import KineticPlatform
import KineticScenes

/// Runs the headless scene with index `scene` in `SceneName.allCases` (fall, pendulum, …,
/// `kinetic simulate`'s names) for `frames` frames of `dt` seconds, and returns the FNV-1a digest
/// of every frame's items (center x, center y, angle, as bit patterns), the first frame being
/// the scene as built. Two builds that give the same digest gave the same frames, bit for bit.
/// An unknown scene, a negative frame count or a `dt` that is not a positive number gives 0.
@_cdecl("kinetic_simulate_digest")
public func kineticSimulateDigest(_ scene: Int32, _ frames: Int32, _ dt: Double) -> UInt64 {
    let names = SceneName.allCases
    guard scene >= 0, Int(scene) < names.count, frames >= 0, dt.isFinite, dt > 0 else { return 0 }
    let world = names[Int(scene)].make()
    var digest = FrameDigest()
    digest.add(world.items)
    for frame in stride(from: 1, through: Int(frames), by: 1) {
        world.advance(to: Double(frame) * dt, dt: dt)
        digest.add(world.items)
    }
    return digest.value
}
