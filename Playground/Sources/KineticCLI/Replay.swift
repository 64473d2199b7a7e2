import ArgumentParser
import Foundation
import KineticGestures
import KineticScenes

/// `kinetic replay TRACE`: plays a recorded touch trace and prints the final state.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a touch trace (JSON) into its scene and print the final state.",
        discussion:
            "Scenes: \(InteractiveSceneName.allCases.map(\.rawValue).joined(separator: ", ")). The same trace always "
            + "gives the same frames: the printed digest covers every frame."
    )

    @Argument(help: "The trace file (JSON, as the playground records it).")
    var trace: String

    @Option(help: "Seconds to keep running after the last event.")
    var tail: Double = 2

    func run() throws {
        let parsed = try TouchTrace.load(fromFile: trace)
        guard tail.isFinite, tail >= 0 else { throw ValidationError("--tail must be a non-negative number of seconds") }
        guard let replay = Replay(parsed, tail: tail) else {
            throw ValidationError(
                "unknown scene \"\(terminalSafe(parsed.scene))\"; known: "
                    + "\(InteractiveSceneName.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        var digest: UInt64 = 0
        for frame in replay.frameDigests { digest = digest &* 31 &+ frame }
        print(
            "scene: \(parsed.scene), seed \(parsed.seed), \(parsed.events.count) events, \(replay.frameDigests.count) "
                + "frames"
        )
        print(replay.scene.summary)
        print(String(format: "digest: %016llx", digest))
    }
}
