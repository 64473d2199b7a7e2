import ExternalTools
import Foundation

/// `kinetic serve` in a process of its own, for tests that watch the server from outside: its
/// memory, its exit on SIGINT, a browser talking to it.
struct ServerProcess {
    let process: Process
    /// The URL the server printed, such as `http://127.0.0.1:41234/`.
    let url: String
    /// The port it listens on.
    let port: Int

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Starts `kinetic serve --port 0` plus `arguments`, its output in `log`, and waits until it
    /// listens. `swift test` builds the `kinetic` binary beside the test bundle.
    static func start(arguments: [String] = [], log: URL) async throws -> ServerProcess {
        let binary = Bundle.main.bundleURL.appendingPathComponent("kinetic")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw Failure(description: "\(binary.path) is missing: `swift test` builds it with the tests")
        }
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--port", "0"] + arguments
        process.standardOutput = try FileHandle(forWritingTo: log)
        try process.run()
        // The server prints its URL once it listens.
        for _ in 0..<600 {
            let text = (try? OutputFile.text(at: log)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.contains("http://") }),
                let start = line.range(of: "http://"), let end = line[start.lowerBound...].firstIndex(of: " ")
            {
                let url = String(line[start.lowerBound..<end])
                let port = url.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
                return ServerProcess(process: process, url: url, port: port)
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        process.stop()
        throw Failure(description: "the server did not start: \((try? OutputFile.text(at: log)) ?? "")")
    }

    /// The process's resident set size (Linux: /proc/PID/status, VmRSS).
    var residentBytes: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }

    /// Stops the server if it still runs.
    func stop() { process.stop() }
}
