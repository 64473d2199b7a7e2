/// The pairs of shapes that hold a contact, so that the broad phase's question for each pair
/// it finds, "is there a contact already?", is one probe into a small table rather than a walk
/// down a shape's contact list.
///
/// Why: the walk follows each contact's link to the next, and a contact is 448 bytes in an array
/// of thousands, so every step of it waited on memory: in a settled 2000-box pile on this
/// project's machine (AMD EPYC, 1 MiB of L2 cache a core) it was 6 % of the frame, nearly all of
/// `collide`'s own time. The table is 8 bytes a contact at most half full, 128 KB for 8000
/// contacts, and stays in the cache. It answers exactly what the walk answered, so the pairs
/// created, and their order, are the same.
///
/// Open addressing with linear probing: a pair's key is its two shape slots, the smaller in
/// the high half (0 is never a key: a shape has no contact with itself), and its home slot is
/// the key's Fibonacci hash (times 2⁶⁴/φ, the top bits). Removal shifts the run after the freed
/// slot back (Knuth's algorithm R), so no tombstones build up as contacts come and go.
struct PairSet {
    private var keys: [UInt64] = Array(repeating: 0, count: 16)
    private var count = 0
    /// 64 − log₂ of the table's size: the hash keeps the top bits.
    private var shift: UInt64 = 60

    @inline(__always) private static func key(_ a: Int32, _ b: Int32) -> UInt64 {
        let low = UInt64(UInt32(bitPattern: min(a, b))), high = UInt64(UInt32(bitPattern: max(a, b)))
        return low << 32 | high
    }

    @inline(__always) private func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// Whether the pair (a, b), in either order, is in the set.
    func contains(_ a: Int32, _ b: Int32) -> Bool {
        let key = Self.key(a, b), mask = keys.count - 1
        return keys.withReadOnlyBoundedPointer { keys in
            var i = home(key)
            while keys[i] != 0 {
                if keys[i] == key { return true }
                i = (i + 1) & mask
            }
            return false
        }
    }

    /// Adds the pair (a, b), which must not be in the set. Grows (allocates) only when the set
    /// would be more than half full.
    mutating func insert(_ a: Int32, _ b: Int32) {
        if 2 * (count + 1) > keys.count { grow() }
        place(Self.key(a, b))
        count += 1
    }

    /// Removes the pair (a, b), which must be in the set.
    mutating func remove(_ a: Int32, _ b: Int32) {
        let key = Self.key(a, b), mask = keys.count - 1
        var i = home(key)
        while keys[i] != key { i = (i + 1) & mask }
        // Algorithm R: move back every key of the run after i whose home does not lie
        // (cyclically) in (i, j], so each stays reachable from its home without a gap.
        var j = i
        while true {
            j = (j + 1) & mask
            if keys[j] == 0 { break }
            let k = home(keys[j])
            let stays = i <= j ? (i < k && k <= j) : (i < k || k <= j)
            if !stays {
                keys[i] = keys[j]
                i = j
            }
        }
        keys[i] = 0
        count -= 1
    }

    private mutating func place(_ key: UInt64) {
        let mask = keys.count - 1
        var i = home(key)
        while keys[i] != 0 { i = (i + 1) & mask }
        keys[i] = key
    }

    private mutating func grow() {
        let old = keys
        keys = Array(repeating: 0, count: 2 * old.count)
        shift -= 1
        for key in old where key != 0 { place(key) }
    }
}
