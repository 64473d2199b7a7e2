import Foundation
import Testing

/// A trace file is untrusted input: `kinetic replay` and `kinetic render` repeat what it says
/// (its scene, a decoder's quote of a bad value) only escaped, so a file cannot send the
/// terminal escape sequences or forge lines of output.
@Suite("Trace files on the terminal")
struct TraceFileTests {
    /// Foundation's decoding errors and the unknown-scene message quoted a file's strings raw:
    /// a trace whose scene or phase held ESC sequences wrote them to the terminal (found by
    /// review after the message fuzzer caught the same in the server's close reasons,
    /// Fuzz/Corpus/messages/crash-7da2…).
    @Test(arguments: [
        // An unknown scene: kinetic replay names it.
        (
            ["replay"],
            "{\"version\":1,\"scene\":\"\\u001b]0;owned\\u0007\\u001b[2J\",\"seed\":0,\"frameRate\":120,\"events\":[]}"
        ),
        // A bad phase: the decoder's error quotes it.
        (
            ["replay"],
            "{\"version\":1,\"scene\":\"drag\",\"seed\":0,\"frameRate\":120,\"events\":[{\"id\":0,"
                + "\"phase\":\"x\\u001b[31m\\nforged\",\"location\":[1,2],\"timestamp\":0}]}"
        ),
        // A scene other than the one asked for: kinetic render names both.
        (
            ["render", "drag"],
            "{\"version\":1,\"scene\":\"toss\\u001b[2J\",\"seed\":0,\"frameRate\":120,\"events\":[]}"
        ),
    ])
    func aFileCannotWriteControlCharactersToTheTerminal(command: [String], file: String) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-trace-\(UUID()).json")
        try Data(file.utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: output) }
        let arguments =
            command.first == "render" ? command + ["--trace", path.path, "--out", output.path] : command + [path.path]
        let run = try await KineticCommandTests.kinetic(arguments)
        #expect(run.status == 64, "exit \(run.status): \(run.errors)")
        let printed = run.output + run.errors
        let unsafe = printed.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7f }
        #expect(unsafe.isEmpty, "\(printed.debugDescription)")
        #expect(printed.contains("\\u{1b}"), "the file's text is named, escaped: \(printed)")
    }
}
