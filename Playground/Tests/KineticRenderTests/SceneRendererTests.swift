import ExternalTools
import Foundation
import KineticGestures
import KineticScenes
import Testing

@testable import KineticRender

/// Renders decoded by Pillow and probed where the page's formulas say what must be there: the
/// expected colours come from `Expected`, never from the renderer.
@Suite("Rendering scenes")
struct SceneRendererTests {
    static let traces = ExternalTools.repositoryRoot.appendingPathComponent("Traces")

    func trace(_ name: String) throws -> TouchTrace {
        try TouchTrace.decode(from: Data(contentsOf: Self.traces.appendingPathComponent("\(name).json")))
    }

    /// `drawables` drawn as a still, encoded as a PNG and decoded by Pillow.
    func still(_ drawables: [Drawable], scale: Double) async throws -> Pillow.Image {
        try await Pillow.decode(try PNGEncoder.encode(SceneRenderer.draw(drawables, scale: scale)))
    }

    /// The drag trace's last frame as a PNG: each cell in its item's hue (its number), the
    /// selected ones tinted with the accent and checked; the size is the view at the scale.
    @Test(.needs(.pillow)) func thePNGShowsTheLastFrame() async throws {
        let drag = try trace("drag")
        let png = try SceneRenderer.render(scene: "drag", trace: drag, path: "out.png", scale: 2)
        let image = try await Pillow.decode(png)
        let view = InteractiveSceneName.viewSize
        #expect(image.width == Int(view.width) * 2 && image.height == Int(view.height) * 2)
        let last = try #require(Replay(drag, tail: 1.5)).scene.drawables
        let selected = last.filter { $0.kind == .selectedCell }
        #expect(!selected.isEmpty, "the trace ends with a selection")
        for d in last where d.z == 0 && d.y + d.height / 2 < view.height && d.y - d.height / 2 > 0 {
            let n = try #require(Int(d.label ?? ""))
            // 8 pt in from the bottom-left corner: clear of the number and the rounded corner.
            let body = image.pixel(at: d.x - d.width / 2 + 8, d.y + d.height / 2 - 8, scale: 2)
            let fill = d.kind == .cell ? Expected.cell(n) : Expected.over(Expected.accent, 0.35, on: Expected.cell(n))
            #expect(difference(body, fill) <= 1.5, "cell \(n): \(describe(body)), not \(describe(fill))")
            if d.kind == .selectedCell {
                // The badge's disc, off its centre clear of the tick.
                let badge = image.pixel(at: d.x + d.width / 2 - 11 - 4, d.y - d.height / 2 + 11 - 4, scale: 2)
                #expect(difference(badge, Expected.accent) <= 1, "badge of \(n): \(describe(badge))")
            }
        }
    }

    /// A cell's corners are arcs of radius 0.2 × its shorter side: the pixel at the corner and
    /// one 0.3 r in along the diagonal are outside the arc, the middle of the corner's square is
    /// inside, and just inside and outside a straight edge are fill and background.
    @Test(.needs(.pillow)) func cornersAreRounded() async throws {
        let cell = Drawable(id: 14, kind: .cell, x: 150, y: 200, width: 100, height: 80)
        let image = try await still([cell], scale: 2)
        let fill = Expected.cell(7), r = 16.0
        for (cx, cy, sx, sy) in [(100.0, 160.0, 1.0, 1.0), (200, 160, -1, 1), (100, 240, 1, -1), (200, 240, -1, -1)] {
            func at(_ dx: Double, _ dy: Double) -> Expected.Color {
                image.pixel(at: cx + sx * dx, cy + sy * dy, scale: 2)
            }
            let d = 0.3 * r / 2.0.squareRoot()
            // A hair inside both edges: the corner pixel (its centre within ¼ pt of the corner).
            #expect(difference(at(0.1, 0.1), Expected.white) <= 1, "the corner itself")
            // 0.3 r along the diagonal: (1 − 0.3/√2) √2 r ≈ 1.11 r from the arc's centre.
            #expect(difference(at(d, d), Expected.white) <= 1, "0.3 r in along the diagonal")
            #expect(difference(at(r / 2, r / 2), fill) <= 1, "the corner's square, 0.71 r from the centre")
            #expect(difference(at(r + 2, 1), fill) <= 1, "1 pt inside the straight edge")
            #expect(difference(at(r + 2, -1), Expected.white) <= 1, "1 pt outside the straight edge")
        }
    }

