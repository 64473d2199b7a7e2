import KineticPlatform

/// Shifts along the scroll axis not yet written into an explicit flow section's lines: after a
/// move changes the thickness of the lines it touches, every later line moves by the difference,
/// and writing that into a hundred thousand frames would cost what the move was meant to save.
///
/// A Fenwick (binary indexed) tree over the geometry's line indices: `add(_:fromLine:)` shifts
/// every line from one on, and `shift(of:)` sums the shifts at or before a line, both in
/// O(log lines). Node i holds the sum of the point shifts at lines (i − lowbit(i), i], so a
/// prefix sum visits one node per set bit of its index, and a point update one node per
/// carry. Empty (no storage) until the first shift.
struct FlowLineShifts {
    /// 1-based nodes; empty while nothing is shifted.
    private var tree: [CGFloat] = []

    /// Whether no line is shifted.
    var isEmpty: Bool { tree.isEmpty }

    /// Shifts lines `line` to `lineCount − 1` by `delta`.
    mutating func add(_ delta: CGFloat, fromLine line: Int, lineCount: Int) {
        guard delta != 0, line < lineCount else { return }
        if tree.isEmpty { tree = Array(repeating: 0, count: lineCount + 1) }
        var i = line + 1
        while i < tree.count {
            tree[i] += delta
            i += i & -i
        }
    }

    /// How far `line` is shifted.
    @inline(__always)
    func shift(of line: Int) -> CGFloat {
        guard !tree.isEmpty else { return 0 }
        var i = min(line + 1, tree.count - 1)
        var sum: CGFloat = 0
        while i > 0 {
            sum += tree[i]
            i -= i & -i
        }
        return sum
    }

    /// Renumbers the lines as a splice does that replaces lines `range` (of `lineCount`) with
    /// `count` new ones: lines before the range keep their shifts, the new lines get none (they
    /// are stored where they are), and the lines after keep theirs under their new numbers.
    /// O(lines) in place, three passes: the tree becomes every line's shift (node i's prefix sum
    /// is its own value plus the prefix sum at i − lowbit(i), an earlier node), the shifts are
    /// spliced, and the tree is rebuilt (point values, then each node adds itself into its
    /// parent, i + lowbit(i)).
    mutating func replaceLines(_ range: Range<Int>, with count: Int, lineCount: Int) {
        guard !tree.isEmpty, count != range.count else { return }
        tree.withUnsafeMutableBufferPointer { tree in
            for i in 1..<tree.count { tree[i] += tree[i - (i & -i)] }
        }
        // tree[line + 1] is now the shift of line `line`.
        tree.replaceSubrange(
            (range.lowerBound + 1)..<(range.upperBound + 1), with: repeatElement(0, count: count))
        tree.withUnsafeMutableBufferPointer { tree in
            var i = tree.count - 1
            while i > 1 {
                tree[i] -= tree[i - 1]
                i -= 1
            }
            for i in 1..<tree.count {
                let parent = i + (i & -i)
                if parent < tree.count { tree[parent] += tree[i] }
            }
        }
    }

    /// Forgets every shift (once they are written into the lines, or the lines are rebuilt).
    mutating func removeAll() { tree = [] }

    /// The bytes the tree holds.
    var storedByteCount: Int { tree.capacity * MemoryLayout<CGFloat>.stride }
}
