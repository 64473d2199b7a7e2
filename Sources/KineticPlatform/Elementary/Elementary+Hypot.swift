// The length of a vector: hypot.
//
// With a ≥ b ≥ 0 the magnitudes: if a > 2⁵⁴·b, then √(a² + b²) = a·(1 + (b/a)²/2 − …) lies
// within 2⁻¹⁰⁹ relative of a, and a + b (which rounds to a) is the correctly rounded answer.
// Otherwise the pair is scaled by 2^−600 when a > 2⁵⁰⁰, or by 2⁶⁰⁰ when b < 2⁻⁴⁵⁰ (exact, and
// never both, as a ≤ 2⁵⁴·b), so that a² and b² neither overflow nor leave the normal range
// and TwoProduct is exact. Then a² + b² = h + l exactly up to one rounding of l (TwoProduct
// twice, Fast2Sum), r = √h is correctly rounded, and one Newton step on the remainder,
//   √(h + l) = r + ((h − r²) + l)/(2r) + O(ulp²),
// with r² from TwoProduct (h − fl(r²) is exact by Sterbenz), gives √(h + l) to about 2⁻¹⁰⁰
// relative before the final rounding: within 0.5 + 2⁻⁴⁰ ulp. Scaling back is exact unless the
// result is subnormal (both inputs below 2⁻¹⁰²¹ or so), where a second rounding makes the
// bound 1 ulp.

extension Elementary {
    /// √(x² + y²) without undue overflow or underflow, within 0.51 ulp (1 ulp when the result is
    /// subnormal).
    ///
    /// hypot(±∞, y) = hypot(x, ±∞) = +∞ even when the other argument is NaN; otherwise a NaN
    /// argument gives NaN. hypot(x, ±0) = |x|.
    public static func hypot(_ x: Double, _ y: Double) -> Double {
        var a = x.magnitude, b = y.magnitude
        if a == .infinity || b == .infinity { return .infinity }
        if a.isNaN || b.isNaN { return x + y }
        if a < b { swap(&a, &b) }
        if b == 0 || a > b * 0x1p54 { return a + b }
        var scale = 1.0
        if a > 0x1p500 {
            a *= 0x1p-600
            b *= 0x1p-600
            scale = 0x1p600
        } else if b < 0x1p-450 {
            a *= 0x1p600
            b *= 0x1p600
            scale = 0x1p-600
        }
        let (aa, aaError) = twoProduct(a, a)
        let (bb, bbError) = twoProduct(b, b)
        let (h, hError) = fastTwoSum(aa, bb)
        let l = hError + (aaError + bbError)
        let r = h.squareRoot()
        let (rr, rrError) = twoProduct(r, r)
        return (r + (((h - rr) - rrError) + l) / (r + r)) * scale
    }
}
