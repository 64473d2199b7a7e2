// `Drawable`: one rectangle a canvas draws for a frame of an interactive scene.
import KineticPlatform

/// One thing a canvas draws for a frame: a rotated rectangle with a fill and an optional label.
/// Plain values, so a frame can be compared with the last one and only the changes sent.
public struct Drawable: Hashable, Codable, Sendable {
    /// What the rectangle stands for, which decides its look.
    public enum Kind: String, Hashable, Codable, Sendable {
        case cell, selectedCell, card, anchor, attachment
        /// The keyboard focus: a ring around the focused cell, above everything.
        case focusRing
        /// A board's column: a rounded panel behind its cards.
        case column
    }

    /// Stable across frames: the same thing keeps its id.
    public var id: Int
    public var kind: Kind
    /// Centre and size in the scene's view coordinates, angle in radians (clockwise on screen).
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var angle: Double
    /// Stacking order: higher is drawn above.
    public var z: Int
    /// A short label drawn on it (a cell's number), or nil.
    public var label: String?

    /// A drawable.
    public init(
        id: Int, kind: Kind, x: Double, y: Double, width: Double, height: Double, angle: Double = 0, z: Int = 0,
        label: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.angle = angle
        self.z = z
        self.label = label
    }
}
