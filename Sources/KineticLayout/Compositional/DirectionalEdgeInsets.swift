import KineticPlatform

/// Insets for each edge of a rectangle, named by the reading direction (UIKit's
/// `NSDirectionalEdgeInsets`). Kinetic lays out left to right, so leading is left and trailing
/// is right. Positive values shrink the rectangle.
public struct DirectionalEdgeInsets: Hashable, Sendable {
    /// The inset of the top edge, in points.
    public var top: CGFloat
    /// The inset of the leading (left) edge, in points.
    public var leading: CGFloat
    /// The inset of the bottom edge, in points.
    public var bottom: CGFloat
    /// The inset of the trailing (right) edge, in points.
    public var trailing: CGFloat

    /// Creates directional insets.
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// No insets.
    public static let zero = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)

    /// The insets with each non-finite or negative edge counted as 0 and each beyond
    /// ``CompositionalLayout/maximumLength`` as that: what a compositional layout uses.
    var cleaned: DirectionalEdgeInsets {
        DirectionalEdgeInsets(
            top: CompositionalLayout.clean(top), leading: CompositionalLayout.clean(leading),
            bottom: CompositionalLayout.clean(bottom), trailing: CompositionalLayout.clean(trailing))
    }

    /// Whether any edge is not a finite, non-negative length.
    var isInvalid: Bool {
        [top, leading, bottom, trailing].contains { !$0.isFinite || $0 < 0 }
    }
}

extension CGRect {
    /// The rectangle shrunk by directional `insets`, leading on the left (UIKit's
    /// `inset(by:)` in a left-to-right layout). Never narrower or shorter than zero: insets larger
    /// than the rectangle leave an empty one at the middle of what they leave.
    func inset(by insets: DirectionalEdgeInsets) -> CGRect {
        let width = size.width - insets.leading - insets.trailing
        let height = size.height - insets.top - insets.bottom
        return CGRect(
            x: width >= 0 ? origin.x + insets.leading : origin.x + size.width / 2,
            y: height >= 0 ? origin.y + insets.top : origin.y + size.height / 2,
            width: max(0, width), height: max(0, height))
    }
}
