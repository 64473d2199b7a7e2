import ArgumentParser
import Foundation
import KineticPlayground

/// `kinetic export-site DIR`: the playground as static files.
struct ExportSite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-site",
        abstract: "Write the playground as a static site: the page and the WebAssembly module that runs its scenes.",
        discussion: """
            The folder works from any static file server (python3 -m http.server in it, say), with no Swift \
            process behind it: the page runs every scene itself. A new or empty folder, or one written here before.
            """
    )

    @Argument(help: "The folder to write (made if missing).")
    var folder: String

    func validate() throws {
        guard !folder.isEmpty else { throw ValidationError("name a folder to write the site into") }
    }

    func run() throws {
        let url = URL(fileURLWithPath: folder)
        do {
            let written = try StaticSite.export(to: url)
            print("Kinetic playground: \(written.count) files in \(url.path) (serve the folder with any static server)")
        } catch {
            FileHandle.standardError.write(Data("kinetic export-site: \(error.description)\n".utf8))
            throw ExitCode(1)
        }
    }
}
