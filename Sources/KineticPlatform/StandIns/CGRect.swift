#if hasFeature(Embedded) || KINETIC_STAND_INS
    /// A rectangle: Foundation's `CGRect` where Foundation is absent.
    ///
    /// Foundation's rules, which the stand-in keeps operation for operation so results agree to
    /// the bit (`KineticPlatformTests` compares them on random rectangles, negative sizes, nulls
    /// and non-finite values included):
    /// - a negative width or height extends the rectangle to the left of or above its origin;
    ///   `minX` is `origin.x + min(width, 0)`, `maxX` is `origin.x + max(width, 0)`, `midX` their
    ///   mean, and `width`, `height` are magnitudes;
    /// - the null rectangle has an infinite origin; it is empty, a union ignores it, an
    ///   intersection with it is null, and two null rectangles are equal;
    /// - equality compares standardized rectangles (origin at the minimum corner).
    public struct CGRect: Hashable, Sendable, CustomStringConvertible {
        /// The corner the size is measured from.
        public var origin: CGPoint
        /// The size, whose components may be negative.
        public var size: CGSize

        /// The rectangle at the origin with zero size.
        public init() { self.init(origin: CGPoint(), size: CGSize()) }
        /// A rectangle with the given origin and size.
        public init(origin: CGPoint, size: CGSize) {
            self.origin = origin
            self.size = size
        }
        /// A rectangle with the given coordinates and size.
        public init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {
            self.init(origin: CGPoint(x: x, y: y), size: CGSize(width: width, height: height))
        }
        /// A rectangle with the given integer coordinates and size.
        public init(x: Int, y: Int, width: Int, height: Int) {
            self.init(origin: CGPoint(x: x, y: y), size: CGSize(width: width, height: height))
        }

        /// The rectangle at the origin with zero size.
        public static var zero: CGRect { CGRect() }
        /// The null rectangle: what an empty intersection gives.
        public static let null = CGRect(x: .infinity, y: .infinity, width: 0.0, height: 0.0)
        /// The rectangle that has no bounds, centred on the origin.
        public static let infinite = CGRect(
            x: -CGFloat.greatestFiniteMagnitude / 2, y: -CGFloat.greatestFiniteMagnitude / 2,
            width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

        /// The width's magnitude.
        public var width: CGFloat { abs(size.width) }
        /// The height's magnitude.
        public var height: CGFloat { abs(size.height) }
        /// The smallest x of the rectangle.
        public var minX: CGFloat { origin.x + min(size.width, 0) }
        /// The largest x of the rectangle.
        public var maxX: CGFloat { origin.x + max(size.width, 0) }
        /// The x halfway between `minX` and `maxX`.
        public var midX: CGFloat { (minX + maxX) * 0.5 }
        /// The smallest y of the rectangle.
        public var minY: CGFloat { origin.y + min(size.height, 0) }
        /// The largest y of the rectangle.
        public var maxY: CGFloat { origin.y + max(size.height, 0) }
        /// The y halfway between `minY` and `maxY`.
        public var midY: CGFloat { (minY + maxY) * 0.5 }

        /// Whether this is the null rectangle (an infinite origin coordinate).
        public var isNull: Bool { origin.x == .infinity || origin.y == .infinity }
        /// Whether the rectangle is null or has a zero width or height.
        public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }
        /// Whether this is the infinite rectangle.
        public var isInfinite: Bool { self == .infinite }

        /// The same rectangle with a non-negative size.
        public var standardized: CGRect {
            isNull ? .null : CGRect(x: minX, y: minY, width: width, height: height)
        }

        /// The smallest rectangle with integral coordinates that contains this one.
        public var integral: CGRect {
            if isNull { return self }
            let r = standardized
            let x = r.origin.x.rounded(.down)
            let y = r.origin.y.rounded(.down)
            return CGRect(
                x: x, y: y, width: (r.origin.x + r.size.width).rounded(.up) - x,
                height: (r.origin.y + r.size.height).rounded(.up) - y)
        }

        /// Whether `point` lies inside: the minimum edges included, the maximum ones excluded.
        public func contains(_ point: CGPoint) -> Bool {
            if isEmpty { return false }
            return minX <= point.x && point.x < maxX && minY <= point.y && point.y < maxY
        }

        /// Whether `rect` lies wholly inside this rectangle (their union is this rectangle).
        public func contains(_ rect: CGRect) -> Bool { union(rect) == self }

        /// The rectangle shrunk by `dx` on the left and right and `dy` at the top and bottom
        /// (grown when negative); null when that leaves a negative size.
        public func insetBy(dx: CGFloat, dy: CGFloat) -> CGRect {
            if isNull { return self }
            var r = standardized
            r.origin.x += dx
            r.origin.y += dy
            r.size.width -= 2 * dx
            r.size.height -= 2 * dy
            return r.size.width < 0 || r.size.height < 0 ? .null : r
        }

        /// The standardized rectangle moved by `dx`, `dy`.
        public func offsetBy(dx: CGFloat, dy: CGFloat) -> CGRect {
            if isNull { return self }
            var r = standardized
            r.origin.x += dx
            r.origin.y += dy
            return r
        }

        /// The smallest rectangle that contains both; a null rectangle is ignored.
        public func union(_ other: CGRect) -> CGRect {
            if isNull { return other }
            if other.isNull { return self }
            let a = standardized
            let b = other.standardized
            let x0 = min(a.minX, b.minX)
            let y0 = min(a.minY, b.minY)
            let x1 = max(a.maxX, b.maxX)
            let y1 = max(a.maxY, b.maxY)
            return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }

        /// The overlap of the two rectangles (edges touching count), or null when they are apart.
        ///
        /// Where one rectangle's span along an axis lies inside the other's, the overlap's
        /// extent is that rectangle's own width or height (not a difference of coordinates,
        /// which could round), as Foundation does.
        public func intersection(_ other: CGRect) -> CGRect {
            if isNull || other.isNull { return .null }
            let a = standardized
            let b = other.standardized
            guard a.minX <= b.maxX, b.minX <= a.maxX, a.minY <= b.maxY, b.minY <= a.maxY else { return .null }
            let x0 = Swift.max(a.minX, b.minX)
            let x1 = Swift.min(a.maxX, b.maxX)
            let y0 = Swift.max(a.minY, b.minY)
            let y1 = Swift.min(a.maxY, b.maxY)
            let w: CGFloat
            if x0 == a.minX && x1 == a.maxX {
                w = a.width
            } else if x0 == b.minX && x1 == b.maxX {
                w = b.width
            } else {
                w = x1 - x0
            }
            let h: CGFloat
            if y0 == a.minY && y1 == a.maxY {
                h = a.height
            } else if y0 == b.minY && y1 == b.maxY {
                h = b.height
            } else {
                h = y1 - y0
            }
            return CGRect(x: x0, y: y0, width: w, height: h)
        }

        /// Whether the rectangles overlap (edges touching count).
        public func intersects(_ other: CGRect) -> Bool { !intersection(other).isNull }

        /// Equal when both are null, or when their standardized origins and sizes are equal.
        public static func == (lhs: CGRect, rhs: CGRect) -> Bool {
            if lhs.isNull && rhs.isNull { return true }
            let a = lhs.standardized
            let b = rhs.standardized
            return a.origin == b.origin && a.size == b.size
        }

        /// Hashes the standardized rectangle, so equal rectangles hash alike.
        public func hash(into hasher: inout Hasher) {
            if isNull {
                hasher.combine(0 as UInt8)
                return
            }
            let r = standardized
            hasher.combine(r.origin)
            hasher.combine(r.size)
        }

        /// `CGRect(origin: …, size: …)`, as Foundation prints a rectangle on Linux.
        public var description: String { "CGRect(origin: \(origin), size: \(size))" }
    }
#endif
