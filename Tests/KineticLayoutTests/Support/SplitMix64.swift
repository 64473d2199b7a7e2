import KineticDynamics

/// The tests' seeded generator: Kinetic's own SplitMix64.
typealias SplitMix64 = SeededRandom

extension SeededRandom {
    /// A generator starting from `state` (the seed).
    init(state: UInt64) { self.init(seed: state) }
}
