import KineticDynamics
import KineticPlatform

/// One section's spacing, insets and header and footer extents, sanitized and turned into flow
/// coordinates: "scroll" runs along the scroll axis, "cross" across it. A flow layout reads
/// these once per section per preparation, from its delegate or its own properties.
struct FlowSectionMetrics: Equatable {
    /// The inset before the first line (top when vertical, left when horizontal).
    var scrollLead: CGFloat = 0
    /// The inset after the last line (bottom when vertical, right when horizontal).
    var scrollTrail: CGFloat = 0
    /// The inset where lines start (left when vertical, top when horizontal).
    var crossLead: CGFloat = 0
    /// The inset where lines end (right when vertical, bottom when horizontal).
    var crossTrail: CGFloat = 0
    /// The least gap between lines.
    var lineSpacing: CGFloat = 0
    /// The least gap between items of a line.
    var interitemSpacing: CGFloat = 0
    /// The header's extent along the scroll axis; 0 means no header.
    var headerLength: CGFloat = 0
    /// The footer's extent along the scroll axis; 0 means no footer.
    var footerLength: CGFloat = 0

    /// `value` if it is a finite non-negative number, else 0, and at most
    /// ``FlowLayout/maximumLength``: how a flow layout reads every size, spacing and inset, so bad
    /// input shrinks to nothing instead of poisoning the layout, and no sum of finite lengths
    /// (a billion points times any item count an `Int` holds) can reach infinity.
    @inline(__always)
    static func clean(_ value: CGFloat) -> CGFloat {
        value.isFinite && value > 0 ? min(value, FlowLayout.maximumLength) : 0
    }

    /// Metrics from UIKit-shaped values, for a layout scrolling `vertical`ly or not.
    init(
        inset: EdgeInsets, lineSpacing: CGFloat, interitemSpacing: CGFloat, header: CGSize, footer: CGSize,
        vertical: Bool
    ) {
        let top = Self.clean(inset.top), left = Self.clean(inset.left)
        let bottom = Self.clean(inset.bottom), right = Self.clean(inset.right)
        scrollLead = vertical ? top : left
        scrollTrail = vertical ? bottom : right
        crossLead = vertical ? left : top
        crossTrail = vertical ? right : bottom
        self.lineSpacing = Self.clean(lineSpacing)
        self.interitemSpacing = Self.clean(interitemSpacing)
        headerLength = Self.clean(vertical ? header.height : header.width)
        footerLength = Self.clean(vertical ? footer.height : footer.width)
    }
}
