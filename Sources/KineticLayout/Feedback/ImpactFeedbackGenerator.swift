import KineticPlatform

/// Plays impacts: something lifted, landed or snapped into place (UIKit's
/// `UIImpactFeedbackGenerator`).
public final class ImpactFeedbackGenerator: FeedbackGenerator {
    /// How heavy an impact feels (UIKit's `UIImpactFeedbackGenerator.FeedbackStyle`, with its
    /// raw values).
    public enum FeedbackStyle: Int, CaseIterable, Hashable, Sendable {
        /// A small, light object.
        case light
        /// A moderately sized object.
        case medium
        /// A large, heavy object.
        case heavy
        /// A soft, flexible object.
        case soft
        /// A hard, inflexible object.
        case rigid
    }

    /// The style every impact of this generator has.
    public let style: FeedbackStyle

    /// A generator of impacts of `style` (UIKit's default is `.medium`).
    public init(style: FeedbackStyle = .medium) {
        self.style = style
        super.init()
    }

    /// Plays an impact at full intensity.
    public func impactOccurred() {
        play(.impactOccurred(style: style, intensity: 1))
    }

    /// Plays an impact at `intensity`, clamped to 0…1 (UIKit's range); a value that is not a
    /// number plays at full intensity.
    public func impactOccurred(intensity: CGFloat) {
        play(.impactOccurred(style: style, intensity: intensity.isNaN ? 1 : min(max(intensity, 0), 1)))
    }
}
