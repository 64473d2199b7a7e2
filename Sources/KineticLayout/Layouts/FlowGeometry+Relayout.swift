import KineticPlatform

extension FlowGeometry {
    /// Lays explicit section `index` out again after a batch update changed its items from item
    /// `first` on (numbered after the update; the items before it are the same items in the same
    /// places), so the work is the lines from the one holding `first`, not the whole section.
    ///
    /// A line's contents depend only on the items from its first one on (lines fill greedily), so
    /// the lines before the one holding item `first − 1` stand: that line may now take more items
    /// (or fewer) if `first` changed, and it may stop or start being the section's last line.
    /// When the update moved items without changing their number (`resyncAfter` is the last
    /// changed item), the lines after the changes are the old ones again as soon as a new line
    /// starts at the same item as an old one, only moved along the scroll axis by what the
    /// relaid lines gained or lost in thickness: laying out stops there, the rest is kept, and
    /// the move is noted in `lineShifts` (O(log lines)) rather than written into every later
    /// frame; later sections move by it too. So a move costs the lines it touches. (A shifted
    /// line's position is its old one plus the difference, which may differ in the last bit from
    /// a sum made afresh; with whole-point sizes and spacings both are exact.) Otherwise the
    /// section is laid out to its end, which is only allowed for the last section.
    ///
    /// `witnesses` are the section's two items of different sizes after the update (the caller
    /// maps them; if either went, the section may have become uniform and it must not call this).
    ///
    /// Returns false, changing nothing, when it cannot do this exactly (a uniform section, an
    /// empty one, a later section that would move, or a widest line that went away): the caller
    /// then prepares everything anew.
    mutating func relayout(
        section index: Int, _ metrics: FlowSectionMetrics, itemCount: Int, from first: Int, resyncAfter: Int?,
        witnesses: (Int, Int), size: (Int) -> CGSize
    ) -> Bool {
        guard sections.indices.contains(index) else { return false }
        var section = sections[index]
        let isLast = index == sections.count - 1
        guard !section.isUniform, section.itemCount > 0, section.lineCount > 0, itemCount > 0, first >= 0,
            isLast || (resyncAfter != nil && itemCount == section.itemCount)
        else { return false }
        let lines = section.firstLine..<(section.firstLine + section.lineCount)

        // The old line holding the last unchanged item before `first` (the last line if `first`
        // is past the old items).
        let held = min(max(first - 1, 0), section.itemCount - 1) + section.firstItem
        var low = lines.lowerBound, high = lines.upperBound
        while high - low > 1 {
            let mid = (low + high) / 2
            if lineFirstItem[mid] <= held { low = mid } else { high = mid }
        }
        let startLine = low
        let startItem = lineFirstItem[startLine] - section.firstItem

        /// The old line that starts at section item `item`, if one does.
        func oldLine(startingAt item: Int) -> Int? {
            let target = item + section.firstItem
            var low = lines.lowerBound, high = lines.upperBound
            while low < high {
                let mid = (low + high) / 2
                if lineFirstItem[mid] < target { low = mid + 1 } else { high = mid }
            }
            return low < lines.upperBound && lineFirstItem[low] == target ? low : nil
        }

        // The new lines, built aside.
        let available = max(0, crossSize - metrics.crossLead - metrics.crossTrail)
        let room = available + Self.fitSlack(available)
        var newFrames: [CGRect] = []
        var newFirsts: [Int] = []  // section items
        var newStarts: [CGFloat] = [], newEnds: [CGFloat] = []
        var newExtent: CGFloat = 0
        var lineTop = lineStart[startLine] + lineShifts.shift(of: startLine)
        var item = startItem
        var resyncLine: Int?
        var lineSizes: [CGSize] = []
        var carried: CGSize?
        while item < itemCount {
            if let last = resyncAfter, item > last, item > startItem, let old = oldLine(startingAt: item) {
                resyncLine = old
                break
            }
            let laid = Self.layLine(
                from: item, of: itemCount, top: lineTop, metrics, available: available, room: room, line: &lineSizes,
                carried: &carried, size: size, into: &newFrames)
            newFirsts.append(item)
            newExtent = max(newExtent, laid.extent)
            newStarts.append(lineTop)
            newEnds.append(lineTop + laid.thickness)
            lineTop = lineTop + laid.thickness + metrics.lineSpacing
            item = laid.next
        }
        if resyncLine == nil, !isLast { return false }

        // The widest line: if it was among those replaced and is gone, only a full pass finds the
        // new widest.
        let endLine = resyncLine ?? lines.upperBound
        var oldExtent: CGFloat = 0
        for line in startLine..<endLine {
            let last = lineFirstItem[line + 1] - 1
            oldExtent = max(oldExtent, frames[last].maxX + metrics.crossTrail)
        }
        // (Within rounding: the stored extent was summed along the line, not read off a frame.)
        // Only an extent beyond the collection view's own width shows (in the content size).
        let tolerance = 1e-9 * max(1, abs(crossExtent))
        if crossExtent > crossSize + tolerance, oldExtent >= crossExtent - tolerance, newExtent < crossExtent {
            return false
        }

        // Where the old lines from the resync on now start, relative to where they were.
        let delta = resyncLine.map { lineTop - (lineStart[$0] + lineShifts.shift(of: $0)) } ?? 0
        let linesEnd =
            newEnds.last
            ?? (startLine > lines.lowerBound
                ? lineEnd[startLine - 1] + lineShifts.shift(of: startLine - 1) : section.firstLineStart)

        // Splice the new lines in. Shifts are kept by line number: a splice that renumbers lines
        // or items writes them out first; one that does not stores the new lines less theirs.
        let frameStart = lineFirstItem[startLine]
        let frameEnd = lineFirstItem[endLine]
        let lineDelta = newFirsts.count - (endLine - startLine)
        let itemDelta = newFrames.count - (frameEnd - frameStart)
        if lineDelta != 0 || itemDelta != 0 {
            applyLineShifts()
        } else if !lineShifts.isEmpty {
            for k in newFirsts.indices {
                let shift = lineShifts.shift(of: startLine + k)
                newStarts[k] -= shift
                newEnds[k] -= shift
                let end = k + 1 < newFirsts.count ? newFirsts[k + 1] - startItem : newFrames.count
                for i in (newFirsts[k] - startItem)..<end { newFrames[i].origin.y -= shift }
            }
        }
        frames.replaceSubrange(frameStart..<frameEnd, with: newFrames)
        lineStart.replaceSubrange(startLine..<endLine, with: newStarts)
        lineEnd.replaceSubrange(startLine..<endLine, with: newEnds)
        lineFirstItem.replaceSubrange(startLine..<endLine, with: newFirsts.map { $0 + section.firstItem })
        if itemDelta != 0 {
            for line in (startLine + newFirsts.count)..<lineFirstItem.count { lineFirstItem[line] += itemDelta }
        }
        crossExtent = max(crossExtent, newExtent)
        section.itemCount = itemCount
        section.witnesses = witnesses
        section.lineCount += lineDelta
        if resyncLine == nil {
            section.footerStart = linesEnd + metrics.scrollTrail
            section.end = section.footerStart + section.footerLength
        } else if delta != 0 {
            // Everything after the relaid lines moves by `delta`: the kept lines (noted), this
            // section's footer and every later section.
            lineShifts.add(delta, fromLine: startLine + newFirsts.count, lineCount: lineStart.count)
            section.footerStart += delta
            section.end += delta
            for later in (index + 1)..<sections.count {
                sections[later].start += delta
                sections[later].end += delta
                sections[later].footerStart += delta
                sections[later].firstLineStart += delta
            }
        }
        sections[index] = section
        if lineDelta != 0 || itemDelta != 0 {
            for later in (index + 1)..<sections.count where !sections[later].isUniform {
                sections[later].firstLine += lineDelta
                sections[later].firstItem += itemDelta
            }
        }
        return true
    }
}
