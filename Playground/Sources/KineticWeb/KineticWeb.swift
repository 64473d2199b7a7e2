// The WebAssembly module's interface: plain C functions the page and node call (Scripts/wasm
// exports every `@_cdecl("kinetic_…")` here from the page's module, kinetic.wasm, except those
// in Harness/, which only node's tests and benchmarks call: they are exported from
// harness.wasm, which holds everything). The module is compiled natively too, so the tests call
// the very same functions in the native build and in the module and compare what they give.
import KineticPlatform

/// Room in the module's memory for `count` bytes the host writes (a scene's name, a message),
/// freed with `kinetic_free`.
@_cdecl("kinetic_alloc")
public func kineticAlloc(_ count: Int32) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer.allocate(byteCount: max(Int(count), 1), alignment: 16)
}

/// Frees what `kinetic_alloc` gave.
@_cdecl("kinetic_free")
public func kineticFree(_ pointer: UnsafeMutableRawPointer?) {
    pointer?.deallocate()
}

/// The UTF-8 text of `count` bytes at `bytes` (invalid sequences repaired, as the standard library does).
func text(_ bytes: UnsafeRawPointer?, _ count: Int32) -> String {
    guard let bytes, count > 0 else { return "" }
    return String(decoding: UnsafeRawBufferPointer(start: bytes, count: Int(count)), as: UTF8.self)
}