    /// A selected cell: its hue under the accent at 35 %, a check-mark badge (an accent disc
    /// with a white border and a white tick) centred 11 pt in from its top-right corner.
    @Test(.needs(.pillow)) func theSelectionIsTintedAndChecked() async throws {
        let cell = Drawable(id: 0, kind: .selectedCell, x: 187, y: 300, width: 80, height: 80, label: "7")
        let image = try await still([cell], scale: 2)
        let tinted = Expected.over(Expected.accent, 0.35, on: Expected.cell(7))
        let body = image.pixel(at: 147 + 8, 340 - 8, scale: 2)
        #expect(difference(body, tinted) <= 1.5, "\(describe(body)) is not \(describe(tinted))")
        let (bx, by) = (187.0 + 40 - 11, 300.0 - 40 + 11)
        #expect(difference(image.pixel(at: bx - 4, by - 4, scale: 2), Expected.accent) <= 1, "the badge's disc")
        #expect(difference(image.pixel(at: bx + 9, by, scale: 2), Expected.white) <= 1, "its border, at r = 9")
        #expect(difference(image.pixel(at: bx - 11, by, scale: 2), tinted) <= 1.5, "outside it: the cell")
        #expect(difference(image.pixel(at: bx - 1.2, by + 3.2, scale: 2), Expected.white) <= 1, "the tick's corner")
    }

    /// Every digit 0–9 drawn as a cell's label: white ink centred on the label's place (1 pt
    /// below the cell's centre, as the page sets text), about the height of a bold face's digits
    /// (0.6–0.8 of the 22 pt type size), and no two digits alike: laid over each other, their ink
    /// differs in at least as many pixels as a bold stroke (a tenth of the type size) a quarter
    /// of the digits' height long covers (80 pixels at 3 pixels a point).
    @Test(.needs(.pillow)) func digitsAreReadable() async throws {
        let s = 3.0
        let cells = (0..<10).map { n in
            Drawable(
                id: 2 * n, kind: .cell, x: 40 + 70 * Double(n % 5), y: 60 + 80 * Double(n / 5), width: 60, height: 60,
                label: "\(n)")
        }
        let image = try await still(cells, scale: s)
        var masks: [[Bool]] = []
        for (n, d) in cells.enumerated() {
            let fill = Expected.cell(n)
            // Ink: how far a pixel went from the fill to white, on its most telling channel.
            func ink(_ px: Int, _ py: Int) -> Double {
                let p = image.pixel(px, py)
                let (seen, base) = [(p.r, fill.r), (p.g, fill.g), (p.b, fill.b)].min { $0.1 < $1.1 }!
                return (seen - base) / (255 - base)
            }
            let (x0, x1, y0, y1) = (Int((d.x - 12) * s), Int((d.x + 12) * s), Int((d.y - 12) * s), Int((d.y + 14) * s))
            var (minX, maxX, minY, maxY) = (Int.max, Int.min, Int.max, Int.min)
            var mask: [Bool] = []
            for py in y0..<y1 {
                for px in x0..<x1 {
                    let inked = ink(px, py) > 0.5
                    if inked { (minX, maxX, minY, maxY) = (min(minX, px), max(maxX, px), min(minY, py), max(maxY, py)) }
                    mask.append(inked)
                }
            }
            try #require(minX <= maxX, "digit \(n) has ink")
            let centre = (x: Double(minX + maxX + 1) / 2 / s, y: Double(minY + maxY + 1) / 2 / s)
            #expect(abs(centre.x - d.x) <= 1.5, "digit \(n) is centred across: \(centre.x) for \(d.x)")
            #expect(abs(centre.y - (d.y + 1)) <= 0.75, "digit \(n) is centred down: \(centre.y) for \(d.y + 1)")
            let height = Double(maxY - minY + 1) / s
            #expect((0.6 * 22...0.8 * 22).contains(height), "digit \(n) is \(height) pt tall")
            masks.append(mask)
        }
        var closest = Int.max
        for a in 0..<10 {
            for b in a + 1..<10 {
                let differing = zip(masks[a], masks[b]).filter { $0 != $1 }.count
                closest = min(closest, differing)
                #expect(differing >= 80, "\(a) and \(b) look alike: \(differing) pixels differ")
            }
        }
        print("digits: the closest two differ in \(closest) pixels")
    }

