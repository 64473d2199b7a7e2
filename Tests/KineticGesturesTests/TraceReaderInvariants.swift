// What the touch-trace reader must do with any bytes at all. Shared by the regression test that
// replays the fuzzer's corpus (TraceCorpusTests) and by the fuzz target itself, which compiles
// this file through a symlink (Fuzz/Sources/FuzzTrace/), so both check the very same things.
import Foundation
import KineticGestures

/// The trace reader's promises, checked from outside: a trace it returns holds what the type
/// promises, survives JSON unchanged, and agrees with an independent JSON parser about what the
/// bytes said; bytes it refuses are refused with an error, never a trap.
enum TraceReaderInvariants {
    /// The broken promises when `data` is read as a trace (empty when every one holds), and the
    /// trace when the reader accepted it.
    static func check(_ data: Data) -> (trace: TouchTrace?, violations: [String]) {
        let trace: TouchTrace
        do { trace = try TouchTrace.decode(from: data) } catch { return (nil, []) }
        var violations: [String] = []
        func fail(_ what: String) { violations.append(what) }

        // What the type promises, checked here rather than by `validate()`, the reader's own check.
        if trace.version != 1 { fail("version \(trace.version) accepted") }
        if !trace.frameRate.isFinite || !(trace.frameRate > 0) || trace.frameRate > TouchTrace.maximumFrameRate {
            fail("frame rate \(trace.frameRate) accepted")
        }
        var last = -Double.infinity
        for (index, event) in trace.events.enumerated() {
            let numbers = [Double(event.location.x), Double(event.location.y), event.timestamp]
            if numbers.contains(where: { !$0.isFinite }) { fail("event \(index) is not finite: \(event)") }
            if event.timestamp < last { fail("event \(index) at \(event.timestamp) comes before \(last)") }
            if event.timestamp > TouchTrace.maximumDuration { fail("event \(index) at \(event.timestamp) accepted") }
            last = max(last, event.timestamp)
        }
        let end = trace.events.last?.timestamp ?? 0
        if trace.duration != end { fail("duration \(trace.duration), last event at \(end)") }

        // The trace survives JSON: written and read again it is the same trace, and the same bytes.
        do {
            let written = try trace.encoded()
            let again = try TouchTrace.decode(from: written)
            if again != trace { fail("changed through JSON: \(trace) became \(again)") }
            if try again.encoded() != written { fail("written twice, different bytes") }
        } catch {
            fail("an accepted trace cannot be written and read back: \(error)")
        }

        // The bytes are JSON, all of them (Foundation's decoder alone checks only what it reads).
        if (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) == nil {
            fail("accepted bytes that are not JSON")
        }
        // An independent reading of the JSON agrees on what the bytes said.
        guard let json = try? JSONDecoder().decode(JSONValue.self, from: data), case .object = json else {
            fail("accepted bytes that do not read as a JSON object")
            return (trace, violations)
        }
        if let events = json["events"]?.array {
            if events.count != trace.events.count {
                fail("\(events.count) events in the JSON, \(trace.events.count) read")
            }
            for (index, event) in events.enumerated().prefix(trace.events.count) {
                let location = event["location"]?.array?.compactMap(\.number) ?? []
                let read = trace.events[index]
                if event["timestamp"]?.number != read.timestamp || location != [read.location.x, read.location.y] {
                    fail("event \(index) says \(event), read as \(read)")
                }
            }
        } else {
            fail("no events array in the JSON")
        }
        if json["scene"]?.string != trace.scene {
            fail("scene \(String(describing: json["scene"])) read as \(trace.scene)")
        }
        if json["frameRate"]?.number != trace.frameRate {
            fail("frame rate \(String(describing: json["frameRate"])) read as \(trace.frameRate)")
        }
        return (trace, violations)
    }
}
