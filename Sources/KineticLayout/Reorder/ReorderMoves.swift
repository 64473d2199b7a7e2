import KineticPlatform

/// The single-item moves a reorder is made of.
///
/// Every change a drag makes to the data is a sequence of remove-then-insert moves of one item,
/// so after each the data is a permutation of itself: nothing lost, nothing duplicated.
enum ReorderMoves {
    /// One move: remove the item at `from`, insert it at `to` of the shortened data.
    typealias Move = (from: IndexPath, to: IndexPath)

    /// The moves that take the items at `sources` out and put them at `destinations`.
    ///
    /// - Parameters:
    ///   - sources: the items' current index paths, ascending.
    ///   - destinations: where the items end, ascending, as index paths of the final data; the
    ///     i-th source goes to the i-th destination.
    ///   - counts: the current item count of every section.
    ///
    /// At most one move per item, each spanning only the places between the items and their
    /// destinations, so a data source that shifts what lies between a move's two places (an
    /// array's remove and insert does, within a section) pays for that span, never for the
    /// rest of a long section: a block of k items stepping one slot is k moves of k + 1 places.
    ///
    /// The items go in ascending order of destination. When item i goes, the arrangement
    /// without the items still to go is already the final one without them, so its destination
    /// is a place among those: after `destination.item` of them. The items still to go are
    /// counted in where they stand (each leaves later, and goes after this one), which makes
    /// the destination exact in the data as it is. A single item moves directly.
    static func relocating(_ sources: [IndexPath], to destinations: [IndexPath], counts: [Int]) -> [Move] {
        precondition(sources.count == destinations.count, "one destination per source")
        guard !counts.isEmpty, !sources.isEmpty else { return [] }
        if sources.count == 1 { return sources[0] == destinations[0] ? [] : [(sources[0], destinations[0])] }
        // The items still to go keep their order (they all shift alike as one goes), so item m
        // stands at its source's item plus the shifts added at m so far: a Fenwick tree of range
        // additions over the items' ranks answers that in O(log k).
        var shifts = RangeShifts(count: sources.count)
        func standing(_ m: Int) -> Int { sources[m].item + shifts.value(at: m) }
        var moves: [Move] = []
        moves.reserveCapacity(sources.count)
        for (i, destination) in destinations.enumerated() {
            let source = IndexPath(item: standing(i), section: sources[i].section)
            // Taken out: the later items of its section (all after it) close the gap.
            shifts.add(-1, in: (i + 1)..<section(source.section, in: sources, from: i + 1).upperBound)
            // Among the settled items (the final arrangement without those still to go), after
            // `destination.item` of them: step over each item still to go that stands before.
            // Their items rise with their ranks, so standing(m) − (m − low) never falls and the
            // first one not to step over is found by a binary search.
            let run = section(destination.section, in: sources, from: i + 1)
            var (low, high) = (run.lowerBound, run.upperBound)
            while low < high {
                let mid = (low + high) / 2
                if standing(mid) - (mid - run.lowerBound) < destination.item { low = mid + 1 } else { high = mid }
            }
            let target = IndexPath(item: destination.item + (low - run.lowerBound), section: destination.section)
            // Put in: the items still to go from there on make way.
            shifts.add(1, in: low..<run.upperBound)
            if source != target { moves.append((source, target)) }
        }
        return moves
    }

    /// The ranks, from `first` on, of the `sources` (ascending) in section `section`.
    private static func section(_ section: Int, in sources: [IndexPath], from first: Int) -> Range<Int> {
        func firstRank(where isPast: (IndexPath) -> Bool) -> Int {
            var (low, high) = (first, sources.count)
            while low < high {
                let mid = (low + high) / 2
                if isPast(sources[mid]) { high = mid } else { low = mid + 1 }
            }
            return low
        }
        return firstRank { $0.section >= section }..<firstRank { $0.section > section }
    }

    /// Additions to ranges of 0..<count, read one place at a time: a Fenwick tree of the
    /// differences, O(log count) each way.
    struct RangeShifts {
        private var tree: [Int]

        init(count: Int) { tree = [Int](repeating: 0, count: count + 1) }

        /// Adds `delta` to every place in `range`.
        mutating func add(_ delta: Int, in range: Range<Int>) {
            guard !range.isEmpty else { return }
            addFrom(range.lowerBound, delta)
            addFrom(range.upperBound, -delta)
        }

        private mutating func addFrom(_ place: Int, _ delta: Int) {
            var index = place + 1
            while index < tree.count {
                tree[index] += delta
                index += index & -index
            }
        }

        /// The sum of the additions that cover `place`.
        func value(at place: Int) -> Int {
            var index = place + 1, sum = 0
            while index > 0 {
                sum += tree[index]
                index -= index & -index
            }
            return sum
        }
    }

    /// Where the item at `indexPath` is after `move`: the moved item goes to `move.to`, the
    /// others close the gap it left and open the one it takes.
    static func indexPath(_ indexPath: IndexPath, after move: Move) -> IndexPath {
        if indexPath == move.from { return move.to }
        var item = indexPath.item
        if indexPath.section == move.from.section, item > move.from.item { item -= 1 }
        if indexPath.section == move.to.section, item >= move.to.item { item += 1 }
        return IndexPath(item: item, section: indexPath.section)
    }
}
