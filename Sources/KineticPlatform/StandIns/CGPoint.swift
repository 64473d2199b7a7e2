#if hasFeature(Embedded) || KINETIC_STAND_INS
    /// A point in a two-dimensional coordinate system: Foundation's `CGPoint` where Foundation
    /// is absent, with the same members, equality and description.
    public struct CGPoint: Hashable, Sendable, CustomStringConvertible {
        /// The x-coordinate of the point.
        public var x: CGFloat
        /// The y-coordinate of the point.
        public var y: CGFloat

        /// The point at the origin.
        public init() { self.init(x: 0.0, y: 0.0) }
        /// A point with the given coordinates.
        public init(x: CGFloat, y: CGFloat) {
            self.x = x
            self.y = y
        }
        /// A point with the given integer coordinates.
        public init(x: Int, y: Int) { self.init(x: CGFloat(x), y: CGFloat(y)) }

        /// The point at the origin.
        public static var zero: CGPoint { CGPoint() }

        /// `CGPoint(x: 1.0, y: 2.0)`, as Foundation prints a point on Linux.
        public var description: String { "CGPoint(x: \(x), y: \(y))" }
    }
#endif
