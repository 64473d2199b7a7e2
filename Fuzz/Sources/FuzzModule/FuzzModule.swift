// The fuzz target for the WebAssembly module's interface: every input is read as calls to
// KineticWeb's C functions (ModuleContract.swift, shared with KineticWebTests); a broken promise
// aborts, which libFuzzer reports as a crash and keeps the input.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModule(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let violations = moduleContractViolations(UnsafeRawBufferPointer(start: start, count: count))
    guard violations.isEmpty else {
        FileHandle.standardError.write(Data(("broken promises:\n" + violations.joined(separator: "\n") + "\n").utf8))
        abort()
    }
    return 0
}
