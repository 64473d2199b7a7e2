#if hasFeature(Embedded) || KINETIC_STAND_INS
    /// A list of indexes that together name a place in a nested structure: Foundation's
    /// `IndexPath` where Foundation is absent, with UIKit's collection-view spelling built in
    /// (`IndexPath(item:section:)`, `section`, `item`, `row`).
    ///
    /// Foundation's semantics, which `KineticPlatformTests` checks against Foundation's own:
    /// - a collection of `Int`, mutable in place, random access; an index out of range traps;
    /// - equal when the indexes are; ordered lexicographically, a path before any longer path it
    ///   begins (`[1] < [1, 0] < [2]`);
    /// - described as an array is, `[0, 1]`.
    ///
    /// Paths of up to two indexes (every collection-view path) are stored inline, as Foundation
    /// stores them, so making, hashing and comparing them allocates nothing.
    public struct IndexPath: RandomAccessCollection, MutableCollection, Hashable, Comparable, Sendable,
        ExpressibleByArrayLiteral, CustomStringConvertible, CustomDebugStringConvertible
    {
        public typealias Element = Int
        public typealias Index = Int
        public typealias Indices = Range<Int>

        private enum Storage: Sendable {
            case empty
            case single(Int)
            case pair(Int, Int)
            case array([Int])

            init(_ indexes: [Int]) {
                switch indexes.count {
                case 0: self = .empty
                case 1: self = .single(indexes[0])
                case 2: self = .pair(indexes[0], indexes[1])
                default: self = .array(indexes)
                }
            }

            var array: [Int] {
                switch self {
                case .empty: []
                case .single(let index): [index]
                case .pair(let first, let second): [first, second]
                case .array(let indexes): indexes
                }
            }
        }

        private var storage: Storage

        /// An empty index path.
        public init() { storage = .empty }

        /// An index path of `indexes`.
        public init(indexes: [Int]) { storage = Storage(indexes) }

        /// An index path of the indexes of `elements`.
        public init<S: Sequence>(indexes elements: S) where S.Element == Int {
            storage = Storage(Array(elements))
        }

        /// An index path of one index.
        public init(index: Int) { storage = .single(index) }

        /// An index path of the literal's indexes.
        public init(arrayLiteral indexes: Int...) { storage = Storage(indexes) }

        /// UIKit's index path of `item` in `section`.
        public init(item: Int, section: Int) { storage = .pair(section, item) }

        /// UIKit's index path of `row` in `section` (the table-view spelling).
        public init(row: Int, section: Int) { storage = .pair(section, row) }

        /// The section: the first index.
        public var section: Int {
            get { self[0] }
            set { self[0] = newValue }
        }

        /// The item within the section: the second index.
        public var item: Int {
            get { self[1] }
            set { self[1] = newValue }
        }

        /// The row within the section: the second index.
        public var row: Int {
            get { self[1] }
            set { self[1] = newValue }
        }

        // MARK: Collection

        public var startIndex: Int { 0 }

        public var endIndex: Int { count }

        /// The number of indexes.
        public var count: Int {
            switch storage {
            case .empty: 0
            case .single: 1
            case .pair: 2
            case .array(let indexes): indexes.count
            }
        }

        public func index(after i: Int) -> Int { i + 1 }

        public func index(before i: Int) -> Int { i - 1 }

        /// The index at `position`; out of range traps, as Foundation's does.
        public subscript(position: Int) -> Int {
            get {
                switch storage {
                case .single(let index) where position == 0: return index
                case .pair(let first, _) where position == 0: return first
                case .pair(_, let second) where position == 1: return second
                case .array(let indexes): return indexes[position]
                default: preconditionFailure("IndexPath index out of range")
                }
            }
            set {
                switch storage {
                case .single where position == 0: storage = .single(newValue)
                case .pair(_, let second) where position == 0: storage = .pair(newValue, second)
                case .pair(let first, _) where position == 1: storage = .pair(first, newValue)
                case .array(var indexes):
                    storage = .empty  // keeps the array uniquely referenced while it changes
                    indexes[position] = newValue
                    storage = .array(indexes)
                default: preconditionFailure("IndexPath index out of range")
                }
            }
        }

        /// The index path of the indexes in `range`.
        public subscript(range: Range<Int>) -> IndexPath {
            get { IndexPath(indexes: Array(storage.array[range])) }
            set {
                var indexes = storage.array
                indexes.replaceSubrange(range, with: newValue.storage.array)
                storage = Storage(indexes)
            }
        }

        // MARK: Building

        /// Appends the indexes of `other`.
        public mutating func append(_ other: IndexPath) { append(other.storage.array) }

        /// Appends `other`.
        public mutating func append(_ other: Int) { append([other]) }

        /// Appends `other`'s indexes.
        public mutating func append(_ other: [Int]) {
            guard !other.isEmpty else { return }
            storage = Storage(storage.array + other)
        }

        /// This path followed by the indexes of `other`.
        public func appending(_ other: IndexPath) -> IndexPath {
            var result = self
            result.append(other)
            return result
        }

        /// This path followed by `other`.
        public func appending(_ other: Int) -> IndexPath {
            var result = self
            result.append(other)
            return result
        }

        /// This path followed by `other`'s indexes.
        public func appending(_ other: [Int]) -> IndexPath {
            var result = self
            result.append(other)
            return result
        }

        /// This path without its last index (empty stays empty).
        public func dropLast() -> IndexPath {
            IndexPath(indexes: Array(storage.array.dropLast()))
        }

        /// The two paths, one after the other.
        public static func + (lhs: IndexPath, rhs: IndexPath) -> IndexPath { lhs.appending(rhs) }

        /// Appends `rhs` to `lhs`.
        public static func += (lhs: inout IndexPath, rhs: IndexPath) { lhs.append(rhs) }

        // MARK: Equality, order, hashing, description

        /// Equal when the indexes are.
        public static func == (lhs: IndexPath, rhs: IndexPath) -> Bool {
            switch (lhs.storage, rhs.storage) {
            case (.empty, .empty): return true
            case (.single(let a), .single(let b)): return a == b
            case (.pair(let a0, let a1), .pair(let b0, let b1)): return a0 == b0 && a1 == b1
            default: return lhs.count == rhs.count && lhs.elementsEqual(rhs)
            }
        }

        /// Lexicographic: the first index that differs decides; a path comes before any longer
        /// path that begins with it.
        public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
            if case .pair(let a0, let a1) = lhs.storage, case .pair(let b0, let b1) = rhs.storage {
                return a0 < b0 || (a0 == b0 && a1 < b1)
            }
            for position in 0..<Swift.min(lhs.count, rhs.count) where lhs[position] != rhs[position] {
                return lhs[position] < rhs[position]
            }
            return lhs.count < rhs.count
        }

        /// Hashes the number of indexes and the indexes.
        public func hash(into hasher: inout Hasher) {
            switch storage {
            case .empty: hasher.combine(0)
            case .single(let index):
                hasher.combine(1)
                hasher.combine(index)
            case .pair(let first, let second):
                hasher.combine(2)
                hasher.combine(first)
                hasher.combine(second)
            case .array(let indexes):
                hasher.combine(indexes.count)
                for index in indexes { hasher.combine(index) }
            }
        }

        /// `[0, 1]`, as Foundation prints an index path.
        public var description: String {
            var text = "["
            for position in 0..<count {
                if position > 0 { text += ", " }
                text += String(self[position])
            }
            return text + "]"
        }

        /// The same as ``description``, as Foundation's.
        public var debugDescription: String { description }
    }
#endif
