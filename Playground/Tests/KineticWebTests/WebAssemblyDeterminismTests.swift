// The same inputs give the same frames, natively and in the WebAssembly module (issue 33): the
// module is built from the current sources (Scripts/wasm), run in node through the page's own
// loader (Page/js/wasm.js, by Tests/WebAssembly/digests.mjs), and its digests are compared with
// the same functions (KineticWeb) called in this native process.
import ExternalTools
import Foundation
import KineticGestures
import KineticScenes
import KineticWeb
import Testing

/// KineticWeb's C functions keep their state in globals (a page calls them one at a time), so
/// the suites that call them run one test at a time.
@Suite(.serialized) enum KineticWebTests {}

extension KineticWebTests {
    @Suite("WebAssembly gives the native frames")
    struct WebAssemblyDeterminismTests {
        /// The module, built once per test process into a folder of its own.
        static let module: Result<URL, ModuleError> = {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-wasm-\(getpid())")
            let log = out.appendingPathComponent("build.log")
            try? FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: log.path, contents: nil)
            let process = Process()
            process.executableURL = ExternalTools.repositoryRoot.appendingPathComponent("Scripts/wasm")
            process.arguments = ["--out", out.path]
            process.currentDirectoryURL = ExternalTools.repositoryRoot
            guard let handle = try? FileHandle(forWritingTo: log) else { return .failure(ModuleError("no log file")) }
            process.standardOutput = handle
            process.standardError = handle
            do { try process.run() } catch { return .failure(ModuleError("Scripts/wasm did not start: \(error)")) }
            process.waitUntilExit()
            try? handle.close()
            let wasm = out.appendingPathComponent("kinetic.wasm")
            guard process.terminationStatus == 0, FileManager.default.fileExists(atPath: wasm.path) else {
                let text = (try? OutputFile.text(at: log)) ?? ""
                return .failure(
                    ModuleError("Scripts/wasm failed (\(process.terminationStatus)):\n\(text.suffix(4000))"))
            }
            return .success(wasm)
        }()

        struct ModuleError: Error, CustomStringConvertible {
            let description: String
            init(_ description: String) { self.description = description }
        }

        /// What digests.mjs prints.
        struct NodeResult: Decodable {
            struct Simulation: Decodable {
                let scene: Int
                let frames: Int
                let digest: String
                let ms: Double
            }
            struct Replayed: Decodable {
                let path: String
                let digest: String?
                let refused: Int?
                let error: String?
                let ms: Double?
            }
            struct Session: Decodable {
                let path: String
                let frames: Int?
                let text: String?
                let error: String?
                let ms: Double?
            }
            let simulate: [Simulation]
            let replay: [Replayed]
            let session: [Session]
        }

        /// Runs digests.mjs with `request` (JSON) on the page's module, or on the harness module
        /// (the page's and the exports only node calls: `simulate` and `replay` need it).
        static func node(_ request: String, harness: Bool = false) throws -> NodeResult {
            try ExternalTools.require(.node, .wasmRuntime)
            let page = try module.get()
            let wasm = harness ? page.deletingLastPathComponent().appendingPathComponent("harness.wasm") : page
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try #require(ExternalTools.node))
            let script = ExternalTools.packageRoot.appendingPathComponent("Tests/WebAssembly/digests.mjs")
            process.arguments = [script.path, wasm.path, request]
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-node-\(getpid()).json")
            FileManager.default.createFile(atPath: out.path, contents: nil)
            defer { try? FileManager.default.removeItem(at: out) }
            let handle = try FileHandle(forWritingTo: out)
            process.standardOutput = handle
            try process.run()
            process.waitUntilExit()
            try handle.close()
            #expect(process.terminationStatus == 0, "node exited with \(process.terminationStatus)")
            return try JSONDecoder().decode(NodeResult.self, from: Data(OutputFile.text(at: out).utf8))
        }

