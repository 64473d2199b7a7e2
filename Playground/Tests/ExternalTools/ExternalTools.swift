import Foundation
import Testing

/// A program that some tests need beyond Swift: the browser that drives the playground end to
/// end, and the Python packages that drive it and decode images independently of our encoders.
public enum ExternalTool: String, CaseIterable, Sendable, CustomStringConvertible {
    case chromium, chromedriver, selenium, pillow
    /// node, which runs the WebAssembly module for the tests that compare it with the native build.
    case node
    /// The C side of the WebAssembly build (Scripts/wasm): wasi-libc and the compiler's builtins.
    case wasmRuntime
    /// TypeScript's compiler, which checks kinetic.d.ts against a typed use of kinetic.js.
    case typescript

    public var description: String {
        switch self {
        case .chromium: "Chromium (Debian's chromium)"
        case .chromedriver: "chromedriver (Debian's chromium-driver)"
        case .selenium: "selenium (PyPI)"
        case .pillow: "Pillow (PyPI)"
        case .node: "node (Debian's nodejs)"
        case .wasmRuntime: "wasi-libc and the wasm32 builtins (Debian's wasi-libc, libclang-rt-19-dev-wasm32)"
        case .typescript: "tsc (Debian's node-typescript)"
        }
    }

    /// How a person gets it.
    public var remedy: String {
        switch self {
        case .chromium, .chromedriver:
            "run Scripts/test as root or with sudo on Debian, or apt-get install chromium chromium-driver"
        case .selenium, .pillow:
            "run Scripts/test, which installs it into .build/venv, or set KINETIC_PYTHON to a python3 that has it"
        case .node, .wasmRuntime:
            "run Scripts/test as root or with sudo on Debian, or apt-get install nodejs wasi-libc "
                + "libclang-rt-19-dev-wasm32 binaryen"
        case .typescript: "run Scripts/test as root or with sudo on Debian, or apt-get install node-typescript"
        }
    }
}

/// Finds the external tools once per test process and decides, for a test that needs some of
/// them, whether it runs, is skipped with a reason, or fails because
/// `KINETIC_REQUIRE_ALL_TESTS=1` (`.ci/run`) says every test must run.
///
/// Where they are looked for: `KINETIC_CHROMIUM`, `KINETIC_CHROMEDRIVER` and `KINETIC_PYTHON`
/// when set (a path), otherwise `chromium` and `chromedriver` on `PATH`, and the first of
/// `.build/venv/bin/python` (where `Scripts/test` installs the Python packages) and `python3`
/// on `PATH`.
public enum ExternalTools {
    /// What a test that needs some tools should do.
    public enum Verdict: Equatable, Sendable {
        case run
        /// Skip, with the reason to show.
        case skip(String)
        /// Fail, with the message to show.
        case fail(String)
    }

    /// The error a test throws when a tool it needs is missing and every test must run.
    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    /// The playground package's folder (this file is `Playground/Tests/ExternalTools/ExternalTools.swift`).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The repository's root: the libraries' package, `Traces/`, and `.build/venv`.
    public static let repositoryRoot = packageRoot.deletingLastPathComponent()

    static let environment = ProcessInfo.processInfo.environment

    /// `KINETIC_REQUIRE_ALL_TESTS=1`: a missing tool fails the tests that need it.
    public static let requireAll = environment["KINETIC_REQUIRE_ALL_TESTS"] == "1"

    /// The browser's path, if it is there.
    public static let chromium = executable(override: "KINETIC_CHROMIUM", named: "chromium")
    /// The WebDriver's path, if it is there.
    public static let chromedriver = executable(override: "KINETIC_CHROMEDRIVER", named: "chromedriver")
    /// The Python that runs the drivers and the decoder.
    public static let python: String? = {
        if let path = environment["KINETIC_PYTHON"] { return isExecutable(path) ? path : nil }
        let venv = repositoryRoot.appendingPathComponent(".build/venv/bin/python").path
        return isExecutable(venv) ? venv : executable(override: nil, named: "python3")
    }()

    /// node's path, if it is there.
    public static let node = executable(override: "KINETIC_NODE", named: "node")
    /// TypeScript's compiler's path, if it is there.
    public static let tsc = executable(override: "KINETIC_TSC", named: "tsc")

    /// Whether the WebAssembly build's C runtime is installed (what Scripts/wasm links).
    static let hasWasmRuntime: Bool = {
        let builtins =
            (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib"))?.contains { folder in
                folder.hasPrefix("llvm-")
                    && ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/\(folder)/lib/clang")) ?? [])
                        .contains {
                            FileManager.default.fileExists(
                                atPath: "/usr/lib/\(folder)/lib/clang/\($0)/lib/wasi/libclang_rt.builtins-wasm32.a")
                        }
            } ?? false
        return builtins && FileManager.default.fileExists(atPath: "/usr/lib/wasm32-wasi/libc.a")
    }()

