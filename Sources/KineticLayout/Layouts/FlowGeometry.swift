import KineticPlatform

/// A prepared flow layout, in flow coordinates: x runs across the scroll axis, y along it, so
/// one set of arithmetic serves both scroll directions (a horizontal layout is transposed on
/// the way out).
///
/// Storage is plain values in flat arrays: one ``FlowSectionGeometry`` per section and, for
/// sections whose items differ in size, one frame per item and three numbers per line. Uniform
/// sections store nothing per item, so a layout without per-item sizes costs the same memory
/// for ten items as for ten million.
struct FlowGeometry {
    /// What a query found.
    enum Element {
        case header, cell, footer
    }

    /// The sections, in order; each starts where the previous one ends.
    var sections: [FlowSectionGeometry] = []
    /// The frames of the items of explicit sections, section after section.
    var frames: [CGRect] = []
    /// For each line of an explicit section, the index in `frames` of its first item; one more
    /// entry at the end closes the last line.
    var lineFirstItem: [Int] = [0]
    /// For each line of an explicit section, its leading edge along the scroll axis.
    var lineStart: [CGFloat] = []
    /// For each line of an explicit section, its trailing edge along the scroll axis.
    var lineEnd: [CGFloat] = []
    /// Shifts along the scroll axis not yet written into `lineStart`, `lineEnd` and the lines'
    /// frames (a move that changed some lines' thickness moved all later ones): a line's true
    /// position is the stored one plus its shift.
    var lineShifts = FlowLineShifts()

    /// The collection view's extent across the scroll axis: headers and footers span it and
    /// lines fill it less the section insets.
    let crossSize: CGFloat
    /// The farthest trailing edge across the scroll axis of any line, plus its section's inset.
    var crossExtent: CGFloat = 0

    /// An empty geometry for a collection view `crossSize` across.
    init(crossSize: CGFloat) {
        self.crossSize = FlowSectionMetrics.clean(crossSize)
    }

    /// The content's extent along the scroll axis.
    var scrollLength: CGFloat { sections.last?.end ?? 0 }

    /// The content's size in flow coordinates: zero when there is nothing at all (no length along
    /// the scroll axis and no item), else as wide as the collection view or the widest line,
    /// whichever is wider. Items of no length still lie across the content: a query for the
    /// whole content finds them.
    var contentSize: CGSize {
        let length = scrollLength
        guard length > 0 || sections.contains(where: { $0.itemCount > 0 }) else { return .zero }
        // A line that reaches the far edge sums to it within rounding: that is the edge.
        let extent = crossExtent > crossSize + 1e-9 * max(1, abs(crossSize)) ? crossExtent : crossSize
        return CGSize(width: extent, height: length)
    }

    /// The bytes the stored arrays hold (their capacities), for measuring memory.
    var storedByteCount: Int {
        sections.capacity * MemoryLayout<FlowSectionGeometry>.stride
            + frames.capacity * MemoryLayout<CGRect>.stride
            + lineFirstItem.capacity * MemoryLayout<Int>.stride
            + (lineStart.capacity + lineEnd.capacity) * MemoryLayout<CGFloat>.stride + lineShifts.storedByteCount
    }

    /// Writes the pending line shifts into the lines and their frames: O(items), for changes that
    /// renumber lines (the shifts are kept by line number).
    mutating func applyLineShifts() {
        guard !lineShifts.isEmpty else { return }
        for line in lineStart.indices {
            let shift = lineShifts.shift(of: line)
            guard shift != 0 else { continue }
            lineStart[line] += shift
            lineEnd[line] += shift
            for item in lineFirstItem[line]..<lineFirstItem[line + 1] { frames[item].origin.y += shift }
        }
        lineShifts.removeAll()
    }

    /// The line of explicit `section` that holds its item `item` (a geometry line index).
    func line(holding item: Int, of section: FlowSectionGeometry) -> Int {
        let target = section.firstItem + item
        var low = section.firstLine, high = section.firstLine + section.lineCount
        while high - low > 1 {
            let mid = (low + high) / 2
            if lineFirstItem[mid] <= target { low = mid } else { high = mid }
        }
        return low
    }

