import ExternalTools
import Foundation
import KineticGestures
import KineticScenes
import Testing

@testable import KineticPlayground

/// A person's touches in a recording session: the session's clock advanced on its 120 Hz grid,
/// each touch sent when its frame comes, as the page sends them.
final class RecordingPerson {
    let session: PlaygroundSession
    private(set) var frame = 0

    init(scene: InteractiveSceneName) throws {
        session = PlaygroundSession(scene: scene, seed: 0)
        _ = session.start()
        _ = try session.receive("{\"type\":\"record\",\"on\":true}", at: 0)
    }

    var time: Double { Double(frame) / 120 }

    /// Lets `seconds` pass.
    func wait(_ seconds: Double) {
        for _ in 0..<Int((seconds * 120).rounded()) {
            frame += 1
            _ = session.tick(to: time)
        }
    }

    func touch(_ phase: String, _ x: Double, _ y: Double) throws {
        _ = try session.receive(touchJSON(phase, x, y), at: time)
    }

    /// Presses at `from`, holds `hold` s, slides to `to` over `slide` s (a move a frame, eased
    /// in and out unless `flick`, which keeps the speed to the release), and lifts the finger.
    func drag(
        from: (Double, Double), to: (Double, Double), hold: Double = 0.05, slide: Double, flick: Bool = false
    ) throws {
        try touch("began", from.0, from.1)
        wait(hold)
        let steps = max(1, Int((slide * 120).rounded()))
        for i in 1...steps {
            wait(1.0 / 120)
            let f = Double(i) / Double(steps), s = flick ? f : f * f * (3 - 2 * f)
            try touch("moved", from.0 + (to.0 - from.0) * s, from.1 + (to.1 - from.1) * s)
        }
        wait(1.0 / 120)
        try touch("ended", to.0, to.1)
    }

    func tap(_ x: Double, _ y: Double) throws {
        try touch("began", x, y)
        wait(0.08)
        try touch("ended", x, y)
    }

    /// Stops recording and answers the trace.
    func trace() throws -> TouchTrace {
        let answer = try session.receive("{\"type\":\"record\",\"on\":false}", at: time)
        guard case .trace(let trace)? = answer.first else { throw CancellationError() }
        return trace
    }
}

/// The sample traces of the scenes the seeds' traces leave out (`Traces/springy.json`,
/// `sandbox.json`, `scroll.json`, which the README's GIFs are rendered from), recorded as the
/// page records them: through a playground session. Each committed trace must be what its
/// script records today; `KINETIC_WRITE_TRACES=1` writes them afresh instead.
@Suite("Sample traces")
struct SampleTraceTests {
    static func play(_ scene: InteractiveSceneName, _ person: RecordingPerson) throws {
        switch scene {
        // Flick the list up, let the rows wobble, then pull it back down slowly.
        case .springy:
            person.wait(0.3)
            try person.drag(from: (187, 560), to: (187, 300), slide: 0.15, flick: true)
            person.wait(1.2)
            try person.drag(from: (187, 200), to: (187, 460), slide: 0.6)
            person.wait(0.2)
        // The boxes fall and settle; drag the biggest up and throw it; tap empty space, and the
        // nearest box snaps there.
        case .sandbox:
            person.wait(1.2)
            let box = try #require(
                person.session.scene.drawables.filter { $0.kind == .card }.max { $0.width < $1.width })
            try person.drag(from: (box.x, box.y), to: (box.x + 40, 260), hold: 0.1, slide: 0.5)
            person.wait(0.3)
            let other = try #require(person.session.scene.drawables.first { $0.kind == .card })
            try person.drag(from: (other.x, other.y), to: (other.x + 90, other.y - 160), slide: 0.12, flick: true)
            person.wait(0.8)
            try person.tap(190, 150)
            person.wait(0.3)
        // Pull past the top and let go (the rubber band and the bounce), then fling the list.
        case .scroll:
            person.wait(0.3)
            try person.drag(from: (187, 150), to: (187, 380), slide: 0.5)
            person.wait(0.9)
            try person.drag(from: (187, 560), to: (187, 300), slide: 0.12, flick: true)
            person.wait(0.3)
        default:
            Issue.record("no script for \(scene)")
        }
    }

    static let folder = ExternalTools.repositoryRoot.appendingPathComponent("Traces")

    @Test(arguments: [InteractiveSceneName.springy, .sandbox, .scroll])
    func theSampleTraceIsWhatItsScriptRecords(scene: InteractiveSceneName) throws {
        let person = try RecordingPerson(scene: scene)
        try Self.play(scene, person)
        let trace = try person.trace()
        #expect(trace.scene == scene.rawValue && trace.events.count > 10)
        let file = Self.folder.appendingPathComponent("\(scene.rawValue).json")
        if ProcessInfo.processInfo.environment["KINETIC_WRITE_TRACES"] == "1" {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            try encoder.encode(trace).write(to: file)
        }
        let committed = try TouchTrace.decode(from: Data(contentsOf: file))
        #expect(committed == trace, "Traces/\(scene.rawValue).json differs from its script: KINETIC_WRITE_TRACES=1")
    }
}
