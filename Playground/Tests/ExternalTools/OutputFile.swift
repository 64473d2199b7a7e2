import Foundation

/// What a child process wrote to a file, which may still be nothing.
public enum OutputFile {
    /// The text of the file at `url`: "" while it is empty.
    ///
    /// Not `String(contentsOf:)` alone: on Linux, Foundation reads a file whose size is 0 into
    /// a 4 KiB buffer it allocates for the purpose (files in /proc report 0 and still have
    /// contents) and, when nothing is read, returns an empty `Data` without freeing that buffer
    /// (swift-foundation's `readBytesFromFile`, in Swift 6.3.1). LeakSanitizer reports every
    /// such read. Suppressing that function would also hide a leak of the bytes of any file
    /// read, so the harness does not read an empty file instead. A child's output only grows:
    /// a file that is not empty here is not empty when it is read.
    public static func text(at url: URL) throws -> String {
        let size = try url.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0
        return size == 0 ? "" : try String(contentsOf: url, encoding: .utf8)
    }
}
