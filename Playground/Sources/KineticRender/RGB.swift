/// An opaque 8-bit sRGB colour.
public struct RGB: Hashable, Sendable {
    public var r, g, b: UInt8

    /// The colour (r, g, b).
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) { (self.r, self.g, self.b) = (r, g, b) }

    /// The colour written `0xRRGGBB`.
    public init(hex: UInt32) { self.init(UInt8(hex >> 16 & 0xff), UInt8(hex >> 8 & 0xff), UInt8(hex & 0xff)) }

    /// `self` with `other` laid over it at `coverage` (0…1).
    @inline(__always) func blended(with other: RGB, coverage: Double) -> RGB {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * coverage).rounded()) }
        return RGB(mix(r, other.r), mix(g, other.g), mix(b, other.b))
    }

    /// Packed as 0xRRGGBB, a dictionary key for palettes.
    var packed: UInt32 { UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }
}
