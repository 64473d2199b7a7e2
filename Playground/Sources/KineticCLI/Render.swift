import ArgumentParser
import Foundation
import KineticGestures
import KineticRender
import KineticScenes

/// `kinetic render SCENE --trace T --out FILE`: a PNG of the last frame or a GIF of the run.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a touch trace played into its scene: a PNG of the last frame or an animated GIF of the run.",
        discussion:
            "The format follows --out's extension (.png or .gif). Scenes: "
            + "\(InteractiveSceneName.allCases.map(\.rawValue).joined(separator: ", "))."
    )

    @Argument(help: "The scene the trace was recorded in.")
    var scene: String

    @Option(help: "The trace file (JSON, as the playground records it).")
    var trace: String

    @Option(help: "The image to write: .png (the last frame) or .gif (the whole run).")
    var out: String

    @Option(help: "Pixels per point.")
    var scale: Double = 2

    @Option(help: "GIF frames per second (a divisor of 100).")
    var fps = 25

    @Option(help: "Seconds to keep running after the last touch.")
    var tail: Double = 1.5

    func run() throws {
        let parsed = try TouchTrace.load(fromFile: trace)
        let image: Data
        do {
            image = try SceneRenderer.render(scene: scene, trace: parsed, path: out, scale: scale, fps: fps, tail: tail)
        } catch {
            // The failure may name the trace's scene, which the file chose.
            throw ValidationError(terminalSafe("\(error)"))
        }
        do { try image.write(to: URL(fileURLWithPath: out)) } catch {
            throw ValidationError("cannot write \(out): \(error.localizedDescription)")
        }
        print("wrote \(out) (\(image.count) bytes)")
    }
}
