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
    /// Two phases, 2k moves for k items. First every item is parked, in order, at the end of the
    /// last section (taken in descending order, so the paths still to take do not shift). Then
    /// each is inserted at its destination in ascending order: everything before a destination
    /// is then already final (the items that stayed keep their relative order, and the parked
    /// ones wait after it all), so the destination path is exact. A single item moves directly.
    static func relocating(_ sources: [IndexPath], to destinations: [IndexPath], counts: [Int]) -> [Move] {
        precondition(sources.count == destinations.count, "one destination per source")
        guard let lastSection = counts.indices.last, !sources.isEmpty else { return [] }
        if sources.count == 1 { return sources[0] == destinations[0] ? [] : [(sources[0], destinations[0])] }
        var counts = counts
        var moves: [Move] = []
        moves.reserveCapacity(sources.count * 2)
        var parked = 0
        for source in sources.reversed() {
            counts[source.section] -= 1
            let destination = IndexPath(item: counts[lastSection] - parked, section: lastSection)
            counts[lastSection] += 1
            parked += 1
            if source != destination { moves.append((source, destination)) }
        }
        for destination in destinations {
            let source = IndexPath(item: counts[lastSection] - parked, section: lastSection)
            counts[lastSection] -= 1
            counts[destination.section] += 1
            parked -= 1
            if source != destination { moves.append((source, destination)) }
        }
        return moves
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
