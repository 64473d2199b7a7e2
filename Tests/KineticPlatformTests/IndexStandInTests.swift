import Foundation
import Testing

// `StandIns/` holds links to the WebAssembly build's stand-ins, compiled here natively with
// KINETIC_STAND_INS: `IndexPath` and `IndexSet` below are the stand-ins, `Foundation.IndexPath`
// and `Foundation.IndexSet` Foundation's. Each test does the same to both and compares.
// Foundation's index sets hold non-negative integers (NSIndexSet's unsigned ranges), as
// sections are: the cases here do too.

/// SplitMix64: the same cases on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("IndexPath stand-in")
struct IndexPathStandInTests {
    /// Random paths of 0 to 4 indexes, each from -2 to 5 so that equal ones and prefixes occur.
    static func randomIndexes(_ generator: inout SeededGenerator) -> [Int] {
        (0..<Int.random(in: 0...4, using: &generator)).map { _ in Int.random(in: -2...5, using: &generator) }
    }

    @Test func equalityOrderHashAndDescriptionAreFoundations() {
        var generator = SeededGenerator(state: 1)
        for _ in 0..<2000 {
            let a = Self.randomIndexes(&generator), b = Self.randomIndexes(&generator)
            let (mineA, mineB) = (IndexPath(indexes: a), IndexPath(indexes: b))
            let (theirsA, theirsB) = (Foundation.IndexPath(indexes: a), Foundation.IndexPath(indexes: b))
            #expect((mineA == mineB) == (theirsA == theirsB), "\(a) == \(b)")
            #expect((mineA < mineB) == (theirsA < theirsB), "\(a) < \(b)")
            #expect((mineA <= mineB) == (theirsA <= theirsB), "\(a) <= \(b)")
            #expect(mineA.description == theirsA.description)
            #expect(mineA.debugDescription == theirsA.debugDescription)
            #expect("\(mineA)" == "\(theirsA)")
            #expect(mineA.count == theirsA.count)
            #expect(Array(mineA) == Array(theirsA))
            if mineA == mineB { #expect(mineA.hashValue == mineB.hashValue) }
        }
    }

    @Test func buildingAndMutatingAreFoundations() {
        var generator = SeededGenerator(state: 2)
        for _ in 0..<1000 {
            let start = Self.randomIndexes(&generator)
            var mine = IndexPath(indexes: start)
            var theirs = Foundation.IndexPath(indexes: start)
            for _ in 0..<6 {
                let other = Self.randomIndexes(&generator)
                switch Int.random(in: 0..<6, using: &generator) {
                case 0:
                    mine.append(IndexPath(indexes: other))
                    theirs.append(Foundation.IndexPath(indexes: other))
                case 1:
                    mine.append(other)
                    theirs.append(other)
                case 2:
                    mine = mine.dropLast()
                    theirs = theirs.dropLast()
                case 3 where !mine.isEmpty:
                    let position = Int.random(in: 0..<mine.count, using: &generator)
                    mine[position] = other.first ?? 7
                    theirs[position] = other.first ?? 7
                case 4:
                    mine = mine.appending(other.count)
                    theirs = theirs.appending(other.count)
                default:
                    let end = Int.random(in: 0...mine.count, using: &generator)
                    #expect(Array(mine[0..<end]) == Array(theirs[0..<end]))
                }
                #expect(Array(mine) == Array(theirs))
                #expect(mine.description == theirs.description)
            }
        }
    }

    @Test func theCollectionViewSpellingNamesSectionThenItem() {
        var path = IndexPath(item: 3, section: 1)
        #expect(Array(path) == [1, 3])
        #expect(path.section == 1 && path.item == 3 && path.row == 3)
        path.item = 9
        path.section = 4
        #expect(path == IndexPath(indexes: [4, 9]))
        #expect(IndexPath(row: 2, section: 0) == [0, 2])
        #expect(IndexPath(index: 5).description == "[5]")
        #expect(IndexPath().description == "[]")
        // Sorting a set of item paths, as a collection view sorts its selection.
        let paths: Set<IndexPath> = [[1, 0], [0, 2], [0, 10], [1], [0, 2]]
        #expect(paths.sorted() == [[0, 2], [0, 10], [1], [1, 0]])
    }

    @Test func aThirtyTwoBitItemRoundTrips() {
        let path = IndexPath(item: Int(Int32.max), section: Int(Int32.max) - 1)
        #expect(path.item == Int(Int32.max) && path.section == Int(Int32.max) - 1)
        #expect(path < IndexPath(item: 0, section: Int(Int32.max)))
    }
}

@Suite("IndexSet stand-in")
struct IndexSetStandInTests {
    @Test func randomChangesGiveFoundationsSet() {
        var generator = SeededGenerator(state: 3)
        for _ in 0..<300 {
            var mine = IndexSet()
            var theirs = Foundation.IndexSet()
            for _ in 0..<40 {
                let low = Int.random(in: 0...40, using: &generator)
                let high = low + Int.random(in: 0...6, using: &generator)
                switch Int.random(in: 0..<5, using: &generator) {
                case 0:
                    mine.insert(low)
                    theirs.insert(low)
                case 1:
                    #expect(mine.remove(low) == theirs.remove(low))
                case 2:
                    mine.insert(integersIn: low..<high)
                    theirs.insert(integersIn: low..<high)
                case 3:
                    mine.remove(integersIn: low..<high)
                    theirs.remove(integersIn: low..<high)
                default:
                    let other = (0..<4).map { _ in Int.random(in: 0...40, using: &generator) }
                    let (mineOther, theirsOther) = (IndexSet(other), Foundation.IndexSet(other))
                    #expect(Array(mine.union(mineOther)) == Array(theirs.union(theirsOther)))
                    #expect(Array(mine.intersection(mineOther)) == Array(theirs.intersection(theirsOther)))
                    #expect(Array(mine.subtracting(mineOther)) == Array(theirs.subtracting(theirsOther)))
                    #expect(
                        Array(mine.symmetricDifference(mineOther)) == Array(theirs.symmetricDifference(theirsOther)))
                }
                #expect(Array(mine) == Array(theirs))
                #expect(Array(mine.reversed()) == Array(theirs.reversed()))
                #expect(mine.rangeView == Array(theirs.rangeView))
                #expect(mine.count == theirs.count)
                #expect(mine.first == theirs.first && mine.last == theirs.last)
                #expect(mine.description == theirs.description)
                let probe = Int.random(in: 0...42, using: &generator)
                #expect(mine.contains(probe) == theirs.contains(probe))
                #expect(mine.integerGreaterThan(probe) == theirs.integerGreaterThan(probe))
                #expect(mine.integerLessThanOrEqualTo(probe) == theirs.integerLessThanOrEqualTo(probe))
                #expect(mine.count(in: probe..<(probe + 7)) == theirs.count(in: probe..<(probe + 7)))
            }
        }
    }

    @Test func literalsAndRangesAreFoundations() {
        let mine: IndexSet = [5, 1, 2, 3, 9, 10]
        #expect(mine.rangeView == [1..<4, 5..<6, 9..<11])
        #expect(mine.map { $0 } == [1, 2, 3, 5, 9, 10])
        #expect(IndexSet(integer: 4).description == "1 indexes")
        #expect(IndexSet(integersIn: 3...5).description == Foundation.IndexSet(integersIn: 3...5).description)
        #expect(IndexSet([0, 0]) == IndexSet(integer: 0))
        var changed = mine
        #expect(changed.insert(7).inserted)
        #expect(!changed.insert(7).inserted)  // Foundation's says true: the one difference
    }
}

@Suite("AnyValue stand-in")
struct AnyValueStandInTests {
    @Test func aValueComesBackAsItsOwnTypeOnly() {
        final class Card {}
        let card = Card()
        #expect(castAnyValue(makeAnyValue(5), to: Int.self) == 5)
        #expect(castAnyValue(makeAnyValue(5), to: String.self) == nil)
        #expect(castAnyValue(makeAnyValue(card), to: Card.self) === card)
        #expect(castAnyValue(makeAnyValue(makeAnyValue("x")), to: String.self) == "x")
    }
}
