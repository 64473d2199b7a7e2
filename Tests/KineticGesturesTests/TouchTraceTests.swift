import Foundation
import Testing

@testable import KineticGestures

@Suite("Touch traces")
struct TouchTraceTests {
    /// A trace survives JSON unchanged, to the bit, and equal traces give equal bytes.
    @Test func roundTripsThroughJSON() throws {
        let events: [Touch] = (0..<50).map { (i: Int) -> Touch in
            let phase: Touch.Phase = i == 0 ? .began : (i == 49 ? .ended : .moved)
            let t = Double(i)
            let location = CGPoint(x: 0.1 * t + 1.0 / 3.0, y: 200 - t * 0.7)
            return Touch(id: i % 2, phase: phase, location: location, timestamp: t / 120)
        }
        let trace = TouchTrace(scene: "toss", seed: 42, events: events)
        let data = try trace.encoded()
        let back = try TouchTrace.decode(from: data)
        #expect(back == trace)
        #expect(try back.encoded() == data)
        #expect(back.duration == 49.0 / 120)
    }

    @Test func rejectsWhatItCannotReplay() throws {
        var trace = TouchTrace(
            scene: "drag",
            events: [
                Touch(id: 0, phase: .began, location: .zero, timestamp: 1),
                Touch(id: 0, phase: .moved, location: .zero, timestamp: 0.5),
            ])
        #expect(throws: TouchTrace.ReadError.invalidEvent(index: 1)) { try trace.validate() }
        trace.events[1].timestamp = 2
        trace.frameRate = 0
        #expect(throws: TouchTrace.ReadError.invalidFrameRate(0)) { try trace.validate() }
        trace.frameRate = 60
        trace.version = 2
        #expect(throws: TouchTrace.ReadError.unsupportedVersion(2)) { try TouchTrace.decode(from: trace.encoded()) }
        #expect(throws: (any Error).self) { try TouchTrace.decode(from: Data("{\"scene\": 3}".utf8)) }
    }

    /// Recording keeps exactly the replayable events, in order.
    @Test func recordingKeepsReplayableEvents() throws {
        var trace = TouchTrace(scene: "toss")
        let kept = [
            trace.record(Touch(id: 0, phase: .began, location: CGPoint(x: 1, y: 2), timestamp: 0.5)),
            trace.record(Touch(id: 0, phase: .moved, location: CGPoint(x: Double.nan, y: 2), timestamp: 0.6)),
            trace.record(Touch(id: 0, phase: .moved, location: CGPoint(x: 1, y: 2), timestamp: 0.4)),
            trace.record(Touch(id: 0, phase: .ended, location: CGPoint(x: 3, y: 2), timestamp: 0.7)),
        ]
        #expect(kept == [true, false, false, true])
        #expect(trace.events.map(\.phase) == [.began, .ended])
        try trace.validate()
    }
}
