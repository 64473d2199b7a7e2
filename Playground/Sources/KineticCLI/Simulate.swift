import ArgumentParser
import Foundation
import KineticScenes

extension SceneName: ExpressibleByArgument {}

/// `kinetic simulate SCENE`: runs a built-in scene headless and prints one CSV row per item per
/// frame.
struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a built-in scene headless and print a per-frame CSV of item centers and angles.",
        discussion:
            "Scenes: \(SceneName.allCases.map(\.rawValue).joined(separator: ", ")). Columns: frame,time,item,x,y,angle."
    )

    @Argument(help: "The scene to run.")
    var scene: SceneName

    @Option(help: "Number of frames to run.")
    var frames: Int = 120

    @Option(help: "Frame duration in seconds.")
    var dt: Double = 1.0 / 60.0

    func validate() throws {
        guard frames >= 0 else { throw ValidationError("--frames must be zero or more") }
        guard dt.isFinite, dt > 0 else { throw ValidationError("--dt must be a positive number of seconds") }
    }

    func run() throws {
        let world = scene.make()
        var out = "frame,time,item,x,y,angle\n"
        func emit(_ frame: Int, _ time: Double) {
            for (i, item) in world.items.enumerated() {
                out += "\(frame),\(time),\(i),\(item.center.x),\(item.center.y),\(item.angle)\n"
            }
            if out.utf8.count > 1 << 16 { flush() }
        }
        func flush() {
            FileHandle.standardOutput.write(Data(out.utf8))
            out.removeAll(keepingCapacity: true)
        }
        emit(0, 0)
        for frame in 1...max(frames, 1) where frames > 0 {
            let t = Double(frame) * dt
            world.advance(to: t, dt: dt)
            emit(frame, t)
        }
        flush()
    }
}