    /// The lines, across the sections, that start at or after `position` along the scroll axis,
    /// in order, at most `limit`: each one's section, its items and where it starts. What a
    /// self-sizing layout keeps still on screen while items above it change size.
    func lines(startingAtOrAfter position: CGFloat, limit: Int) -> [(section: Int, items: Range<Int>, start: CGFloat)] {
        var found: [(section: Int, items: Range<Int>, start: CGFloat)] = []
        var low = 0, high = sections.count
        while low < high {
            let mid = (low + high) / 2
            if sections[mid].end < position { low = mid + 1 } else { high = mid }
        }
        for index in low..<sections.count {
            let section = sections[index]
            guard section.lineCount > 0 else { continue }
            if section.isUniform {
                let pitch = section.linePitch
                var line = 0
                if pitch > 0, position > section.firstLineStart {
                    line = Self.clampIndex(
                        ((position - section.firstLineStart) / pitch).rounded(.up), section.lineCount)
                }
                while line > 0, section.firstLineStart + CGFloat(line - 1) * pitch >= position { line -= 1 }
                while line < section.lineCount {
                    let first = line * section.lineCapacity
                    let items = first..<min(first + section.lineCapacity, section.itemCount)
                    found.append((index, items, section.firstLineStart + CGFloat(line) * pitch))
                    if found.count == limit { return found }
                    line += 1
                }
                continue
            }
            var line = firstLine(of: section, edges: lineStart, atOrAfter: position)
            let end = section.firstLine + section.lineCount
            while line < end {
                let items = (lineFirstItem[line] - section.firstItem)..<(lineFirstItem[line + 1] - section.firstItem)
                found.append((index, items, lineStart[line] + lineShifts.shift(of: line)))
                if found.count == limit { return found }
                line += 1
            }
        }
        return found
    }

    /// Where the line holding `item` of section `index` starts along the scroll axis; nil if
    /// there is no such item.
    func lineStart(section index: Int, item: Int) -> CGFloat? {
        guard sections.indices.contains(index), item >= 0, item < sections[index].itemCount else { return nil }
        let section = sections[index]
        if section.isUniform {
            return section.firstLineStart + CGFloat(item / section.lineCapacity) * section.linePitch
        }
        let line = line(holding: item, of: section)
        return lineStart[line] + lineShifts.shift(of: line)
    }

    // MARK: Building

    /// How far a line may overrun the available width and still count as fitting: rounding in a
    /// caller's `(available − spacing) / n` must not push the n-th item onto a line of its own.
    @inline(__always)
    static func fitSlack(_ available: CGFloat) -> CGFloat {
        1e-9 * max(1, available)
    }

    /// `frame` moved back within `content` (flow coordinates) where rounding put its far edge
    /// past the content's, by at most ``fitSlack(_:)``: the last column of a full line ends at the
    /// content's edge only within rounding, and the content's extent snaps to the collection
    /// view's when within rounding too, so an item of no thickness there would lie just outside
    /// the content and a query for the whole content would miss it.
    @inline(__always)
    static func fitted(_ frame: CGRect, within content: CGSize) -> CGRect {
        var frame = frame
        let overX = frame.origin.x + frame.size.width - content.width
        if overX > 0, overX <= fitSlack(content.width) { frame.origin.x = content.width - frame.size.width }
        let overY = frame.origin.y + frame.size.height - content.height
        if overY > 0, overY <= fitSlack(content.height) { frame.origin.y = content.height - frame.size.height }
        return frame
    }

    /// `x` rounded down and clamped to `0...upper`; NaN gives 0. Converting a huge or NaN float
    /// to Int traps, so every computed index goes through here.
    @inline(__always)
    static func clampIndex(_ x: CGFloat, _ upper: Int) -> Int {
        if !(x > 0) { return 0 }
        if x >= CGFloat(upper) { return upper }
        return Int(x)
    }

    /// How many items of length `length` fit a line of `available` with `spacing` between them:
    /// at least one (an oversized item gets a line of its own), at most `Int32.max`, which an
    /// `Int` holds in the 32-bit WebAssembly build too (items of a hair's width would otherwise
    /// count billions to a line, and `1 + Int32.max` traps there).
    static func lineCapacity(itemLength length: CGFloat, spacing: CGFloat, available: CGFloat, itemCount: Int) -> Int {
        let room = available + fitSlack(available)
        if length > room { return 1 }
        // Items of no length with no spacing all fit: one line holds the section.
        if length + spacing <= 0 { return max(itemCount, 1) }
        return 1 + clampIndex(((room - length) / (length + spacing)).rounded(.down), Int(Int32.max) - 1)
    }

