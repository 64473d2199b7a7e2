import Foundation

/// The playground page's look in its light scheme (`Page/js/drawing.js` is the reference), as
/// numbers: the cells' hue ramp, the selection's tint and check mark, the lift's scale, shadow and
/// easing, the card's gradient and the markers' colours.
public enum SceneStyle {
    /// The view behind everything.
    public static let background = RGB(255, 255, 255)

    // MARK: Cells

    /// Degrees of hue from one item to the next, so neighbours differ and the order reads.
    public static let hueStep = 11.0
    /// The cells' saturation and lightness, in percent.
    public static let saturation = 62.0
    public static let lightness = 58.0
    /// A cell's corner radius as a fraction of its shorter side.
    public static let cornerRatio = 0.2
    /// The label's size: this fraction of the cell's height, at most `labelMaximum` points,
    /// rounded to whole points, drawn `labelOffset` points below the centre.
    public static let labelRatio = 0.36
    public static let labelMaximum = 22.0
    public static let labelOffset = 1.0
    public static let labelColor = RGB(255, 255, 255)

    // MARK: Selection

    /// The system accent (iOS blue), the selection's tint over a cell and its badge.
    public static let accent = RGB(0, 122, 255)
    /// The tint's opacity.
    public static let selectionTint = 0.35
    /// The check-mark badge: a disc of this radius, its centre this far in from the top-right
    /// corner on both axes, a white border, and a white tick through `tick`.
    public static let badgeRadius = 9.0
    public static let badgeInset = 11.0
    public static let badgeBorder = 1.5
    public static let tick: [(x: Double, y: Double)] = [(-4, 0.5), (-1.2, 3.2), (4, -2.8)]
    public static let tickWidth = 2.0

    // MARK: Lift

    /// A fully lifted cell is this much larger.
    public static let liftScale = 0.06
    /// Time constants (seconds) of the lift's easing: toward lifted, and back toward rest.
    public static let liftUp = 0.060
    public static let liftDown = 0.140
    /// A lifted cell's shadow at full lift: opacity, blur (a Gaussian of half this standard
    /// deviation, as a canvas's `shadowBlur`) and downward offset, in points.
    public static let cellShadow = Shadow(opacity: 0.3, blur: 16, offsetY: 6)
    /// The card's shadow while it is held.
    public static let cardShadow = Shadow(opacity: 0.3, blur: 24, offsetY: 10)

    /// A soft drop shadow, scaled by the lift.
    public struct Shadow: Sendable {
        public var opacity: Double
        public var blur: Double
        public var offsetY: Double
    }

    // MARK: Card and markers

    /// The card's corner radius and its vertical gradient, top to bottom.
    public static let cardRadius = 18.0
    public static let cardTop = RGB(hex: 0x5e5ce6)
    public static let cardBottom = RGB(hex: 0x0a84ff)
    /// The finger's anchor: a ring of this colour and width.
    public static let anchor = RGB(hex: 0xff3b30)
    public static let anchorWidth = 2.0
    /// The attachment point on the card.
    public static let attachment = RGB(hex: 0xffd60a)
    /// A board's column: a light grey panel (the page's `#f2f2f7`, iOS's grouped background),
    /// corners of 14 pt.
    public static let column = RGB(hex: 0xf2f2f7)
    public static let columnRadius = 14.0

    // MARK: Colours

    /// The fill of the item with key `n`: hsl((11 n) mod 360, 62 %, 58 %).
    public static func cellColor(_ n: Double) -> RGB {
        let hue = (n * hueStep).truncatingRemainder(dividingBy: 360)
        return hsl(hue < 0 ? hue + 360 : hue, saturation / 100, lightness / 100)
    }

    /// CSS Color 4's HSL to sRGB (hue in degrees, saturation and lightness 0…1), rounded to bytes.
    public static func hsl(_ hue: Double, _ saturation: Double, _ lightness: Double) -> RGB {
        let a = saturation * min(lightness, 1 - lightness)
        func channel(_ n: Double) -> UInt8 {
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            let value = lightness - a * max(-1, min(k - 3, 9 - k, 1))
            return UInt8((min(max(value, 0), 1) * 255).rounded())
        }
        return RGB(channel(0), channel(8), channel(4))
    }

    /// The card's gradient at `t` (0 at the top, 1 at the bottom), interpolated per channel.
    static func cardColor(at t: Double) -> RGB {
        cardTop.blended(with: cardBottom, coverage: min(max(t, 0), 1))
    }
}
