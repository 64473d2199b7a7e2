/// Broad phase over the shapes' fat boxes: a uniform grid rebuilt by sorting every sub-step.
///
/// Each ordinary shape is filed under the grid cell of its box's lower corner; the cell is at
/// least as large as any ordinary box, so two boxes can overlap only if their cells are
/// neighbours. As in Box2D, only shapes whose fat box changed look for partners (a contact
/// lives as long as its fat boxes overlap, so nothing else can be new): each searches its
/// 3 × 3 neighbourhood by binary search in the cell-sorted array. Shapes far larger than the
/// rest (boundaries, a fast item's stretched box) are tested against everything. Cost: one
/// O(n) radix sort when anything moved, plus O(moved · neighbours); no allocation once the
/// scratch arrays have grown. (A sort-and-sweep on one axis, tried first, degenerates to
/// O(n · column height) when items stack, as in any pile.)
struct BroadPhase {
    /// Live shape slots.
    private(set) var members: [Int32] = []
    /// (cell key, shape slot) of the ordinary shapes, sorted by key.
    private var cells: [(key: Int64, shape: Int32)] = []
    /// The radix sort's second buffer.
    private var sortScratch: [(key: Int64, shape: Int32)] = []
    /// Shapes too large for the grid.
    private var large: [Int32] = []
    /// Per shape slot: whether it is among `large` (as of the last rebuild).
    private var isLarge: [Bool] = []
    /// This step's shapes whose fat boxes moved (scratch).
    private var moved: [Int32] = []
    /// The grid's cell size at the last `findPairs` (0: no grid yet).
    private var cellSize = 0.0

    /// Whether `cells` and `large` describe exactly the current members (false after an
    /// insert or remove until the next rebuild).
    private var gridIsCurrent = false

    mutating func insert(_ shape: Int32) {
        members.append(shape)
        gridIsCurrent = false
    }

    mutating func remove(_ shape: Int32) {
        if let i = members.firstIndex(of: shape) { members.remove(at: i) }
        gridIsCurrent = false
    }

    /// Finds the overlapping pairs the filter admits that involve a shape whose fat box moved
    /// since the last call (others' pairs already have contacts, which live as long as the fat
    /// boxes overlap), as (lower, higher) slot pairs packed in a UInt64, into `pairs` (cleared
    /// first; a pair may appear twice when both shapes moved). Clears the moved flags.
    mutating func findPairs(_ shapes: BoundedPointer<Shape>, into pairs: inout [UInt64]) {
        pairs.removeAll(keepingCapacity: true)
        moved.removeAll(keepingCapacity: true)
        for s in members where shapes[Int(s)].moved { moved.append(s) }
        guard !gridIsCurrent || !moved.isEmpty else { return }
        if !gridIsCurrent || !refile(shapes) { rebuild(shapes) }

        func testPair(_ a: Int, _ b: Int) {
            guard a != b else { return }
            let boxA = shapes[a].fatAABB, boxB = shapes[b].fatAABB
            guard boxA.overlaps(boxB), Shape.shouldCollide(shapes[a], shapes[b]) else { return }
            let lo = UInt64(min(a, b)), hi = UInt64(max(a, b))
            pairs.append(lo << 32 | hi)
        }
        cells.withReadOnlyBoundedPointer { cells in
            let n = cells.count
            // Where each of the three rows' runs began for the last moved shape. The shapes are
            // visited in key order and keys are row-major, so for each row offset the run's
            // first key, key(cx − 1, cy + d), only grows, and so does where its run begins:
            // each search starts from the last answer, galloping out from it, instead of
            // searching the whole array (three binary searches a moved shape were 40 % of
            // finding pairs in a 2000-box pile). The answers are the same, so are the pairs.
            var runStart = SIMD3<Int>.zero
            for k in 0..<n where shapes[cells[k].shape].moved {
                let entry = cells[k]
                let a = Int(entry.shape)
                let (cx, cy) = Self.unkey(entry.key)
                // The 3 × 3 neighbourhood: any overlapping ordinary box is filed there. Each
                // row of three cells is one run of the sorted array.
                for d in 0..<3 {
                    let y = cy - 1 + Int64(d)
                    let first = Self.key(cx - 1, y), last = Self.key(cx + 1, y)
                    var lo = Self.firstIndex(in: cells, from: runStart[d], withKeyAtLeast: first)
                    runStart[d] = lo
                    while lo < n && cells[lo].key <= last {
                        testPair(a, Int(cells[lo].shape))
                        lo += 1
                    }
                }
            }
        }
        // Large shapes: a moved one against everything, a still one against the moved ones.
        for l in large {
            if shapes[Int(l)].moved {
                for s in members { testPair(Int(l), Int(s)) }
            } else {
                for s in moved { testPair(Int(l), Int(s)) }
            }
        }
        for s in moved { shapes[Int(s)].moved = false }
    }

