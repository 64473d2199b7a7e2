import Foundation
import KineticGestures
import KineticScenes
import Testing

@testable import KineticPlayground

/// The fuzzers' corpora (Fuzz/Corpus: the inputs that reached new code, and every input that
/// once broke an invariant), replayed here with the fuzz targets' own checks, so every test run
/// covers them without libFuzzer.
@Suite("Fuzz corpora")
struct FuzzCorpusTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func files(_ target: String) -> [String] {
        let folder = root.appendingPathComponent("Fuzz/Corpus/\(target)").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    static func input(_ target: String, _ name: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent("Fuzz/Corpus/\(target)/\(name)"))
    }

    @Test(arguments: ["trace", "messages", "websocket"])
    func theCorpusIsThere(_ target: String) {
        #expect(Self.files(target).count >= 10, "Fuzz/Corpus/\(target) holds \(Self.files(target).count) files")
    }

    /// A page's messages, played into a session with time passing: every answer is one the
    /// protocol allows, the page's model rebuilt from the frames is what the scene draws, and
    /// nothing drawn is NaN.
    @Test(arguments: files("messages"))
    func messages(_ name: String) throws {
        let driver = SessionDriver.play(try Self.input("messages", name))
        #expect(driver.violations.isEmpty, "\(name): \(driver.violations)")
    }

    /// A client's raw bytes, through the server's WebSocket pipeline into a session.
    @Test(arguments: files("websocket"))
    func webSocket(_ name: String) throws {
        let driver = WebSocketDriver.play(Array(try Self.input("websocket", name)))
        #expect(driver.allViolations.isEmpty, "\(name): \(driver.allViolations)")
    }

    /// A trace file the reader accepts, played into its scene as `kinetic replay` plays it.
    @Test(arguments: files("trace"))
    func traceReplay(_ name: String) throws {
        guard let trace = try? TouchTrace.decode(from: try Self.input("trace", name)) else { return }
        let violations = TraceReplayInvariants.violations(replaying: trace, maximumFrames: 240)
        #expect(violations.isEmpty, "\(name): \(violations)")
    }
}
