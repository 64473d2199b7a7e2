#if hasFeature(Embedded) || KINETIC_STAND_INS
    /// A set of integers, kept as sorted ranges: Foundation's `IndexSet` where Foundation is
    /// absent (UIKit takes one in `insertSections(_:)` and its kin).
    ///
    /// Foundation's semantics, which `KineticPlatformTests` checks against Foundation's own: a
    /// set algebra of `Int`, iterated in ascending order, whose ``rangeView`` lists its
    /// maximal runs of consecutive integers; `count` costs the number of runs, not of integers.
    /// Described as Foundation describes one, `4 indexes`. One difference: ``insert(_:)`` says
    /// whether the integer was new (Foundation's always says it was).
    public struct IndexSet: SetAlgebra, BidirectionalCollection, Hashable, Sendable, CustomStringConvertible,
        CustomDebugStringConvertible
    {
        public typealias Element = Int

        /// A position in the set: the run and the integer in it.
        public struct Index: Comparable, Hashable, Sendable {
            fileprivate var run: Int
            fileprivate var value: Int

            public static func < (lhs: Index, rhs: Index) -> Bool {
                lhs.run < rhs.run || (lhs.run == rhs.run && lhs.value < rhs.value)
            }
        }

        /// The maximal runs of consecutive integers, ascending, never empty, never touching.
        private var runs: [Range<Int>] = []

        /// The empty set.
        public init() {}

        /// The set of `integer`.
        public init(integer: Int) { runs = [integer..<(integer + 1)] }

        /// The set of the integers in `range`.
        public init(integersIn range: Range<Int>) {
            if !range.isEmpty { runs = [range] }
        }

        /// The set of the integers in `range`.
        public init(integersIn range: ClosedRange<Int>) { self.init(integersIn: Range(range)) }

        /// The set of the integers of `sequence`.
        public init<S: Sequence>(_ sequence: S) where S.Element == Int {
            for integer in sequence { insert(integer) }
        }

        /// The set of the literal's integers.
        public init(arrayLiteral integers: Int...) { self.init(integers) }

        // MARK: Reading

        /// The maximal runs of consecutive integers, ascending.
        public var rangeView: [Range<Int>] { runs }

        /// The number of integers.
        public var count: Int { runs.reduce(0) { $0 + $1.count } }

        /// Whether the set holds no integer.
        public var isEmpty: Bool { runs.isEmpty }

        /// The smallest integer.
        public var first: Int? { runs.first?.lowerBound }

        /// The largest integer.
        public var last: Int? { runs.last.map { $0.upperBound - 1 } }

        /// Whether the set holds `integer`.
        public func contains(_ integer: Int) -> Bool {
            let run = firstRun(endingAfter: integer)
            return run < runs.count && runs[run].contains(integer)
        }

        /// How many integers of `range` the set holds.
        public func count(in range: Range<Int>) -> Int {
            runs.reduce(0) { $0 + $1.clamped(to: range).count }
        }

        /// The smallest integer above `integer`.
        public func integerGreaterThan(_ integer: Int) -> Int? {
            guard integer < Int.max else { return nil }
            return integerGreaterThanOrEqualTo(integer + 1)
        }

        /// The smallest integer at or above `integer`.
        public func integerGreaterThanOrEqualTo(_ integer: Int) -> Int? {
            let run = firstRun(endingAfter: integer)
            return run < runs.count ? Swift.max(runs[run].lowerBound, integer) : nil
        }

        /// The largest integer below `integer`.
        public func integerLessThan(_ integer: Int) -> Int? {
            guard integer > Int.min else { return nil }
            return integerLessThanOrEqualTo(integer - 1)
        }

        /// The largest integer at or below `integer`.
        public func integerLessThanOrEqualTo(_ integer: Int) -> Int? {
            let run = firstRun(endingAfter: integer)
            if run < runs.count, runs[run].contains(integer) { return integer }
            return run > 0 ? runs[run - 1].upperBound - 1 : nil
        }

        /// The index of the first run whose upper bound is above `integer` (binary search).
        private func firstRun(endingAfter integer: Int) -> Int {
            var low = 0, high = runs.count
            while low < high {
                let mid = low + (high - low) / 2
                if runs[mid].upperBound <= integer { low = mid + 1 } else { high = mid }
            }
            return low
        }

        // MARK: Changing

        /// Adds `integer`; says whether it was new.
        @discardableResult
        public mutating func insert(_ integer: Int) -> (inserted: Bool, memberAfterInsert: Int) {
            if contains(integer) { return (false, integer) }
            insert(integersIn: integer..<(integer + 1))
            return (true, integer)
        }

        /// Adds the integers of `range`.
        public mutating func insert(integersIn range: Range<Int>) {
            guard !range.isEmpty else { return }
            // The runs that touch or overlap `range` merge with it: from the first that ends at
            // or after its start to the last that starts at or before its end.
            let first = range.lowerBound == Int.min ? 0 : firstRun(endingAfter: range.lowerBound - 1)
            var end = first
            var merged = range
            while end < runs.count, runs[end].lowerBound <= range.upperBound {
                merged =
                    Swift.min(
                        merged.lowerBound, runs[end].lowerBound)..<Swift.max(merged.upperBound, runs[end].upperBound)
                end += 1
            }
            runs.replaceSubrange(first..<end, with: [merged])
        }

        /// Adds the integers of `range`.
        public mutating func insert(integersIn range: ClosedRange<Int>) { insert(integersIn: Range(range)) }

        /// Adds `integer`; returns it if it was there already.
        @discardableResult
        public mutating func update(with integer: Int) -> Int? {
            insert(integer).inserted ? nil : integer
        }

        /// Removes `integer`; returns it if it was there.
        @discardableResult
        public mutating func remove(_ integer: Int) -> Int? {
            guard contains(integer) else { return nil }
            remove(integersIn: integer..<(integer + 1))
            return integer
        }

        /// Removes the integers of `range`.
        public mutating func remove(integersIn range: Range<Int>) {
            guard !range.isEmpty else { return }
            let first = firstRun(endingAfter: range.lowerBound)
            var end = first
            var kept: [Range<Int>] = []
            while end < runs.count, runs[end].lowerBound < range.upperBound {
                let run = runs[end]
                if run.lowerBound < range.lowerBound { kept.append(run.lowerBound..<range.lowerBound) }
                if run.upperBound > range.upperBound { kept.append(range.upperBound..<run.upperBound) }
                end += 1
            }
            runs.replaceSubrange(first..<end, with: kept)
        }

        /// Removes the integers of `range`.
        public mutating func remove(integersIn range: ClosedRange<Int>) { remove(integersIn: Range(range)) }

        /// Removes every integer.
        public mutating func removeAll() { runs.removeAll() }

        // MARK: Set algebra

        /// The integers in either set.
        public func union(_ other: IndexSet) -> IndexSet {
            var result = self
            result.formUnion(other)
            return result
        }

        /// The integers in both sets.
        public func intersection(_ other: IndexSet) -> IndexSet {
            var result = IndexSet()
            var i = 0, j = 0
            while i < runs.count, j < other.runs.count {
                let overlap = runs[i].clamped(to: other.runs[j])
                if !overlap.isEmpty { result.runs.append(overlap) }
                if runs[i].upperBound < other.runs[j].upperBound { i += 1 } else { j += 1 }
            }
            return result
        }

        /// The integers in one set and not the other.
        public func symmetricDifference(_ other: IndexSet) -> IndexSet {
            union(other).subtracting(intersection(other))
        }

        /// The integers of this set that `other` does not hold.
        public func subtracting(_ other: IndexSet) -> IndexSet {
            var result = self
            for run in other.runs { result.remove(integersIn: run) }
            return result
        }

        /// Adds the integers of `other`.
        public mutating func formUnion(_ other: IndexSet) {
            for run in other.runs { insert(integersIn: run) }
        }

        /// Keeps the integers `other` holds too.
        public mutating func formIntersection(_ other: IndexSet) { self = intersection(other) }

        /// Keeps the integers in one set and not the other.
        public mutating func formSymmetricDifference(_ other: IndexSet) { self = symmetricDifference(other) }

        // MARK: Collection

        public var startIndex: Index { Index(run: 0, value: runs.first?.lowerBound ?? 0) }

        public var endIndex: Index { Index(run: runs.count, value: 0) }

        public func index(after i: Index) -> Index {
            if i.value + 1 < runs[i.run].upperBound { return Index(run: i.run, value: i.value + 1) }
            let next = i.run + 1
            return Index(run: next, value: next < runs.count ? runs[next].lowerBound : 0)
        }

        public func index(before i: Index) -> Index {
            if i.run < runs.count, i.value > runs[i.run].lowerBound { return Index(run: i.run, value: i.value - 1) }
            let previous = i.run - 1
            return Index(run: previous, value: runs[previous].upperBound - 1)
        }

        public subscript(position: Index) -> Int { position.value }

        // MARK: Equality and description

        public static func == (lhs: IndexSet, rhs: IndexSet) -> Bool { lhs.runs == rhs.runs }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(runs.count)
            for run in runs {
                hasher.combine(run.lowerBound)
                hasher.combine(run.upperBound)
            }
        }

        /// `4 indexes`, as Foundation describes an index set.
        public var description: String { "\(count) indexes" }

        /// The same as ``description``, as Foundation's.
        public var debugDescription: String { description }
    }
#endif
