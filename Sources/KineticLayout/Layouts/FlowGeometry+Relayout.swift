import KineticPlatform

extension FlowGeometry {
    /// Lays explicit section `index` out again after an update changed its items as `change`
    /// says, leaving `itemCount`, so the work is the lines around the changes, not the section.
    ///
    /// Lines fill greedily, so a line's contents depend only on the sizes from its first item to
    /// the one after its last, and on whether it is the last line. For each place where the old
    /// order breaks (see ``FlowItemChange``), the lines from the one holding the item before it
    /// are laid out again until a new line starts where an old one did, at an item from which
    /// the old order runs unbroken past that old line's end: from there the old lines are the new
    /// ones, only moved along the scroll axis by what the relaid lines gained or lost. Laying out
    /// stops there, the new lines are spliced in, and the move is noted in `lineShifts`
    /// (O(log lines)) rather than written into every later frame; later sections move by it too.
    /// A splice that changes the number of lines renumbers the shifts (O(lines)), and one that
    /// changes the number of items moves the later frames in memory (one copy), but neither asks
    /// a size or computes a frame. So an insert, a delete or a move costs the lines around it,
    /// wherever it is. (A shifted line's position is its old one plus the difference, which may
    /// differ in the last bit from a sum made afresh; with whole-point sizes and spacings both are
    /// exact.)
    ///
    /// `witnesses` are the section's two items of different sizes after the update (the caller
    /// maps them; if either went, the section may have become uniform and it must not call this).
    ///
    /// Returns false when it cannot do this exactly or cheaply (a uniform or empty section, more
    /// than ``maximumRelayoutBreaks`` breaks where items move, a widest line that went away, a mapping that does not
    /// hold): the geometry may then be half changed, and the caller prepares everything anew.
    mutating func relayout(
        section index: Int, _ metrics: FlowSectionMetrics, itemCount: Int, change: FlowItemChange,
        witnesses: (Int, Int), size: (Int) -> CGSize
    ) -> Bool {
        guard sections.indices.contains(index) else { return false }
        var section = sections[index]
        guard !section.isUniform, section.itemCount > 0, section.lineCount > 0, itemCount > 0,
            change.keepsPlaces || change.breaks.count <= Self.maximumRelayoutBreaks
        else { return false }
        let breaks = change.breaks
        let available = max(0, crossSize - metrics.crossLead - metrics.crossTrail)
        let room = available + Self.fitSlack(available)
        // Old items beyond the part laid out so far are stored at their old number plus `offset`
        // (section-relative), since splices before them added or removed items.
        var offset = 0
        var next = 0  // the first break not yet handled
        var newFrames: [CGRect] = [], newFirsts: [Int] = [], newStarts: [CGFloat] = [], newEnds: [CGFloat] = []
        var lineSizes: [CGSize] = []
        while next < breaks.count {
            let place = breaks[next]
            let lines = section.firstLine..<(section.firstLine + section.lineCount)
            // The stored line holding the item before the break, and the new place of its first
            // item: the old order runs unbroken from there to the break.
            var startLine = lines.lowerBound, startPlace = 0
            if place > 0 {
                guard let old = change.oldItem(place - 1), old + offset >= 0 else { return false }
                let stored = section.firstItem + old + offset
                guard stored < lineFirstItem[lines.upperBound] else { return false }
                startLine = storedLine(holding: stored, in: lines)
                startPlace = place - 1 - (stored - lineFirstItem[startLine])
                guard startPlace >= 0 else { return false }
            }

            // New lines from there until one starts where an old line did and the order runs
            // unbroken past that line's end.
            newFrames.removeAll(keepingCapacity: true)
            newFirsts.removeAll(keepingCapacity: true)
            newStarts.removeAll(keepingCapacity: true)
            newEnds.removeAll(keepingCapacity: true)
            var newExtent: CGFloat = 0
            var lineTop = lineStart[startLine] + lineShifts.shift(of: startLine)
            var item = startPlace
            var resyncLine: Int?
            var carried: CGSize?
            while item < itemCount {
                while next < breaks.count, breaks[next] <= item { next += 1 }
                if item > startPlace, let old = change.oldItem(item), old >= 0,
                    let line = storedLine(startingAt: section.firstItem + old + offset, in: lines), line > startLine,
                    next == breaks.count || breaks[next] > item + lineFirstItem[line + 1] - lineFirstItem[line]
                {
                    // Resuming here splices in a different number of items, which moves every
                    // later frame in memory; when the next break is near (a move on screen),
                    // laying on through it costs less than that.
                    let itemDelta = newFrames.count - (lineFirstItem[line] - lineFirstItem[startLine])
                    if itemDelta == 0 || next == breaks.count || breaks[next] - item > Self.nearBreak {
                        resyncLine = line
                        break
                    }
                }
                let laid = Self.layLine(
                    from: item, of: itemCount, top: lineTop, metrics, available: available, room: room,
                    line: &lineSizes, carried: &carried, size: size, into: &newFrames)
                newFirsts.append(item)
                newExtent = max(newExtent, laid.extent)
                newStarts.append(lineTop)
                newEnds.append(lineTop + laid.thickness)
                lineTop += laid.thickness + metrics.lineSpacing
                item = laid.next
            }
            let endLine = resyncLine ?? lines.upperBound

            // The widest line: if it was among those replaced and is gone, only a full pass finds
            // the new widest. (Within rounding: the stored extent was summed along the line, not
            // read off a frame. Only an extent beyond the collection view's own width shows.)
            var oldExtent: CGFloat = 0
            for line in startLine..<endLine {
                oldExtent = max(oldExtent, frames[lineFirstItem[line + 1] - 1].maxX + metrics.crossTrail)
            }
            let tolerance = 1e-9 * max(1, abs(crossExtent))
            if crossExtent > crossSize + tolerance, oldExtent >= crossExtent - tolerance, newExtent < crossExtent {
                return false
            }
            crossExtent = max(crossExtent, newExtent)

            // How far what follows the relaid lines moves: the kept lines from the resync on, or
            // this section's footer and the sections after it.
            let oldTrueEnd: CGFloat
            if let line = resyncLine {
                oldTrueEnd = lineStart[line] + lineShifts.shift(of: line)
            } else {
                oldTrueEnd = section.footerStart
            }
            let newTrueEnd = resyncLine != nil ? lineTop : (newEnds.last ?? lineTop) + metrics.scrollTrail
            let delta = newTrueEnd - oldTrueEnd

            // Splice the new lines in.
            let frameStart = lineFirstItem[startLine], frameEnd = lineFirstItem[endLine]
            let lineDelta = newFirsts.count - (endLine - startLine)
            let itemDelta = newFrames.count - (frameEnd - frameStart)
            if lineDelta != 0 {
                // The new lines are stored where they are; the later ones keep their shifts.
                lineShifts.replaceLines(startLine..<endLine, with: newFirsts.count, lineCount: lineStart.count)
            } else if !lineShifts.isEmpty {
                // The new lines take the replaced lines' numbers and shifts: store them less those.
                for k in newFirsts.indices {
                    let shift = lineShifts.shift(of: startLine + k)
                    guard shift != 0 else { continue }
                    newStarts[k] -= shift
                    newEnds[k] -= shift
                    let end = k + 1 < newFirsts.count ? newFirsts[k + 1] - startPlace : newFrames.count
                    for i in (newFirsts[k] - startPlace)..<end { newFrames[i].origin.y -= shift }
                }
            }
            frames.replaceSubrange(frameStart..<frameEnd, with: newFrames)
            lineStart.replaceSubrange(startLine..<endLine, with: newStarts)
            lineEnd.replaceSubrange(startLine..<endLine, with: newEnds)
            let base = section.firstItem
            lineFirstItem.replaceSubrange(startLine..<endLine, with: newFirsts.lazy.map { $0 + base })
            if itemDelta != 0 {
                lineFirstItem.withUnsafeMutableBufferPointer { firsts in
                    for line in (startLine + newFirsts.count)..<firsts.count { firsts[line] += itemDelta }
                }
            }
            section.lineCount += lineDelta
            offset += itemDelta
            let keptFrom = startLine + newFirsts.count
            if delta != 0 {
                lineShifts.add(delta, fromLine: keptFrom, lineCount: lineStart.count)
                section.footerStart += delta
                section.end += delta
                for later in (index + 1)..<sections.count {
                    sections[later].start += delta
                    sections[later].end += delta
                    sections[later].footerStart += delta
                    sections[later].firstLineStart += delta
                }
            }
            if lineDelta != 0 || itemDelta != 0 {
                for later in (index + 1)..<sections.count where !sections[later].isUniform {
                    sections[later].firstLine += lineDelta
                    sections[later].firstItem += itemDelta
                }
            }
            if resyncLine == nil { break }
            // The next break to handle is the first after the kept line the resync found.
            while next < breaks.count, breaks[next] <= item { next += 1 }
        }
        section.itemCount = itemCount
        section.witnesses = witnesses
        sections[index] = section
        return true
    }

