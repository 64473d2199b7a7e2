import Foundation

extension Canvas {
    /// Lays the soft shadow of a rounded rectangle (as `fillRoundedRect` takes it): the shape in
    /// black at `opacity`, blurred as a canvas's `shadowBlur` blurs (a Gaussian whose standard
    /// deviation is half of `blur` points) and moved `offsetY` points down the screen, whatever
    /// the shape's turn. Drawn before the shape, it shows around and below it.
    ///
    /// The blur of a rectangle is exact and separable (a product of two error functions along its
    /// own axes); the rounding of its corners is left out of the blurred shadow, where it changes
    /// the shade by less than the blur does. A blur under half a pixel is drawn sharp.
    public mutating func dropShadow(
        x: Double, y: Double, width w: Double, height h: Double, radius: Double, angle: Double = 0, blur: Double,
        offsetY: Double, opacity: Double
    ) {
        guard w > 0, h > 0, blur.isFinite, blur >= 0, opacity > 0, opacity.isFinite, radius.isFinite else { return }
        let hw = w * scale / 2, hh = h * scale / 2, sigma = blur * scale / 2
        let black = RGB(0, 0, 0)
        guard sigma >= 0.5 else {
            let r = min(max(radius * scale, 0), hw, hh)
            paint(x: x, y: y + offsetY, angle: angle, extent: (hw, hh)) { lx, ly in
                (Self.coverage(Distance.roundedRect(lx, ly, hw: hw, hh: hh, r: r)) * opacity, black)
            }
            return
        }
        let k = 1 / (sigma * 2.0.squareRoot())
        paint(x: x, y: y + offsetY, angle: angle, extent: (hw + 3 * sigma, hh + 3 * sigma)) { lx, ly in
            let across = 0.5 * (erf((lx + hw) * k) - erf((lx - hw) * k))
            let down = 0.5 * (erf((ly + hh) * k) - erf((ly - hh) * k))
            return (across * down * opacity, black)
        }
    }
}
