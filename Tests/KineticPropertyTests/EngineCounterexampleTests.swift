import Foundation
import KineticDynamics
import Testing

/// Shrunk counterexamples of the engine's in-range property, kept as plain cases (issue 20).
@Suite("The engine's in-range counterexamples")
struct EngineCounterexampleTests {
    /// A field of strength −10³⁰ throws three items, welded, on a slider, in an item behaviour
    /// and against a boundary, to the world's corner; a joint's impulse there pushed a body to
    /// 10³⁴ m/s within a sub-step, the contact rows' Float lanes made that infinity and then NaN,
    /// and the engine had to restore the bodies. The lanes now take velocities saturated at the
    /// engine's speed limit: nothing needs restoring, so nothing is logged.
    @Test func bodiesThrownToTheWorldsCornerStayFinite() {
        let operations: [EngineOperation] = [
            .init(kind: .addItemBehavior, target: 0, selector: 14, x: 0, y: 0, z: 0),
            .init(kind: .addComposite, target: 1, selector: 0, x: 0, y: -21.30300763922092, z: 0),
            .init(kind: .addField, target: 0, selector: 1, x: 0, y: 0, z: -1e30),
            .init(kind: .addBoundary, target: 6, selector: 0, x: 0, y: -6.867225138312628, z: 785.7667238708062),
            .init(
                kind: .addFactoryAttachment, target: 0, selector: 0, x: -836.2414324291085, y: 0,
                z: 375.73582602161923),
            .init(kind: .addFactoryAttachment, target: 1, selector: 8, x: 0, y: 0, z: 0),
            .init(kind: .step, target: 0, selector: 11, x: 0, y: 0, z: 0),
        ]
        let harness = EngineHarness(hostile: false)
        #expect(harness.run(operations) == operations.count)
        #expect(harness.capture.messages.isEmpty, "\(harness.capture.messages)")
    }
}
