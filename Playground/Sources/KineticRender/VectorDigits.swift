import Foundation

/// The characters labels use (cells' numbers), as strokes: lines and circular arcs of a bold
/// sans serif's digits, drawn anti-aliased by their distance at any size and turn, with no font
/// files or text engine to depend on.
///
/// A glyph's centre line lies in a box one unit tall (y 0 at the top, 1 at the bottom, x about
/// 0); the stroke and the proportions are fractions of the type size (the em): digits' ink is
/// `inkHeight` of the em tall, each digit `advance` wide.
enum VectorDigits {
    /// A piece of a glyph's centre line.
    enum Stroke {
        case line(Double, Double, Double, Double)
        /// Centre, radius, start angle and sweep (radians, clockwise from +x on the y-down screen).
        case arc(cx: Double, cy: Double, r: Double, start: Double, sweep: Double)

        static func arc(_ cx: Double, _ cy: Double, _ r: Double, from degrees: Double, sweep: Double) -> Stroke {
            .arc(cx: cx, cy: cy, r: r, start: degrees * .pi / 180, sweep: sweep * .pi / 180)
        }

        /// The distance from (`x`, `y`) to this piece, in glyph units.
        @inline(__always) func distance(_ x: Double, _ y: Double) -> Double {
            switch self {
            case .line(let ax, let ay, let bx, let by): Distance.segment(x, y, ax, ay, bx, by)
            case .arc(let cx, let cy, let r, let start, let sweep):
                Distance.arc(x, y, cx: cx, cy: cy, r: r, start: start, sweep: sweep)
            }
        }
    }

    /// The ink's height, the stroke's width and the advance from one digit to the next, in ems.
    static let inkHeight = 0.70
    static let strokeWidth = 0.11
    static let advance = 0.58

    /// Half the width of the round digits' centre line, in glyph units.
    private static let w = 0.28

    /// Each character's strokes.
    static let glyphs: [Character: [Stroke]] = [
        "0": [
            .arc(0, w, w, from: 180, sweep: 180), .arc(0, 1 - w, w, from: 0, sweep: 180),
            .line(-w, w, -w, 1 - w), .line(w, w, w, 1 - w),
        ],
        "1": [.line(0.06, 0, 0.06, 1), .line(0.06, 0, -0.2, 0.2)],
        "2": [.arc(0, w, w, from: 200, sweep: 195), .line(0.229, 0.44, -w, 1), .line(-w, 1, w, 1)],
        "3": [.arc(0, 0.23, 0.23, from: 205, sweep: 245), .arc(0, 0.73, 0.27, from: 270, sweep: 245)],
        "4": [.line(0.14, 0, -w, 0.68), .line(-w, 0.68, w + 0.02, 0.68), .line(0.14, 0, 0.14, 1)],
        "5": [.line(w - 0.02, 0, -0.2, 0), .line(-0.2, 0, -0.22, 0.46), .arc(0, 0.69, 0.29, from: 235, sweep: 275)],
        "6": [.arc(0, 0.71, 0.29, from: 0, sweep: 360), .line(0.16, 0, -0.2725, 0.611)],
        "7": [.line(-w, 0, w, 0), .line(w, 0, -0.08, 1)],
        "8": [.arc(0, 0.225, 0.225, from: 0, sweep: 360), .arc(0, 0.725, 0.275, from: 0, sweep: 360)],
        "9": [.arc(0, 0.29, 0.29, from: 0, sweep: 360), .line(-0.16, 1, 0.2725, 0.389)],
        "-": [.line(-0.17, 0.55, 0.17, 0.55)],
    ]
}

extension Canvas {
    /// Draws `text` centred at (`x`, `y`) (its ink's box centred there) and turned by `angle`,
    /// in `VectorDigits` at `size` points to the em. Characters without a glyph are skipped.
    public mutating func drawText(_ text: String, x: Double, y: Double, size: Double, angle: Double = 0, color: RGB) {
        let glyphs = text.compactMap { VectorDigits.glyphs[$0] }
        guard !glyphs.isEmpty, size > 0, size.isFinite else { return }
        let em = size * scale
        let half = VectorDigits.strokeWidth * em / 2
        let unit = VectorDigits.inkHeight * em - 2 * half  // pixels per glyph unit
        let advance = VectorDigits.advance * em
        let n = Double(glyphs.count)
        paint(x: x, y: y, angle: angle, extent: (n * advance / 2, unit / 2 + half)) { lx, ly in
            // Each glyph keeps to its own advance, so only the one under the pixel is measured.
            let i = min(max(Int((lx / advance + n / 2).rounded(.down)), 0), glyphs.count - 1)
            let gx = (lx - (Double(i) - (n - 1) / 2) * advance) / unit, gy = ly / unit + 0.5
            var nearest = Double.infinity
            for stroke in glyphs[i] { nearest = min(nearest, stroke.distance(gx, gy)) }
            return (Self.coverage(nearest * unit - half), color)
        }
    }
}
