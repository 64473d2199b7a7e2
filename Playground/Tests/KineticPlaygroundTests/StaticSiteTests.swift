import Foundation
import KineticScenes
import Testing

@testable import KineticPlayground

/// `kinetic export-site`: the playground as static files (issue 33). The end-to-end test serves
/// such a folder with Python's static file server and drives it in Chromium.
@Suite("Static site")
struct StaticSiteTests {
    private func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-site-\(UUID().uuidString)")
    }

    @Test func theSiteHoldsThePageTheModuleAndEveryScenesSources() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try StaticSite.export(to: folder)
        for path in ["index.html", "style.css", "js/main.js", "js/wasm.js", "kinetic.wasm"] {
            #expect(written.contains(path), "\(path) is written")
        }
        // Every file the page's folder holds, byte for byte.
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/KineticPlayground/Page")
        let enumerator = FileManager.default.enumerator(at: page, includingPropertiesForKeys: nil)
        var pageFiles = 0
        while let url = enumerator?.nextObject() as? URL {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
                continue
            }
            let path = String(url.standardizedFileURL.path.dropFirst(page.standardizedFileURL.path.count + 1))
            pageFiles += 1
            #expect(
                try Data(contentsOf: folder.appendingPathComponent(path)) == Data(contentsOf: url),
                "\(path) is the page's own")
        }
        #expect(pageFiles >= 10)
        // The code view's answers, as the server gives them at the same paths.
        for scene in InteractiveSceneName.allCases {
            let data = try Data(contentsOf: folder.appendingPathComponent("code/" + scene.rawValue))
            let sources = try JSONDecoder().decode([SceneSources.Source].self, from: data)
            #expect(sources == SceneSources.sources(of: scene))
            #expect(sources.map(\.path) == scene.about.sources && sources.allSatisfy { !$0.text.isEmpty })
        }
        // A site written before is written over.
        #expect(try StaticSite.export(to: folder) == written)
    }

    @Test func aFolderWithOtherFilesOrAFileIsRefusedAndLeftAlone() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let mine = folder.appendingPathComponent("notes.txt")
        try Data("mine".utf8).write(to: mine)
        #expect(throws: StaticSite.ExportError.notASiteFolder(folder.path)) { try StaticSite.export(to: folder) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
        #expect(throws: StaticSite.ExportError.notASiteFolder(mine.path)) { try StaticSite.export(to: mine) }
        #expect(try Data(contentsOf: mine) == Data("mine".utf8))
    }
}
