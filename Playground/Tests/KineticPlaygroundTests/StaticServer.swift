import ExternalTools
import Foundation
import Testing

/// Python's static file server (`python3 -m http.server`) serving a folder, as anyone hosting
/// `kinetic export-site`'s output would: plain files, no Swift behind them.
struct StaticServer {
    let process: Process
    /// Such as `http://127.0.0.1:41234/`.
    let url: String

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Serves `folder` on a free port of the loopback address, and waits until it listens.
    static func start(folder: URL) async throws -> StaticServer {
        let python = try #require(ExternalTools.python)
        let log = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kinetic-static-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        // Unbuffered (-u), so the line naming the port arrives at once; port 0 picks a free one.
        process.arguments = ["-u", "-m", "http.server", "--bind", "127.0.0.1", "--directory", folder.path, "0"]
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<200 {
            // "Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ..."
            let text = (try? OutputFile.text(at: log)) ?? ""
            if let start = text.range(of: "(http://"), let end = text[start.upperBound...].firstIndex(of: ")") {
                try? FileManager.default.removeItem(at: log)
                return StaticServer(process: process, url: "http://" + text[start.upperBound..<end])
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        process.stop()
        throw Failure(description: "python's http.server did not start: \((try? OutputFile.text(at: log)) ?? "")")
    }

    func stop() { process.stop() }
}
