import ExternalTools
import Foundation
import Testing

/// The command a person runs, `kinetic`, as a process: its subcommands' output, the errors it
/// gives for bad arguments, and its exit codes (0 for success, 64, the BSD usage error that
/// swift-argument-parser uses, for every bad argument or file).
@Suite("The kinetic command")
struct KineticCommandTests {
    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    /// The build's `kinetic`, beside this test bundle (`swift build --build-tests` builds it).
    static let binary = Bundle.main.bundleURL.appendingPathComponent("kinetic")
    static let traces = ExternalTools.repositoryRoot.appendingPathComponent("Traces")

    /// Runs `kinetic` with `arguments`, at most `seconds`, and collects what it printed.
    static func kinetic(_ arguments: String..., seconds: Double = 60) async throws -> Run {
        try await kinetic(arguments, seconds: seconds)
    }

    static func kinetic(_ arguments: [String], seconds: Double = 60) async throws -> Run {
        try #require(
            FileManager.default.isExecutableFile(atPath: binary.path),
            "\(binary.path) is missing: `swift build --build-tests` builds it")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out"), err = folder.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = ExternalTools.repositoryRoot
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        let watchdog = Task {
            try await Task.sleep(for: .seconds(seconds))
            process.stop()
        }
        defer { watchdog.cancel() }
        let status = try await process.runUntilExit()
        return Run(
            status: status, output: try OutputFile.text(at: out), errors: try OutputFile.text(at: err))
    }

    @Test func helpListsEverySubcommand() async throws {
        let run = try await Self.kinetic("--help")
        #expect(run.status == 0)
        for subcommand in ["serve", "simulate", "bench", "bench-layout", "bench-playground", "replay", "render"] {
            #expect(run.output.contains("\n  \(subcommand)"), "help lists \(subcommand)")
        }
    }

    /// `simulate` prints the header and one row per item per frame, frame 0 included, at
    /// time = frame × dt; in `fall` the item falls (y grows under gravity).
    @Test func simulatePrintsOneRowPerItemPerFrame() async throws {
        let run = try await Self.kinetic("simulate", "fall", "--frames", "3", "--dt", "0.1")
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "frame,time,item,x,y,angle")
        let rows = lines.dropFirst().map { $0.split(separator: ",").map { Double($0) } }
        #expect(!rows.isEmpty && rows.count % 4 == 0, "\(rows.count) rows for 4 frames")
        #expect(rows.allSatisfy { $0.count == 6 && $0.allSatisfy { $0?.isFinite == true } })
        for row in rows { #expect(abs((row[1] ?? .nan) - (row[0] ?? .nan) * 0.1) < 1e-12) }
        let item0 = rows.filter { $0[2] == 0 }
        #expect(item0.count == 4 && (item0[3][4] ?? 0) > (item0[0][4] ?? 0), "item 0 falls: \(item0)")
    }

    @Test(arguments: [
        (["simulate", "nowhere"], "nowhere"),
        (["simulate", "fall", "--dt", "-1"], "--dt"),
        (["simulate", "fall", "--frames", "many"], "many"),
        (["bench", "pile", "--frames", "0"], "--frames"),
        (["bench", "pile", "--hz", "nan"], "--hz"),
        (["bench-playground", "--runs", "0"], "--runs"),
        (["replay", "/nonexistent/trace.json"], "cannot read"),
        (["replay", "Package.swift"], "not a valid trace"),
        (["render", "toss", "--trace", "Traces/toss.json", "--out", "out.bmp"], ".png or .gif"),
        (["render", "nowhere", "--trace", "Traces/toss.json", "--out", "out.png"], "nowhere"),
        (["serve", "--port", "70000"], "--port"),
        (["serve", "--max-sessions", "0"], "--max-sessions"),
        (["frobnicate"], "frobnicate"),
    ])
    func badArgumentsAreUsageErrorsThatSayWhy(arguments: [String], mentions: String) async throws {
        let run = try await Self.kinetic(arguments)
        #expect(run.status == 64, "\(arguments): exit \(run.status)")
        #expect(run.errors.contains("Error:") && run.errors.contains(mentions), "\(arguments): \(run.errors)")
        #expect(run.output.isEmpty, "\(arguments) printed \(run.output)")
    }

    /// `replay` prints the scene, the final state and a digest of every frame; the same trace
    /// gives the same digest.
    @Test func replayIsDeterministic() async throws {
        let first = try await Self.kinetic("replay", "Traces/toss.json")
        let second = try await Self.kinetic("replay", "Traces/toss.json")
        #expect(first.status == 0 && second.status == 0, "\(first.errors)")
        #expect(first.output.hasPrefix("scene: toss, seed "))
        let digest = first.output.split(separator: "\n").last { $0.hasPrefix("digest: ") }
        #expect(
            digest.map { $0.dropFirst(8).count == 16 && $0.dropFirst(8).allSatisfy(\.isHexDigit) } == true,
            "\(first.output)")
        #expect(first.output == second.output)
    }

    /// `render` writes a PNG (by its signature) and says where.
    @Test func renderWritesThePNG() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-cli-\(UUID().uuidString).png")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try await Self.kinetic(
            "render", "toss", "--trace", "Traces/toss.json", "--out", path, "--scale", "0.5", "--tail", "0")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("wrote \(path)"))
        let png = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }

    /// `bench` prints a line per run and the result line (and, with `--series`, each simulated
    /// second's mean); `bench-playground` a CSV row per scene.
    @Test func benchesPrintTheirFigures() async throws {
        let bench = try await Self.kinetic("bench", "pile", "--count", "20", "--frames", "5", "--runs", "2")
        #expect(bench.status == 0, "\(bench.errors)")
        #expect(bench.output.split(separator: "\n").filter { $0.hasPrefix("run ") }.count == 2)
        #expect(bench.output.contains("RESULT kinetic pile (20 items): median-of-runs mean "))
        #expect(!bench.output.contains("# outside"), "20 boxes stay in the U")

        // --series: a mean per simulated second, which average to the run's mean (each printed
        // to the nearest µs, so within 0.5 µs of it).
        let series = try await Self.kinetic(
            "bench", "pile", "--count", "20", "--frames", "240", "--runs", "1", "--series")
        #expect(series.status == 0, "\(series.errors)")
        let lines = series.output.split(separator: "\n")
        let runMean = lines.first { $0.hasPrefix("run 0: mean ") }.flatMap {
            Double($0.dropFirst("run 0: mean ".count).prefix { $0 != " " })
        }
        let buckets = lines.first { $0.contains("series (us/frame, each second): ") }.map {
            $0.split(separator: ":").last!.split(separator: " ").compactMap { Double($0) }
        }
        #expect(buckets?.count == 2, "two simulated seconds")
        if let runMean, let buckets, buckets.count == 2 {
            #expect(abs((buckets[0] + buckets[1]) / 2 - runMean) <= 0.55)
        }
        let playground = try await Self.kinetic("bench-playground", "--runs", "1", "--tail", "0")
        #expect(playground.status == 0, "\(playground.errors)")
        let rows = playground.output.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(rows.first == "scene,frames,p50_us,p95_us,max_us")
        #expect(
            rows.dropFirst().map { String($0.split(separator: ",")[0]) } == [
                "drag", "drag-all", "reorder", "toss", "springy", "sandbox", "scroll", "board", "settings", "modern",
                "photos",
            ])
        #expect(rows.dropFirst().allSatisfy { $0.split(separator: ",").dropFirst().allSatisfy { Double($0) != nil } })
    }
}