        static func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }

        /// The module the page loads (Page/kinetic.wasm, committed so that `swift run kinetic` serves
        /// it on a machine without the WebAssembly toolchain) is byte for byte what the current
        /// sources build (`Scripts/wasm`, the size-optimised default). When this fails, a source
        /// changed after the page's copy was built: `Scripts/wasm --page` rebuilds it.
        @Test(.needs(.wasmRuntime)) func thePagesModuleIsWhatTheSourcesBuild() throws {
            try ExternalTools.require(.wasmRuntime)
            let built = try Data(contentsOf: try Self.module.get())
            let page = ExternalTools.packageRoot.appendingPathComponent("Sources/KineticPlayground/Page/kinetic.wasm")
            let served = try Data(contentsOf: page)
            let sizes = "\(served.count) bytes served, \(built.count) built"
            #expect(
                built == served, "Page/kinetic.wasm is not what the sources build (\(sizes)): run Scripts/wasm --page")
        }

        /// Every headless scene (`kinetic simulate`'s), 240 frames at 120 Hz (60 for the 10 000-cell
        /// seed drag and the springy scroll, which cost most): the digest of every frame's items.
        @Test(.needs(.node, .wasmRuntime)) func everyHeadlessSceneGivesTheNativeFrames() throws {
            let dt = 1.0 / 120
            let runs = SceneName.allCases.enumerated().map { index, name in
                (index, [.seedDrag, .springy].contains(name) ? 60 : 240)
            }
            let request = "{\"simulate\": [" + runs.map { "[\($0.0), \($0.1), \(dt)]" }.joined(separator: ", ") + "]}"
            let result = try Self.node(request, harness: true)
            #expect(result.simulate.count == runs.count)
            for (run, wasm) in zip(runs, result.simulate) {
                let native = Self.hex(kineticSimulateDigest(Int32(run.0), Int32(run.1), dt))
                #expect(
                    wasm.digest == native,
                    "\(SceneName.allCases[run.0].rawValue), \(run.1) frames: wasm \(wasm.digest), native \(native)")
                print(
                    "\(SceneName.allCases[run.0].rawValue): \(run.1) frames, wasm \(wasm.ms) ms, digest \(wasm.digest)")
            }
        }

        /// Every sample trace (Traces/), replayed in its scene with a two-second tail: `kinetic
        /// replay`'s digest, natively through the same calls the module answers.
        @Test(.needs(.node, .wasmRuntime)) func everySampleTraceReplaysToTheNativeDigest() throws {
            let folder = ExternalTools.repositoryRoot.appendingPathComponent("Traces")
            let traces = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasSuffix(".json")
            }
            .sorted().map { folder.appendingPathComponent($0).path }
            #expect(traces.count >= InteractiveSceneName.allCases.count - 1, "a sample trace for (nearly) every scene")
            let request = "{\"replay\": [" + traces.map { "\"\($0)\"" }.joined(separator: ", ") + "]}"
            let result = try Self.node(request, harness: true)
            #expect(result.replay.count == traces.count)
            for (path, wasm) in zip(traces, result.replay) {
                let trace = try TouchTrace.decode(from: Data(contentsOf: URL(fileURLWithPath: path)))
                let native = Self.hex(Self.nativeReplay(trace))
                #expect(wasm.error == nil, "\(path): \(wasm.error ?? "")")
                #expect(wasm.refused == 0, "\(path): the module refused \(wasm.refused ?? -1) events")
                #expect(wasm.digest == native, "\(path): wasm \(wasm.digest ?? "none"), native \(native)")
                print("\(trace.scene): wasm \(wasm.ms ?? 0) ms, digest \(wasm.digest ?? "none")")
            }
        }

        /// Every sample trace replayed through the page's session (kinetic_session_…, as the page
        /// calls it) gives, in the module, the very text the native session gives: every hello,
        /// frame and event, every number written the same (the engine's measured time aside).
        @Test(.needs(.node, .wasmRuntime)) func everySampleTraceThroughThePagesSessionGivesTheNativeText() throws {
            let folder = ExternalTools.repositoryRoot.appendingPathComponent("Traces")
            let traces = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasSuffix(".json")
            }
            .sorted().map { folder.appendingPathComponent($0).path }
            let request = "{\"session\": [" + traces.map { "\"\($0)\"" }.joined(separator: ", ") + "]}"
            let result = try Self.node(request)
            #expect(result.session.count == traces.count)
            for (path, wasm) in zip(traces, result.session) {
                let trace = try TouchTrace.decode(from: Data(contentsOf: URL(fileURLWithPath: path)))
                let (native, frames) = Self.nativeSession(trace)
                #expect(wasm.error == nil, "\(path): \(wasm.error ?? "")")
                #expect(wasm.frames == frames)
                let text = wasm.text ?? ""
                if text != native {
                    let same = zip(text.utf8, native.utf8).prefix { $0 == $1 }.count
                    let around = { (s: String) in
                        String(decoding: s.utf8.dropFirst(max(same - 80, 0)).prefix(200), as: UTF8.self)
                    }
                    let wasmText = around(text), nativeText = around(native)
                    Issue.record(
                        "\(path): the texts differ at byte \(same):\nwasm   …\(wasmText)\nnative …\(nativeText)")
                }
                #expect(native.contains("\"type\":\"frame\""), "\(path): the session drew frames")
                let bytes = native.utf8.count
                print("\(trace.scene) through the session: \(frames) ticks, wasm \(wasm.ms ?? 0) ms, \(bytes) bytes")
            }
        }

        /// `trace` through the session's calls, as digests.mjs makes them: what the session answered,
        /// the engine's measured time written as 0, and the number of ticks.
        static func nativeSession(_ trace: TouchTrace) -> (text: String, frames: Int) {
            func take() -> String {
                let count = kineticSessionTake()
                guard let bytes = kineticSessionTaken() else { return "" }
                return String(decoding: UnsafeRawBufferPointer(start: bytes, count: Int(count)), as: UTF8.self)
            }
            var texts: [String] = []
            let name = Array(trace.scene.utf8)
            _ = name.withUnsafeBytes { kineticSessionOpen($0.baseAddress, Int32($0.count), 0, 1) }
            texts.append(take())
            handOver(trace)
            _ = kineticSessionReplay(0)
            texts.append(take())
            let frames = Int(((trace.duration + 2) * 120).rounded(.up))
            for frame in stride(from: 1, through: frames, by: 1) {
                _ = kineticSessionTick(Double(frame) / 120)
                texts.append(take())
            }
            kineticSessionClose()
            let text = texts.joined(separator: "\n")
            let unmeasured = text.replacing(/"engineMicroseconds":[^,}]*/, with: "\"engineMicroseconds\":0")
            return (unmeasured, frames)
        }

        /// `trace` handed over to KineticWeb's replay calls, as the page's handOverTrace does.
        @discardableResult
        static func handOver(_ trace: TouchTrace) -> Bool {
            let name = Array(trace.scene.utf8)
            let begun = name.withUnsafeBytes {
                kineticReplayBegin(
                    $0.baseAddress, Int32($0.count), UInt32(trace.seed >> 32), UInt32(trace.seed & 0xffff_ffff),
                    trace.frameRate)
            }
            guard begun == 0 else { return false }
            let phases: [Touch.Phase] = [.began, .moved, .stationary, .ended, .cancelled]
            for event in trace.events {
                let phase = Int32(phases.firstIndex(of: event.phase) ?? -1)
                _ = kineticReplayTouch(Int32(event.id), phase, event.location.x, event.location.y, event.timestamp)
            }
            return true
        }

        /// `trace` through KineticWeb's replay calls, as digests.mjs makes them.
        static func nativeReplay(_ trace: TouchTrace) -> UInt64 {
            handOver(trace) ? kineticReplayRun(2) : 0
        }
    }
}
