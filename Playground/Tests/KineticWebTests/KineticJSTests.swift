// kinetic.js, the module for web pages (Page/web/), on the WebAssembly module built for it from
// the current sources (kinetic-web.wasm): its node tests (Tests/WebAssembly/kinetic.test.mjs and
// interactions.test.mjs: behaviours and interactions against their models, bad arguments,
// destroy), and the committed copy beside kinetic.js byte for byte what the sources build.
import ExternalTools
import Foundation
import Testing

extension KineticWebTests {
    @Suite("kinetic.js in node")
    struct KineticJSTests {
        static var built: URL {
            get throws {
                try WebAssemblyDeterminismTests.module.get().deletingLastPathComponent()
                    .appendingPathComponent("kinetic-web.wasm")
            }
        }

        /// Page/web/kinetic.wasm is what the sources build (`Scripts/wasm --page` rebuilds it).
        @Test(.needs(.wasmRuntime)) func theCommittedModuleIsWhatTheSourcesBuild() throws {
            try ExternalTools.require(.wasmRuntime)
            let built = try Data(contentsOf: try Self.built)
            let page = ExternalTools.packageRoot.appendingPathComponent(
                "Sources/KineticPlayground/Page/web/kinetic.wasm")
            let served = try Data(contentsOf: page)
            let sizes = "\(served.count) bytes, \(built.count) built"
            #expect(
                built == served,
                "Page/web/kinetic.wasm is not what the sources build (\(sizes)): run Scripts/wasm --page")
        }

        /// kinetic.d.ts under `tsc --strict`: a typed use of every export compiles, and the wrong
        /// types a page might pass (marked `@ts-expect-error`) do not.
        @Test(.needs(.typescript)) func theTypesCheckUnderStrictTypeScript() throws {
            try ExternalTools.require(.typescript)
            let (status, text) = try Self.run(
                try #require(ExternalTools.tsc),
                [
                    "--noEmit", "--strict", "--target", "es2022", "--module", "es2022", "--moduleResolution", "node",
                    "--lib", "es2022,dom", "Tests/WebAssembly/kinetic-types.ts",
                ])
            #expect(status == 0, "tsc:\n\(text)")
        }

        /// Every name kinetic.js exports and every public member of its classes is declared in
        /// kinetic.d.ts, and nothing declared is missing from it (read with TypeScript's parser).
        @Test(.needs(.node, .typescript)) func everyExportAndMemberIsDeclared() throws {
            try ExternalTools.require(.node, .typescript)
            let (status, text) = try Self.run(
                try #require(ExternalTools.node), ["Tests/WebAssembly/kinetic-declared.mjs"])
            #expect(status == 0, "\(text)")
        }

        /// Runs `executable` with `arguments` in the playground's folder, `environment` added to this process's:
        /// its exit status and output.
        static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (
            Int32, String
        ) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.currentDirectoryURL = ExternalTools.packageRoot
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-run-\(getpid()).txt")
            FileManager.default.createFile(atPath: out.path, contents: nil)
            defer { try? FileManager.default.removeItem(at: out) }
            let handle = try FileHandle(forWritingTo: out)
            process.standardOutput = handle
            process.standardError = handle
            try process.run()
            process.waitUntilExit()
            try handle.close()
            return (process.terminationStatus, try OutputFile.text(at: out))
        }

        @Test(.needs(.node, .wasmRuntime)) func theNodeTestsPass() throws {
            try ExternalTools.require(.node, .wasmRuntime)
            let (status, text) = try Self.run(
                try #require(ExternalTools.node),
                [
                    "--test", "--test-reporter=tap", "Tests/WebAssembly/kinetic.test.mjs",
                    "Tests/WebAssembly/interactions.test.mjs",
                ],
                environment: ["KINETIC_WEB_WASM": try Self.built.path])
            print(text)
            #expect(status == 0, "node --test failed:\n\(text.suffix(6000))")
            #expect(text.contains("# fail 0"), "\(text.suffix(2000))")
        }
    }
}