    /// The most places where an update that moves items may break a section's old order for
    /// `relayout` to lay it out in parts: each part may move the later frames in memory, and past
    /// this many a fresh pass costs less. (Resizing items in place moves nothing: no limit.)
    static let maximumRelayoutBreaks = 16

    /// How close (in items) the next break must be for `relayout` to lay on through to it rather
    /// than resume the old lines where resuming would move the later frames in memory: laying out
    /// this many items costs about what copying a hundred thousand frames does.
    static let nearBreak = 256

    /// The stored line among `lines` that holds stored item `item` (an index into `frames`).
    private func storedLine(holding item: Int, in lines: Range<Int>) -> Int {
        var low = lines.lowerBound, high = lines.upperBound
        while high - low > 1 {
            let mid = (low + high) / 2
            if lineFirstItem[mid] <= item { low = mid } else { high = mid }
        }
        return low
    }

    /// The stored line among `lines` that starts at stored item `item`, if one does.
    private func storedLine(startingAt item: Int, in lines: Range<Int>) -> Int? {
        var low = lines.lowerBound, high = lines.upperBound
        while low < high {
            let mid = (low + high) / 2
            if lineFirstItem[mid] < item { low = mid + 1 } else { high = mid }
        }
        return low < lines.upperBound && lineFirstItem[low] == item ? low : nil
    }
}
