import KineticPlatform

/// One repetition of a section's group, resolved: where each of its items' cells and attached
/// views go, relative to the group's origin. Every repetition is the same (sizes depend only on
/// the containers, never on the item), so a section stores this once and finds any item's frame
/// by arithmetic.
struct CompositionalGroupTemplate {
    /// A view attached to one of the template's items.
    struct Attachment {
        /// The item, by its place in the template.
        let slot: Int
        let elementKind: String
        let frame: CGRect
        let zIndex: Int
        /// Where on each axis it holds to its cell when the cell is sized: 0 its start, 1 its
        /// end, 0.5 its middle (from its anchor's edges).
        var follows: (x: CGFloat, y: CGFloat) = (0, 0)
    }

    /// The group's size: what one repetition takes along the scroll axis and across it.
    var size: CGSize = .zero
    /// Each item's cell, relative to the group's origin, in item order.
    var frames: [CGRect] = []
    /// Each item's z index.
    var zIndices: [Int] = []
    /// The items' attached views (badges).
    var attachments: [Attachment] = []
    /// What was wrong with the group, once each, for the layout's log.
    var problems: [String] = []
    /// What UIKit traps on, found resolving the group (the first found); only looked for when
    /// the container has a size (`strict`).
    var failure: CompositionalLayoutError?
    private let strict: Bool

    /// The most items one group holds: a group of items of no length that fit forever holds its
    /// subitems once; any other stops here.
    static let maximumItems = 10_000

    /// `group` resolved against `container` (the section's content area); `strict` when the
    /// collection view has a size (UIKit's traps are looked for only then: before its first
    /// layout a view is zero-sized and every container empty).
    init(
        _ group: CollectionLayoutGroup, container: CGSize, environment: CollectionLayoutEnvironment,
        strict: Bool = false
    ) {
        self.strict = strict
        size = group.layoutSize.resolved(in: container)
        place(group, at: CGRect(origin: .zero, size: size), environment: environment)
        if frames.isEmpty {
            // Every item must have a place: a group that holds nothing holds one item filling it.
            problems.append("a group holds no item; each of its items fills it")
            frames.append(CGRect(origin: .zero, size: size))
            zIndices.append(0)
        }
    }

    /// Places `item` (a group or a plain item) at `place`, relative to the group's origin.
    private mutating func place(
        _ item: CollectionLayoutItem, at place: CGRect, environment: CollectionLayoutEnvironment
    ) {
        let insets = item.contentInsets
        if insets.isInvalid {
            problems.append(
                "contentInsets (top \(insets.top), leading \(insets.leading), bottom \(insets.bottom), trailing "
                    + "\(insets.trailing)) counted as 0 where not a finite length of at least 0")
        }
        if !item.layoutSize.widthDimension.isValid || !item.layoutSize.heightDimension.isValid {
            let values = "\(item.layoutSize.widthDimension.dimension), \(item.layoutSize.heightDimension.dimension)"
            problems.append("a size of (\(values)) counted as 0 where not a finite number of at least 0")
        }
        guard let arrangement = item.arrangement else {
            // A cell: its place less its content insets, except along an estimated dimension
            // (UIKit ignores insets there and says so).
            var insets = item.contentInsets.cleaned
            if item.layoutSize.widthDimension.isEstimated { (insets.leading, insets.trailing) = (0, 0) }
            if item.layoutSize.heightDimension.isEstimated { (insets.top, insets.bottom) = (0, 0) }
            let cell = place.inset(by: insets)
            let slot = frames.count
            frames.append(cell)
            zIndices.append(0)
            for attached in item.supplementaryItems {
                let size = attached.layoutSize.resolved(in: cell.size)
                let frame = attached.containerAnchor.frame(of: size, in: cell).inset(by: attached.contentInsets.cleaned)
                let edges = attached.containerAnchor.edges
                func follows(_ start: DirectionalRectEdge, _ end: DirectionalRectEdge) -> CGFloat {
                    edges.contains(start) ? 0 : edges.contains(end) ? 1 : 0.5
                }
                var attachment = Attachment(
                    slot: slot, elementKind: attached.elementKind, frame: frame, zIndex: attached.zIndex)
                attachment.follows = (follows(.leading, .trailing), follows(.top, .bottom))
                attachments.append(attachment)
            }
            return
        }
        let cleaned = item.contentInsets.cleaned
        let content = place.inset(by: cleaned)
        if strict, failure == nil,
            place.width - cleaned.leading - cleaned.trailing < 0 || place.height - cleaned.top - cleaned.bottom < 0
        {
            failure = .noRoom(insets: cleaned, size: place.size)
        }
        let estimated = (item.layoutSize.widthDimension.isEstimated, item.layoutSize.heightDimension.isEstimated)
        switch arrangement.kind {
        case .custom(let provider):
            for custom in provider(environment) {
                let frame = custom.frame
                guard frame.origin.x.isFinite, frame.origin.y.isFinite, frame.size.width.isFinite,
                    frame.size.height.isFinite
                else {
                    problems.append(
                        "a custom group's item frame \(frame.logDescription) is not finite; placed at the group's "
                            + "origin"
                    )
                    frames.append(CGRect(origin: content.origin, size: .zero))
                    zIndices.append(custom.zIndex)
                    continue
                }
                let standard = frame.standardized
                frames.append(
                    CGRect(
                        x: content.origin.x + standard.origin.x, y: content.origin.y + standard.origin.y,
                        width: CompositionalLayout.clean(standard.size.width),
                        height: CompositionalLayout.clean(standard.size.height)))
                zIndices.append(custom.zIndex)
            }
        case .horizontal:
            line(arrangement, in: content, horizontal: true, estimated: estimated.0, environment: environment)
        case .vertical:
            line(arrangement, in: content, horizontal: false, estimated: estimated.1, environment: environment)
        }
    }

