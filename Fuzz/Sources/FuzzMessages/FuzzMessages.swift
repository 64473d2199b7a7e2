// The fuzz target for a page's messages: every input is a run of text messages (one a line; a
// line `+N` lets N ms pass) played into a playground session by SessionDriver, which checks
// every answer and the session's state after each step. A broken invariant aborts with the
// list, which libFuzzer reports as a crash and keeps the input.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMessages(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = start.map { UnsafeBufferPointer(start: $0, count: count) } ?? UnsafeBufferPointer(start: nil, count: 0)
    let driver = SessionDriver.play(input)
    guard driver.violations.isEmpty else {
        FileHandle.standardError.write(
            Data(("broken invariants:\n" + driver.violations.joined(separator: "\n") + "\n").utf8))
        abort()
    }
    return 0
}