    /// The tools not found (probed once: Python modules by importing them).
    public static let missing: Set<ExternalTool> = {
        var missing = Set<ExternalTool>()
        if chromium == nil { missing.insert(.chromium) }
        if chromedriver == nil { missing.insert(.chromedriver) }
        if node == nil { missing.insert(.node) }
        if tsc == nil { missing.insert(.typescript) }
        if !hasWasmRuntime { missing.insert(.wasmRuntime) }
        for (tool, module) in [(ExternalTool.selenium, "selenium"), (.pillow, "PIL")] where !imports(module) {
            missing.insert(tool)
        }
        return missing
    }()

    /// The verdict for a test that needs `tools`, given what is missing and whether every test
    /// must run. Pure, so the rule itself is tested.
    public static func verdict(needing tools: [ExternalTool], missing: Set<ExternalTool>, requireAll: Bool) -> Verdict {
        let absent = tools.filter(missing.contains)
        guard !absent.isEmpty else { return .run }
        let list = absent.map { "\($0) is missing: \($0.remedy)" }.joined(separator: "; ")
        return requireAll
            ? .fail("\(list) (KINETIC_REQUIRE_ALL_TESTS=1 makes this a failure, not a skip)") : .skip(list)
    }

    /// The verdict on this machine.
    public static func verdict(needing tools: ExternalTool...) -> Verdict {
        verdict(needing: tools, missing: missing, requireAll: requireAll)
    }

    /// Whether a test needing `tools` should be started: true unless it is to be skipped (a test
    /// that must fail is started, and ``require(_:)`` fails it).
    public static func enabled(_ tools: ExternalTool...) -> Bool {
        if case .skip = verdict(needing: tools, missing: missing, requireAll: requireAll) { return false }
        return true
    }

    /// The reason shown when a test needing `tools` is skipped.
    public static func skipReason(_ tools: ExternalTool...) -> String {
        if case .skip(let reason) = verdict(needing: tools, missing: missing, requireAll: requireAll) { return reason }
        return "needs \(tools.map(\.description).joined(separator: ", "))"
    }

    /// Throws ``Missing``, naming each missing tool, unless all of `tools` are here.
    public static func require(_ tools: ExternalTool...) throws {
        switch verdict(needing: tools, missing: missing, requireAll: requireAll) {
        case .run: return
        case .skip(let reason), .fail(let reason): throw Missing(description: reason)
        }
    }

    // MARK: Probing

    static func isExecutable(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) }

    static func executable(override: String?, named name: String) -> String? {
        if let override, let path = environment[override] { return isExecutable(path) ? path : nil }
        for folder in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if isExecutable(path) { return path }
        }
        return nil
    }

    /// Whether ``python`` imports `module`, within 30 s.
    static func imports(_ module: String) -> Bool {
        guard let python else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", "import \(module)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        // Polled, as `runUntilExit()` does, not signalled from Foundation's termination thread.
        do { try process.run() } catch { return false }
        var waited = 0.0
        while process.isRunning && waited < 30 {
            usleep(20_000)
            waited += 0.02
        }
        guard !process.isRunning else {
            process.stop()
            return false
        }
        return process.terminationStatus == 0
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only where `tools` are found, else skips it with the reason (naming each
    /// missing tool and how to get it); with `KINETIC_REQUIRE_ALL_TESTS=1` the test runs and
    /// ``ExternalTools/require(_:)`` inside it fails it.
    public static func needs(_ tools: ExternalTool...) -> Self {
        let verdict = ExternalTools.verdict(
            needing: tools, missing: ExternalTools.missing, requireAll: ExternalTools.requireAll)
        if case .skip(let reason) = verdict { return .enabled(if: false, Comment(rawValue: reason)) }
        return .enabled(if: true)
    }
}

extension Process {
    /// Runs the process and waits for it to exit; answers its status. The task polls `isRunning`
    /// (every 20 ms) rather than waiting on `terminationHandler`: that handler runs on
    /// Foundation's own thread, and ThreadSanitizer does not see a continuation resumed from a
    /// thread that is not a task happen before the task goes on (Scripts/sanitizers/tsan.supp),
    /// so it would report the test's own frame. Not `waitUntilExit()` either, which spins its run
    /// loop on Linux. Cancelled, it stops the process and throws.
    public func runUntilExit() async throws -> Int32 {
        try run()
        do {
            while isRunning { try await Task.sleep(for: .milliseconds(20)) }
        } catch {
            stop()
            throw error
        }
        return terminationStatus
    }

    /// Stops the process: SIGTERM, then SIGKILL if it still runs `grace` seconds later. A process
    /// a test starts can inherit a signal mask that blocks SIGTERM (Python's http.server, started
    /// by the static-site test, outlived a whole CI run that way and ignored a later `kill` too),
    /// so `terminate()` alone may leave it running.
    public func stop(grace: Double = 2) {
        guard isRunning else { return }
        terminate()
        var waited = 0.0
        while isRunning && waited < grace {
            usleep(20_000)
            waited += 0.02
        }
        if isRunning { kill(processIdentifier, SIGKILL) }
    }
}
