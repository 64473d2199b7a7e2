import Foundation

/// One section of a flow layout, in axis-neutral terms: *main* runs along the scroll axis (y when
/// scrolling vertically), *cross* across it. Plain values, so a layout of many sections is one
/// contiguous array.
struct FlowSection {
    /// Items in the section, and the global index of the first one in per-item storage.
    var itemCount = 0
    var firstItem = 0
    /// The section's extent along main: from its header's leading edge to its footer's trailing
    /// edge.
    var mainStart: CGFloat = 0
    var mainEnd: CGFloat = 0
    /// Header and footer thickness along main; 0 when there is none.
    var header: CGFloat = 0
    var footer: CGFloat = 0
    /// Where the first line starts along main, where items start across, and the cross space
    /// they share.
    var linesStart: CGFloat = 0
    var crossStart: CGFloat = 0
    var available: CGFloat = 0
    var lineSpacing: CGFloat = 0
    /// Uniform sections: every item is `itemCross` × `itemMain`, `perLine` to a line.
    var itemMain: CGFloat = 0
    var itemCross: CGFloat = 0
    var perLine = 1
    /// Per-item sections: the range of their lines in the line array.
    var firstLine = 0
    var lineCount = 0
}

/// One line of a per-item flow section.
struct FlowLine {
    /// Global index of the line's first item, and how many it holds.
    var firstItem: Int
    var count: Int
    /// The line's leading edge along main and its thickness (its thickest item).
    var mainStart: CGFloat
    var thickness: CGFloat
}