    /// Appends a section whose `itemCount` items are all `size` (flow coordinates).
    mutating func appendUniformSection(_ metrics: FlowSectionMetrics, itemCount: Int, size: CGSize) {
        var section = FlowSectionGeometry()
        section.start = scrollLength
        section.headerLength = metrics.headerLength
        section.itemCount = itemCount
        section.isUniform = true
        section.itemSize = size
        section.firstLineStart = section.start + metrics.headerLength + metrics.scrollLead

        let available = max(0, crossSize - metrics.crossLead - metrics.crossTrail)
        let capacity = Self.lineCapacity(
            itemLength: size.width, spacing: metrics.interitemSpacing, available: available, itemCount: itemCount)
        section.lineCapacity = capacity
        section.lineCount = itemCount == 0 ? 0 : (itemCount - 1) / capacity + 1
        section.linePitch = size.height + metrics.lineSpacing
        if capacity == 1 {
            // A line of one item is centred; an oversized one starts at the inset.
            section.crossOrigin = metrics.crossLead + max(0, (available - size.width) / 2)
            section.crossPitch = 0
        } else {
            // Every line, the last included, sits on the grid of a full line: the full line's
            // leftover space is shared equally between its gaps.
            let gap = max(0, (available - CGFloat(capacity) * size.width) / CGFloat(capacity - 1))
            section.crossOrigin = metrics.crossLead
            section.crossPitch = size.width + gap
        }

        var linesEnd = section.firstLineStart
        if section.lineCount > 0 {
            linesEnd += CGFloat(section.lineCount) * size.height + CGFloat(section.lineCount - 1) * metrics.lineSpacing
            let columns = min(capacity, itemCount)
            let trailing = section.crossOrigin + CGFloat(columns - 1) * section.crossPitch + size.width
            crossExtent = max(crossExtent, trailing + metrics.crossTrail)
        }
        finish(&section, linesEnd: linesEnd, metrics)
    }

    /// Appends a section whose items have the sizes in `sizes` (flow coordinates, sanitized).
    /// Sections whose sizes are all equal are stored as uniform, unless `selfSizing` (their
    /// sizes are estimates that cells correct one by one: see ``FlowSectionGeometry/isSelfSizing``).
    mutating func appendSection(
        _ metrics: FlowSectionMetrics, sizes: UnsafeBufferPointer<CGSize>, selfSizing: Bool = false
    ) {
        if !selfSizing, let first = sizes.first, !sizes.contains(where: { $0 != first }) {
            appendUniformSection(metrics, itemCount: sizes.count, size: first)
            return
        }
        var section = FlowSectionGeometry()
        section.start = scrollLength
        section.headerLength = metrics.headerLength
        section.itemCount = sizes.count
        section.isUniform = false
        section.isSelfSizing = selfSizing
        section.witnesses = (0, sizes.firstIndex { $0 != sizes[0] } ?? 0)
        section.firstItem = frames.count
        section.firstLine = lineStart.count
        section.firstLineStart = section.start + metrics.headerLength + metrics.scrollLead

        let available = max(0, crossSize - metrics.crossLead - metrics.crossTrail)
        let room = available + Self.fitSlack(available)
        frames.reserveCapacity(frames.count + sizes.count)
        var lineTop = section.firstLineStart
        var linesEnd = section.firstLineStart
        var first = 0
        var line: [CGSize] = []
        var carried: CGSize?
        while first < sizes.count {
            let laid = Self.layLine(
                from: first, of: sizes.count, top: lineTop, metrics, available: available, room: room, line: &line,
                carried: &carried, size: { sizes[$0] }, into: &frames)
            crossExtent = max(crossExtent, laid.extent)
            lineFirstItem.append(frames.count)
            lineStart.append(lineTop)
            lineEnd.append(lineTop + laid.thickness)
            linesEnd = lineTop + laid.thickness
            lineTop = linesEnd + metrics.lineSpacing
            section.lineCount += 1
            first = laid.next
        }
        finish(&section, linesEnd: linesEnd, metrics)
    }

