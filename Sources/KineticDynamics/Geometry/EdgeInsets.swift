import KineticPlatform

/// Insets for each edge of a rectangle, UIKit's `UIEdgeInsets`. Positive values shrink the
/// rectangle.
public struct EdgeInsets: Hashable, Sendable, Codable {
    /// The inset of the top edge, in points.
    public var top: CGFloat
    /// The inset of the left edge, in points.
    public var left: CGFloat
    /// The inset of the bottom edge, in points.
    public var bottom: CGFloat
    /// The inset of the right edge, in points.
    public var right: CGFloat

    /// Creates edge insets.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No insets.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// UIKit's rectangle arithmetic with edge insets.
extension CGRect {
    /// The rectangle shrunk by `insets` (UIKit's `inset(by:)`).
    public func inset(by insets: EdgeInsets) -> CGRect {
        CGRect(
            x: origin.x + insets.left,
            y: origin.y + insets.top,
            width: size.width - insets.left - insets.right,
            height: size.height - insets.top - insets.bottom
        )
    }
}

extension EdgeInsets: CustomStringConvertible {
    /// `EdgeInsets(top: 1.0, left: 2.0, bottom: 3.0, right: 4.0)`: the form Swift's reflection
    /// printed before, written out so the WebAssembly build, which has no reflection, prints the same.
    public var description: String { "EdgeInsets(top: \(top), left: \(left), bottom: \(bottom), right: \(right))" }
}
