import KineticPlatform

/// A horizontal and vertical offset, UIKit's `UIOffset`: used for attachment and push offsets
/// from an item's center.
public struct Offset: Hashable, Sendable, Codable {
    /// The horizontal offset in points.
    public var horizontal: CGFloat
    /// The vertical offset in points.
    public var vertical: CGFloat

    /// Creates an offset.
    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// No offset.
    public static let zero = Offset(horizontal: 0, vertical: 0)
}

extension Offset: CustomStringConvertible {
    /// `Offset(horizontal: 1.0, vertical: 2.0)`: the form Swift's reflection printed before,
    /// written out so the WebAssembly build, which has no reflection, prints the same.
    public var description: String { "Offset(horizontal: \(horizontal), vertical: \(vertical))" }
}