    /// The first index at or after `start` whose key is at least `key` (`cells.count` if none),
    /// for a `start` no later than the answer: a galloping search, steps of 1, 2, 4, … from
    /// `start` until a key reaches `key`, then a binary search of the last step. O(log d) for
    /// an answer d entries on.
    @inline(__always)
    private static func firstIndex(
        in cells: BoundedPointer<(key: Int64, shape: Int32)>, from start: Int, withKeyAtLeast key: Int64
    ) -> Int {
        let n = cells.count
        guard start < n, cells[start].key < key else { return start }
        // cells[lo].key < key throughout; the answer is in (lo, hi].
        var lo = start, step = 1, hi = start + 1
        while hi < n && cells[hi].key < key {
            lo = hi
            step *= 2
            hi = lo + step
        }
        hi = min(hi, n)
        var low = lo + 1
        while low < hi {
            let mid = (low + hi) / 2
            if cells[mid].key < key { low = mid + 1 } else { hi = mid }
        }
        return low
    }

    /// Files the moved shapes again without rebuilding, when the grid still fits: every moved
    /// ordinary shape's box is within the cell size. Their keys change in place and an
    /// insertion sort restores the order, O(n) plus the few places entries move (a pile
    /// refits a few dozen boxes a step; rebuilding sorted all of them). Returns false, having
    /// changed nothing, when a full rebuild is needed.
    private mutating func refile(_ shapes: BoundedPointer<Shape>) -> Bool {
        guard cellSize > 0 else { return false }
        for s in moved where !isLarge[Int(s)] {
            guard Self.extent(of: shapes[Int(s)].fatAABB) <= cellSize else { return false }
        }
        let inverse = 1 / cellSize
        cells.withBoundedPointer { cells in
            let n = cells.count
            var changed = false
            for i in 0..<n where shapes[Int(cells[i].shape)].moved {
                let key = Self.cellKey(of: shapes[Int(cells[i].shape)].fatAABB, inverseCellSize: inverse)
                if key != cells[i].key {
                    cells[i].key = key
                    changed = true
                }
            }
            guard changed else { return }
            for i in 1..<max(n, 1) {
                let entry = cells[i]
                var j = i
                while j > 0 && cells[j - 1].key > entry.key {
                    cells[j] = cells[j - 1]
                    j -= 1
                }
                cells[j] = entry
            }
        }
        return true
    }

    /// Files the ordinary shapes in the grid (sorted by cell) and sets the large ones aside.
    private mutating func rebuild(_ shapes: BoundedPointer<Shape>) {
        cells.removeAll(keepingCapacity: true)
        large.removeAll(keepingCapacity: true)
        // Cell size: the largest ordinary box, where "ordinary" is within 4× the mean extent.
        var meanExtent = 0.0
        var highest: Int32 = -1
        for s in members {
            meanExtent += Self.extent(of: shapes[Int(s)].fatAABB)
            highest = max(highest, s)
        }
        meanExtent /= Double(max(members.count, 1))
        let limit = 4 * meanExtent
        if isLarge.count <= Int(highest) {
            isLarge.append(contentsOf: repeatElement(false, count: Int(highest) + 1 - isLarge.count))
        }
        cellSize = 0
        for s in members {
            let extent = Self.extent(of: shapes[Int(s)].fatAABB)
            let tooLarge = extent > limit || !extent.isFinite
            isLarge[Int(s)] = tooLarge
            if tooLarge {
                large.append(s)
            } else {
                cellSize = max(cellSize, extent)
            }
        }
        guard cellSize > 0 else { return }
        let inverse = 1 / cellSize
        for s in members where !isLarge[Int(s)] {
            cells.append((Self.cellKey(of: shapes[Int(s)].fatAABB, inverseCellSize: inverse), s))
        }
        Self.radixSort(&cells, scratch: &sortScratch)
        gridIsCurrent = true
    }

