import Foundation

/// The page's colours worked out here, from the formulas the page documents, with no code
/// shared with the renderer: the tests' truth.
enum Expected {
    /// An sRGB colour, channels 0…255 (not yet rounded).
    typealias Color = (r: Double, g: Double, b: Double)

    /// HSL to RGB by hue sector, chroma and the second largest component (the textbook
    /// construction; the renderer uses CSS Color 4's formula).
    static func hsl(_ hue: Double, _ s: Double, _ l: Double) -> Color {
        let chroma = (1 - abs(2 * l - 1)) * s
        let h = hue / 60
        let x = chroma * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double)
        switch Int(h) {
        case 0: (r, g, b) = (chroma, x, 0)
        case 1: (r, g, b) = (x, chroma, 0)
        case 2: (r, g, b) = (0, chroma, x)
        case 3: (r, g, b) = (0, x, chroma)
        case 4: (r, g, b) = (x, 0, chroma)
        default: (r, g, b) = (chroma, 0, x)
        }
        let m = l - chroma / 2
        return ((r + m) * 255, (g + m) * 255, (b + m) * 255)
    }

    /// A cell's fill for item `n`: hsl(11 n mod 360, 62 %, 58 %), in bytes.
    static func cell(_ n: Int) -> Color { rounded(hsl(Double(n * 11 % 360), 0.62, 0.58)) }

    static let white: Color = (255, 255, 255)
    /// iOS's light accent, #007aff.
    static let accent: Color = (0, 122, 255)
    static let cardTop: Color = (0x5e, 0x5c, 0xe6)
    static let cardBottom: Color = (0x0a, 0x84, 0xff)

    static func rounded(_ c: Color) -> Color { (c.r.rounded(), c.g.rounded(), c.b.rounded()) }

    /// `top` laid over `bottom` at `alpha`.
    static func over(_ top: Color, _ alpha: Double, on bottom: Color) -> Color {
        (
            bottom.r + (top.r - bottom.r) * alpha, bottom.g + (top.g - bottom.g) * alpha,
            bottom.b + (top.b - bottom.b) * alpha
        )
    }

    /// The opacity of a canvas's shadow of a `w` × `h` rectangle centred at the origin at (`x`,
    /// `y`): the shape blurred by a Gaussian of standard deviation `blur / 2` (HTML's
    /// `shadowBlur`), which for a rectangle is a product of error functions.
    static func blurredBox(_ x: Double, _ y: Double, w: Double, h: Double, blur: Double) -> Double {
        let k = 1 / (blur / 2 * 2.0.squareRoot())
        return 0.25 * (erf((x + w / 2) * k) - erf((x - w / 2) * k)) * (erf((y + h / 2) * k) - erf((y - h / 2) * k))
    }
}

extension Pillow.Image {
    /// The pixel at column `x`, row `y` of frame `frame`.
    func pixel(_ x: Int, _ y: Int, frame: Int = 0) -> Expected.Color {
        let i = (y * width + x) * 3
        let f = frames[frame]
        return (Double(f[i]), Double(f[i + 1]), Double(f[i + 2]))
    }

    /// The pixel under the view point (`x`, `y`) at `scale` pixels per point.
    func pixel(at x: Double, _ y: Double, scale: Double, frame: Int = 0) -> Expected.Color {
        pixel(Int((x * scale).rounded(.down)), Int((y * scale).rounded(.down)), frame: frame)
    }
}

/// The largest difference between two colours on any channel.
func difference(_ a: Expected.Color, _ b: Expected.Color) -> Double {
    max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))
}

func describe(_ c: Expected.Color) -> String { "(\(Int(c.r)), \(Int(c.g)), \(Int(c.b)))" }
