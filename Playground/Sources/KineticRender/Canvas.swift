import Foundation

/// An RGB raster the renderer draws on, in the scene's view points mapped to pixels by `scale`.
///
/// Shapes are anti-aliased by their signed distance: a pixel whose centre lies `d` pixels
/// outside a shape's edge (negative inside) is covered `clamp(0.5 − d, 0, 1)`, a one-pixel ramp
/// across the edge. That is exact for edges on whole pixels, adds up to a shape's area along
/// straight edges at any angle, and costs one distance per pixel (a browser's canvas does the
/// same job with its own rasteriser). The shapes themselves are in `Canvas+Shapes.swift`.
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

    /// How much of a pixel a shape covers whose edge is `distance` pixels from the pixel's
    /// centre (positive outside).
    @inline(__always) static func coverage(_ distance: Double) -> Double { min(max(0.5 - distance, 0), 1) }

    /// Paints a shape centred at (`x`, `y`) points and turned by `angle` radians (clockwise on
    /// the y-down screen, as the page's canvas turns it), reaching at most `extent` pixels from
    /// its centre along its own axes. For each pixel near it, `shade` gets the pixel's centre in
    /// the shape's frame (pixels, unturned) and answers how opaque the shape is there (0…1) and
    /// in which colour; that colour is laid over the pixel. Non-finite placements, and shapes
    /// with no extent, paint nothing.
    ///
    /// A shape that is `solid` (a colour at full opacity) within `interior` pixels of its centre
    /// along its own axes is filled there without asking `shade`: most of a filled shape's pixels.
    mutating func paint(
        x: Double, y: Double, angle: Double = 0, extent: (x: Double, y: Double),
        interior: (x: Double, y: Double) = (-1, -1), solid: RGB = RGB(0, 0, 0),
        _ shade: (_ x: Double, _ y: Double) -> (alpha: Double, color: RGB)
    ) {
        guard [x, y, angle, extent.x, extent.y].allSatisfy(\.isFinite), extent.x > 0, extent.y > 0 else { return }
        let cx = x * scale, cy = y * scale
        let c = cos(angle), s = sin(angle)
        // The turned extent's bounding box, one pixel wider for the edge's ramp.
        let ex = abs(c) * extent.x + abs(s) * extent.y + 1, ey = abs(s) * extent.x + abs(c) * extent.y + 1
        guard cx + ex > 0, cy + ey > 0, cx - ex < Double(width), cy - ey < Double(height) else { return }
        let x0 = max(0, Int((cx - ex).rounded(.down))), x1 = min(width - 1, Int((cx + ex).rounded(.up)))
        let y0 = max(0, Int((cy - ey).rounded(.down))), y1 = min(height - 1, Int((cy + ey).rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        let width = width
        // Through a buffer pointer, which debug builds (the tests') keep fast.
        pixels.withUnsafeMutableBufferPointer { pixels in
            for py in y0...y1 {
                let dy = Double(py) + 0.5 - cy
                for px in x0...x1 {
                    let dx = Double(px) + 0.5 - cx
                    // The pixel's centre in the shape's own frame (the inverse turn).
                    let lx = c * dx + s * dy, ly = -s * dx + c * dy
                    if lx <= interior.x && -lx <= interior.x && ly <= interior.y && -ly <= interior.y {
                        pixels[py * width + px] = solid
                        continue
                    }
                    let (alpha, color) = shade(lx, ly)
                    guard alpha > 0 else { continue }
                    let i = py * width + px
                    pixels[i] = alpha >= 1 ? color : pixels[i].blended(with: color, coverage: alpha)
                }
            }
        }
    }
}
