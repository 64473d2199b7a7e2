import Kinetic
import Testing

/// The headless scroll contract exactly as issue 19 states it, with `import Kinetic`: a scroll
/// view installed in an arena, touches handled, and one `arena.advance(to:)` per frame.
@Suite("The headless scroll contract")
struct HeadlessScrollContractTests {
    @Test func theContractScrollsAndSettles() {
        let clock = ManualClock()
        let arena = GestureArena(clock: clock)
        let scrollView = ScrollView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        scrollView.contentSize = CGSize(width: 375, height: 20_000)
        scrollView.install(in: arena)  // its pan recognizer joins the arena, attached to the view
        arena.handle(Touch(id: 1, phase: .began, location: CGPoint(x: 180, y: 500), timestamp: clock.now))
        for k in 1...12 {
            clock.advance(by: 1.0 / 120)
            let y = 500 - 20 * Double(k)
            arena.handle(
                Touch(id: 1, phase: k == 12 ? .ended : .moved, location: CGPoint(x: 180, y: y), timestamp: clock.now))
            arena.advance(to: clock.now)
        }
        #expect(scrollView.isDecelerating)
        var frames = 0
        while scrollView.isDecelerating, frames < 2400 {
            clock.advance(by: 1.0 / 120)
            arena.advance(to: clock.now)  // one frame
            frames += 1
        }
        // 20 pt a frame is 2.4 pt/ms; at rest it has gone on about 499 × 2.4 pt past the release.
        #expect(!scrollView.isDecelerating && scrollView.contentOffset.y > 220 + 1000)
    }
}
