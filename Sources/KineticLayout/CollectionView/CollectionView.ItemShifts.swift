import KineticPlatform

extension CollectionView {
    /// How the items of one surviving section pair move in a batch update, stored by its
    /// changes only: O(changes) memory, each lookup O(log changes), whatever the section's size.
    ///
    /// The section loses the items in ``removed`` (deleted, or moved away, numbered before the
    /// update) and gains the items in ``fixed`` (inserted, or moved in, numbered after it). The
    /// items that stay keep their order and fill the free places: the k-th staying item goes to
    /// the k-th place that is not fixed. Both halves of that rule invert with a binary search:
    /// over sorted `fixed`, `fixed[m] − m` is non-decreasing and counts the free places before
    /// `fixed[m]`, so the k-th free place is `k + #{m : fixed[m] − m ≤ k}`; the same over
    /// `removed` finds the k-th staying item.
    struct ItemShifts: Hashable, Sendable {
        /// Items leaving the section, numbered before the update, ascending.
        let removed: [Int]
        /// Places claimed by inserts and moves in, numbered after the update, ascending.
        let fixed: [Int]
        /// Where the items moved away go, by their number before the update.
        let destinations: [Int: IndexPath]
        /// Where the items moved in come from, by their number after the update.
        let sources: [Int: IndexPath]

        /// The place after the update of item `item` before it, in the new section; nil if it left
        /// the section (its destination is in ``destinations``, or it was deleted).
        func newItem(forOldItem item: Int) -> Int? {
            if Self.contains(removed, item) { return nil }
            let staying = item - Self.count(removed, lessThan: item)
            return staying + Self.count(fixed, minusIndexAtMost: staying)
        }

        /// The item before the update at place `item` after it, in the old section; nil if the
        /// place is fixed (its source is in ``sources``, or it was inserted).
        func oldItem(forNewItem item: Int) -> Int? {
            if Self.contains(fixed, item) { return nil }
            let staying = item - Self.count(fixed, lessThan: item)
            return staying + Self.count(removed, minusIndexAtMost: staying)
        }

        /// The place after the update of the first item after `item` (numbered before it) that
        /// stays in the section, or the section's new item count if none does: where the order
        /// breaks when `item` leaves.
        func placeOfFirstStayingItem(after item: Int) -> Int {
            let staying = item + 1 - Self.count(removed, lessThan: item + 1)
            return staying + Self.count(fixed, minusIndexAtMost: staying)
        }

        private static func contains(_ sorted: [Int], _ value: Int) -> Bool {
            let i = count(sorted, lessThan: value)
            return i < sorted.count && sorted[i] == value
        }

        /// How many elements of `sorted` are below `value`.
        private static func count(_ sorted: [Int], lessThan value: Int) -> Int {
            var (low, high) = (0, sorted.count)
            while low < high {
                let mid = (low + high) / 2
                if sorted[mid] < value { low = mid + 1 } else { high = mid }
            }
            return low
        }

        /// How many indices m have `sorted[m] − m ≤ k` (a prefix: the differences never fall).
        private static func count(_ sorted: [Int], minusIndexAtMost k: Int) -> Int {
            var (low, high) = (0, sorted.count)
            while low < high {
                let mid = (low + high) / 2
                if sorted[mid] - mid <= k { low = mid + 1 } else { high = mid }
            }
            return low
        }
    }
}