    /// Sorts `cells` by key, stably (equal keys keep their order, as the standard library's
    /// sort does, so the pairs come out in the same order), without allocating once `scratch`
    /// has grown: a least-significant-digit radix sort on the keys less the smallest, a byte
    /// per pass, skipping bytes that are the same in every key (a grid a few dozen cells
    /// across varies in two or three).
    private static func radixSort(
        _ cells: inout [(key: Int64, shape: Int32)], scratch: inout [(key: Int64, shape: Int32)]
    ) {
        let n = cells.count
        guard n > 1 else { return }
        if scratch.count < n {
            scratch.append(contentsOf: repeatElement((key: Int64(0), shape: Int32(0)), count: n - scratch.count))
        }
        cells.withBoundedPointer { cells in
            scratch.withBoundedPointer { scratch in
                var minKey = cells[0].key, maxKey = cells[0].key
                for i in 1..<n {
                    minKey = min(minKey, cells[i].key)
                    maxKey = max(maxKey, cells[i].key)
                }
                let range = UInt64(bitPattern: maxKey &- minKey)
                // The scratch may have grown past this sort's `n` entries; it uses the first `n`.
                var source = cells, destination = scratch.prefix(n)
                withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { countBuffer in
                    // One slot per byte value.
                    let count = BoundedPointer(countBuffer)
                    var shift: UInt64 = 0
                    while shift < 64 && range >> shift != 0 {
                        @inline(__always) func digit(_ key: Int64) -> Int {
                            Int(truncatingIfNeeded: (UInt64(bitPattern: key &- minKey) >> shift) & 0xff)
                        }
                        count.base.initialize(repeating: 0, count: 256)
                        for i in 0..<n { count[digit(source[i].key)] += 1 }
                        if count[digit(source[0].key)] != n {
                            var total = 0
                            for d in 0..<256 {
                                let c = count[d]
                                count[d] = total
                                total += c
                            }
                            for i in 0..<n {
                                let d = digit(source[i].key)
                                destination[count[d]] = source[i]
                                count[d] += 1
                            }
                            swap(&source, &destination)
                        }
                        shift += 8
                    }
                }
                if source.base != cells.base { cells.base.update(from: source.base, count: n) }
            }
        }
    }

    /// Shape slots whose fat boxes (as of the last step) overlap `box`: the grid's cells that
    /// can hold such a shape (each row found by binary search), plus the large shapes.
    func query(_ shapes: BoundedPointer<Shape>, _ box: AABB, _ visit: (Int32) -> Void) {
        // A stale grid (shapes added or removed since the last step) could name dead slots or
        // miss new ones: scan the live members instead.
        guard gridIsCurrent, cellSize > 0 else {
            for s in members where shapes[Int(s)].fatAABB.overlaps(box) { visit(s) }
            return
        }
        let inverse = 1 / cellSize
        // A shape filed under cell (x, y) reaches at most one cell further right and down.
        let x0 = Self.cell(box.lower.x * inverse) - 1, x1 = Self.cell(box.upper.x * inverse)
        let y0 = Self.cell(box.lower.y * inverse) - 1, y1 = Self.cell(box.upper.y * inverse)
        cells.withReadOnlyBoundedPointer { cells in
            guard x1 - x0 < 1 << 20, y1 - y0 < 1 << 20 else {
                for k in 0..<cells.count where shapes[cells[k].shape].fatAABB.overlaps(box) { visit(cells[k].shape) }
                return
            }
            for y in y0...y1 {
                for x in x0...x1 {
                    let cell = Self.key(x, y)
                    var lo = 0, hi = cells.count
                    while lo < hi {
                        let mid = (lo + hi) / 2
                        if cells[mid].key < cell { lo = mid + 1 } else { hi = mid }
                    }
                    while lo < cells.count && cells[lo].key == cell {
                        if shapes[Int(cells[lo].shape)].fatAABB.overlaps(box) { visit(cells[lo].shape) }
                        lo += 1
                    }
                }
            }
        }
        for s in large where shapes[Int(s)].fatAABB.overlaps(box) { visit(s) }
    }

    /// The larger side of a box: what must fit in a cell.
    @inline(__always) private static func extent(of box: AABB) -> Double {
        max(box.upper.x - box.lower.x, box.upper.y - box.lower.y)
    }

    /// The key of the cell a box is filed under: the cell of its lower corner.
    @inline(__always) private static func cellKey(of box: AABB, inverseCellSize inverse: Double) -> Int64 {
        key(cell(box.lower.x * inverse), cell(box.lower.y * inverse))
    }

    /// The cell index of a coordinate in cells, clamped to ±2³⁰ so it converts to an integer
    /// and packs into a key whatever the coordinate (1e30 or 1.8e308 are finite, and would trap
    /// a plain conversion). Shapes beyond the clamp share the edge cells: they are still found,
    /// since every candidate pair is tested on its boxes.
    @inline(__always) static func cell(_ coordinate: Double) -> Int64 {
        let limit = Double(1 << 30)
        let index = coordinate.rounded(.down)
        return index.isNaN ? 0 : Int64(min(max(index, -limit), limit))
    }

    /// Packs a cell's coordinates into one sortable key (row-major, y then x). x is offset by
    /// 2³¹ so that, within a row, keys grow with x across zero too: a run of neighbouring cells
    /// is a run of keys.
    @inline(__always) private static func key(_ x: Int64, _ y: Int64) -> Int64 {
        (y &<< 32) &+ ((x &+ 0x8000_0000) & 0xffff_ffff)
    }

    @inline(__always) private static func unkey(_ k: Int64) -> (Int64, Int64) {
        let biased = k & 0xffff_ffff
        return (biased &- 0x8000_0000, (k &- biased) &>> 32)
    }
}
