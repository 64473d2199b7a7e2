#if hasFeature(Embedded) || KINETIC_STAND_INS
    /// The floating-point type of CoreGraphics' geometry.
    ///
    /// On every 64-bit platform Foundation's `CGFloat` is a wrapper around `Double` whose
    /// arithmetic is `Double`'s, so the stand-in is `Double` itself: the same bits from the same
    /// operations, with no wrapper to maintain.
    public typealias CGFloat = Double

    /// A number of seconds, as Foundation defines it.
    public typealias TimeInterval = Double
#endif
