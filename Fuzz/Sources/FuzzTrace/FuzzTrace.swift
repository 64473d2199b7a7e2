// The fuzz target for touch-trace files: every input is read as a trace (the checks are in
// TraceReaderInvariants.swift); a trace the reader accepts is played into its scene
// (TraceReplayInvariants, in SceneInvariants.swift) for up to a second of frames, to keep the
// runs fast. A broken invariant aborts with the list, which libFuzzer reports as a crash and
// keeps the input.
import Foundation
import KineticGestures

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let (trace, read) = TraceReaderInvariants.check(data)
    let violations = read + (trace.map { TraceReplayInvariants.violations(replaying: $0, maximumFrames: 120) } ?? [])
    guard violations.isEmpty else {
        FileHandle.standardError.write(Data(("broken invariants:\n" + violations.joined(separator: "\n") + "\n").utf8))
        abort()
    }
    return 0
}
