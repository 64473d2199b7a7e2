import KineticPlatform

/// Builds a ``CompositionalGeometry`` section by section: places each section's headers, groups
/// and footers one after another along the scroll axis.
///
/// In flow terms (`along` the scroll axis, `across` it), a section is: each header that extends
/// the boundary, one after another; the content insets' leading edge; `groupCount` groups at a
/// pitch of the group's length plus the inter-group spacing; the insets' trailing edge; each
/// footer. Across, its groups start at the content insets' leading edge, within the layout's
/// reference insets.
struct CompositionalGeometryBuilder {
    let configuration: CompositionalLayoutConfiguration
    let boundsSize: CGSize
    let margins: DirectionalEdgeInsets
    let traits: TraitCollection
    /// The cells' preferred lengths along the scroll axis, by section and item (below 0: not
    /// sized), for self-sizing sections.
    var preferredLengths: [Int: [CGFloat]] = [:]
    /// The headers' and footers' preferred lengths along the scroll axis, for those whose length
    /// there is estimated.
    let preferredSupplementaryLengths: [CompositionalGeometry.SupplementaryKey: CGFloat]
    var geometry = CompositionalGeometry()
    /// What was wrong, once each.
    private(set) var problems: [String] = []
    /// Where the next section starts along the scroll axis.
    private var cursor: CGFloat = 0
    /// The section's pinned headers and footers, by their places in the geometry's
    /// supplementaries (reused from section to section).
    private var pinned: [Int] = []
    /// The last section object and the template ranges it was resolved to, with the container.
    private var lastSection: (section: CollectionLayoutSection, container: CGSize, template: TemplateRanges)?
    /// The stacking plan of the last template an estimated section used (`stackingPlan`).
    private var lastStackingPlan: (cells: Range<Int>, repeatsVertically: Bool, plan: StackingPlan)?

    /// How a group's cells stack along the axis its groups repeat on (`stackingPlan`).
    private struct StackingPlan {
        let order: [Int]
        let predecessors: [[Int]]
        let stacked: Bool
        /// Where each slot's cell starts and ends along the axis, in the template.
        let starts: [CGFloat]
        let ends: [CGFloat]
        let templateEnd: CGFloat
    }

    private struct TemplateRanges {
        let cells: Range<Int>
        let attachments: Range<Int>
        let size: CGSize
        /// How far the group's items and attached views reach from its origin, on x and on y
        /// (the group's own extent included).
        let reachX: ClosedRange<CGFloat>
        let reachY: ClosedRange<CGFloat>
    }

    init(
        configuration: CompositionalLayoutConfiguration, boundsSize: CGSize, margins: DirectionalEdgeInsets,
        traits: TraitCollection, preferredSupplementaryLengths: [CompositionalGeometry.SupplementaryKey: CGFloat] = [:]
    ) {
        self.preferredSupplementaryLengths = preferredSupplementaryLengths
        self.configuration = configuration
        self.boundsSize = boundsSize
        self.margins = margins
        self.traits = traits
        geometry.vertical = configuration.scrollDirection == .vertical
        appendLayoutBoundaries(headers: true)
    }

    private var vertical: Bool { geometry.vertical }

    /// Records `problem` once.
    private mutating func note(_ problem: String) {
        if !problems.contains(problem) { problems.append(problem) }
    }

    /// The insets `reference` measures from, across the scroll axis only (along it, sections
    /// follow one another). Headless there is no safe area.
    private func referenceInsets(_ reference: CollectionLayoutSection.ContentInsetsReference) -> DirectionalEdgeInsets {
        let resolved = reference == .automatic ? configuration.contentInsetsReference : reference
        switch resolved {
        case .automatic, .none, .safeArea: return .zero
        case .layoutMargins, .readableContent:
            return vertical
                ? DirectionalEdgeInsets(top: 0, leading: margins.leading, bottom: 0, trailing: margins.trailing)
                : DirectionalEdgeInsets(top: margins.top, leading: 0, bottom: margins.bottom, trailing: 0)
        }
    }

