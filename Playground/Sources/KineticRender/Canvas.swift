import Foundation

/// An RGB raster the renderer draws on: rotated rectangles with anti-aliased edges, in the
/// scene's view points mapped to pixels by `scale`.
///
/// Coverage is estimated with 4 × 4 samples per pixel: exact for rectangles on whole pixels,
/// and within a quarter pixel's worth along rotated edges, which is what a still from a docs page
/// needs (a browser's canvas does the same job with its own rasteriser).
public struct Canvas: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// Pixels per view point.
    public let scale: Double
    /// Row-major pixels.
    public private(set) var pixels: [RGB]

    /// A canvas of `width` × `height` pixels filled with `background`.
    public init(width: Int, height: Int, scale: Double = 1, background: RGB = RGB(255, 255, 255)) {
        precondition(width > 0 && height > 0 && scale > 0 && scale.isFinite, "Canvas needs a positive size and scale")
        self.width = width
        self.height = height
        self.scale = scale
        pixels = Array(repeating: background, count: width * height)
    }

    /// The pixel at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> RGB { pixels[y * width + x] }

    /// Samples per pixel along each axis.
    static let samples = 4

    /// Fills the rectangle of `width` × `height` points centred at (`x`, `y`) and turned by
    /// `angle` radians (clockwise on the y-down screen, as the page's canvas turns it).
    /// Non-finite or empty rectangles draw nothing.
    public mutating func fillRect(
        x: Double, y: Double, width w: Double, height h: Double, angle: Double = 0, color: RGB
    ) {
        guard [x, y, w, h, angle].allSatisfy(\.isFinite), w > 0, h > 0 else { return }
        let cx = x * scale, cy = y * scale, hw = w * scale / 2, hh = h * scale / 2
        let c = cos(angle), s = sin(angle)
        // The turned rectangle's bounding box, in pixels.
        let ex = abs(c) * hw + abs(s) * hh, ey = abs(s) * hw + abs(c) * hh
        let x0 = max(0, Int((cx - ex).rounded(.down))), x1 = min(self.width - 1, Int((cx + ex).rounded(.up)))
        let y0 = max(0, Int((cy - ey).rounded(.down))), y1 = min(self.height - 1, Int((cy + ey).rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        let n = Self.samples, step = 1 / Double(n), total = Double(n * n)
        for py in y0...y1 {
            for px in x0...x1 {
                var inside = 0
                for sy in 0..<n {
                    let dy = Double(py) + (Double(sy) + 0.5) * step - cy
                    for sx in 0..<n {
                        let dx = Double(px) + (Double(sx) + 0.5) * step - cx
                        // The sample in the rectangle's own frame (the inverse turn).
                        let lx = c * dx + s * dy, ly = -s * dx + c * dy
                        if abs(lx) <= hw && abs(ly) <= hh { inside += 1 }
                    }
                }
                guard inside > 0 else { continue }
                let i = py * self.width + px
                pixels[i] = inside == n * n ? color : pixels[i].blended(with: color, coverage: Double(inside) / total)
            }
        }
    }

    /// Draws `text` centred at (`x`, `y`) and turned by `angle`, in the built-in digit font,
    /// `size` points tall. Characters the font lacks are skipped.
    public mutating func drawText(_ text: String, x: Double, y: Double, size: Double, angle: Double = 0, color: RGB) {
        let glyphs = text.compactMap { DigitFont.glyphs[$0] }
        guard !glyphs.isEmpty, size > 0, size.isFinite else { return }
        let cell = size / Double(DigitFont.rows)
        let advance = Double(DigitFont.columns + 1) * cell
        let totalWidth = advance * Double(glyphs.count) - cell
        let c = cos(angle), s = sin(angle)
        for (k, glyph) in glyphs.enumerated() {
            for row in 0..<DigitFont.rows {
                for column in 0..<DigitFont.columns where glyph[row * DigitFont.columns + column] {
                    // The font pixel's centre relative to the text's centre, then turned.
                    let ox = -totalWidth / 2 + Double(k) * advance + (Double(column) + 0.5) * cell
                    let oy = -size / 2 + (Double(row) + 0.5) * cell
                    fillRect(
                        x: x + c * ox - s * oy, y: y + s * ox + c * oy, width: cell, height: cell, angle: angle,
                        color: color)
                }
            }
        }
    }
}
