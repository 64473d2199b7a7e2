import Foundation
import PropertyBased

/// One public call on a dynamic animator, its behaviours or its items, as raw choices: what to
/// do (`kind`), to which item or behaviour (`target`), which property (`selector`), and three
/// numbers. The engine property interprets it; every field shrinks towards 0.
struct EngineOperation: CustomStringConvertible, Sendable {
    /// The kinds of call, in the order `kind` numbers them.
    enum Kind: Int, CaseIterable, Sendable {
        case step, addGravity, addCollision, addAttachment, addFactoryAttachment, addPush, addSnap
        case addItemBehavior, addField, removeBehavior, setCenter, setTransform, setBounds
        case setReferenceBounds, setProperty, addBoundary, setBoundaryInsets, query, addComposite
    }

    var kind: Kind
    var target: Int
    var selector: Int
    var x: Double
    var y: Double
    var z: Double

    var description: String {
        "\(kind)(target: \(target), selector: \(selector), \(x), \(y), \(z))"
    }

    /// Operations whose numbers are any Double (NaN and infinities included) when `hostile`,
    /// or finite otherwise: ordinary, tiny and huge values, but within ±10⁴ pt (a long scroll
    /// view) for the coordinates that `x` and `y` give (the property makes them non-negative
    /// where a documented range asks for it). `z` keeps every finite magnitude: strengths,
    /// frequencies, lengths. (Beyond ±10⁴ pt, an anchor 10⁵ pt from a soft weld's items makes its
    /// split solve diverge, as Box2D 2.x's does; the engine restores the bodies and logs.)
    static func generator(hostile: Bool) -> Generator<EngineOperation, some SendableSequenceType> {
        let number = hostile ? ExtremeDouble.any : ExtremeDouble.finite
        let coordinate = hostile ? ExtremeDouble.any : ExtremeDouble.finite.map { min(max($0, -1e4), 1e4) }
        return zip(
            Gen.int(in: 0...(Kind.allCases.count - 1)), Gen.int(in: 0...7), Gen.int(in: 0...15), coordinate, coordinate,
            number
        ).map {
            EngineOperation(kind: Kind(rawValue: $0.0)!, target: $0.1, selector: $0.2, x: $0.3, y: $0.4, z: $0.5)
        }
    }
}
