import KineticPlatform

#if !canImport(CoreGraphics)
    /// A two-dimensional vector, as CoreGraphics defines it on Apple platforms.
    ///
    /// Foundation on Linux supplies `CGPoint`, `CGSize` and `CGRect` but not `CGVector`; Kinetic
    /// provides it so UIKit Dynamics code (`pushDirection`, `gravityDirection`) compiles unchanged.
    public struct CGVector: Hashable, Sendable, Codable {
        /// The x component of the vector.
        public var dx: CGFloat
        /// The y component of the vector.
        public var dy: CGFloat

        /// Creates a vector with the given components.
        public init(dx: CGFloat, dy: CGFloat) {
            self.dx = dx
            self.dy = dy
        }

        /// Creates a vector with the given integer components.
        public init(dx: Int, dy: Int) {
            self.dx = CGFloat(dx)
            self.dy = CGFloat(dy)
        }

        /// Creates a vector with zero length.
        public init() {
            self.init(dx: 0 as CGFloat, dy: 0 as CGFloat)
        }

        /// The vector whose components are both zero.
        public static var zero: CGVector { CGVector() }
    }

    extension CGVector: CustomStringConvertible {
        /// `CGVector(dx: 1.0, dy: 2.0)`, as Foundation prints a vector on Apple platforms.
        public var description: String { "CGVector(dx: \(dx), dy: \(dy))" }
    }
#endif
