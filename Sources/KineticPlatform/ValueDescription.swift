// What a trap or log line prints for a value of any type: Swift's own description natively;
// Embedded Swift has no reflection to write one, so it says what the value is instead.

/// `value` as `String(describing:)` writes it natively; in the WebAssembly build, which cannot
/// describe a value of an unknown type, the words "an identifier" (a trap's message still names
/// what went wrong, only not which value).
public func valueDescription<T>(_ value: T) -> String {
    #if hasFeature(Embedded)
        "an identifier"
    #else
        String(describing: value)
    #endif
}
