#if hasFeature(Embedded)
    // Embedded Swift has no `Codable` (it needs the runtime's reflection of keys). Kinetic's
    // value types declare `Codable` for native apps; here the names are markers with no
    // requirements, so the same declarations compile, and what the WebAssembly build reads or
    // writes (traces, the page's messages) goes through the project's own JSON code.

    /// A type that can encode itself (a marker where Embedded Swift has no `Encodable`).
    public protocol Encodable {}
    /// A type that can decode itself (a marker where Embedded Swift has no `Decodable`).
    public protocol Decodable {}
    /// A type that can encode and decode itself (a marker where Embedded Swift has none).
    public typealias Codable = Encodable & Decodable
#endif
