import Foundation
import KineticScenes

/// The page's files (markup, style, scripts, icon, the WebAssembly module), read once from the package's `Page`
/// resources and served by path; nothing else is served, so no request can reach outside them.
struct PageFiles: Sendable {
    struct File: Sendable {
        let contentType: String
        let bytes: [UInt8]
    }

    /// By path below the page's root, such as `index.html` or `js/drawing.js`.
    let files: [String: File]

    static let contentTypes = [
        "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml", "ts": "text/plain; charset=utf-8",
        // The scenes' module: browsers compile it as it streams only when served as such.
        "wasm": "application/wasm",
    ]

    /// The files in the bundle's `Page` folder.
    static let bundled: PageFiles = {
        guard let root = Bundle.module.url(forResource: "Page", withExtension: nil) else {
            return PageFiles(files: [:])
        }
        var files: [String: File] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard let type = contentTypes[url.pathExtension], let data = try? Data(contentsOf: url) else { continue }
            let path = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            files[path] = File(contentType: type, bytes: Array(data))
        }
        return PageFiles(files: files)
    }()
}

/// The Swift sources behind each scene, for the page's code view: read from the repository the
/// server was built from (found from this file's path), so what the page shows is what runs.
enum SceneSources {
    /// The repository's root: three folders up from `Playground/Sources/KineticPlayground/Server`.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// One source file: its path in the repository and its text.
    struct Source: Codable, Equatable, Sendable {
        var path: String
        var text: String
    }

    /// The sources of `scene`; a file that cannot be read (a binary run away from its checkout)
    /// says so in its text.
    static func sources(of scene: InteractiveSceneName) -> [Source] {
        scene.about.sources.map { path in
            let url = repositoryRoot.appendingPathComponent(path)
            let text =
                (try? String(contentsOf: url, encoding: .utf8))
                ?? "// \(path) is not readable here: the server runs away from the repository it was built from."
            return Source(path: path, text: text)
        }
    }
}
