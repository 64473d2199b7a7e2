import Foundation
import KineticDynamics
import KineticGestures
import Testing

@testable import KineticLayout

/// The scroll view's shrunk counterexample from the gestures' property test
/// (KineticPropertyTests, issue 20).
@Suite("Random use: the scroll view's counterexample")
@MainActor
struct ScrollRandomUseRegressionTests {
    /// [began, moved to y 1e30, moved back, cancelled, began at time 1.8e308], into a scroll view:
    /// the arena's clock jumped by the largest Double and the bounce spring's (x + b·t)·e^(−ωt)
    /// became ∞·0.
    @Test func scrollBounceAfterAHugeTimeJumpStaysFinite() {
        let arena = GestureArena(clock: ManualClock())
        let scrollView = ScrollView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        scrollView.contentSize = CGSize(width: 400, height: 4000)
        scrollView.install(in: arena)
        arena.handle(Touch(id: 0, phase: .began, location: .zero, timestamp: 0))
        arena.handle(Touch(id: 0, phase: .moved, location: CGPoint(x: 0, y: 1e30), timestamp: 0))
        arena.handle(Touch(id: 0, phase: .moved, location: .zero, timestamp: 0))
        arena.handle(Touch(id: 0, phase: .cancelled, location: .zero, timestamp: 0))
        arena.handle(Touch(id: 0, phase: .began, location: .zero, timestamp: .greatestFiniteMagnitude))
        arena.handle(Touch(id: 0, phase: .ended, location: CGPoint(x: 1, y: 1), timestamp: .greatestFiniteMagnitude))
        arena.advance(to: .greatestFiniteMagnitude)
        #expect(scrollView.contentOffset.x.isFinite && scrollView.contentOffset.y.isFinite)
        #expect(scrollView.scrollingVelocity.x.isFinite && scrollView.scrollingVelocity.y.isFinite)
    }
}
