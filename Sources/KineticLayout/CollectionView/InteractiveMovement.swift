import KineticDynamics
import KineticPlatform

/// The state of a running interactive movement: one item shown at a target path of its own,
/// every other item shifted around it. The data source has not moved anything yet.
struct InteractiveMovement {
    /// Where the item is in the data source: where the movement began.
    let originalIndexPath: IndexPath
    /// Where the item is shown now (a presented path).
    var currentIndexPath: IndexPath
    /// Where the finger is (content coordinates); nil until known.
    var targetPosition: CGPoint?
    /// The counts the collection view presents: the data source's, with the item moved.
    var presentedCounts: [Int]

    /// Where the item at `path` goes when the one item at `source` moves to `destination`
    /// (`path` and `source` numbered before the move, `destination` and the result after it).
    /// The move is a removal followed by an insertion, so its inverse is the same function
    /// with `source` and `destination` swapped.
    static func path(_ path: IndexPath, afterMovingItemAt source: IndexPath, to destination: IndexPath) -> IndexPath {
        if path == source { return destination }
        var moved = path
        if moved.section == source.section, moved.item > source.item { moved.item -= 1 }
        if moved.section == destination.section, moved.item >= destination.item { moved.item += 1 }
        return moved
    }

    /// ``path(_:afterMovingItemAt:to:)`` within one section, by item number: where `item` goes
    /// when the item at `source` moves to `destination`; swapped, the way back.
    static func item(_ item: Int, afterMovingItemAt source: Int, to destination: Int) -> Int {
        if item == source { return destination }
        var moved = item
        if moved > source { moved -= 1 }
        if moved >= destination { moved += 1 }
        return moved
    }
}
