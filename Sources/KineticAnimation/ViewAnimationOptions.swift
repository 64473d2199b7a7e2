import KineticPlatform

/// Options for ``ViewAnimator``'s curve animations (the curve bits of `UIView.AnimationOptions`,
/// with UIKit's raw values). An animation always begins from the item's current state, as
/// UIKit's `beginFromCurrentState` would make it; a running animation of the same property is
/// replaced.
public struct ViewAnimationOptions: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt

    /// Creates options from raw bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Ease in and out (the default; no bits set).
    public static let curveEaseInOut = ViewAnimationOptions([])
    /// Ease in.
    public static let curveEaseIn = ViewAnimationOptions(rawValue: 1 << 16)
    /// Ease out.
    public static let curveEaseOut = ViewAnimationOptions(rawValue: 2 << 16)
    /// Linear.
    public static let curveLinear = ViewAnimationOptions(rawValue: 3 << 16)

    /// The curve the options select.
    public var curve: AnimationCurve {
        AnimationCurve(rawValue: Int((rawValue >> 16) & 0x3)) ?? .easeInOut
    }
}
