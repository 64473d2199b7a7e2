import Foundation
import PropertyBased

/// One step of a keyboard reorder under random use, as raw choices: a key (mostly the ones a
/// reorder uses), a focus given to a path that may not exist, a finger drag's calls, or a data
/// change from elsewhere. Every field shrinks towards 0.
struct KeyOperation: CustomStringConvertible, Sendable {
    /// The kinds of step, in the order `kind` numbers them (keys first, weighted).
    enum Kind: Int, CaseIterable, Sendable {
        case space, left, right, up, down, escape, enter, tab
        case focus, unfocus, insertItem, deleteItem, moveItem, reloadData, scroll
        case fingerBegin, fingerMove, fingerEnd, fingerCancel
    }

    var kind: Kind
    var a: Int
    var b: Int
    var x: Double
    var y: Double

    var description: String { "\(kind)(\(a), \(b), \(x), \(y))" }

    /// Keys half the time, the rest spread over the other steps.
    static let generator = zip(
        Gen.int(in: 0...1), Gen.int(in: 0...7), Gen.int(in: 8...(Kind.allCases.count - 1)), Gen.int(in: -1...40),
        Gen.int(in: -1...4), ExtremeDouble.ordinary(0...400), ExtremeDouble.ordinary(0...800)
    ).map {
        KeyOperation(kind: Kind(rawValue: $0.0 == 0 ? $0.1 : $0.2)!, a: $0.3, b: $0.4, x: $0.5, y: $0.6)
    }
}
