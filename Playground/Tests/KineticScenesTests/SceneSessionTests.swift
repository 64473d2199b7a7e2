import Foundation
import KineticGestures
import Testing

@testable import KineticScenes

/// `SceneSession`, the session the server and the page's module share, called directly.
@Suite("Scene session")
struct SceneSessionTests {
    private func time(of message: ServerMessage?) -> Double? {
        guard case .frame(let time, _, _, _, _, _) = message else { return nil }
        return time
    }

    /// A gap between calls longer than `maximumCatchUp` (an hour, as a page's tab left in the
    /// background or a lying clock would give) moves the scene on by `maximumCatchUp` at most, so
    /// the call costs what a second of steps costs, not 432 000 of them.
    @Test func aLongGapIsSkippedPastTheCatchUpNotSteppedThrough() {
        let session = SceneSession(scene: .sandbox, seed: 1)
        _ = session.start()
        for frame in 1...12 { _ = session.tick(to: Double(frame) / 120) }
        let before = session.scene.clock.now
        let frame = session.tick(to: 3600)
        let after = session.scene.clock.now
        #expect(after - before <= SceneSession.maximumCatchUp + 1e-9, "the scene moved \(after - before) s")
        #expect(after - before >= SceneSession.maximumCatchUp - 1.0 / 120, "the scene moved \(after - before) s")
        #expect(time(of: frame).map { $0 <= 0.1 + SceneSession.maximumCatchUp + 1e-9 } ?? true)
        // And time runs on at wall speed after it.
        _ = session.tick(to: 3600.5)
        #expect(abs(session.scene.clock.now - after - 0.5) < 1.0 / 120 + 1e-9)
    }

    /// Touches after such a gap keep the spacing their own time stamps give (the browser's clock is
    /// learnt afresh): a recording made across it holds them 10 ms apart, as they were made.
    @Test func touchesAfterAGapKeepTheirOwnSpacing() throws {
        let session = SceneSession(scene: .toss, seed: 1)
        _ = session.start()
        _ = session.tick(to: 0.01)
        _ = session.receive(.touch(id: 1, phase: .began, location: CGPoint(x: 10, y: 10), clientTime: 5), at: 0.02)
        _ = session.receive(.record(true), at: 0.03)
        // An hour later, the browser's clock an hour on too; each touch reaches the session 3 ms late.
        var wall = 3600.0
        for index in 0..<5 {
            let client = 3_600_000.0 + Double(index) * 10
            _ = session.receive(
                .touch(
                    id: 2, phase: index == 0 ? .began : index == 4 ? .ended : .moved,
                    location: CGPoint(x: 100 + Double(index) * 5, y: 100), clientTime: client), at: wall + 0.003)
            _ = session.tick(to: wall + 0.004)
            wall += 0.01
        }
        let answers = session.receive(.record(false), at: wall)
        guard case .trace(let trace) = try #require(answers.first) else {
            Issue.record("no trace: \(answers)")
            return
        }
        let stamps = trace.events.filter { $0.id == 2 }.map(\.timestamp)
        #expect(stamps.count == 5)
        for (earlier, later) in zip(stamps, stamps.dropFirst()) {
            #expect(abs(later - earlier - 0.01) < 1e-6, "\(stamps)")
        }
    }
}
