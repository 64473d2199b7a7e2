import KineticPlatform

/// How a collection view shows its data while a drag is over it or has just dropped into it:
/// some of its items taken out (lifted away, their gap closed) and some empty places put in
/// (the gap opened for a drop, a placeholder awaiting its data). The data source is not told
/// until the drop; every index path the view gives meanwhile is presented, and this maps them.
struct DropPresentation: Equatable {
    /// Data paths not shown, ascending.
    var hidden: [IndexPath] = []
    /// Presented paths of the empty places, ascending; several in a row make a gap.
    var places: [IndexPath] = []
    /// Each place's size (the dragged item's, or the placeholder's).
    var placeSizes: [IndexPath: CGSize] = [:]

    var isEmpty: Bool { hidden.isEmpty && places.isEmpty }

    /// The presented counts for the data's `counts`.
    func counts(_ counts: [Int]) -> [Int] {
        var result = counts
        for path in hidden where result.indices.contains(path.section) { result[path.section] -= 1 }
        for path in places where result.indices.contains(path.section) { result[path.section] += 1 }
        return result
    }

    /// The presented path of the data's item at `path`, or nil if it is hidden.
    func presented(_ path: IndexPath) -> IndexPath? {
        var item = path.item
        for hiddenPath in hidden where hiddenPath.section == path.section {
            if hiddenPath.item == path.item { return nil }
            if hiddenPath.item < path.item { item -= 1 }
        }
        // Places are ascending: each at or before the item so far pushes it one on.
        for place in places where place.section == path.section {
            if place.item <= item { item += 1 } else { break }
        }
        return IndexPath(item: item, section: path.section)
    }

    /// The data path of the item presented at `path`, or nil for an empty place.
    func data(_ path: IndexPath) -> IndexPath? {
        var item = path.item
        for place in places where place.section == path.section {
            if place.item == path.item { return nil }
            if place.item < path.item { item -= 1 }
        }
        // Hidden items are ascending: each at or before the candidate pushes it one on.
        for hiddenPath in hidden where hiddenPath.section == path.section {
            if hiddenPath.item <= item { item += 1 } else { break }
        }
        return IndexPath(item: item, section: path.section)
    }

    /// Adds an empty place of `size` at presented `place`; the places at or after it in its
    /// section move on by one.
    mutating func insertPlace(at place: IndexPath, size: CGSize) {
        func shifted(_ path: IndexPath) -> IndexPath {
            path.section == place.section && path.item >= place.item
                ? IndexPath(item: path.item + 1, section: path.section) : path
        }
        places = (places.map(shifted) + [place]).sorted()
        placeSizes = Dictionary(uniqueKeysWithValues: placeSizes.map { (shifted($0.key), $0.value) })
        placeSizes[place] = size
    }

    /// Removes the empty place at presented `place`; the places after it in its section move
    /// back by one.
    mutating func removePlace(at place: IndexPath) {
        func shifted(_ path: IndexPath) -> IndexPath {
            path.section == place.section && path.item > place.item
                ? IndexPath(item: path.item - 1, section: path.section) : path
        }
        places = places.filter { $0 != place }.map(shifted)
        placeSizes[place] = nil
        placeSizes = Dictionary(uniqueKeysWithValues: placeSizes.map { (shifted($0.key), $0.value) })
    }
}