    /// One subitem placed in a line: its size and the spacing before and after it along the line.
    private struct Entry {
        let item: CollectionLayoutItem
        var size: CGSize
        let lead: CollectionLayoutSpacing?
        let trail: CollectionLayoutSpacing?
        let crossLead: CollectionLayoutSpacing?
        let crossTrail: CollectionLayoutSpacing?
    }

    /// Places a horizontal (or vertical) group's subitems in a line across `content`.
    ///
    /// Each subitem takes its resolved size after its leading edge spacing and before its
    /// trailing one, with the inter-item spacing between neighbours. Subitems repeat in order
    /// while the next one fits (an overrun of a billionth of the length is rounding); the first
    /// always goes in. With a count, exactly that many of the one subitem, each along the line
    /// `(length − spacing × (count − 1)) / count`. What is left of the line is then shared equally
    /// by the flexible spacings (inter-item and edge); across the line, what is left beside each
    /// item by its flexible top and bottom (leading and trailing) edges. Without flexible
    /// spacing items sit at the line's start, and at its top (leading) edge across.
    ///
    /// A group that cannot fit even one item (its first item longer than the line, or a count
    /// whose spacing alone is) is UIKit's trap, unless the group's length or the item's is an
    /// estimate (what the cells prefer decides it then).
    private mutating func line(
        _ arrangement: CollectionLayoutGroup.Arrangement, in content: CGRect, horizontal: Bool, estimated: Bool,
        environment: CollectionLayoutEnvironment
    ) {
        func along(_ size: CGSize) -> CGFloat { horizontal ? size.width : size.height }
        func across(_ size: CGSize) -> CGFloat { horizontal ? size.height : size.width }
        let length = along(content.size)
        let spacing = arrangement.interItemSpacing
        let gap = spacing?.least ?? 0
        func entry(_ item: CollectionLayoutItem, size: CGSize) -> Entry {
            let edges = item.edgeSpacing
            return Entry(
                item: item, size: size, lead: horizontal ? edges?.leading : edges?.top,
                trail: horizontal ? edges?.trailing : edges?.bottom,
                crossLead: horizontal ? edges?.top : edges?.leading,
                crossTrail: horizontal ? edges?.bottom : edges?.trailing)
        }
        func extent(_ entry: Entry) -> CGFloat {
            (entry.lead?.least ?? 0) + along(entry.size) + (entry.trail?.least ?? 0)
        }

        var entries: [Entry] = []
        var used: CGFloat = 0
        if let count = arrangement.count, let subitem = arrangement.subitems.first {
            var n = count
            if n < 1 || n > Self.maximumItems {
                problems.append("a repeating count of \(count) counted as \(min(max(n, 1), Self.maximumItems))")
                n = min(max(n, 1), Self.maximumItems)
            }
            let spacingAlone = gap * CGFloat(n - 1)
            if strict, failure == nil, !estimated, spacingAlone > length + length * 1e-9 {
                failure = .cannotFitItem(effectiveSize: content.size)
            }
            let share = CompositionalLayout.clean((length - spacingAlone) / CGFloat(n))
            var size = subitem.layoutSize.resolved(in: content.size)
            if horizontal { size.width = share } else { size.height = share }
            for index in 0..<n {
                let placed = entry(subitem, size: size)
                used += (index > 0 ? gap : 0) + extent(placed)
                entries.append(placed)
            }
        } else {
            // Never empty: a horizontal or vertical group without subitems traps when made.
            let subitems = arrangement.subitems
            if let first = subitems.first {
                let placed = entry(first, size: first.layoutSize.resolved(in: content.size))
                let itemEstimated =
                    horizontal
                    ? first.layoutSize.widthDimension.isEstimated : first.layoutSize.heightDimension.isEstimated
                if strict, failure == nil, !estimated, !itemEstimated, extent(placed) > length + length * 1e-9 {
                    failure = .cannotFitItem(effectiveSize: content.size)
                }
            }
            var index = 0
            while entries.count < Self.maximumItems {
                let item = subitems[index % subitems.count]
                let placed = entry(item, size: item.layoutSize.resolved(in: content.size))
                let needed = (entries.isEmpty ? 0 : gap) + extent(placed)
                if !entries.isEmpty, used + needed > length + length * 1e-9 { break }
                // Items of no length fit forever: once through the subitems is enough.
                if index >= subitems.count, needed <= 0 { break }
                entries.append(placed)
                used += needed
                index += 1
            }
            if used > length + length * 1e-9 { problems.append("a group's items do not fit its length \(length)") }
        }

        // The flexible spacings share what is left of the line.
        var flexible = 0
        if spacing?.isFlexibleSpacing == true { flexible += max(0, entries.count - 1) }
        for entry in entries {
            if entry.lead?.isFlexibleSpacing == true { flexible += 1 }
            if entry.trail?.isFlexibleSpacing == true { flexible += 1 }
        }
        let share = flexible > 0 ? max(0, length - used) / CGFloat(flexible) : 0
        func grown(_ spacing: CollectionLayoutSpacing?) -> CGFloat {
            guard let spacing else { return 0 }
            return spacing.least + (spacing.isFlexibleSpacing ? share : 0)
        }
        let start = horizontal ? content.minX : content.minY
        let crossStart = horizontal ? content.minY : content.minX
        let crossLength = across(content.size)
        var position = start
        for (index, entry) in entries.enumerated() {
            if index > 0 { position += grown(spacing) }
            position += grown(entry.lead)
            // Across: the leading edge's spacing, and what is left shared by flexible edges.
            let leadAcross = entry.crossLead?.least ?? 0, trailAcross = entry.crossTrail?.least ?? 0
            let leftAcross = max(0, crossLength - leadAcross - across(entry.size) - trailAcross)
            let flexibleAcross =
                (entry.crossLead?.isFlexibleSpacing == true ? 1 : 0)
                + (entry.crossTrail?.isFlexibleSpacing == true ? 1 : 0)
            let offsetAcross =
                leadAcross
                + (entry.crossLead?.isFlexibleSpacing == true ? leftAcross / CGFloat(max(1, flexibleAcross)) : 0)
            let origin =
                horizontal
                ? CGPoint(x: position, y: crossStart + offsetAcross)
                : CGPoint(x: crossStart + offsetAcross, y: position)
            place(entry.item, at: CGRect(origin: origin, size: entry.size), environment: environment)
            position += along(entry.size) + grown(entry.trail)
        }
    }
}
