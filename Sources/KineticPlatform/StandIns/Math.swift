#if hasFeature(Embedded)
    // The C library's elementary functions, which Foundation re-exports natively from glibc:
    // here they are wasi-libc's libm (Debian's `wasi-libc`), linked by `Scripts/wasm`.

    /// The sine of `x` radians (libm's `sin`).
    @_extern(c, "sin") public func sin(_ x: Double) -> Double
    /// The cosine of `x` radians (libm's `cos`).
    @_extern(c, "cos") public func cos(_ x: Double) -> Double
    /// The angle of the vector (x, y) from the positive x axis, in (−π, π] (libm's `atan2`).
    @_extern(c, "atan2") public func atan2(_ y: Double, _ x: Double) -> Double
    /// √(x² + y²) without undue overflow or underflow (libm's `hypot`).
    @_extern(c, "hypot") public func hypot(_ x: Double, _ y: Double) -> Double
    /// eˣ (libm's `exp`).
    @_extern(c, "exp") public func exp(_ x: Double) -> Double
    /// The natural logarithm (libm's `log`).
    @_extern(c, "log") public func log(_ x: Double) -> Double
    /// xʸ (libm's `pow`).
    @_extern(c, "pow") public func pow(_ x: Double, _ y: Double) -> Double
#endif
