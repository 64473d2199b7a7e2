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
        /// How far its items and attached views reach along the scroll axis, at least `start`
        /// to `end` (items larger than their group, a custom group's frames or a badge may lie
        /// outside the section).
        var spanStart: CGFloat = 0
        var spanEnd: CGFloat = 0
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
        /// Whether the groups repeat along y (along the scroll axis of a vertical layout, or
        /// across that of a horizontal layout's orthogonal section).
        var repeatsVertically = true
        /// How the section scrolls across the layout; `.none` for a section whose groups repeat
        /// along the layout's scroll axis.
        var orthogonal: CollectionLayoutSection.OrthogonalScrollingBehavior = .none
        /// A group's length along the axis the groups repeat on (the pitch less the spacing).
        var groupLength: CGFloat = 0
        /// An orthogonal section's length along the layout's scroll axis: its group's.
        var lineLength: CGFloat = 0
        /// An orthogonal section's scrolling length across the layout (its groups and insets)
        /// and its content insets there.
        var orthogonalLength: CGFloat = 0
        var orthogonalInsets: (leading: CGFloat, trailing: CGFloat) = (0, 0)
        /// The section's visible-items handler, and the environment it is given.
        var handler: CollectionLayoutSection.VisibleItemsInvalidationHandler?
        var environment: CollectionLayoutEnvironment?
        /// A list section's configuration (its swipe actions).
        var listConfiguration: CollectionLayoutListConfiguration?
        /// A self-sizing section (its group's length estimated along the axis its groups repeat
        /// on: the scroll axis, or across it in an orthogonal section): where its
        /// groups start and its cells lie along the scroll axis.
        var estimated: SelfSized?
    }

    /// Where a self-sizing section's groups and cells lie along the scroll axis.
    struct SelfSized {
        /// Where each group starts, relative to the first (one entry more: where the last ends).
        var starts: [CGFloat]
        /// Each item's cell length (its template cell's until its cell is sized).
        var lengths: [CGFloat]
        /// How far each item's cell is moved from its template place by the cells before it in
        /// its group (empty when the group's cells sit side by side: none moves).
        var offsets: [CGFloat]
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
        var pinnedWithin: ClosedRange<CGFloat>?
        let isHeader: Bool
        /// Whether its length along the scroll axis is an estimate (its view's preferred length
        /// replaces it once shown).
        var estimated = false
        /// Whether it is the layout's own (before the first section or after the last).
        var layoutLevel = false

        /// What its preferred length is kept under.
        var key: SupplementaryKey {
            SupplementaryKey(kind: elementKind, indexPath: indexPath, layoutLevel: layoutLevel)
        }
    }

    /// A header's or footer's name, for its preferred length: its kind, index path, and whether
    /// it is the layout's own (whose index paths are in section 0 too).
    struct SupplementaryKey: Hashable {
        let kind: String
        let indexPath: IndexPath
        let layoutLevel: Bool
    }

    var vertical = true
    var sections: [Section] = []
    /// The greatest `spanEnd` of each section and those before it (increasing: a binary search
    /// finds the first section a query can meet).
    var spanEnds: [CGFloat] = []
    /// The most any section's items reach before its start.
    var reachBeforeStart: CGFloat = 0
    var frames: [CGRect] = []
    var zIndices: [Int] = []
    var attachments: [CompositionalGroupTemplate.Attachment] = []
    var supplementaries: [Supplementary] = []
    /// The layout's own headers and footers (before the first section and after the last).
    var layoutSupplementaries: [Int] = []
    var contentSize: CGSize = .zero
    /// Whether any section is sized item by item (its group's length estimated).
    var selfSizes = false

    func along(_ point: CGPoint) -> CGFloat { vertical ? point.y : point.x }
    func along(_ size: CGSize) -> CGFloat { vertical ? size.height : size.width }
    func minAlong(_ rect: CGRect) -> CGFloat { vertical ? rect.minY : rect.minX }
    func maxAlong(_ rect: CGRect) -> CGFloat { vertical ? rect.maxY : rect.maxX }

    /// The origin of group `group` of `section`, as laid out (an orthogonal section's not moved
    /// by its scroll).
    func groupOrigin(_ section: Section, _ group: Int) -> CGPoint {
        let offset = section.estimated.map { $0.starts[group] } ?? section.pitch * CGFloat(group)
        return section.repeatsVertically
            ? CGPoint(x: section.firstGroup.x, y: section.firstGroup.y + offset)
            : CGPoint(x: section.firstGroup.x + offset, y: section.firstGroup.y)
    }

    /// The cell of `item` (template place `slot`) in its group at `origin`: the template's, with
    /// a sized item's length along the axis its groups repeat on, moved by the sized cells before
    /// it.
    func cellFrame(_ section: Section, slot: Int, item: Int, origin: CGPoint) -> CGRect {
        var frame = frames[slot].offsetBy(dx: origin.x, dy: origin.y)
        if let sized = section.estimated {
            let offset = sized.offsets.isEmpty ? 0 : sized.offsets[item]
            if section.repeatsVertically {
                frame.origin.y += offset
                frame.size.height = sized.lengths[item]
            } else {
                frame.origin.x += offset
                frame.size.width = sized.lengths[item]
            }
        }
        return frame
    }

    /// `attachment`'s frame for `item` in its group at `origin`: moved with its cell's end (or
    /// middle) when the cell is sized.
    func attachmentFrame(
        _ section: Section, _ attachment: CompositionalGroupTemplate.Attachment, item: Int, origin: CGPoint
    ) -> CGRect {
        var frame = attachment.frame.offsetBy(dx: origin.x, dy: origin.y)
        if let sized = section.estimated {
            let slot = section.cells.lowerBound + attachment.slot
            let growth = sized.lengths[item] - (section.repeatsVertically ? frames[slot].height : frames[slot].width)
            let offset = sized.offsets.isEmpty ? 0 : sized.offsets[item]
            if section.repeatsVertically {
                frame.origin.y += offset + growth * attachment.follows.y
            } else {
                frame.origin.x += offset + growth * attachment.follows.x
            }
        }
        return frame
    }

    /// The frame of `item` of `section`, or nil if there is no such item.
    func itemFrame(section index: Int, item: Int) -> (frame: CGRect, zIndex: Int)? {
        guard sections.indices.contains(index), item >= 0, item < sections[index].itemCount else { return nil }
        let section = sections[index]
        let origin = groupOrigin(section, item / section.perGroup)
        let slot = section.cells.lowerBound + item % section.perGroup
        return (cellFrame(section, slot: slot, item: item, origin: origin), zIndices[slot])
    }

    /// The sections whose items can meet `low...high` along the scroll axis, in order (some may
    /// meet nothing: the caller tests each frame).
    func sections(meeting low: CGFloat, _ high: CGFloat) -> Range<Int> {
        // The running greatest span ends increase: the first that reaches `low`.
        var first = 0, last = spanEnds.count
        while first < last {
            let mid = (first + last) / 2
            if spanEnds[mid] < low { first = mid + 1 } else { last = mid }
        }
        // Sections start one after another; none reaches back further than `reachBeforeStart`.
        var end = first
        while end < sections.count, sections[end].start - reachBeforeStart <= high { end += 1 }
        return first..<end
    }

    /// The groups of `section` whose items can meet `low...high` along the axis its groups
    /// repeat on.
    func groups(of section: Section, meeting low: CGFloat, _ high: CGFloat) -> Range<Int> {
        guard section.groupCount > 0 else { return 0..<0 }
        let first = section.repeatsVertically ? section.firstGroup.y : section.firstGroup.x
        if let starts = section.estimated?.starts {
            // Group g spans first + starts[g] ..< first + starts[g + 1] (its spacing after it),
            // its attached views reaching `reachBefore` before; its items end within it.
            var lower = 0, upper = section.groupCount
            while lower < upper {
                let mid = (lower + upper) / 2
                if first + starts[mid + 1] < low { lower = mid + 1 } else { upper = mid }
            }
            var end = lower
            while end < section.groupCount, first + starts[end] + section.reachBefore <= high { end += 1 }
            return lower..<end
        }
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