    /// Lays one line of an explicit section out, from item `first` of `itemCount`, with its
    /// leading edge at `top`, appending its frames to `frames`; returns the item after the line,
    /// the line's thickness and its trailing edge across plus the section's trailing inset.
    ///
    /// Fill: the next item joins while it and one spacing still fit in `room`. Place: the
    /// section's last line starts at the inset with the minimum spacing; a lone item on any other
    /// line is centred; other lines are justified, their leftover space shared equally between
    /// the gaps. Each size is read from `size` once: the item that did not fit waits in `carried`
    /// for the next line, and `line` is scratch space for the line's sizes.
    static func layLine(
        from first: Int, of itemCount: Int, top: CGFloat, _ metrics: FlowSectionMetrics, available: CGFloat,
        room: CGFloat, line: inout [CGSize], carried: inout CGSize?, size: (Int) -> CGSize,
        into frames: inout [CGRect]
    ) -> (next: Int, thickness: CGFloat, extent: CGFloat) {
        let spacing = metrics.interitemSpacing
        line.removeAll(keepingCapacity: true)
        line.append(carried ?? size(first))
        carried = nil
        var used = line[0].width
        var itemsLength = used
        var thickness = line[0].height
        var next = first + 1
        while next < itemCount {
            let s = size(next)
            guard used + spacing + s.width <= room else {
                carried = s
                break
            }
            used += spacing + s.width
            itemsLength += s.width
            thickness = max(thickness, s.height)
            line.append(s)
            next += 1
        }
        var x = metrics.crossLead
        var gap = spacing
        if next < itemCount {
            if line.count == 1 {
                x += max(0, (available - itemsLength) / 2)
            } else {
                gap = max(spacing, (available - itemsLength) / CGFloat(line.count - 1))
            }
        }
        for s in line {
            frames.append(CGRect(x: x, y: top + (thickness - s.height) / 2, width: s.width, height: s.height))
            x += s.width + gap
        }
        return (next, thickness, x - gap + metrics.crossTrail)
    }

    /// Places the footer after the lines and the trailing inset, and stores the section.
    private mutating func finish(_ section: inout FlowSectionGeometry, linesEnd: CGFloat, _ metrics: FlowSectionMetrics)
    {
        section.footerStart = linesEnd + metrics.scrollTrail
        section.footerLength = metrics.footerLength
        section.end = section.footerStart + metrics.footerLength
        sections.append(section)
    }

    // MARK: Queries

    /// The frame of `item` in `section`, or nil if there is no such item.
    func itemFrame(section index: Int, item: Int) -> CGRect? {
        guard sections.indices.contains(index) else { return nil }
        let section = sections[index]
        guard item >= 0, item < section.itemCount else { return nil }
        if section.isUniform {
            return uniformFrame(section, line: item / section.lineCapacity, column: item % section.lineCapacity)
        }
        var frame = frames[section.firstItem + item]
        if !lineShifts.isEmpty { frame.origin.y += lineShifts.shift(of: line(holding: item, of: section)) }
        return frame
    }

    /// The frame of `section`'s header, or nil if it has none.
    func headerFrame(section index: Int) -> CGRect? {
        guard sections.indices.contains(index), sections[index].headerLength > 0 else { return nil }
        let section = sections[index]
        return CGRect(x: 0, y: section.start, width: crossSize, height: section.headerLength)
    }

    /// The frame of `section`'s footer, or nil if it has none.
    func footerFrame(section index: Int) -> CGRect? {
        guard sections.indices.contains(index), sections[index].footerLength > 0 else { return nil }
        let section = sections[index]
        return CGRect(x: 0, y: section.footerStart, width: crossSize, height: section.footerLength)
    }

    /// The section whose band along the scroll axis (header to footer) holds `position`, taking
    /// each band as starting at its section's start and ending before the next one's; nil
    /// beyond the content or for a non-finite position.
    func section(atScrollPosition position: CGFloat) -> Int? {
        guard position.isFinite, position >= 0, let last = sections.last, position <= last.end else { return nil }
        var low = 0, high = sections.count
        while low < high {
            let mid = (low + high) / 2
            if sections[mid].end <= position { low = mid + 1 } else { high = mid }
        }
        return min(low, sections.count - 1)
    }

    @inline(__always)
    private func uniformFrame(_ section: FlowSectionGeometry, line: Int, column: Int) -> CGRect {
        CGRect(
            x: section.crossOrigin + CGFloat(column) * section.crossPitch,
            y: section.firstLineStart + CGFloat(line) * section.linePitch,
            width: section.itemSize.width, height: section.itemSize.height
        )
    }

