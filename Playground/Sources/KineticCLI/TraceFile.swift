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
            throw ValidationError("\(path) is not a valid trace: \(error)")
        }
    }
}
