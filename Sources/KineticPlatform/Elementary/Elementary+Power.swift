// Powers: xʸ = e^(y·log x) for x > 0, and ±|x|ʸ for x < 0 and integer y.
//
// Why the logarithm is a double-double: an absolute error δ in y·log x becomes a relative error
// δ in the result, and y·log x reaches 745 before the result underflows or overflows, so a
// logarithm good to only ε relative could cost 745·2⁻⁵³ ≈ 2⁻⁴³·⁵, a thousand ulps. logarithm(x)
// gives hi + lo to 2⁻⁶⁶ relative (Elementary+Logarithm.swift); y·hi is split exactly by
// TwoProduct and y·lo added, so y·log x = P + P_lo with an error below 746·2⁻⁶⁶ < 2⁻⁵⁶·⁴, which
// `exponential` takes as its double-double argument. That error scales the result by
// 1 ± 2⁻⁵⁶·⁴, at most 2⁻³·⁴ < 0.1 ulp, and exp adds its 2⁻¹⁰ before the final rounding: within
// 0.6 ulp in all (0.5001 measured). An exactly representable power (2¹⁰, 9^0.5, x¹) comes out
// exact, the error before the final rounding being far below half an ulp.
//
// |y| > 2⁶⁴ is decided without the logarithm: for x ≠ 1, |log x| ≥ 2⁻⁵³·⁰⁰⁰¹ (the doubles
// nearest 1), so |y·log x| > 2¹¹ and the result overflows or underflows by the signs alone.
// (Such a y is an even integer.)

extension Elementary {
    /// `x` raised to the power `y`, within 0.6 ulp (measured: 0.5001).
    ///
    /// Special values, as C99 Annex F (and glibc) define them:
    /// - pow(x, ±0) = 1 for every x, NaN included; pow(+1, y) = 1 for every y, NaN included;
    ///   otherwise a NaN argument gives NaN.
    /// - pow(x < 0, y) is NaN when y is finite and not an integer; for integer y it is
    ///   ±pow(|x|, y), negative when y is odd.
    /// - pow(±0, y < 0) = ±∞ for odd integer y, +∞ otherwise (y = −∞ included);
    ///   pow(±0, y > 0) = ±0 for odd integer y, +0 otherwise.
    /// - pow(−1, ±∞) = 1; pow(x, −∞) = +∞ for |x| < 1 and +0 for |x| > 1; pow(x, +∞) = +0 for
    ///   |x| < 1 and +∞ for |x| > 1.
    /// - pow(−∞, y) = pow(−0, −y); pow(+∞, y) = +0 for y < 0 and +∞ for y > 0.
    /// - Results beyond the largest double overflow to ±∞; small ones underflow through the
    ///   subnormals to ±0.
    public static func pow(_ x: Double, _ y: Double) -> Double {
        if y == 0 || x == 1 { return 1 }
        if x.isNaN || y.isNaN { return x + y }
        let yKind = integerKind(y)
        if y.isInfinite {
            let a = x.magnitude
            if a == 1 { return 1 }
            return (a < 1) == (y < 0) ? .infinity : 0
        }
        if x == 0 || x.isInfinite {
            // pow(±∞, y) = pow(±0, −y) in magnitude, and both keep x's sign for odd y.
            let large = (x == 0) == (y < 0)
            let magnitude: Double = large ? .infinity : 0
            return yKind == .odd && x.sign == .minus ? -magnitude : magnitude
        }
        var sign = 1.0
        var base = x
        if x < 0 {
            if yKind == .notInteger { return (x - x) / 0 }  // NaN
            if yKind == .odd { sign = -1 }
            base = -x
        }
        if base == 1 { return sign }  // x = −1
        if y.magnitude > 0x1p64 {
            return (base > 1) == (y > 0) ? sign * .infinity : sign * 0
        }
        let (logHi, logLo) = logarithm(base)
        let (product, productError) = twoProduct(y, logHi)
        return sign * exponential(product, productError + y * logLo)
    }

    /// Whether a finite or infinite `y` is an odd integer, an even one, or not an integer.
    enum IntegerKind { case notInteger, odd, even }

    /// `y`'s kind, from its bits: the fraction bits below the units must be zero for an
    /// integer, and the units bit tells odd from even. ±∞ and |y| ≥ 2⁵³ are even.
    static func integerKind(_ y: Double) -> IntegerKind {
        let bits = y.bitPattern
        let exponent = Int((bits >> 52) & 0x7FF) - 1023
        if exponent < 0 { return y == 0 ? .even : .notInteger }
        if exponent > 52 { return .even }
        let significand = (bits & 0x000F_FFFF_FFFF_FFFF) | 0x0010_0000_0000_0000
        let fractionBits = 52 - exponent
        if significand & ((1 << fractionBits) - 1) != 0 { return .notInteger }
        return (significand >> fractionBits) & 1 == 1 ? .odd : .even
    }
}
