// The differential test (issue 33): random call sequences on the engine (every behaviour, items
// moved by hand, steps of any length), on a collection view (batch updates valid and not,
// sections, reloads, offsets, item sizes and spacing, interactive movement) and on a drag-and-drop
// board (fingers in a gesture arena, the space's own calls, copies and refused drops, data
// changed mid-drag, the keyboard reordering a column), with bad values
// among them (NaN, infinities, huge and tiny numbers, paths that name nothing), run in this
// process and in the WebAssembly build (differential.wasm, in node): the state's digest after
// every call is the same in both.
import ExternalTools
import Foundation
import KineticDifferential
import Testing

extension KineticWebTests {
    @Suite("Random calls give the same states natively and in WebAssembly")
    struct DifferentialTests {
        /// The cases: `count` byte strings of 16 to 400 bytes from a fixed seed (Knuth's MMIX linear
        /// congruential generator, its high bytes), so a failure names a case that reproduces.
        static func cases(count: Int, seed: UInt64) -> [[UInt8]] {
            var state = seed
            func next() -> UInt8 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 56)
            }
            return (0..<count).map { _ in
                let length = 16 + Int(next()) + Int(next() % 128)
                return (0..<length).map { _ in next() }
            }
        }

        /// The digests this process gives for `bytes`, call by call.
        static func native(_ bytes: [UInt8]) -> [String] {
            var digests = [UInt64](repeating: 0, count: 1024)
            let calls = bytes.withUnsafeBytes { input in
                digests.withUnsafeMutableBufferPointer {
                    kineticDifferentialRun(input.baseAddress, Int32(input.count), $0.baseAddress, Int32($0.count))
                }
            }
            return digests.prefix(Int(calls)).map { WebAssemblyDeterminismTests.hex($0) }
        }

        @Test(.needs(.node, .wasmRuntime)) func everyCallLeavesTheSameStateInBothBuilds() throws {
            try ExternalTools.require(.node, .wasmRuntime)
            let module = try WebAssemblyDeterminismTests.module.get()
            let wasm = module.deletingLastPathComponent().appendingPathComponent("differential.wasm")
            let count = Int(ProcessInfo.processInfo.environment["KINETIC_DIFFERENTIAL_CASES"] ?? "") ?? 300
            let cases = Self.cases(count: count, seed: 33)
            let input = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-cases-\(getpid()).json")
            defer { try? FileManager.default.removeItem(at: input) }
            let hex = cases.map { bytes in bytes.map { String(format: "%02x", $0) }.joined() }
            try JSONSerialization.data(withJSONObject: hex).write(to: input)
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-diff-\(getpid()).json")
            FileManager.default.createFile(atPath: output.path, contents: nil)
            defer { try? FileManager.default.removeItem(at: output) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try #require(ExternalTools.node))
            let script = ExternalTools.packageRoot.appendingPathComponent("Tests/WebAssembly/differential.mjs")
            process.arguments = [script.path, wasm.path, input.path]
            process.standardOutput = try FileHandle(forWritingTo: output)
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "node exited with \(process.terminationStatus)")
            let results = try #require(
                try JSONSerialization.jsonObject(with: Data(OutputFile.text(at: output).utf8)) as? [[String]])
            #expect(results.count == cases.count)
            var calls = 0
            for (index, (bytes, wasmDigests)) in zip(cases, results).enumerated() {
                let nativeDigests = Self.native(bytes)
                calls += nativeDigests.count
                guard nativeDigests != wasmDigests else { continue }
                let first = zip(nativeDigests, wasmDigests).prefix { $0 == $1 }.count
                let counts = "native \(nativeDigests.count) calls, wasm \(wasmDigests.count)"
                Issue.record("case \(index) (seed 33): the states differ after call \(first) (\(counts))")
            }
            print("differential: \(cases.count) cases, \(calls) calls, every state the same in both builds")
        }
    }
}
