/// How the items of one section of a flow layout changed in an update, in the terms a partial
/// layout needs: where the old order breaks, and which old item each new place shows.
///
/// Places are numbered after the update ("new"), items before it ("old"). A place *breaks* the
/// old order when the item shown there is not the old successor of the item shown just before
/// it: an inserted or moved-in item, the item after one, the first item after a deleted or
/// moved-away one, place 0 when it no longer shows old item 0, and the item count when the last
/// place no longer shows the old last item. Between breaks, places show a run of consecutive old
/// items, so the lines there are the old lines: a line's contents depend only on the sizes from
/// its first item to the one after its last (lines fill greedily), and whether it is the last.
struct FlowItemChange {
    /// The places that break the old order, ascending, each once; extra places are allowed (they
    /// only cost laying out more), missing ones are not.
    var breaks: [Int]
    /// The old item shown at a new place; nil for an item new to the section.
    var oldItem: (Int) -> Int?
    /// The new place of an old item; nil if it left the section.
    var newItem: (Int) -> Int?
    /// Whether every item stays at its place (only sizes changed), so laying out in parts never
    /// moves frames in memory and any number of breaks is cheap.
    var keepsPlaces = false

    /// The change of a batch update whose items moved by `shifts` (see
    /// ``CollectionView/ItemShifts``), leaving `itemCount` items.
    init(_ shifts: CollectionView.ItemShifts, itemCount: Int) {
        var breaks: [Int] = []
        breaks.reserveCapacity(2 * shifts.fixed.count + shifts.removed.count)
        for place in shifts.fixed {
            breaks.append(place)
            breaks.append(place + 1)
        }
        for item in shifts.removed { breaks.append(shifts.placeOfFirstStayingItem(after: item)) }
        self.breaks = Self.normalized(breaks, itemCount: itemCount)
        oldItem = { shifts.oldItem(forNewItem: $0) }
        newItem = { shifts.newItem(forOldItem: $0) }
    }

    /// The change of an interactive movement step that shows the item at `source` at
    /// `destination`, the items between shifting by one, in a section of `itemCount` items.
    init(movingItemAt source: Int, to destination: Int, itemCount: Int) {
        let breaks =
            source < destination
            ? [source, destination, destination + 1]
            : source > destination ? [destination, destination + 1, source + 1] : []
        self.breaks = Self.normalized(breaks, itemCount: itemCount)
        // A move is a removal and an insertion: its inverse is the same move reversed.
        oldItem = { InteractiveMovement.item($0, afterMovingItemAt: destination, to: source) }
        newItem = { InteractiveMovement.item($0, afterMovingItemAt: source, to: destination) }
    }

    /// The change of items whose sizes changed in place (`items`, ascending or not): each breaks
    /// the order at itself and after itself.
    init(resizing items: [Int], itemCount: Int) {
        breaks = Self.normalized(items.flatMap { [$0, $0 + 1] }, itemCount: itemCount)
        oldItem = { $0 }
        newItem = { $0 }
        keepsPlaces = true
    }

    /// `breaks` sorted, each once, within `0...itemCount`.
    private static func normalized(_ breaks: [Int], itemCount: Int) -> [Int] {
        var sorted = breaks.filter { $0 >= 0 && $0 <= itemCount }
        sorted.sort()
        var unique: [Int] = []
        unique.reserveCapacity(sorted.count)
        for place in sorted where unique.last != place { unique.append(place) }
        return unique
    }
}