    /// The environment a section provider is given.
    func environment(for reference: CollectionLayoutSection.ContentInsetsReference) -> CollectionLayoutEnvironment {
        CollectionLayoutEnvironment(
            container: CollectionLayoutContainer(contentSize: boundsSize, contentInsets: referenceInsets(reference)),
            traitCollection: traits)
    }

    // Flow-term helpers: insets and sizes along and across the scroll axis.
    private func alongLead(_ insets: DirectionalEdgeInsets) -> CGFloat { vertical ? insets.top : insets.leading }
    private func alongTrail(_ insets: DirectionalEdgeInsets) -> CGFloat { vertical ? insets.bottom : insets.trailing }
    private func acrossLead(_ insets: DirectionalEdgeInsets) -> CGFloat { vertical ? insets.leading : insets.top }
    private func acrossTrail(_ insets: DirectionalEdgeInsets) -> CGFloat { vertical ? insets.trailing : insets.bottom }
    private func along(_ size: CGSize) -> CGFloat { vertical ? size.height : size.width }
    private func across(_ size: CGSize) -> CGFloat { vertical ? size.width : size.height }
    private func point(along: CGFloat, across: CGFloat) -> CGPoint {
        vertical ? CGPoint(x: across, y: along) : CGPoint(x: along, y: across)
    }

    /// Whether `alignment` puts a boundary item before the content (a header), and where
    /// across: -1 at the start, 0 centred, 1 at the end.
    private func placement(_ alignment: RectAlignment) -> (header: Bool, across: Int) {
        switch alignment {
        case .none: return (true, 0)
        case .top: return (vertical ? (true, 0) : (true, -1))
        case .bottom: return (vertical ? (false, 0) : (false, 1))
        case .leading: return (vertical ? (true, -1) : (true, 0))
        case .trailing: return (vertical ? (false, 1) : (false, 0))
        case .topLeading: return (true, -1)
        case .topTrailing: return (vertical ? (true, 1) : (false, -1))
        case .bottomLeading: return (vertical ? (false, -1) : (true, 1))
        case .bottomTrailing: return (false, 1)
        }
    }

    /// Places `items`' headers (or footers) at the cursor, advancing it past those that extend
    /// the boundary; across, within `acrossStart` and `acrossLength`. Each is numbered (its index
    /// path's item) by its place among `items` of its kind; the pinned ones are noted in
    /// `pinned`.
    private mutating func placeBoundaries(
        _ items: [CollectionLayoutBoundarySupplementaryItem], headers: Bool, section: Int?,
        acrossStart: CGFloat, acrossLength: CGFloat, container: CGSize
    ) {
        for (position, item) in items.enumerated() {
            let (isHeader, side) = placement(item.alignment)
            guard isHeader == headers else { continue }
            var number = 0
            for earlier in items[..<position] where earlier.elementKind == item.elementKind { number += 1 }
            var size = item.layoutSize.resolved(in: container)
            var insets = item.contentInsets.cleaned
            let estimated = (vertical ? item.layoutSize.heightDimension : item.layoutSize.widthDimension).isEstimated
            let key = CompositionalGeometry.SupplementaryKey(
                kind: item.elementKind, indexPath: IndexPath(item: number, section: section ?? 0),
                layoutLevel: section == nil)
            if estimated {
                // Its view's preferred length once shown; insets along it are ignored (as an
                // estimated item's are).
                geometry.selfSizes = true
                if let preferred = preferredSupplementaryLengths[key] {
                    if vertical { size.height = preferred } else { size.width = preferred }
                }
                if vertical { (insets.top, insets.bottom) = (0, 0) } else { (insets.leading, insets.trailing) = (0, 0) }
            }
            let acrossPosition =
                side < 0
                ? acrossStart
                : side > 0 ? acrossStart + acrossLength - across(size) : acrossStart + (acrossLength - across(size)) / 2
            let offset = CGPoint(
                x: item.offset.x.isFinite ? item.offset.x : 0, y: item.offset.y.isFinite ? item.offset.y : 0)
            let origin = point(along: cursor, across: acrossPosition)
            let frame = CGRect(origin: CGPoint(x: origin.x + offset.x, y: origin.y + offset.y), size: size)
                .inset(by: insets)
            geometry.supplementaries.append(
                CompositionalGeometry.Supplementary(
                    category: .supplementaryView, elementKind: item.elementKind, indexPath: key.indexPath, frame: frame,
                    zIndex: item.zIndex, pinnedWithin: nil, isHeader: headers, estimated: estimated,
                    layoutLevel: section == nil))
            if item.pinToVisibleBounds { pinned.append(geometry.supplementaries.count - 1) }
            if item.extendsBoundary { cursor += along(size) }
        }
    }

