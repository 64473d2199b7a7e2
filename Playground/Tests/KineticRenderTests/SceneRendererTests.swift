import ExternalTools
import Foundation
import KineticGestures
import KineticScenes
import Testing

@testable import KineticRender

@Suite("Rendering traces")
struct SceneRendererTests {
    static let traces = ExternalTools.repositoryRoot.appendingPathComponent("Traces")

    func trace(_ name: String) throws -> TouchTrace {
        try TouchTrace.decode(from: Data(contentsOf: Self.traces.appendingPathComponent("\(name).json")))
    }

    /// The drag trace's last frame as a PNG: where the replayed scene has a selected cell, the
    /// decoded image is the seed's red; where it has a plain cell, grey; the size is the view
    /// at the scale.
    @Test(.needs(.pillow)) func thePNGShowsTheLastFrame() async throws {
        let drag = try trace("drag")
        let png = try SceneRenderer.render(scene: "drag", trace: drag, path: "out.png", scale: 2)
        let image = try await Pillow.decode(png)
        let view = InteractiveSceneName.viewSize
        #expect(image.width == Int(view.width) * 2 && image.height == Int(view.height) * 2)
        let last = try #require(Replay(drag, tail: 1.5)).scene.drawables
        // Probed 8 pt in from a cell's bottom-left corner, clear of its number.
        func pixel(_ d: Drawable) -> [UInt8] {
            let i = (Int((d.y + d.height / 2 - 8) * 2) * image.width + Int((d.x - d.width / 2 + 8) * 2)) * 3
            return Array(image.frames[0][i..<i + 3])
        }
        let selected = last.filter { $0.kind == .selectedCell }
        #expect(!selected.isEmpty, "the trace ends with a selection")
        for d in selected { #expect(pixel(d) == [0xe0, 0x30, 0x2a]) }
        let plain = try #require(last.first { $0.kind == .cell && $0.y > 0 && $0.y < Double(view.height) })
        #expect(pixel(plain) == [0x9a, 0x9a, 0xa2])
    }

    /// The toss trace as a GIF: 25 frames per second of the whole run (the trace plus the
    /// tail), so the durations add up to the run; the card moves and comes home.
    @Test(.needs(.pillow)) func theGIFCoversTheWholeRun() async throws {
        let toss = try trace("toss")
        let tail = 1.5
        let gif = try SceneRenderer.render(scene: "toss", trace: toss, path: "out.GIF", scale: 1, fps: 25, tail: tail)
        let image = try await Pillow.decode(gif)
        // Replay frames fall on the trace's 120 Hz grid up to the first at or after the end;
        // samples are every 1/25 s within that.
        let lastFrame = (ceil((toss.duration + tail) * toss.frameRate - 1e-9)) / toss.frameRate
        let samples = Int((lastFrame * 25 + 1e-9).rounded(.down)) + 1
        #expect(image.durations.reduce(0, +) == samples * 40)
        #expect(image.frames.count > 10, "the card moves: \(image.frames.count) distinct frames")
        // The card starts and ends at home (a thrown card may leave the view in between).
        let blue: [UInt8] = [0x4a, 0x7b, 0xd0]
        let centre = (333 * image.width + 187) * 3
        #expect(Array(image.frames[0][centre..<centre + 3]) == blue)
        #expect(Array(image.frames[image.frames.count - 1][centre..<centre + 3]) == blue)
    }

    @Test func badRequestsAreRefusedWithTheReason() throws {
        let drag = try trace("drag")
        #expect(throws: SceneRenderer.Failure.unknownScene("warp")) {
            try SceneRenderer.render(scene: "warp", trace: drag, path: "a.png")
        }
        #expect(throws: SceneRenderer.Failure.sceneMismatch(requested: "toss", trace: "drag")) {
            try SceneRenderer.render(scene: "toss", trace: drag, path: "a.png")
        }
        #expect(throws: SceneRenderer.Failure.unsupportedFormat("jpg")) {
            try SceneRenderer.render(scene: "drag", trace: drag, path: "a.jpg")
        }
        #expect(throws: SceneRenderer.Failure.unsupportedFormat("")) {
            try SceneRenderer.render(scene: "drag", trace: drag, path: "noextension")
        }
        for (scale, fps, tail) in [
            (0.0, 25, 1.0), (Double.nan, 25, 1), (2, 7, 1), (2, 0, 1), (2, 25, -1), (2, 25, .infinity),
        ] {
            #expect(throws: SceneRenderer.Failure.self) {
                try SceneRenderer.render(scene: "drag", trace: drag, path: "a.gif", scale: scale, fps: fps, tail: tail)
            }
        }
    }
}
