import Foundation
import KineticScenes
import Testing

@testable import KineticPlayground

/// Time as the page bends it: slow animations, the replay's pause, step and scrub, and the
/// touch time a frame echoes for the latency figure.
@Suite("Playground session time")
struct PlaygroundSessionTimeTests {
    private func time(of message: ServerMessage?) -> Double? {
        guard case .frame(let time, _, _, _, _, _)? = message else { return nil }
        return time
    }

    /// *Slow animations*: a second of wall time is a tenth of a second of scene time, from the
    /// moment it is switched on; switched off, time runs at its own rate again, continuously.
    @Test func slowAnimationsRunTheClockAtATenth() throws {
        let session = PlaygroundSession(scene: .sandbox, seed: 1)
        _ = session.start()
        _ = session.tick(to: 0.5)
        _ = try session.receive("{\"type\":\"slow\",\"on\":true}", at: 0.5)
        #expect(session.timeScale == PlaygroundSession.slowTimeScale)
        let slowed = try #require(time(of: session.tick(to: 1.5)))
        #expect(abs(slowed - 0.6) < 1e-9, "0.5 s, then a tenth of 1 s: \(slowed)")
        _ = try session.receive("{\"type\":\"slow\",\"on\":false}", at: 1.5)
        let back = try #require(time(of: session.tick(to: 2.0)))
        #expect(abs(back - 1.1) < 1e-9, "\(back)")
        // Wall and session time map both ways.
        #expect(abs(session.wallTime(atSessionTime: 1.1) - 2.0) < 1e-9)
    }

    /// A touch stamped by the browser is echoed by the frame of the tick after it, and only by
    /// that one.
    @Test func aFrameEchoesTheTouchItAnswers() throws {
        let session = PlaygroundSession(scene: .toss, seed: 3)
        _ = session.start()
        _ = try session.receive(
            "{\"type\":\"touch\",\"id\":1,\"phase\":\"began\",\"x\":250,\"y\":400,\"t\":1000}", at: 0.01)
        _ = session.tick(to: 0.02)
        _ = try session.receive(
            "{\"type\":\"touch\",\"id\":1,\"phase\":\"moved\",\"x\":290,\"y\":380,\"t\":1030.5}", at: 0.04)
        guard case .frame(_, _, let changed, _, _, let echo)? = session.tick(to: 0.05) else {
            Issue.record("the drag changed nothing")
            return
        }
        #expect(!changed.isEmpty && echo == 1030.5)
        _ = try session.receive(
            "{\"type\":\"touch\",\"id\":1,\"phase\":\"moved\",\"x\":330,\"y\":360,\"t\":1060}", at: 0.07)
        if case .frame(_, _, _, _, _, let echo)? = session.tick(to: 0.08) { #expect(echo == 1060) }
        if case .frame(_, _, _, _, _, let echo)? = session.tick(to: 0.09) { #expect(echo == nil) }
    }

    /// Records a toss and returns the trace's replay message.
    private func recordedToss() throws -> String {
        let recorder = PlaygroundSession(scene: .toss, seed: 4)
        _ = recorder.start()
        _ = try recorder.receive("{\"type\":\"record\",\"on\":true}", at: 0)
        var time = 0.1
        _ = try recorder.receive(touchJSON("began", 250, 400), at: time)
        for i in 1...20 {
            time += 1.0 / 60
            _ = recorder.tick(to: time)
            _ = try recorder.receive(touchJSON("moved", 250 + 6 * Double(i), 400 - 9 * Double(i)), at: time)
        }
        _ = try recorder.receive(touchJSON("ended", 370, 220), at: time + 0.01)
        guard case .trace(let trace)? = try recorder.receive("{\"type\":\"record\",\"on\":false}", at: 1).first else {
            throw Failure()
        }
        return "{\"type\":\"replay\",\"trace\":\(String(decoding: try JSONEncoder().encode(trace), as: UTF8.self))}"
    }
    struct Failure: Error {}

    /// The timeline: paused, the scene's time stands still however long the wall clock runs;
    /// a step moves one frame; a seek back and forth lands on the same state each time.
    @Test func aReplayPausesStepsAndScrubsDeterministically() throws {
        let session = PlaygroundSession(scene: .drag, seed: 1)
        _ = session.start()
        #expect(
            try session.receive("{\"type\":\"replay-control\",\"action\":\"pause\"}", at: 0)
                == [.notice("no replay is running")])
        _ = try session.receive(try recordedToss(), at: 0.1)
        _ = session.tick(to: 0.2)
        let seekTo = { (t: Double, at: Double) throws -> Double? in
            self.time(
                of: try session.receive("{\"type\":\"replay-control\",\"action\":\"seek\",\"time\":\(t)}", at: at).first
            )
        }
        let near = { (a: Double?, b: Double) in a.map { abs($0 - b) < 1e-9 } ?? false }
        #expect(near(try seekTo(0.3, 0.3), 0.3))
        let stateAt03 = session.scene.state
        // Paused: wall time runs on, the scene does not.
        for tick in 1...30 { _ = session.tick(to: 0.3 + Double(tick) / 120) }
        #expect(session.scene.state == stateAt03)
        let stepped = try #require(
            time(of: try session.receive("{\"type\":\"replay-control\",\"action\":\"step\"}", at: 0.7).first))
        #expect(abs(stepped - (0.3 + 1.0 / 120)) < 1e-9)
        #expect(near(try seekTo(0.6, 0.8), 0.6))
        #expect(near(try seekTo(0.3, 0.9), 0.3))
        #expect(session.scene.state == stateAt03, "back at 0.3 s, the same scene bit for bit")
        // Played again, time moves on from there at wall speed.
        _ = try session.receive("{\"type\":\"replay-control\",\"action\":\"play\"}", at: 1.0)
        _ = session.tick(to: 1.2)
        #expect(session.scene.state != stateAt03)
    }

    @Test func badReplayControlsAreRefused() {
        let session = PlaygroundSession()
        _ = session.start()
        for bad in [
            "{\"type\":\"replay-control\",\"action\":\"rewind\"}",
            "{\"type\":\"replay-control\",\"action\":\"seek\"}",
            "{\"type\":\"replay-control\",\"action\":\"seek\",\"time\":\"soon\"}",
            "{\"type\":\"slow\"}",
        ] {
            #expect(throws: PlaygroundError.self) { try session.receive(bad, at: 0) }
        }
    }
}
