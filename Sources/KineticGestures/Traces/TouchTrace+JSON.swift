import KineticPlatform

// A trace's JSON reading and writing, through Foundation's JSON coders: native builds only.
// The WebAssembly build (Embedded Swift, which has no `Codable` and no Foundation) skips this
// file; there the page's own JSON code reads and writes traces.

extension TouchTrace {
    /// Reads and checks a trace from JSON. The whole of `data` must be JSON, keys the trace does
    /// not use included (Foundation's decoder alone checks only the values it reads).
    public static func decode(from data: Data) throws -> TouchTrace {
        _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        let trace = try JSONDecoder().decode(TouchTrace.self, from: data)
        try trace.validate()
        return trace
    }

    /// The trace as JSON, keys sorted so equal traces give equal bytes.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }
}