    /// A lifted cell (z > 0) is 6 % larger over a soft shadow: under its bottom edge the view is
    /// darkened as a canvas's shadow darkens it (black at 0.3, blurred by a Gaussian of σ 8 pt,
    /// 6 pt down), above it less, and far away not at all.
    @Test(.needs(.pillow)) func aLiftedCellCastsASoftShadow() async throws {
        let cell = Drawable(id: 0, kind: .cell, x: 187, y: 300, width: 80, height: 80, z: 1)
        let image = try await still([cell], scale: 2)
        let half = 40 * 1.06
        #expect(difference(image.pixel(at: 187, 300 + 41, scale: 2), Expected.cell(0)) <= 1, "scaled: 1 pt past 40")
        for (x, y) in [(187.0, 300 + half + 3), (187 + half + 3, 300), (187 - half - 4, 330), (187, 300 - half - 2)] {
            // The pixel's centre, where the renderer samples.
            let (px, py) = (((x * 2).rounded(.down) + 0.5) / 2, ((y * 2).rounded(.down) + 0.5) / 2)
            let alpha = 0.3 * Expected.blurredBox(px - 187, py - 306, w: 2 * half, h: 2 * half, blur: 16)
            let expected = Expected.over((0, 0, 0), alpha, on: Expected.white)
            let seen = image.pixel(at: x, y, scale: 2)
            #expect(difference(seen, expected) <= 1.5, "at \(x), \(y): \(describe(seen)), not \(describe(expected))")
        }
        let below = image.pixel(at: 187, 300 + half + 3, scale: 2),
            above = image.pixel(at: 187, 300 - half - 3, scale: 2)
        #expect(below.g < 235 && below.g < above.g - 20, "darker below (\(below.g)) than above (\(above.g))")
        #expect(difference(image.pixel(at: 187, 300 + half + 60, scale: 2), Expected.white) == 0, "far away")
    }

    /// The card: a vertical gradient from #5e5ce6 at its top to #0a84ff at its bottom, and,
    /// held (an anchor drawn), a shadow below it; the anchor is a red ring, the attachment a
    /// yellow square.
    @Test(.needs(.pillow)) func theCardIsAGradient() async throws {
        let card = Drawable(id: 0, kind: .card, x: 187, y: 333, width: 200, height: 200)
        let anchor = Drawable(id: 1, kind: .anchor, x: 300, y: 500, width: 10, height: 10, z: 2)
        let attachment = Drawable(id: 2, kind: .attachment, x: 150, y: 300, width: 10, height: 10, z: 1)
        let image = try await still([card, anchor, attachment], scale: 2)
        for y in [235.0, 300, 333, 431] {
            let t = (((y * 2).rounded(.down) + 0.5) / 2 - 233) / 200
            let expected = Expected.over(Expected.cardBottom, t, on: Expected.cardTop)
            let seen = image.pixel(at: 187, y, scale: 2)
            #expect(difference(seen, expected) <= 1, "at y \(y): \(describe(seen)), not \(describe(expected))")
        }
        let below = image.pixel(at: 187, 433 + 6, scale: 2)
        #expect(below.r < 215 && below.r == below.g && below.g == below.b, "the held card's shadow: \(describe(below))")
        #expect(difference(image.pixel(at: 300 + 7, 500, scale: 2), (0xff, 0x3b, 0x30)) <= 1.5, "the anchor's ring")
        #expect(difference(image.pixel(at: 300, 500, scale: 2), Expected.white) <= 1, "inside the ring")
        #expect(difference(image.pixel(at: 150, 300, scale: 2), (0xff, 0xd6, 0x0a)) <= 1, "the attachment")
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
        // The card starts and ends at home (a thrown card may leave the view in between): its
        // centre is the gradient's middle (a GIF's palette may move it a few levels).
        let middle = Expected.over(Expected.cardBottom, (333.5 - 233) / 200, on: Expected.cardTop)
        for frame in [0, image.frames.count - 1] {
            let seen = image.pixel(187, 333, frame: frame)
            #expect(difference(seen, middle) <= 4, "frame \(frame): \(describe(seen)), not \(describe(middle))")
        }
    }

