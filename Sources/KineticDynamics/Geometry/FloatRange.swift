import KineticPlatform

/// A closed range of floating-point values, UIKit's `UIFloatRange`: the translation limits of a
/// sliding attachment or the angle limits of a pin attachment.
public struct FloatRange: Hashable, Sendable, Codable {
    /// The lower bound.
    public var minimum: CGFloat
    /// The upper bound.
    public var maximum: CGFloat

    /// Creates a range.
    public init(minimum: CGFloat, maximum: CGFloat) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// The range of zero length at zero (UIKit's `UIFloatRangeZero`).
    public static let zero = FloatRange(minimum: 0, maximum: 0)

    /// The unbounded range (UIKit's `UIFloatRangeInfinite`): no limit.
    public static let infinite = FloatRange(minimum: -.infinity, maximum: .infinity)

    /// Whether the range leaves both ends open, that is, sets no limit.
    public var isInfinite: Bool { minimum == -.infinity && maximum == .infinity }
}

extension FloatRange: CustomStringConvertible {
    /// `FloatRange(minimum: 1.0, maximum: 2.0)`: the form Swift's reflection printed before,
    /// written out so the WebAssembly build, which has no reflection, prints the same.
    public var description: String { "FloatRange(minimum: \(minimum), maximum: \(maximum))" }
}
