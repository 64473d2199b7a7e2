import Foundation

/// The shapes the renderer draws, each by its signed distance (`Distance`) through
/// `Canvas.paint`. Sizes are in view points, positions are centres, angles turn clockwise.
extension Canvas {
    /// Fills the rectangle of `width` × `height` points centred at (`x`, `y`) and turned by
    /// `angle` radians. Non-finite or empty rectangles draw nothing.
    public mutating func fillRect(
        x: Double, y: Double, width w: Double, height h: Double, angle: Double = 0, color: RGB
    ) {
        fillRoundedRect(x: x, y: y, width: w, height: h, radius: 0, angle: angle, color: color)
    }

    /// Fills a rectangle whose corners are rounded by `radius` points (at most half its shorter
    /// side, as a canvas's `roundRect` keeps them), at `opacity` (0…1).
    public mutating func fillRoundedRect(
        x: Double, y: Double, width w: Double, height h: Double, radius: Double, angle: Double = 0, color: RGB,
        opacity: Double = 1
    ) {
        guard w > 0, h > 0, radius.isFinite, opacity.isFinite else { return }
        let hw = w * scale / 2, hh = h * scale / 2, r = min(max(radius * scale, 0), hw, hh)
        // Fully covered half a pixel in from the straight edges, between the corners.
        let interior = opacity >= 1 ? (hw - 0.5, hh - max(r, 0.5)) : (-1, -1)
        paint(x: x, y: y, angle: angle, extent: (hw, hh), interior: interior, solid: color) { lx, ly in
            (Self.coverage(Distance.roundedRect(lx, ly, hw: hw, hh: hh, r: r)) * opacity, color)
        }
    }

    /// Fills a rounded rectangle with a linear gradient along its own height, from `top` to
    /// `bottom` (each channel interpolated, as a canvas's linear gradient in sRGB).
    public mutating func fillRoundedRect(
        x: Double, y: Double, width w: Double, height h: Double, radius: Double, angle: Double = 0,
        gradient top: RGB, _ bottom: RGB
    ) {
        guard w > 0, h > 0, radius.isFinite else { return }
        let hw = w * scale / 2, hh = h * scale / 2, r = min(max(radius * scale, 0), hw, hh)
        paint(x: x, y: y, angle: angle, extent: (hw, hh)) { lx, ly in
            let coverage = Self.coverage(Distance.roundedRect(lx, ly, hw: hw, hh: hh, r: r))
            guard coverage > 0 else { return (0, top) }
            return (coverage, top.blended(with: bottom, coverage: min(max((ly + hh) / (2 * hh), 0), 1)))
        }
    }

    /// Fills the disc of `radius` points about (`x`, `y`).
    public mutating func fillCircle(x: Double, y: Double, radius: Double, color: RGB) {
        guard radius > 0 else { return }
        let r = radius * scale
        paint(x: x, y: y, extent: (r, r)) { lx, ly in
            (Self.coverage((lx * lx + ly * ly).squareRoot() - r), color)
        }
    }

    /// Strokes the circle of `radius` points about (`x`, `y`) with a line `lineWidth` points wide,
    /// centred on the circle.
    public mutating func strokeCircle(x: Double, y: Double, radius: Double, lineWidth: Double, color: RGB) {
        guard radius > 0, lineWidth > 0 else { return }
        let r = radius * scale, half = lineWidth * scale / 2
        paint(x: x, y: y, extent: (r + half, r + half)) { lx, ly in
            (Self.coverage(abs((lx * lx + ly * ly).squareRoot() - r) - half), color)
        }
    }

    /// Strokes the polyline through `points` (view points) with a line `lineWidth` points wide,
    /// round caps and round joins.
    public mutating func strokePolyline(_ points: [(x: Double, y: Double)], lineWidth: Double, color: RGB) {
        guard points.count > 1, lineWidth > 0, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
        let xs = points.map(\.x), ys = points.map(\.y)
        let minX = xs.min()!, maxX = xs.max()!, minY = ys.min()!, maxY = ys.max()!
        let (mx, my) = ((minX + maxX) / 2, (minY + maxY) / 2)
        let half = lineWidth * scale / 2
        // The vertices in pixels about the box's centre.
        let vertices = points.map { (($0.x - mx) * scale, ($0.y - my) * scale) }
        paint(x: mx, y: my, extent: ((maxX - minX) * scale / 2 + half, (maxY - minY) * scale / 2 + half)) { lx, ly in
            var nearest = Double.infinity
            for k in 1..<vertices.count {
                let (a, b) = (vertices[k - 1], vertices[k])
                nearest = min(nearest, Distance.segment(lx, ly, a.0, a.1, b.0, b.1))
            }
            return (Self.coverage(nearest - half), color)
        }
    }
}
