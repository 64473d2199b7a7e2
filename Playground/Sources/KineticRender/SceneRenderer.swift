import Foundation
import KineticGestures
import KineticScenes

/// Draws a scene's frames as the playground's page does in its light scheme (`SceneStyle`; the
/// page's `drawing.js` is the reference): rounded cells in a hue ramp over the data order with
/// their numbers, the selection's tint and check mark, lifted cells scaled up over a soft shadow,
/// the card's gradient, the finger's anchor; and renders a recorded trace to a PNG of the last
/// frame or a GIF of the whole run.
public enum SceneRenderer {
    /// One frame as a still: `drawables` on a white view of `InteractiveSceneName.viewSize`,
    /// `scale` pixels per point, lowest `z` first (ties keep their order, as the page's sort
    /// does). A still has no easing to carry: a cell with `z` above 0 is fully lifted, and so is
    /// the card while a finger holds it (an anchor is drawn).
    public static func draw(_ drawables: [Drawable], scale: Double) -> Canvas {
        draw(drawables, scale: scale) { _, lifted in lifted ? 1 : 0 }
    }

    /// One frame, each item's lift from `lift` (its key and whether it is lifted now), asked once
    /// per item and frame.
    static func draw(
        _ drawables: [Drawable], scale: Double, lift: (_ key: Lift.Key, _ lifted: Bool) -> Double
    ) -> Canvas {
        let size = InteractiveSceneName.viewSize
        var canvas = Canvas(
            width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()), scale: scale,
            background: SceneStyle.background)
        let held = drawables.contains { $0.kind == .anchor }
        let ordered = drawables.enumerated().sorted { ($0.element.z, $0.offset) < ($1.element.z, $1.offset) }
        var lifts: [Lift.Key: Double] = [:]
        for d in ordered.map(\.element) {
            let key = Lift.key(of: d)
            switch d.kind {
            case .cell, .selectedCell:
                let value = lifts[key] ?? lift(key, d.z > 0)
                lifts[key] = value
                drawCell(d, key: key, lift: value, on: &canvas)
            case .card:
                let value = lifts[key] ?? lift(key, held)
                lifts[key] = value
                drawCard(d, lift: value, on: &canvas)
            case .anchor:
                canvas.strokeCircle(
                    x: d.x, y: d.y, radius: max(d.width, 6) / 2 + 2, lineWidth: SceneStyle.anchorWidth,
                    color: SceneStyle.anchor)
            case .attachment:
                canvas.fillRect(
                    x: d.x, y: d.y, width: d.width, height: d.height, angle: d.angle, color: SceneStyle.attachment)
            case .focusRing:
                // Keys are not recorded in traces, so a render never has a keyboard focus.
                break
            case .column:
                canvas.fillRoundedRect(
                    x: d.x, y: d.y, width: d.width, height: d.height, radius: SceneStyle.columnRadius,
                    color: SceneStyle.column)
            }
        }
        return canvas
    }

    /// The point (`x`, `y`) of `d`'s own frame (about its centre, unturned) on the view.
    private static func place(_ d: Drawable, _ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let c = cos(d.angle), s = sin(d.angle)
        return (d.x + c * x - s * y, d.y + s * x + c * y)
    }

    /// A cell: scaled up and shadowed by its lift, its hue, the selection's tint and check mark,
    /// and its number.
    private static func drawCell(_ d: Drawable, key: Lift.Key, lift: Double, on canvas: inout Canvas) {
        let k = 1 + SceneStyle.liftScale * lift
        let w = d.width * k, h = d.height * k, r = SceneStyle.cornerRatio * min(d.width, d.height) * k
        if lift > 0 {
            let shadow = SceneStyle.cellShadow
            canvas.dropShadow(
                x: d.x, y: d.y, width: w, height: h, radius: r, angle: d.angle, blur: shadow.blur * lift,
                offsetY: shadow.offsetY * lift, opacity: shadow.opacity * lift)
        }
        guard case .item(let n) = key else { return }
        canvas.fillRoundedRect(
            x: d.x, y: d.y, width: w, height: h, radius: r, angle: d.angle, color: SceneStyle.cellColor(n))
        if d.kind == .selectedCell {
            canvas.fillRoundedRect(
                x: d.x, y: d.y, width: w, height: h, radius: r, angle: d.angle, color: SceneStyle.accent,
                opacity: SceneStyle.selectionTint)
            // The check mark, top right: a filled accent disc with a white border and tick.
            let bx = (d.width / 2 - SceneStyle.badgeInset) * k, by = (-d.height / 2 + SceneStyle.badgeInset) * k
            let centre = place(d, bx, by)
            canvas.fillCircle(x: centre.x, y: centre.y, radius: SceneStyle.badgeRadius * k, color: SceneStyle.accent)
            canvas.strokeCircle(
                x: centre.x, y: centre.y, radius: SceneStyle.badgeRadius * k, lineWidth: SceneStyle.badgeBorder * k,
                color: RGB(255, 255, 255))
            canvas.strokePolyline(
                SceneStyle.tick.map { place(d, bx + $0.x * k, by + $0.y * k) }, lineWidth: SceneStyle.tickWidth * k,
                color: RGB(255, 255, 255))
        }
        if let label = d.label {
            let size = min(d.height * SceneStyle.labelRatio, SceneStyle.labelMaximum).rounded() * k
            let at = place(d, 0, SceneStyle.labelOffset * k)
            canvas.drawText(label, x: at.x, y: at.y, size: size, angle: d.angle, color: SceneStyle.labelColor)
        }
    }

    /// The card: its gradient, over a soft shadow while it is held.
    private static func drawCard(_ d: Drawable, lift: Double, on canvas: inout Canvas) {
        if lift > 0 {
            let shadow = SceneStyle.cardShadow
            canvas.dropShadow(
                x: d.x, y: d.y, width: d.width, height: d.height, radius: SceneStyle.cardRadius, angle: d.angle,
                blur: shadow.blur * lift, offsetY: shadow.offsetY * lift, opacity: shadow.opacity * lift)
        }
        canvas.fillRoundedRect(
            x: d.x, y: d.y, width: d.width, height: d.height, radius: SceneStyle.cardRadius, angle: d.angle,
            gradient: SceneStyle.cardTop, SceneStyle.cardBottom)
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
            // Each item's lift carried from frame to frame, eased over the frames' period.
            var lifts = Lift()
            let dt = 1 / Double(fps)
            _ = Replay(trace, tail: tail) { time, scene in
                guard time + 1e-9 >= nextSample else { return }
                let drawables = scene.drawables
                frames.append(draw(drawables, scale: scale) { lifts.update($0, lifted: $1, dt: dt) })
                lifts.keep(only: Set(drawables.map(Lift.key(of:))))
                nextSample += dt
            }
            return try GIFEncoder.encode(frames, delay: 100 / fps)
        default:
            throw Failure.unsupportedFormat(ext)
        }
    }
}
