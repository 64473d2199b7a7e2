import Foundation
import Testing

/// The repository as a clone sees it on every platform.
@Suite("Repository")
struct RepositoryTests {
    /// The repository's root (this file is `Tests/RepositoryTests/RepositoryTests.swift`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The files the repository holds: git's list where this is a checkout, otherwise every
    /// file under the root but the build folders.
    static func trackedPaths() throws -> [String] {
        let root = Self.root
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root.path, "ls-files", "-z"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        if (try? process.run()) != nil {
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            if process.terminationStatus == 0 {
                return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            }
        }
        var paths: [String] = []
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            let relative = String(url.path.dropFirst(root.path.count + 1))
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".build") || $0 == ".git" }) {
                enumerator?.skipDescendants()
                continue
            }
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { paths.append(relative) }
        }
        return paths
    }

    /// The pairs of `paths` (and of their folders) equal but for letter case.
    static func caseClashes(in paths: [String]) -> [String] {
        var seen: [String: String] = [:]
        var clashes: Set<String> = []
        for path in paths {
            let parts = path.split(separator: "/")
            for end in parts.indices {
                let prefix = parts[...end].joined(separator: "/")
                if let other = seen[prefix.lowercased()], other != prefix { clashes.insert("\(other) ~ \(prefix)") }
                seen[prefix.lowercased()] = prefix
            }
        }
        return clashes.sorted()
    }

    /// Paths that differ only in letter case, folders included, are one path on macOS's and
    /// Windows' default file systems: a clone there would keep one and lose the other.
    @Test func noTwoPathsDifferOnlyInCase() throws {
        let paths = try Self.trackedPaths()
        #expect(paths.count > 100, "found \(paths.count) files")
        #expect(Self.caseClashes(in: paths).isEmpty, "paths equal but for case: \(Self.caseClashes(in: paths))")
    }

    /// The check sees a clash of files and of folders, and none between different names.
    @Test func theCaseCheckFindsClashes() {
        #expect(
            Self.caseClashes(in: ["Sources/Kinetic/Kinetic.swift", "Sources/kinetic/Main.swift"]) == [
                "Sources/Kinetic ~ Sources/kinetic"
            ])
        #expect(Self.caseClashes(in: ["README.md", "Readme.md"]) == ["README.md ~ Readme.md"])
        #expect(
            Self.caseClashes(in: ["Sources/Kinetic/A.swift", "Sources/KineticCLI/A.swift", "Sources/Kinetic/B.swift"])
                .isEmpty)
    }

    /// The code keeps one style: `swift format lint --strict` (the formatter that ships with the
    /// toolchain) finds nothing against the repository's `.swift-format`, and no line of Swift is
    /// longer than its 120 characters (the formatter cannot break a string literal, so it does
    /// not report one).
    @Test func theCodeFollowsTheFormatConfiguration() async throws {
        let root = Self.root
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "format", "lint", "--strict", "--recursive", "Sources", "Tests", "Package.swift",
            "Playground/Sources", "Playground/Tests", "Playground/Package.swift",
        ]
        process.currentDirectoryURL = root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "swift format lint --strict: \(printed.prefix(4000))")
        var long: [String] = []
        for path in try Self.trackedPaths() where path.hasSuffix(".swift") {
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.count > 120 {
                long.append("\(path):\(number + 1) (\(line.count))")
            }
        }
        #expect(long.isEmpty, "lines over 120 characters: \(long)")
    }
}
