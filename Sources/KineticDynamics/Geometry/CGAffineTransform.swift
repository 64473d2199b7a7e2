import KineticPlatform

#if !canImport(CoreGraphics)
    /// An affine transformation matrix, as CoreGraphics defines it on Apple platforms.
    ///
    /// The matrix maps a point (x, y) to (a·x + c·y + tx, b·x + d·y + ty), the same convention as
    /// CoreGraphics, so `CGAffineTransform(rotationAngle:)` turns clockwise on a y-down screen.
    public struct CGAffineTransform: Hashable, Sendable, Codable {
        /// The entry in the first row and first column: x's contribution to the new x.
        public var a: CGFloat
        /// The entry in the first row and second column: x's contribution to the new y.
        public var b: CGFloat
        /// The entry in the second row and first column: y's contribution to the new x.
        public var c: CGFloat
        /// The entry in the second row and second column: y's contribution to the new y.
        public var d: CGFloat
        /// The translation along x, added after the linear part.
        public var tx: CGFloat
        /// The translation along y, added after the linear part.
        public var ty: CGFloat

        /// Creates a transform from its six matrix entries.
        public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.tx = tx
            self.ty = ty
        }

        /// Creates the identity transform.
        public init() {
            self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        }

        /// Creates a rotation by `angle` radians.
        ///
        /// The cosine and sine are `Elementary`'s, the same bits on every platform (issue 33).
        public init(rotationAngle angle: CGFloat) {
            let (cosine, sine) = Elementary.cosSin(Double(angle))
            self.init(a: CGFloat(cosine), b: CGFloat(sine), c: CGFloat(-sine), d: CGFloat(cosine), tx: 0, ty: 0)
        }

        /// Creates a scaling transform.
        public init(scaleX sx: CGFloat, y sy: CGFloat) {
            self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
        }

        /// Creates a translation.
        public init(translationX tx: CGFloat, y ty: CGFloat) {
            self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
        }

        /// The identity transform.
        public static var identity: CGAffineTransform { CGAffineTransform() }

        /// Whether this is the identity transform.
        public var isIdentity: Bool { self == .identity }

        /// The transform that applies `self` first, then `t2`.
        public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
            CGAffineTransform(
                a: a * t2.a + b * t2.c,
                b: a * t2.b + b * t2.d,
                c: c * t2.a + d * t2.c,
                d: c * t2.b + d * t2.d,
                tx: tx * t2.a + ty * t2.c + t2.tx,
                ty: tx * t2.b + ty * t2.d + t2.ty
            )
        }

        /// This transform followed by a rotation of `angle` radians applied first.
        public func rotated(by angle: CGFloat) -> CGAffineTransform {
            CGAffineTransform(rotationAngle: angle).concatenating(self)
        }

        /// This transform with a scale applied first.
        public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
            CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
        }

        /// This transform with a translation applied first.
        public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
            CGAffineTransform(translationX: tx, y: ty).concatenating(self)
        }
    }

    /// CoreGraphics' point transformation, where CoreGraphics is absent.
    extension CGPoint {
        /// The point transformed by `t`.
        public func applying(_ t: CGAffineTransform) -> CGPoint {
            CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
        }
    }
#endif
