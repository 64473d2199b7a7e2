// The same frames from the build for this machine's CPU (issue 33): `kinetic` built in release
// with `-target-cpu haswell` (AVX2 and FMA on x86-64) replays every sample trace to the digest
// this process (the default build) and the WebAssembly module give. Swift never fuses `a * b + c`
// on its own and the engine's sines, cosines and powers are its own (`Elementary`), so the
// instructions the CPU offers change nothing in the results.
import ExternalTools
import Foundation
import KineticGestures
import KineticScenes
import Testing

extension KineticWebTests {
    @Suite("The build for the CPU gives the same frames")
    struct HaswellBuildTests {
        /// Whether this machine runs Haswell code (x86-64 with AVX2, FMA, BMI2 and MOVBE).
        static let cpuRunsHaswell: Bool = {
            #if arch(x86_64)
                guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return false }
                let flags = Set(
                    info.split(separator: "\n").first { $0.hasPrefix("flags") }?.split(separator: " ") ?? [])
                return ["avx2", "fma", "bmi2", "movbe"].allSatisfy { flags.contains(Substring($0)) }
            #else
                return false
            #endif
        }()

        /// `kinetic`, built once per test process in release for Haswell, in a scratch folder of its own.
        static let binary: Result<URL, ModuleError> = {
            let scratch = ExternalTools.packageRoot.appendingPathComponent(".build/haswell")
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-haswell-\(getpid()).log")
            FileManager.default.createFile(atPath: log.path, contents: nil)
            guard let handle = try? FileHandle(forWritingTo: log) else { return .failure(ModuleError("no log file")) }
            let build = Process()
            build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            build.arguments = [
                "swift", "build", "--package-path", ExternalTools.packageRoot.path, "-c", "release", "--product",
                "kinetic", "--scratch-path", scratch.path, "-Xswiftc", "-target-cpu", "-Xswiftc", "haswell",
            ]
            build.standardOutput = handle
            build.standardError = handle
            do { try build.run() } catch { return .failure(ModuleError("swift build did not start: \(error)")) }
            build.waitUntilExit()
            try? handle.close()
            let binary = scratch.appendingPathComponent("release/kinetic")
            guard build.terminationStatus == 0, FileManager.default.isExecutableFile(atPath: binary.path) else {
                let text = (try? OutputFile.text(at: log)) ?? ""
                return .failure(ModuleError("the Haswell build failed:\n\(text.suffix(4000))"))
            }
            return .success(binary)
        }()

        typealias ModuleError = WebAssemblyDeterminismTests.ModuleError

        @Test(.enabled(if: cpuRunsHaswell, "this CPU does not run Haswell code (AVX2, FMA, BMI2, MOVBE)"))
        func everySampleTraceReplaysToTheDefaultBuildsDigest() throws {
            let kinetic = try Self.binary.get()
            let folder = ExternalTools.repositoryRoot.appendingPathComponent("Traces")
            let traces = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasSuffix(".json")
            }
            .sorted()
            #expect(traces.count >= InteractiveSceneName.allCases.count - 1)
            for name in traces {
                let path = folder.appendingPathComponent(name)
                let output = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "kinetic-replay-\(getpid()).txt")
                FileManager.default.createFile(atPath: output.path, contents: nil)
                defer { try? FileManager.default.removeItem(at: output) }
                let replay = Process()
                replay.executableURL = kinetic
                replay.arguments = ["replay", path.path, "--tail", "2"]
                replay.standardOutput = try FileHandle(forWritingTo: output)
                try replay.run()
                replay.waitUntilExit()
                let text = try OutputFile.text(at: output)
                let printed = text.split(separator: "\n").first { $0.hasPrefix("digest: ") }.map {
                    String($0.dropFirst(8))
                }
                let trace = try TouchTrace.decode(from: Data(contentsOf: path))
                let native = WebAssemblyDeterminismTests.hex(WebAssemblyDeterminismTests.nativeReplay(trace))
                #expect(
                    replay.terminationStatus == 0 && printed == native,
                    "\(name): haswell \(printed ?? text), default \(native)")
            }
        }
    }
}
