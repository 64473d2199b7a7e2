import Foundation
import PropertyBased

/// One public call on a collection view, or a change of its data, as raw choices: what to do
/// (`kind`), two indices (`a`, `b`, reduced modulo what exists, or taken as they are to name
/// paths that do not exist) and two numbers. Every field shrinks towards 0.
struct CollectionOperation: CustomStringConvertible, Sendable {
    /// The kinds of call, in the order `kind` numbers them.
    enum Kind: Int, CaseIterable, Sendable {
        case insertItem, deleteItem, moveItem, insertSection, deleteSection, reloadItem, invalidBatch
        case reloadData, select, deselect, tap, setContentOffset, assignContentOffset, setFrame, setItemSize
        case setSpacing, setInset, scrollToItem, query, nestedBatch, setHeader
    }

    var kind: Kind
    var a: Int
    var b: Int
    var x: Double
    var y: Double

    var description: String { "\(kind)(\(a), \(b), \(x), \(y))" }

    static let generator = zip(
        Gen.int(in: 0...(Kind.allCases.count - 1)), Gen.int(in: -2...40), Gen.int(in: -2...40), ExtremeDouble.any,
        ExtremeDouble.any
    ).map { CollectionOperation(kind: Kind(rawValue: $0.0)!, a: $0.1, b: $0.2, x: $0.3, y: $0.4) }
}