    /// The drag trace as a GIF, run until the dragged cells settle and are dropped (their z
    /// back to 0): under cell 7, in the gap above the next row, the shadow darkens the view while
    /// it is lifted and fades after the drop as the page eases it (toward 0 with a 140 ms time
    /// constant, frame by frame at 25 fps, snapped to 0 within 0.01), to nothing.
    @Test(.needs(.pillow)) func aDroppedCellsShadowFades() async throws {
        let drag = try trace("drag")
        let tail = 2.5, period = 0.04
        let image = try await Pillow.decode(
            try SceneRenderer.render(scene: "drag", trace: drag, path: "out.gif", scale: 1, fps: 25, tail: tail))
        // Each 1/25 s sample's decoded frame (an unchanged frame lengthens the one before).
        let shown = image.durations.enumerated().flatMap { Array(repeating: $0.offset, count: $0.element / 40) }
        var cells: [Drawable] = []
        var next = 0.0
        _ = Replay(drag, tail: tail) { time, scene in
            guard time + 1e-9 >= next else { return }
            next += period
            cells.append(scene.drawables.first { $0.label == "7" }!)
        }
        try #require(shown.count == cells.count, "\(shown.count) frames shown for \(cells.count) samples")
        let drop = try #require(cells.indices.dropFirst().first { cells[$0 - 1].z > 0 && cells[$0].z == 0 })
        try #require(cells[(drop - 10)..<drop].allSatisfy { $0.z > 0 }, "lifted long enough to be fully lifted")
        var lift = 1.0
        var darkness: [Double] = []
        for k in (drop - 1)..<min(drop + 16, cells.count) {
            if k >= drop {
                lift -= lift * min(1, period / 0.140)
                if lift < 0.01 { lift = 0 }
            }
            let d = cells[k]
            // 2.5 pt below the cell's edge at full lift, in the 10 pt gap before the next row.
            let (x, y) = (d.x, d.y + d.height / 2 * 1.06 + 2.5)
            let seen = image.pixel(at: x, y, scale: 1, frame: shown[k])
            let alpha =
                lift == 0
                ? 0
                : 0.3 * lift
                    * Expected.blurredBox(
                        x.rounded(.down) + 0.5 - d.x, y.rounded(.down) + 0.5 - d.y - 6 * lift,
                        w: d.width * (1 + 0.06 * lift), h: d.height * (1 + 0.06 * lift), blur: 16 * lift)
            let expected = Expected.over((0, 0, 0), alpha, on: Expected.white)
            // The GIF's 256 colours may move a shade of grey a few levels, toward a nearby hue.
            #expect(
                difference(seen, expected) <= 8,
                "\(k - drop) frames after the drop: \(describe(seen)), not \(describe(expected))")
            darkness.append(255 - (seen.r + seen.g + seen.b) / 3)
        }
        #expect(darkness[0] >= 20, "lifted: a shadow under the cell")
        #expect(zip(darkness, darkness.dropFirst()).allSatisfy { $1 <= $0 + 2 }, "it only fades: \(darkness)")
        #expect(darkness.last == 0, "and is gone")
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