    /// The layout's own headers (before the first section) or footers (after the last).
    private mutating func appendLayoutBoundaries(headers: Bool) {
        let first = geometry.supplementaries.count
        let insets = referenceInsets(configuration.contentInsetsReference)
        placeBoundaries(
            configuration.boundarySupplementaryItems, headers: headers, section: nil, acrossStart: acrossLead(insets),
            acrossLength: max(0, across(boundsSize) - acrossLead(insets) - acrossTrail(insets)), container: boundsSize)
        pinned.removeAll(keepingCapacity: true)
        geometry.layoutSupplementaries += Array(first..<geometry.supplementaries.count)
    }

    /// A list of full-width rows 44 points tall: what a nil section lays out as.
    private static func fallbackSection() -> CollectionLayoutSection {
        let size = CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44))
        return CollectionLayoutSection(
            group: .vertical(layoutSize: size, subitems: [CollectionLayoutItem(layoutSize: size)]))
    }

    /// Places the next section, of `itemCount` items, built as `built`.
    mutating func appendSection(_ built: CollectionLayoutSection?, itemCount: Int) {
        let index = geometry.sections.count
        if index > 0 { cursor += CompositionalLayout.clean(configuration.interSectionSpacing) }
        let section: CollectionLayoutSection
        if let built {
            section = built
        } else {
            note("the section provider returned no section for section \(index); laid out as rows 44 points tall")
            section = Self.fallbackSection()
        }
        if section.contentInsets.isInvalid { note("a section's contentInsets counted as 0 where invalid") }
        if !section.interGroupSpacing.isFinite || section.interGroupSpacing < 0 {
            note("a section's interGroupSpacing \(section.interGroupSpacing) counted as 0")
        }
        let insets = section.contentInsets.cleaned
        let reference = referenceInsets(section.contentInsetsReference)
        let layoutAcrossStart = acrossLead(reference)
        let layoutAcrossLength = max(0, across(boundsSize) - acrossLead(reference) - acrossTrail(reference))
        let contentAcrossStart = layoutAcrossStart + acrossLead(insets)
        let contentAcrossLength = max(0, layoutAcrossLength - acrossLead(insets) - acrossTrail(insets))
        let contentAlongLength = max(0, along(boundsSize) - alongLead(insets) - alongTrail(insets))
        let container =
            vertical
            ? CGSize(width: contentAcrossLength, height: contentAlongLength)
            : CGSize(width: contentAlongLength, height: contentAcrossLength)

        if boundsSize.width > 0, boundsSize.height > 0,
            layoutAcrossLength - acrossLead(insets) - acrossTrail(insets) < 0
                || along(boundsSize) - alongLead(insets) - alongTrail(insets) < 0
        {
            // UIKit's trap: the section's insets leave its content a negative size.
            let applied =
                vertical
                ? CGSize(width: layoutAcrossLength, height: along(boundsSize))
                : CGSize(width: along(boundsSize), height: layoutAcrossLength)
            let error = CompositionalLayoutError.noRoom(insets: insets, size: applied)
            compositionalLayoutTrap(error.report(section: index, container: applied))
        }
        let template = templateRanges(section, index: index, container: container)
        var entry = CompositionalGeometry.Section()
        entry.start = cursor
        entry.itemCount = max(0, itemCount)
        entry.perGroup = max(1, template.cells.count)
        entry.cells = template.cells
        entry.attachments = template.attachments
        let orthogonal = section.orthogonalScrollingBehavior != .none
        entry.orthogonal = section.orthogonalScrollingBehavior
        entry.repeatsVertically = vertical != orthogonal
        let reach = entry.repeatsVertically ? template.reachY : template.reachX
        entry.reachBefore = reach.lowerBound
        entry.reachAfter = reach.upperBound
        entry.handler = section.visibleItemsInvalidationHandler
        entry.listConfiguration = section.listConfiguration
        if entry.handler != nil || orthogonal { entry.environment = environment(for: section.contentInsetsReference) }
        let firstSupplementary = geometry.supplementaries.count

        // Headers, across the content insets' width or the layout's.
        let follows = section.supplementariesFollowContentInsets
        let boundaryAcrossStart = follows ? contentAcrossStart : layoutAcrossStart
        let boundaryAcrossLength = follows ? contentAcrossLength : layoutAcrossLength
        let boundaryContainer =
            vertical
            ? CGSize(width: boundaryAcrossLength, height: along(boundsSize))
            : CGSize(width: along(boundsSize), height: boundaryAcrossLength)
        pinned.removeAll(keepingCapacity: true)
        placeBoundaries(
            section.boundarySupplementaryItems, headers: true, section: index, acrossStart: boundaryAcrossStart,
            acrossLength: boundaryAcrossLength, container: boundaryContainer)
        let contentAreaStart = cursor
        cursor += alongLead(insets)
        entry.firstGroup = point(along: cursor, across: contentAcrossStart)
        let spacing = CompositionalLayout.clean(section.interGroupSpacing)
        entry.groupCount = (entry.itemCount + entry.perGroup - 1) / entry.perGroup
        let groups = CGFloat(entry.groupCount), gaps = CGFloat(max(0, entry.groupCount - 1))
        if orthogonal {
            // One line of groups across the layout, in the section's own scroll view: the
            // section is one group long; its scrolling content the groups and the insets across
            // (each group as long as its cells need when its length across is estimated).
            let groupLength = across(template.size)
            entry.groupLength = groupLength
            entry.pitch = groupLength + spacing
            var line = groupLength * groups + spacing * gaps
            if let estimated = estimatedGroups(
                section, template: template, index: index, itemCount: entry.itemCount, spacing: spacing,
                repeatsVertically: entry.repeatsVertically)
            {
                entry.estimated = estimated
                geometry.selfSizes = true
                line = max(0, (estimated.starts.last ?? 0) - (entry.groupCount > 0 ? spacing : 0))
            }
            entry.orthogonalLength = acrossLead(insets) + line + acrossTrail(insets)
            entry.orthogonalInsets = (acrossLead(insets), acrossTrail(insets))
            entry.lineLength = along(template.size)
            if entry.groupCount > 0 { cursor += along(template.size) }
        } else if let estimated = estimatedGroups(
            section, template: template, index: index, itemCount: entry.itemCount, spacing: spacing,
            repeatsVertically: entry.repeatsVertically)
        {
            // Sized item by item: each group as long as its longest item needs.
            entry.estimated = estimated
            geometry.selfSizes = true
            entry.groupLength = along(template.size)
            entry.pitch = entry.groupLength + spacing
            cursor += max(0, (estimated.starts.last ?? 0) - (entry.groupCount > 0 ? spacing : 0))
        } else {
            let groupLength = along(template.size)
            entry.groupLength = groupLength
            entry.pitch = groupLength + spacing
            cursor += groupLength * groups + spacing * gaps
        }
        cursor += alongTrail(insets)
        let contentAreaEnd = cursor
        placeBoundaries(
            section.boundarySupplementaryItems, headers: false, section: index, acrossStart: boundaryAcrossStart,
            acrossLength: boundaryAcrossLength, container: boundaryContainer)
        entry.end = cursor
        // How far the items reach along the scroll axis, beyond the section if they overflow.
        let reachAlong = vertical ? template.reachY : template.reachX
        let firstAlong = vertical ? entry.firstGroup.y : entry.firstGroup.x
        var lastAlong = orthogonal ? firstAlong : firstAlong + entry.pitch * CGFloat(max(0, entry.groupCount - 1))
        if !orthogonal, let starts = entry.estimated?.starts, entry.groupCount > 0 {
            // The last group, grown: its items reach as far past its start as it is long.
            lastAlong = firstAlong + starts[entry.groupCount] - entry.pitch
        }
        entry.spanStart = entry.start
        entry.spanEnd = entry.end
        if entry.groupCount > 0 {
            entry.spanStart = min(entry.start, firstAlong + reachAlong.lowerBound)
            entry.spanEnd = max(entry.end, lastAlong + reachAlong.upperBound)
        }

        // Pinned headers and footers move within their section's span.
        for slot in pinned {
            geometry.supplementaries[slot].pinnedWithin = entry.start...max(entry.start, entry.end)
        }

        // Decorations: the content area, from the insets' outer edge, less their own insets.
        for (position, decoration) in section.decorationItems.enumerated() {
            let area = CGRect(
                origin: point(along: contentAreaStart, across: layoutAcrossStart),
                size: vertical
                    ? CGSize(width: layoutAcrossLength, height: contentAreaEnd - contentAreaStart)
                    : CGSize(width: contentAreaEnd - contentAreaStart, height: layoutAcrossLength))
            var number = 0
            for earlier in section.decorationItems[..<position] where earlier.elementKind == decoration.elementKind {
                number += 1
            }
            geometry.supplementaries.append(
                CompositionalGeometry.Supplementary(
                    category: .decorationView, elementKind: decoration.elementKind,
                    indexPath: IndexPath(item: number, section: index),
                    frame: area.inset(by: decoration.contentInsets.cleaned), zIndex: decoration.zIndex,
                    pinnedWithin: nil, isHeader: false))
        }
        entry.supplementaries = firstSupplementary..<geometry.supplementaries.count
        for index in entry.supplementaries {
            let frame = geometry.supplementaries[index].frame
            entry.spanStart = min(entry.spanStart, vertical ? frame.minY : frame.minX)
            entry.spanEnd = max(entry.spanEnd, vertical ? frame.maxY : frame.maxX)
        }
        geometry.spanEnds.append(max(geometry.spanEnds.last ?? -.infinity, entry.spanEnd))
        geometry.reachBeforeStart = max(geometry.reachBeforeStart, entry.start - entry.spanStart)
        geometry.sections.append(entry)
    }

    /// For a section whose group's length along the scroll axis is estimated: where each group
    /// starts, each item's length from the cells' preferred lengths (`preferredLengths`, by
    /// section; below 0 for an item not sized) or the template's, and how far each cell moves.
    /// Nil for any other section.
    ///
    /// A cell moves by what the cells directly before it in its group grew: those that end
    /// before it starts along the scroll axis and overlap it across, less those before another
    /// such cell (the cell above it in its column, in a vertical list; a nested group's columns
    /// each stack on their own, and a cell below several columns follows the one that grew
    /// most). Groups of more than 64 cells are laid out at their estimate (logged). With `shift(c)` a cell's move and
    /// `growth(c)` its preferred length less its template length, a cell with no predecessor
    /// stays and otherwise `shift(c) = max over predecessors p of shift(p) + growth(p)`. The group
    /// is then as long as the template's group changed by how far its furthest cell ends from the
    /// template's furthest: `max(end(c) + shift(c) + growth(c))` over its items, less the
    /// template's `max(end(c))` over all its cells (a last group with fewer items is as long as
    /// those it has). Cells side by side have no predecessors, and the group changes with its
    /// longest item.
    private mutating func estimatedGroups(
        _ section: CollectionLayoutSection, template: TemplateRanges, index: Int, itemCount: Int, spacing: CGFloat,
        repeatsVertically: Bool
    ) -> CompositionalGeometry.SelfSized? {
        let size = section.group.layoutSize
        let dimension = repeatsVertically ? size.heightDimension : size.widthDimension
        guard dimension.isEstimated, !template.cells.isEmpty else { return nil }
        guard let plan = stackingPlan(template, repeatsVertically: repeatsVertically) else { return nil }
        let perGroup = template.cells.count, order = plan.order, predecessors = plan.predecessors
        let stacked = plan.stacked, templateEnd = plan.templateEnd, starts = plan.starts, ends = plan.ends
        let preferred = preferredLengths[index] ?? []
        var lengths = [CGFloat](repeating: 0, count: itemCount)
        var offsets = [CGFloat](repeating: 0, count: stacked ? itemCount : 0)
        let groupCount = (itemCount + perGroup - 1) / perGroup
        var groupStarts = [CGFloat](repeating: 0, count: groupCount + 1)
        var shift = [CGFloat](repeating: 0, count: perGroup), growth = shift
        let base = repeatsVertically ? template.size.height : template.size.width
        var position: CGFloat = 0
        for group in 0..<groupCount {
            let present = min(perGroup, itemCount - group * perGroup)
            var furthest = -CGFloat.infinity
            for slot in order {
                let item = group * perGroup + slot
                var moved: CGFloat = 0
                if !predecessors[slot].isEmpty {
                    moved = -.infinity
                    for other in predecessors[slot] { moved = max(moved, shift[other] + growth[other]) }
                }
                shift[slot] = moved
                guard slot < present else {
                    growth[slot] = 0
                    continue
                }
                let laidOut = ends[slot] - starts[slot]
                let length = item < preferred.count && preferred[item] >= 0 ? preferred[item] : laidOut
                lengths[item] = length
                growth[slot] = length - laidOut
                if stacked { offsets[item] = moved }
                furthest = max(furthest, ends[slot] + moved + growth[slot])
            }
            groupStarts[group] = position
            position += base + (furthest - templateEnd) + spacing
        }
        groupStarts[groupCount] = position
        return CompositionalGeometry.SelfSized(starts: groupStarts, lengths: lengths, offsets: offsets)
    }

    /// How the cells of `template`'s group stack along the axis its groups repeat on, for
    /// `estimatedGroups`: the slots in order along it, each slot's direct predecessors, and where
    /// the template's furthest cell ends. Worked out once per template (sections that share one
    /// share it); nil, logged, for a group of more than 64 cells.
    private mutating func stackingPlan(_ template: TemplateRanges, repeatsVertically: Bool) -> StackingPlan? {
        if let last = lastStackingPlan, last.cells == template.cells, last.repeatsVertically == repeatsVertically {
            return last.plan
        }
        let perGroup = template.cells.count
        guard perGroup <= 64 else {
            note("an estimated group of more than 64 items is laid out at its estimate")
            return nil
        }
        let cells = geometry.frames[template.cells]
        // Along: the axis the groups repeat on (the scroll axis, or across it in an orthogonal
        // section).
        let starts = cells.map { repeatsVertically ? $0.minY : $0.minX }
        let ends = cells.map { repeatsVertically ? $0.maxY : $0.maxX }
        func acrossRange(_ slot: Int) -> (CGFloat, CGFloat) {
            let cell = cells[template.cells.lowerBound + slot]
            return repeatsVertically ? (cell.minX, cell.maxX) : (cell.minY, cell.maxY)
        }
        // The slots in order along the axis (a predecessor ends before its follower starts, so
        // it comes first).
        let order = (0..<perGroup).sorted { starts[$0] < starts[$1] || (starts[$0] == starts[$1] && $0 < $1) }
        // Each slot's cells before it, as bits; touching cells (no spacing between) count, to a
        // millionth of a point's rounding.
        var before = [UInt64](repeating: 0, count: perGroup)
        for slot in 0..<perGroup {
            let (low, high) = acrossRange(slot)
            for other in 0..<perGroup where other != slot && ends[other] <= starts[slot] + 1e-6 {
                let (otherLow, otherHigh) = acrossRange(other)
                if otherLow < high, low < otherHigh { before[slot] |= 1 << UInt64(other) }
            }
        }
        // Only the cells directly before: one before another cell before counts through it (its
        // gap to this cell holds that cell's template length, which may have changed).
        var predecessors = [[Int]](repeating: [], count: perGroup)
        for slot in 0..<perGroup {
            var through: UInt64 = 0
            for other in 0..<perGroup where before[slot] & (1 << UInt64(other)) != 0 { through |= before[other] }
            let direct = before[slot] & ~through
            predecessors[slot] = (0..<perGroup).filter { direct & (1 << UInt64($0)) != 0 }
        }
        // Where the template's cells end: a group ends as far past its furthest cell as the
        // template's does (a last group with fewer items ends at the furthest it has).
        let plan = StackingPlan(
            order: order, predecessors: predecessors, stacked: predecessors.contains { !$0.isEmpty },
            starts: starts, ends: ends, templateEnd: ends.max() ?? 0)
        lastStackingPlan = (template.cells, repeatsVertically, plan)
        return plan
    }

    /// The template of `section`'s group in `container`: the previous section's when it is the
    /// same object in the same container, else resolved and appended.
    /// UIKit's traps for a group that cannot be laid out are looked for once the view has a size.
    private mutating func templateRanges(
        _ section: CollectionLayoutSection, index: Int, container: CGSize
    ) -> TemplateRanges {
        if let last = lastSection, last.section === section, last.container == container { return last.template }
        let environment = environment(for: section.contentInsetsReference)
        let template = CompositionalGroupTemplate(
            section.group, container: container, environment: environment,
            strict: boundsSize.width > 0 && boundsSize.height > 0)
        if let failure = template.failure {
            compositionalLayoutTrap(failure.report(section: index, container: container))
        }
        for problem in template.problems { note(problem) }
        let firstCell = geometry.frames.count, firstAttachment = geometry.attachments.count
        geometry.frames += template.frames
        geometry.zIndices += template.zIndices
        geometry.attachments += template.attachments
        // How far the group's items and attached views reach, on each axis.
        var minX: CGFloat = 0, maxX = template.size.width, minY: CGFloat = 0, maxY = template.size.height
        for frame in template.frames {
            (minX, maxX, minY, maxY) = (
                min(minX, frame.minX), max(maxX, frame.maxX), min(minY, frame.minY), max(maxY, frame.maxY)
            )
        }
        for attachment in template.attachments {
            let frame = attachment.frame
            (minX, maxX, minY, maxY) = (
                min(minX, frame.minX), max(maxX, frame.maxX), min(minY, frame.minY), max(maxY, frame.maxY)
            )
        }
        let ranges = TemplateRanges(
            cells: firstCell..<geometry.frames.count, attachments: firstAttachment..<geometry.attachments.count,
            size: template.size, reachX: minX...maxX, reachY: minY...maxY)
        lastSection = (section, container, ranges)
        return ranges
    }

    /// The geometry, with the layout's footers and the content size.
    mutating func finish() -> CompositionalGeometry {
        appendLayoutBoundaries(headers: false)
        let length = cursor
        geometry.contentSize =
            vertical
            ? CGSize(width: boundsSize.width, height: length) : CGSize(width: length, height: boundsSize.height)
        return geometry
    }
}
