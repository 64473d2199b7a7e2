import ArgumentParser
import Foundation
import Hummingbird
import KineticPlayground

/// `kinetic serve` (the default): the playground in the browser.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the playground: the seeds' scenes, live in the browser (the default).",
        discussion: "Open the printed URL. Each connection runs its own world at 120 Hz on the server. Ctrl-C stops it."
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one).")
    var port = 8080

    @Option(help: "The most sessions (browser tabs) at once; one more is refused with the reason.")
    var maxSessions = PlaygroundServer.Limits().maximumSessions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be within 0…65535") }
        guard !host.isEmpty else { throw ValidationError("--host must not be empty") }
        guard maxSessions >= 1 else { throw ValidationError("--max-sessions must be at least 1") }
    }

    func run() async throws {
        let host = self.host
        var limits = PlaygroundServer.Limits()
        limits.maximumSessions = maxSessions
        let app = PlaygroundServer.application(host: host, port: port, limits: limits) { port in
            // Written unbuffered: a script or test reading the pipe learns the port at once.
            FileHandle.standardOutput.write(
                Data("Kinetic playground: http://\(host):\(port)/  (Ctrl-C to stop)\n".utf8))
        }
        // Hummingbird's service runner stops cleanly on SIGINT and SIGTERM.
        try await app.runService()
    }
}
