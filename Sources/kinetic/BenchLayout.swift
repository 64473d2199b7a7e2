import ArgumentParser
import Foundation
import KineticLayout

/// `kinetic bench-layout`: the flow layout at scale, in release builds.
struct BenchLayout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-layout",
        abstract: "Measure FlowLayout prepare and visible-rect queries at scale (build with -c release).",
        discussion: """
            Uniform: N items of 100x100 pt (1 000 000 by default) in a 390x844 pt view; prepare, a \
            visible-rect query at five scroll positions, and the bytes of geometry held, also for 10x \
            fewer and 10x more items. Random: 100 000 items of random sizes from a delegate; prepare \
            and query. Medians of --runs.
            """
    )

    @Option(help: "Items in the uniform layout.")
    var count = 1_000_000

    @Option(help: "Items in the random-size layout.")
    var randomCount = 100_000

    @Option(help: "Runs; medians are reported.")
    var runs = 7

    func validate() throws {
        guard count > 0, randomCount > 0, runs > 0 else { throw ValidationError("counts and --runs must be positive") }
    }

    func run() throws {
        #if DEBUG
        print("# warning: debug build; use `swift run -c release kinetic bench-layout` for real figures")
        #endif
        for n in [count / 10, count, count * 10] where n > 0 {
            measure(label: "uniform \(n)", count: n, delegate: nil)
        }
        var random = SplitMix64(seed: 1)
        let sizes = (0..<randomCount).map { _ in
            CGSize(width: 20 + Double(random.next() % 160), height: 20 + Double(random.next() % 160))
        }
        measure(label: "random \(randomCount)", count: randomCount, delegate: RandomSizes(sizes: sizes))
    }

    private func measure(label: String, count: Int, delegate: RandomSizes?) {
        let data = Count(count: count)
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        view.dataSource = data
        view.delegate = delegate
        let clock = ContinuousClock()
        var prepares: [Double] = []
        for _ in 0..<runs {
            layout.invalidateLayout()
            prepares.append(microseconds(clock.measure { view.layoutIfNeeded() }))
        }
        let height = view.contentSize.height
        var queries: [Double] = []
        var returned = 0
        for fraction in [0.0, 0.25, 0.5, 0.75, 0.999] {
            let rect = CGRect(x: 0, y: (height - 844) * fraction, width: 390, height: 844)
            for _ in 0..<runs {
                // 100 queries per sample: one is too short for the clock's resolution.
                var answered = 0
                let elapsed = clock.measure {
                    for _ in 0..<100 { answered = layout.layoutAttributesForElements(in: rect)?.count ?? 0 }
                }
                queries.append(microseconds(elapsed) / 100)
                returned = answered
            }
        }
        // The floor: making that many attribute objects and nothing else.
        var floors: [Double] = []
        for _ in 0..<runs {
            var made: [CollectionViewLayoutAttributes] = []
            let elapsed = clock.measure {
                for _ in 0..<100 {
                    made.removeAll(keepingCapacity: true)
                    for item in 0..<returned {
                        let attributes = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
                        attributes.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
                        made.append(attributes)
                    }
                }
            }
            floors.append(microseconds(elapsed) / 100)
        }
        print(String(
            format: "RESULT %@: prepare %.1f us (median of %d), query %.2f us median (%d attributes, max %.2f), geometry %d bytes, content %.0f pt; allocation floor %.2f us",
            label, median(prepares), runs, median(queries), returned, queries.max() ?? 0, layout.storageBytes, height, median(floors)
        ))
    }

    private func microseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}

/// One section of `count` items.
private final class Count: CollectionViewDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
}

/// Per-item sizes from a delegate.
private final class RandomSizes: CollectionViewDelegateFlowLayout {
    let sizes: [CGSize]
    init(sizes: [CGSize]) { self.sizes = sizes }
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        sizes[indexPath.item]
    }
}

/// A seeded generator, so every run lays out the same sizes.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
