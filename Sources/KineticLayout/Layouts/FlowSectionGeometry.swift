import KineticPlatform

/// Where one section of a flow layout lies, in flow coordinates (x across the scroll axis, y
/// along it). Plain values only, so a million-section layout is one flat array.
///
/// A section whose items all share one size is *uniform*: its item frames follow from a handful
/// of numbers (a grid of `lineCapacity` columns at `crossOrigin + column × crossPitch`, lines at
/// `firstLineStart + line × linePitch`) and it stores nothing per item. Any other section is
/// *explicit*: its frames and lines live in the geometry's flat arrays from `firstItem` and
/// `firstLine` on.
struct FlowSectionGeometry {
    /// Where the section starts along the scroll axis: the header's leading edge.
    var start: CGFloat = 0
    /// Where the section ends along the scroll axis: the footer's trailing edge.
    var end: CGFloat = 0
    /// The header's extent along the scroll axis; 0 when there is none.
    var headerLength: CGFloat = 0
    /// Where the footer starts along the scroll axis.
    var footerStart: CGFloat = 0
    /// The footer's extent along the scroll axis; 0 when there is none.
    var footerLength: CGFloat = 0
    /// The number of items.
    var itemCount = 0
    /// The number of lines.
    var lineCount = 0
    /// Whether every item has the same size, so frames are computed rather than stored.
    var isUniform = true

    // Uniform sections.
    /// The common item size (width across, height along the scroll axis).
    var itemSize: CGSize = .zero
    /// How many items a line holds.
    var lineCapacity = 1
    /// The first line's leading edge along the scroll axis.
    var firstLineStart: CGFloat = 0
    /// The distance from one line's leading edge to the next's.
    var linePitch: CGFloat = 0
    /// The first column's leading edge across the scroll axis.
    var crossOrigin: CGFloat = 0
    /// The distance from one column's leading edge to the next's.
    var crossPitch: CGFloat = 0

    // Explicit sections.
    /// The index of the section's first item in the geometry's frame array.
    var firstItem = 0
    /// The index of the section's first line in the geometry's line arrays.
    var firstLine = 0
    /// Two items of different sizes, which make the section explicit: while both stay, an update
    /// that keeps their sizes keeps it explicit (a section whose sizes all became equal would be
    /// prepared as uniform, which places its last line differently).
    var witnesses = (0, 0)
    /// Whether the section's sizes are estimates its cells correct one by one: it stays explicit
    /// even while every size is the estimate, so sizing one item lays out only its lines.
    var isSelfSizing = false
}
