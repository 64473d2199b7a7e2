import Testing

@testable import KineticDynamics

/// The set of shape pairs with a contact answers as a set does, through growth and through
/// removals that shift runs back across the end of the table.
@Suite("PairSet: the shape pairs that hold a contact")
struct PairSetTests {
    /// SplitMix64: the same operations on every run.
    private struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func answersAsASetDoes(seed: UInt64) {
        var random = Random(state: seed)
        var pairs = PairSet()
        var truth = Set<[Int32]>()
        // Few shapes, so pairs repeat, runs collide and removals shift them; then many.
        for shapes in [12, 3000] as [UInt64] {
            for _ in 0..<40_000 {
                let a = Int32(random.next() % shapes), b = Int32(random.next() % shapes)
                guard a != b else { continue }
                let key = [min(a, b), max(a, b)]
                #expect(pairs.contains(a, b) == truth.contains(key))
                #expect(pairs.contains(b, a) == truth.contains(key))
                if truth.contains(key) {
                    if random.next() % 3 != 0 {
                        pairs.remove(b, a)
                        truth.remove(key)
                    }
                } else if random.next() % 4 != 0 {
                    pairs.insert(a, b)
                    truth.insert(key)
                }
            }
            for key in truth { #expect(pairs.contains(key[1], key[0])) }
        }
        #expect(truth.count > 1000, "the set grew well past its first table")
    }
}