    /// Calls `body` with every element that may meet `query` (flow coordinates, standardized,
    /// finite), section by section: header, items in order, footer. Every element that meets it
    /// is among them; the few more at the edges are for the caller's exact test. The work is
    /// proportional to the elements found plus the logarithm of the sections and lines.
    func forEachCandidate(in query: CGRect, _ body: (Element, Int, Int, CGRect) -> Void) {
        // Widen by a hair so rounding in the caller's exact test never loses a boundary element.
        let magnitude = max(abs(query.minX), abs(query.maxX), abs(query.minY), abs(query.maxY))
        let margin = 1e-9 * (1 + magnitude)
        let x0 = query.minX - margin, x1 = query.maxX + margin
        let y0 = query.minY - margin, y1 = query.maxY + margin

        // The first section that ends at or after the query's top.
        var low = 0, high = sections.count
        while low < high {
            let mid = (low + high) / 2
            if sections[mid].end < y0 { low = mid + 1 } else { high = mid }
        }
        var index = low
        while index < sections.count, sections[index].start <= y1 {
            let section = sections[index]
            if section.headerLength > 0, section.start + section.headerLength >= y0 {
                body(.header, index, 0, CGRect(x: 0, y: section.start, width: crossSize, height: section.headerLength))
            }
            if section.lineCount > 0 {
                if section.isUniform {
                    uniformCandidates(section, index, x0, x1, y0, y1, body)
                } else {
                    explicitCandidates(section, index, x0, x1, y0, y1, body)
                }
            }
            if section.footerLength > 0, section.footerStart <= y1 {
                body(
                    .footer, index, 0,
                    CGRect(x: 0, y: section.footerStart, width: crossSize, height: section.footerLength))
            }
            index += 1
        }
    }

    /// A uniform section's candidates: the lines and columns the query spans, computed directly
    /// and widened by one each way against rounding.
    @inline(__always)
    private func uniformCandidates(
        _ section: FlowSectionGeometry, _ index: Int, _ x0: CGFloat, _ x1: CGFloat, _ y0: CGFloat, _ y1: CGFloat,
        _ body: (Element, Int, Int, CGRect) -> Void
    ) {
        let size = section.itemSize
        let lastLine = section.lineCount - 1
        var firstLine = 0, finalLine = lastLine
        if section.linePitch > 0 {
            firstLine = Self.clampIndex(
                ((y0 - section.firstLineStart - size.height) / section.linePitch).rounded(.down) - 1, lastLine)
            finalLine = Self.clampIndex(
                ((y1 - section.firstLineStart) / section.linePitch).rounded(.down) + 1, lastLine)
        }
        let lastColumn = min(section.lineCapacity, section.itemCount) - 1
        var firstColumn = 0, finalColumn = lastColumn
        if section.crossPitch > 0 {
            firstColumn = Self.clampIndex(
                ((x0 - section.crossOrigin - size.width) / section.crossPitch).rounded(.down) - 1, lastColumn)
            finalColumn = Self.clampIndex(
                ((x1 - section.crossOrigin) / section.crossPitch).rounded(.down) + 1, lastColumn)
        }
        guard firstLine <= finalLine, firstColumn <= finalColumn else { return }
        for line in firstLine...finalLine {
            let base = line * section.lineCapacity
            for column in firstColumn...finalColumn {
                let item = base + column
                if item >= section.itemCount { break }
                body(.cell, index, item, uniformFrame(section, line: line, column: column))
            }
        }
    }

    /// The first line of an explicit `section` whose edge in `edges` (`lineStart` or
    /// `lineEnd`, each stored plus the line's shift) is at or after `position`; the line after
    /// the section's last if none is. A binary search: both edges increase along a section's
    /// lines, as each line starts at or after the previous one's end.
    @inline(__always)
    private func firstLine(of section: FlowSectionGeometry, edges: [CGFloat], atOrAfter position: CGFloat) -> Int {
        var low = section.firstLine, high = section.firstLine + section.lineCount
        while low < high {
            let mid = (low + high) / 2
            if edges[mid] + lineShifts.shift(of: mid) < position { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// An explicit section's candidates: a binary search for the first line the query reaches,
    /// then, in each line it spans, a binary search for the first item.
    @inline(__always)
    private func explicitCandidates(
        _ section: FlowSectionGeometry, _ index: Int, _ x0: CGFloat, _ x1: CGFloat, _ y0: CGFloat, _ y1: CGFloat,
        _ body: (Element, Int, Int, CGRect) -> Void
    ) {
        var line = firstLine(of: section, edges: lineEnd, atOrAfter: y0)
        let linesEnd = section.firstLine + section.lineCount
        while line < linesEnd {
            let shift = lineShifts.shift(of: line)
            guard lineStart[line] + shift <= y1 else { break }
            // Items' trailing edges increase along a line: they are placed one after another.
            var first = lineFirstItem[line]
            var after = lineFirstItem[line + 1]
            let end = after
            while first < after {
                let mid = (first + after) / 2
                let frame = frames[mid]
                if frame.origin.x + frame.size.width < x0 { first = mid + 1 } else { after = mid }
            }
            var item = first
            while item < end, frames[item].origin.x <= x1 {
                var frame = frames[item]
                frame.origin.y += shift
                body(.cell, index, item - section.firstItem, frame)
                item += 1
            }
            line += 1
        }
    }
}
