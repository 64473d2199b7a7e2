// `FrameDigest`: FNV-1a over doubles' bit patterns, what replays and simulations digest frames with.
import KineticPlatform

/// FNV-1a (64-bit) over the bit patterns of doubles: two runs with the same digest gave the same
/// numbers, bit for bit. `Replay` digests each frame's state with it; the WebAssembly module's
/// simulations digest every frame's items.
public struct FrameDigest {
    /// The digest so far (FNV-1a's offset basis before anything is added).
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// An empty digest.
    public init() {}

    /// Adds `double`'s eight bytes, least significant first.
    public mutating func add(_ double: Double) {
        var bits = double.bitPattern
        for _ in 0..<8 {
            value = (value ^ (bits & 0xff)) &* 0x100_0000_01b3
            bits >>= 8
        }
    }

    /// Adds each item's center x, center y and angle.
    public mutating func add(_ items: [SceneItem]) {
        for item in items {
            add(item.center.x)
            add(item.center.y)
            add(item.angle)
        }
    }
}
