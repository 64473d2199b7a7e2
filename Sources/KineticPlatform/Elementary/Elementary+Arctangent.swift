// The angle of a vector: atan2.
//
// Quadrant reduction. With a = |x| and b = |y| (both finite and non-zero; the other cases are
// the table in atan2's documentation), let t = min(a, b)/max(a, b) ∈ (0, 1] and θ = atan(t) ∈
// (0, π/4]. Then
//   b ≤ a:  atan2(|y|, x) = θ if x > 0, π − θ if x < 0,
//   b > a:  atan2(|y|, x) = π/2 − θ if x > 0, π/2 + θ if x < 0,
// and atan2(y, x) takes y's sign. π and π/2 are double-doubles (hi + lo to 2⁻¹⁰⁶), θ is one
// too, and the final sum rounds once: the result is within 0.5 + 2⁻⁹ ulp.
//
// The quotient. t = b/a is rounded; its error is recovered exactly, t_lo = (b − t·a)/a with t·a
// from TwoProduct (b − fl(t·a) is exact by Sterbenz), so t + t_lo is the quotient to 2⁻¹⁰⁵.
// The operands are first scaled by 2^±600 (exactly) into [2⁻⁵⁶⁰, 2⁵⁰⁰], where TwoProduct is
// valid. When t < 2⁻⁶⁰ the quotient alone is the answer for θ: atan t = t·(1 − t²/3 + …)
// differs from t by less than 2⁻¹²⁰ relative, so fl(b/a) (subnormal or not) is correctly
// rounded.
//
// Argument reduction for atan on [0, 1]. For t < 1/16 the series is used directly. Otherwise
// with c = i/16 the nearest sixteenth (i = 1 … 16, |t − c| ≤ 1/32),
//   atan t = atan c + atan u,   u = (t − c)/(1 + t·c),   |u| ≤ 1/32,
// with atan(i/16) tabulated as double-doubles. t − c is exact (Sterbenz: c/2 ≤ t ≤ 2c), 1 + t·c
// is a double-double (TwoProduct, TwoSum), and u is divided out as a double-double like t. So
// u's error is negligible, and u ≤ ½ atan t keeps cancellation away.
//
// Series: atan u = u − u³/3 + u⁵/5 − … alternates with shrinking terms for |u| < 1, so the
// truncation through u¹⁵/15 errs by less than u¹⁷/17 — relative to u at most 2⁻⁶⁴/17 for
// |u| ≤ 1/16 (and 2⁻⁸⁰/17 for |u| ≤ 1/32). The low part u_lo enters as u_lo/(1 + u²) ≈
// u_lo·(1 − u²). The polynomial's own rounding errors are a few ε of u³/3 ≤ 2⁻¹⁰·u: below 2⁻⁶⁰
// of θ.

