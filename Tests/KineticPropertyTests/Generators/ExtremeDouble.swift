import Foundation
import PropertyBased

/// The numbers a hostile caller passes: ordinary values, finite extremes (1e30, 1e300, the
/// largest finite Double, subnormals), signed zeros, NaN and both infinities.
///
/// A value is drawn as a pair (a kind, an ordinary value): kind 0 and the ordinary value shrink
/// towards 0, so a failing case shrinks to the one extreme value that matters and ordinary
/// zeros elsewhere.
enum ExtremeDouble {
    /// The extreme values, in the order shrinking prefers them least (the later, the rarer kind).
    static let specials: [Double] = [
        0, -0.0, 1, -1, 1e30, -1e30, 1e300, -1e300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        1e-300, -1e-300, .leastNonzeroMagnitude, .nan, .infinity, -.infinity,
    ]

    /// Any Double: half ordinary values in -1000…1000, half the extremes above.
    static let any = zip(Gen.int(in: 0...(2 * specials.count - 1)), Gen.double(in: -1000...1000)).map { kind, value in
        kind < specials.count ? value : specials[kind - specials.count]
    }

    /// A finite Double, ordinary or extreme (no NaN, no infinity).
    static let finite = any.map { $0.isFinite ? $0 : 1e30 }

    /// A finite, non-negative Double: what a documented range "≥ 0" accepts.
    static let nonNegative = finite.map { abs($0) }

    /// An ordinary value in `range`, for counts and times that should mostly make sense.
    static func ordinary(_ range: ClosedRange<Double>) -> Generator<Double, Shrink.Floating<Double>> {
        Gen.double(in: range)
    }
}
