import KineticPlatform

// A touch's JSON form, for traces (`TouchTrace+JSON.swift`): native builds only, since Embedded
// Swift (the WebAssembly build, which skips this file) has no `Codable`; there `Codable` is a
// marker, and the page's own JSON code reads and writes touches.

extension Touch {
    private enum CodingKeys: String, CodingKey {
        case id, phase, location, timestamp
    }

    /// Reads a touch as a trace writes it: `{"id": 0, "phase": "began", "location": [x, y],
    /// "timestamp": 0.1}`, its location exactly two numbers (Foundation's `CGPoint` would read
    /// the first two of a longer array and drop the rest).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var location = try container.nestedUnkeyedContainer(forKey: .location)
        let x = try location.decode(Double.self)
        let y = try location.decode(Double.self)
        guard location.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: location, debugDescription: "a location is two numbers, [x, y]")
        }
        self.init(
            id: try container.decode(Int.self, forKey: .id), phase: try container.decode(Phase.self, forKey: .phase),
            location: CGPoint(x: x, y: y), timestamp: try container.decode(TimeInterval.self, forKey: .timestamp))
    }

    /// Writes a touch as a trace stores it: `{"id": 0, "phase": "began", "location": [x, y],
    /// "timestamp": 0.1}` (what Swift would synthesize; written out because the keys live here,
    /// apart from the type).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(phase, forKey: .phase)
        try container.encode(location, forKey: .location)
        try container.encode(timestamp, forKey: .timestamp)
    }
}
