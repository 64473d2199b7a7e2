import ArgumentParser
import Foundation
import KineticGestures
import KineticPlayground
import KineticScenes

/// `kinetic bench-playground`: what one playground connection costs the server per 120 Hz tick,
/// scene by scene, in the build it runs in: the session's tick (touches due, scene advanced,
/// changed drawables found) and the frame's JSON encoding, as `kinetic serve` does each tick.
struct BenchPlayground: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-playground",
        abstract: "Measure the server's cost per frame of each playground scene (p50, p95, worst).",
        discussion: """
            Each scene plays a touch trace through a playground session at 120 Hz: Traces/SCENE.json \
            where there is one (drag, reorder, toss), otherwise a synthetic flick through the middle \
            of the view; then --tail seconds more. The row drag-all is the Drag scene at its heaviest: \
            every visible cell tapped into the selection, then the selection long-pressed and dragged. \
            Compare a debug build (`swift run kinetic \
            bench-playground`) with a release build (`swift run -c release kinetic bench-playground`): \
            a tick must fit well inside the 8.3 ms between 120 Hz frames.
            """
    )

    @Option(help: "The folder of recorded traces.")
    var traces = "Traces"

    @Option(help: "Seconds to keep running after the last touch.")
    var tail: Double = 2

    @Option(help: "Runs per scene; the median run's figures are reported.")
    var runs = 3

    func validate() throws {
        guard runs > 0 else { throw ValidationError("--runs must be positive") }
        guard tail.isFinite, tail >= 0 else { throw ValidationError("--tail must be a non-negative number of seconds") }
    }

    func run() throws {
        #if DEBUG
            print("# debug build")
        #else
            print("# release build")
        #endif
        print("scene,frames,p50_us,p95_us,max_us")
        var plays: [(String, TouchTrace)] = try InteractiveSceneName.allCases.map { name in
            let path = URL(fileURLWithPath: traces).appendingPathComponent("\(name.rawValue).json").path
            return (
                name.rawValue,
                FileManager.default.fileExists(atPath: path)
                    ? try TouchTrace.load(fromFile: path) : Self.flick(in: name)
            )
        }
        plays.insert(("drag-all", Self.selectAllAndDrag()), at: 1)
        for (name, trace) in plays {
            var results: [(p50: Double, p95: Double, max: Double, frames: Int)] = []
            for _ in 0..<runs { results.append(try Self.measure(trace, tail: tail)) }
            results.sort { $0.p95 < $1.p95 }
            let median = results[runs / 2]
            print(String(format: "%@,%d,%.0f,%.0f,%.0f", name, median.frames, median.p50, median.p95, median.max))
        }
    }

    /// A finger pressed in the middle of the view, drawn 300 pt up over a quarter of a second
    /// and lifted: a flick.
    static func flick(in scene: InteractiveSceneName) -> TouchTrace {
        var trace = TouchTrace(scene: scene.rawValue, seed: 1, frameRate: 120)
        let x = InteractiveSceneName.viewSize.width / 2, y = InteractiveSceneName.viewSize.height * 0.7
        _ = trace.record(Touch(id: 1, phase: .began, location: CGPoint(x: x, y: y), timestamp: 0.1))
        for step in 1...30 {
            let t = Double(step) / 120
            _ = trace.record(
                Touch(id: 1, phase: .moved, location: CGPoint(x: x, y: y - 300 * t / 0.25), timestamp: 0.1 + t))
        }
        _ = trace.record(Touch(id: 1, phase: .ended, location: CGPoint(x: x, y: y - 300), timestamp: 0.1 + 31.0 / 120))
        return trace
    }

    /// Every visible cell of the Drag scene tapped (one tap each tenth of a second), then the
    /// last one long-pressed for 0.7 s and the whole selection dragged 200 pt down and across
    /// over a second: the most springs a person can drag in that scene.
    static func selectAllAndDrag() -> TouchTrace {
        var trace = TouchTrace(scene: InteractiveSceneName.drag.rawValue, seed: 1, frameRate: 120)
        let centers = DragPlayScene().collectionView.visibleLayoutAttributes()
            .filter { $0.frame.minY >= 0 && $0.frame.maxY <= InteractiveSceneName.viewSize.height }.map(\.center)
        var time = 0.1
        for center in centers {
            _ = trace.record(Touch(id: 1, phase: .began, location: center, timestamp: time))
            _ = trace.record(Touch(id: 1, phase: .ended, location: center, timestamp: time + 0.05))
            time += 0.1
        }
        guard let last = centers.last else { return trace }
        _ = trace.record(Touch(id: 2, phase: .began, location: last, timestamp: time))
        time += 0.7
        for step in 1...120 {
            let t = Double(step) / 120
            let location = CGPoint(x: last.x - 150 * t, y: last.y - 200 * t)
            _ = trace.record(Touch(id: 2, phase: .moved, location: location, timestamp: time + t))
        }
        _ = trace.record(
            Touch(id: 2, phase: .ended, location: CGPoint(x: last.x - 150, y: last.y - 200), timestamp: time + 1.05))
        return trace
    }

    /// Plays `trace` through a session as the server does, timing each tick and its encoding.
    static func measure(_ trace: TouchTrace, tail: Double) throws -> (
        p50: Double, p95: Double, max: Double, frames: Int
    ) {
        let session = PlaygroundSession(scene: InteractiveSceneName(rawValue: trace.scene) ?? .drag, seed: trace.seed)
        _ = session.start().map(\.jsonText)
        let replay = try String(
            decoding: JSONSerialization.data(withJSONObject: [
                "type": "replay", "trace": JSONSerialization.jsonObject(with: trace.encoded()),
            ]), as: UTF8.self)
        _ = try session.receive(replay, at: 0).map(\.jsonText)
        let frames = Int(((trace.duration + tail) * trace.frameRate).rounded(.up))
        var costs: [Double] = []
        costs.reserveCapacity(frames)
        let clock = ContinuousClock()
        for frame in 1...frames {
            let time = Double(frame) / trace.frameRate
            var bytes = 0
            let elapsed = clock.measure {
                if let message = session.tick(to: time) { bytes = message.jsonText.utf8.count }
            }
            _ = bytes
            costs.append(Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
        }
        costs.sort()
        return (
            costs[costs.count / 2], costs[min(costs.count - 1, Int(Double(costs.count) * 0.95))], costs.last ?? 0,
            frames
        )
    }
}
