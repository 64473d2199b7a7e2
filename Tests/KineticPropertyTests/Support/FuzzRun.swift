import Foundation
import Synchronization

/// How many random cases each property runs, and a count of the public calls they made.
///
/// The default keeps the whole target well under a minute in a debug build. Set
/// `KINETIC_FUZZ_ITERATIONS` to run every property that many times instead (a soak run); each
/// property then prints one line with the cases and operations it ran.
enum FuzzRun {
    /// Cases per property: `KINETIC_FUZZ_ITERATIONS`, or `defaultCount`.
    static func iterations(default defaultCount: Int) -> Int {
        guard let text = ProcessInfo.processInfo.environment["KINETIC_FUZZ_ITERATIONS"], let count = Int(text),
            count > 0
        else { return defaultCount }
        return count
    }

    /// Whether this is a soak run (the environment variable is set).
    static var isSoak: Bool { ProcessInfo.processInfo.environment["KINETIC_FUZZ_ITERATIONS"] != nil }

    /// Counts the cases and operations of one property.
    final class Counter: Sendable {
        let name: String
        private let totals = Mutex((cases: 0, operations: 0))

        init(_ name: String) { self.name = name }

        /// One case ran `operations` public calls.
        func record(operations: Int) {
            totals.withLock {
                $0.cases += 1
                $0.operations += operations
            }
        }

        var operations: Int { totals.withLock { $0.operations } }

        /// Prints the property's totals in a soak run.
        func report() {
            guard FuzzRun.isSoak else { return }
            let (cases, operations) = totals.withLock { ($0.cases, $0.operations) }
            print("KineticPropertyTests: \(name): \(cases) cases (shrinking included), \(operations) operations")
        }
    }
}