extension Elementary {
    /// The angle of the vector (x, y) from the positive x axis, in [−π, π], within 0.51 ulp.
    ///
    /// Special values, as C99 Annex F (and glibc) define them: a NaN argument gives NaN;
    /// atan2(±0, +0) = ±0 and atan2(±0, x > 0) = ±0; atan2(±0, −0) = ±π and atan2(±0, x < 0) =
    /// ±π; atan2(y ≠ 0, ±0) = ±π/2 with y's sign; atan2(±y, +∞) = ±0 and atan2(±y, −∞) = ±π for
    /// finite y; atan2(±∞, finite x) = ±π/2; atan2(±∞, +∞) = ±π/4 and atan2(±∞, −∞) = ±3π/4.
    /// π, π/2, π/4 and 3π/4 are the doubles nearest them.
    public static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return x + y }
        let pi = 0x1.921fb54442d18p1, halfPi = 0x1.921fb54442d18p0
        let a = x.magnitude, b = y.magnitude
        let negativeX = x.sign == .minus
        let angle: Double
        if b == 0 {
            angle = negativeX ? pi : 0
        } else if a == 0 {
            angle = halfPi
        } else if a == .infinity {
            angle = b == .infinity ? (negativeX ? 0x1.2d97c7f3321d2p1 : 0x1.921fb54442d18p-1) : (negativeX ? pi : 0)
        } else if b == .infinity {
            angle = halfPi
        } else {
            angle = atan2OfMagnitudes(b, a, negativeX: negativeX)
        }
        return y.sign == .minus ? -angle : angle
    }

    /// atan2(b, ±a) for finite positive a and b: the quadrant reduction of the file's comment.
    static func atan2OfMagnitudes(_ b: Double, _ a: Double, negativeX: Bool) -> Double {
        let swapped = b > a
        var numerator = swapped ? a : b, denominator = swapped ? b : a
        let theta: (hi: Double, lo: Double)
        if numerator < denominator * 0x1p-60 {
            theta = (numerator / denominator, 0)
        } else {
            if denominator > 0x1p500 {
                numerator *= 0x1p-600
                denominator *= 0x1p-600
            } else if denominator < 0x1p-500 {
                numerator *= 0x1p600
                denominator *= 0x1p600
            }
            let t = numerator / denominator
            let (p, pError) = twoProduct(t, denominator)
            let tLow = ((numerator - p) - pError) / denominator
            theta = arctangent(t, tLow)
        }
        // π and π/2 as double-doubles.
        let piHi = 0x1.921fb54442d18p1, piLo = 0x1.1a62633145c07p-53
        let halfPiHi = 0x1.921fb54442d18p0, halfPiLo = 0x1.1a62633145c07p-54
        if !swapped {
            if !negativeX { return theta.hi + theta.lo }
            let (s, e) = twoSum(piHi, -theta.hi)
            return s + ((e + piLo) - theta.lo)
        }
        if negativeX {
            let (s, e) = twoSum(halfPiHi, theta.hi)
            return s + ((e + halfPiLo) + theta.lo)
        }
        let (s, e) = twoSum(halfPiHi, -theta.hi)
        return s + ((e + halfPiLo) - theta.lo)
    }

    /// atan(i/16) for i = 1 … 16, each as the nearest double and the rest.
    static let arctangentOfSixteenths: [(hi: Double, lo: Double)] = [
        (0x1.ff55bb72cfdeap-5, -0x1.c934d86d23f1dp-60),
        (0x1.fd5ba9aac2f6ep-4, -0x1.cd37686760c17p-59),
        (0x1.7b97b4bce5b02p-3, 0x1.347b0b4f881cap-58),
        (0x1.f5b75f92c80ddp-3, 0x1.8ab6e3cf7afbdp-57),
        (0x1.362773707ebccp-2, -0x1.963a544b672d8p-57),
        (0x1.6f61941e4def1p-2, -0x1.c63aae6f6e918p-56),
        (0x1.a64eec3cc23fdp-2, -0x1.24dec1b50b7ffp-56),
        (0x1.dac670561bb4fp-2, 0x1.a2b7f222f65e2p-56),
        (0x1.0657e94db30d0p-1, -0x1.d5b495f6349e6p-56),
        (0x1.1e00babdefeb4p-1, -0x1.928df287a668fp-58),
        (0x1.345f01cce37bbp-1, 0x1.1021137c71102p-55),
        (0x1.4978fa3269ee1p-1, 0x1.2419a87f2a458p-56),
        (0x1.5d58987169b18p-1, 0x1.0028e4bc5e7cap-57),
        (0x1.700a7c5784634p-1, -0x1.8c34d25aadef6p-56),
        (0x1.819d0b7158a4dp-1, -0x1.bf76229d3b917p-56),
        (0x1.921fb54442d18p-1, 0x1.1a62633145c07p-55),
    ]

    /// atan(t + tLow) as a double-double, for 2⁻⁶⁰ ≤ t ≤ 1 and |tLow| ≤ ulp(t).
    static func arctangent(_ t: Double, _ tLow: Double) -> (hi: Double, lo: Double) {
        if t < 0.0625 {
            let z = t * t
            return (t, (tLow - tLow * z) + t * z * arctangentSeries(z))
        }
        let i = Int(roundedToInteger(t * 16))  // 1 … 16
        let c = Double(i) * 0.0625
        // u = (t + tLow − c)/(1 + (t + tLow)·c) as uHi + uLo.
        let (nHi, nLo) = twoSum(t - c, tLow)
        let (p, pError) = twoProduct(t, c)
        let (dHi, dLo0) = fastTwoSum(1, p)
        let dLo = dLo0 + (pError + tLow * c)
        let uHi = nHi / dHi
        let (m, mError) = twoProduct(uHi, dHi)
        let uLo = ((((nHi - m) - mError) + nLo) - uHi * dLo) / dHi
        let z = uHi * uHi
        let table = arctangentOfSixteenths[i - 1]
        let (s, e) = twoSum(table.hi, uHi)
        return (s, e + (table.lo + ((uLo - uLo * z) + uHi * z * arctangentSeries(z))))
    }

    /// (atan u − u)/u³ to the u¹⁵ term, as a polynomial in z = u²: −1/3 + z/5 − z²/7 + …
    @inline(__always)
    static func arctangentSeries(_ z: Double) -> Double {
        let a3 = -0x1.5555555555555p-2
        let a5 = 0x1.999999999999ap-3
        let a7 = -0x1.2492492492492p-3
        let a9 = 0x1.c71c71c71c71cp-4
        let a11 = -0x1.745d1745d1746p-4
        let a13 = 0x1.3b13b13b13b14p-4
        let a15 = -0x1.1111111111111p-4
        return a3 + z * (a5 + z * (a7 + z * (a9 + z * (a11 + z * (a13 + z * a15)))))
    }
}
