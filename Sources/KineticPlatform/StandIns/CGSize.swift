#if hasFeature(Embedded) || KINETIC_STAND_INS
    /// A width and a height: Foundation's `CGSize` where Foundation is absent, with the same
    /// members, equality and description. Negative values are kept, as Foundation keeps them.
    public struct CGSize: Hashable, Sendable, CustomStringConvertible {
        /// The width.
        public var width: CGFloat
        /// The height.
        public var height: CGFloat

        /// The size with zero width and height.
        public init() { self.init(width: 0.0, height: 0.0) }
        /// A size with the given width and height.
        public init(width: CGFloat, height: CGFloat) {
            self.width = width
            self.height = height
        }
        /// A size with the given integer width and height.
        public init(width: Int, height: Int) { self.init(width: CGFloat(width), height: CGFloat(height)) }

        /// The size with zero width and height.
        public static var zero: CGSize { CGSize() }

        /// `CGSize(width: 1.0, height: 2.0)`, as Foundation prints a size on Linux.
        public var description: String { "CGSize(width: \(width), height: \(height))" }
    }
#endif
