import KineticPlatform

/// A compositional layout's prepared geometry: per section a few numbers and its group's
/// template, so memory and preparation grow with the sections, not the items, and any item's
/// frame is its group's origin plus its place in the template.
///
/// Positions along the scroll axis are `along`, across it `across`; frames are real (x, y).
struct CompositionalGeometry {
    /// One section: where it is and how its groups repeat.
    struct Section {
        /// The section's first and last point along the scroll axis, boundary items included.
        var start: CGFloat = 0
        var end: CGFloat = 0
        var itemCount = 0
        /// The first group's origin; group `g` is `pitch × g` further along the scroll axis.
        var firstGroup: CGPoint = .zero
        /// A group's length along the scroll axis plus the spacing between groups.
        var pitch: CGFloat = 0
        var groupCount = 0
        /// Items per group (the template's).
        var perGroup = 1
        /// How far before and after a group's origin its items and attached views reach along
        /// the scroll axis (a custom group's frames or a badge may lie outside the group).
        var reachBefore: CGFloat = 0
        var reachAfter: CGFloat = 0
        /// The template's cells (`frames`, `zIndices`) and attached views (`attachments`).
        var cells: Range<Int> = 0..<0
        var attachments: Range<Int> = 0..<0
        /// The section's boundary items and decorations (`supplementaries`).
        var supplementaries: Range<Int> = 0..<0
    }

    /// A header, footer or decoration, placed.
    struct Supplementary {
        let category: CollectionElementCategory
        let elementKind: String
        /// Its index path: (its number among its section's of its kind, the section); the
        /// layout's own are in section 0.
        let indexPath: IndexPath
        let frame: CGRect
        let zIndex: Int
        /// A pinned header's or footer's section span along the scroll axis, else nil.
        let pinnedWithin: ClosedRange<CGFloat>?
        let isHeader: Bool
    }

    var vertical = true
    var sections: [Section] = []
    var frames: [CGRect] = []
    var zIndices: [Int] = []
    var attachments: [CompositionalGroupTemplate.Attachment] = []
    var supplementaries: [Supplementary] = []
    /// The layout's own headers and footers (before the first section and after the last).
    var layoutSupplementaries: [Int] = []
    var contentSize: CGSize = .zero
    /// Whether any boundary item pins to the visible bounds.
    var pins = false

    func along(_ point: CGPoint) -> CGFloat { vertical ? point.y : point.x }
    func along(_ size: CGSize) -> CGFloat { vertical ? size.height : size.width }
    func minAlong(_ rect: CGRect) -> CGFloat { vertical ? rect.minY : rect.minX }
    func maxAlong(_ rect: CGRect) -> CGFloat { vertical ? rect.maxY : rect.maxX }

    /// The origin of group `group` of `section`.
    func groupOrigin(_ section: Section, _ group: Int) -> CGPoint {
        let offset = section.pitch * CGFloat(group)
        return vertical
            ? CGPoint(x: section.firstGroup.x, y: section.firstGroup.y + offset)
            : CGPoint(x: section.firstGroup.x + offset, y: section.firstGroup.y)
    }

    /// The frame of `item` of `section`, or nil if there is no such item.
    func itemFrame(section index: Int, item: Int) -> (frame: CGRect, zIndex: Int)? {
        guard sections.indices.contains(index), item >= 0, item < sections[index].itemCount else { return nil }
        let section = sections[index]
        let origin = groupOrigin(section, item / section.perGroup)
        let slot = section.cells.lowerBound + item % section.perGroup
        return (frames[slot].offsetBy(dx: origin.x, dy: origin.y), zIndices[slot])
    }

    /// The sections whose span along the scroll axis meets `low...high`, in order.
    func sections(meeting low: CGFloat, _ high: CGFloat) -> Range<Int> {
        // Sections follow one another: their ends increase.
        var first = 0, last = sections.count
        while first < last {
            let mid = (first + last) / 2
            if sections[mid].end < low { first = mid + 1 } else { last = mid }
        }
        var end = first
        while end < sections.count, sections[end].start <= high { end += 1 }
        return first..<end
    }

    /// The groups of `section` whose items can meet `low...high` along the scroll axis.
    func groups(of section: Section, meeting low: CGFloat, _ high: CGFloat) -> Range<Int> {
        guard section.groupCount > 0 else { return 0..<0 }
        let first = along(section.firstGroup)
        guard section.pitch > 0 else {
            return first + section.reachAfter >= low && first + section.reachBefore <= high
                ? 0..<section.groupCount : 0..<0
        }
        // Group g reaches first + pitch·g + [reachBefore, reachAfter].
        let lowGroup = ((low - first - section.reachAfter) / section.pitch).rounded(.up)
        let highGroup = ((high - first - section.reachBefore) / section.pitch).rounded(.down)
        let count = CGFloat(section.groupCount)
        let lower = Int(min(max(lowGroup, 0), count)), upper = Int(min(max(highGroup + 1, 0), count))
        return lower..<max(lower, upper)
    }
}
