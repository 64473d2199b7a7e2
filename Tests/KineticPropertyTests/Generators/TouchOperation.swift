import Foundation
import PropertyBased

/// One step of a hostile touch stream on an arena, or a data change in the middle of it, as raw
/// choices: what happens (`kind`), which finger (`finger`, ids clash on purpose), a location and
/// a time step. Every field shrinks towards 0.
struct TouchOperation: CustomStringConvertible, Sendable {
    /// The kinds of step, in the order `kind` numbers them.
    enum Kind: Int, CaseIterable, Sendable {
        case wait, began, moved, stationary, ended, cancelled, insertItem, deleteItem, moveItem, reloadData
        case scroll, select, pressAndHold
    }

    var kind: Kind
    var finger: Int
    var x: Double
    var y: Double
    /// Seconds to advance before the event; may be negative, zero, huge or NaN when hostile.
    var dt: Double

    var description: String { "\(kind)(finger: \(finger), \(x), \(y), dt: \(dt))" }

    /// Locations mostly on the screen (so cells get pressed), some anywhere; times mostly a frame.
    static let generator = zip(
        Gen.int(in: 0...(Kind.allCases.count - 1)), Gen.int(in: 0...2),
        zip(Gen.int(in: 0...3), ExtremeDouble.ordinary(0...400), ExtremeDouble.any).map { $0 == 0 ? $2 : $1 },
        zip(Gen.int(in: 0...3), ExtremeDouble.ordinary(0...800), ExtremeDouble.any).map { $0 == 0 ? $2 : $1 },
        zip(Gen.int(in: 0...3), ExtremeDouble.ordinary(0...0.2), ExtremeDouble.any).map { $0 == 0 ? $2 : $1 }
    ).map { TouchOperation(kind: Kind(rawValue: $0.0)!, finger: $0.1, x: $0.2, y: $0.3, dt: $0.4) }
}
