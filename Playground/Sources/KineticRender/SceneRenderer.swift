import Foundation
import KineticGestures
import KineticScenes

/// Draws a scene's frames as the playground's page does (its colours, z order and labels), and
/// renders a recorded trace to a PNG of the last frame or a GIF of the whole run.
public enum SceneRenderer {
    /// The page's colours for each kind of drawable.
    static func color(of kind: Drawable.Kind) -> RGB {
        switch kind {
        case .cell: RGB(hex: 0x9a9aa2)
        case .selectedCell, .anchor: RGB(hex: 0xe0302a)
        case .card: RGB(hex: 0x4a7bd0)
        case .attachment: RGB(hex: 0x2a5ee0)
        }
    }

    /// One frame: `drawables` on a white view of `InteractiveSceneName.viewSize`, `scale`
    /// pixels per point, lowest `z` first (ties keep their order, as the page's sort does).
    public static func draw(_ drawables: [Drawable], scale: Double) -> Canvas {
        let size = InteractiveSceneName.viewSize
        var canvas = Canvas(
            width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()), scale: scale)
        for d in drawables.enumerated().sorted(by: { ($0.element.z, $0.offset) < ($1.element.z, $1.offset) }).map(
            \.element)
        {
            canvas.fillRect(x: d.x, y: d.y, width: d.width, height: d.height, angle: d.angle, color: color(of: d.kind))
            if let label = d.label {
                canvas.drawText(label, x: d.x, y: d.y, size: 14, angle: d.angle, color: RGB(255, 255, 255))
            }
        }
        return canvas
    }

    /// What went wrong with a render request.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case unknownScene(String)
        case sceneMismatch(requested: String, trace: String)
        case unsupportedFormat(String)
        case badParameter(String)

        public var description: String {
            switch self {
            case .unknownScene(let name):
                "unknown scene \"\(name)\"; known: "
                    + "\(InteractiveSceneName.allCases.map(\.rawValue).joined(separator: ", "))"
            case .sceneMismatch(let requested, let trace): "the trace was recorded in \(trace), not \(requested)"
            case .unsupportedFormat(let ext): "cannot write .\(ext): the output must end in .png or .gif"
            case .badParameter(let message): message
            }
        }
    }

    /// The image for `trace` played into `scene`: the format follows `path`'s extension, a PNG
    /// of the last frame or a GIF sampled at `fps` (a whole number of hundredths of a second per
    /// frame) running `tail` seconds past the last touch.
    public static func render(
        scene: String, trace: TouchTrace, path: String, scale: Double = 2, fps: Int = 25, tail: TimeInterval = 1.5
    ) throws -> Data {
        guard let name = InteractiveSceneName(rawValue: scene) else { throw Failure.unknownScene(scene) }
        guard trace.scene == name.rawValue else { throw Failure.sceneMismatch(requested: scene, trace: trace.scene) }
        guard scale.isFinite, scale > 0, scale <= 4 else { throw Failure.badParameter("--scale must be within 0…4") }
        guard (1...50).contains(fps), 100 % fps == 0 else {
            throw Failure.badParameter("--fps must divide 100 (1, 2, 4, 5, 10, 20, 25 or 50)")
        }
        guard tail.isFinite, tail >= 0 else {
            throw Failure.badParameter("--tail must be a non-negative number of seconds")
        }
        let ext = (path as NSString).pathExtension.lowercased()
        switch ext {
        case "png":
            guard let replay = Replay(trace, tail: tail) else { throw Failure.unknownScene(trace.scene) }
            return try PNGEncoder.encode(draw(replay.scene.drawables, scale: scale))
        case "gif":
            var frames: [Canvas] = []
            var nextSample = 0.0
            _ = Replay(trace, tail: tail) { time, scene in
                guard time + 1e-9 >= nextSample else { return }
                frames.append(draw(scene.drawables, scale: scale))
                nextSample += 1 / Double(fps)
            }
            return try GIFEncoder.encode(frames, delay: 100 / fps)
        default:
            throw Failure.unsupportedFormat(ext)
        }
    }
}
