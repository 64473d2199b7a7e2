import ArgumentParser
import Foundation
import KineticGestures

extension TouchTrace {
    /// The trace in the file at `path`, or a usage error saying why not (unreadable, invalid).
    static func load(fromFile path: String) throws -> TouchTrace {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw ValidationError("cannot read \(path): \(error.localizedDescription)")
        }
        do { return try TouchTrace.decode(from: data) } catch {
            // Foundation's decoding errors repeat the file's strings as they are.
            throw ValidationError(terminalSafe("\(path) is not a valid trace: \(error)"))
        }
    }
}

/// `text` with every control, format and line-breaking character escaped (`\u{1b}`), nothing
/// else changed: for a message that repeats what a file says (a trace's scene, a decoder's
/// quote of a bad value), so a file cannot send the terminal escape sequences or forge lines.
func terminalSafe(_ text: String) -> String {
    var safe = ""
    for scalar in text.unicodeScalars {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: safe += "\\u{\(String(scalar.value, radix: 16))}"
        default: safe.unicodeScalars.append(scalar)
        }
    }
    return safe
}
