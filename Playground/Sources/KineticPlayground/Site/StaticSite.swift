import Foundation
import KineticScenes

/// The playground as a static site: the page, its scripts, the WebAssembly module that runs the
/// scenes in the page, and each scene's sources for the code view, as plain files any static
/// file server can serve (`python3 -m http.server` in the folder, say). No Swift process runs
/// behind it and the page opens no WebSocket: it runs every scene itself.
public enum StaticSite {
    /// Why a site cannot be written.
    public enum ExportError: Error, CustomStringConvertible, Equatable {
        /// The folder is a file, or a folder that holds files of its own (not a site written here).
        case notASiteFolder(String)
        /// The page's files are not in this build's resources (a build without them).
        case noPage
        /// A file could not be written.
        case cannotWrite(String, String)

        public var description: String {
            switch self {
            case .notASiteFolder(let path):
                "\(path) is a file or a folder with other files in it: name a new or empty folder (or one this "
                    + "command wrote before)"
            case .noPage: "this build has no page files (Playground/Sources/KineticPlayground/Page)"
            case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
            }
        }
    }

    /// The files of the site, by path below its root: the page's own files (the module among
    /// them) and `code/<scene>` for each scene, the JSON the server answers at that path.
    public static func files() throws(ExportError) -> [String: [UInt8]] {
        let page = PageFiles.bundled.files
        guard page["index.html"] != nil else { throw .noPage }
        var files = page.mapValues(\.bytes)
        let encoder = JSONEncoder()
        for scene in InteractiveSceneName.allCases {
            files["code/" + scene.rawValue] = Array((try? encoder.encode(SceneSources.sources(of: scene))) ?? Data())
        }
        return files
    }

    /// Writes the site into `folder` (made if missing) and returns the paths written, sorted. A
    /// folder that holds anything but a site written here is refused, so nothing is overwritten
    /// by mistake; a site written before is written over.
    @discardableResult
    public static func export(to folder: URL) throws(ExportError) -> [String] {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            let contents = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
            let ours = contents.isEmpty || contents.contains("kinetic.wasm") && contents.contains("index.html")
            guard isFolder.boolValue, ours else { throw .notASiteFolder(folder.path) }
        }
        let files = try files()
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(path)
            do {
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url)
            } catch {
                throw .cannotWrite(url.path, "\(error.localizedDescription)")
            }
        }
        return files.keys.sorted()
    }
}
