// Sine and cosine.
//
// Reduction (Elementary+ReductionByHalfPi.swift): x = n·π/2 + r, r = hi + lo, |r| ≤ π/4 (plus
// 2⁻³⁰ when x·2/π rounds a tie), lo below half an ulp of hi. Then by n mod 4
//   sin x =  sin r,  cos r, −sin r, −cos r,
//   cos x =  cos r, −sin r, −cos r,  sin r,
// so only the two kernels below, on |r| ≤ 0.7854, are needed.
//
// Kernels: Taylor series. On |r| < 1 the terms of sin r = r − r³/3! + r⁵/5! − … and of
// cos r = 1 − r²/2! + r⁴/4! − … alternate in sign and shrink, so a truncated series is wrong
// by less than its first omitted term:
//   sin: through r¹⁷/17!, omitted r¹⁹/19! ≤ 0.7854¹⁹/19! = 8.4·10⁻²⁰ < 2⁻⁶³ (and below 2⁻⁶²
//        relative, as sin r ≥ 0.9·r there);
//   cos: through r¹⁸/18!, omitted r²⁰/20! ≤ 3.3·10⁻²¹ < 2⁻⁶⁸, while cos r ≥ 0.707.
// The coefficients are 1/n! rounded to the nearest double.
//
// Rounding (ε = 2⁻⁵³): sin(hi + lo) = hi − hi³/6 + hi⁵·P(hi²) + lo·(1 − hi²/2). The cubic term
// is up to 0.115·|sin r|, so plain double arithmetic on it (four or five roundings) would add
// up to 0.46 ulp to the final rounding's 0.5; it is computed instead as a double-double
// (hi², hi³ and the product with −1/6 = s₃ + s₃′ by TwoProduct) and added to hi with Fast2Sum.
// What remains in plain doubles, hi⁵·P(hi²) + lo·(…) ≤ 0.0035·|sin r|, contributes a few ε of
// that, so sine is within 0.5 + 2⁻⁶ ulp. Likewise for cosine: 1 − hi²/2 is recovered exactly
// (hi² by TwoProduct, w = fl(1 − hi²/2) and its error (1 − w) − hi²/2, both exact by
// Sterbenz), the next term hi⁴/24 ≤ 0.016 is a double-double too, and only hi⁶·Q(hi²) − hi·lo
// ≤ 3.2·10⁻⁴ is rounded in plain doubles: cosine is within 0.5 + 2⁻⁸ ulp. lo (≤ 2⁻⁵⁴) enters
// through lo·cos hi ≈ lo·(1 − hi²/2 + hi⁴/24) and lo·sin hi ≈ lo·(hi − hi³/6); the terms left
// out are below 2⁻⁶²; (lo·hi alone would leave out lo·hi³/6, up to 2⁻⁵⁷·⁶, 0.04 ulp).
//
// Small arguments: for |x| ≤ π/4 the reduction returns x itself (lo = 0). sin x = x·(1 − x²/6
// + …) rounds to x itself when |x| < 2⁻²⁶ (x²/6 < 2⁻⁵⁴·⁵ is less than half the spacing of the
// doubles just below x, 2⁻⁵⁴ relative); the kernel returns x below 2⁻³⁰, keeping −0's sign.
// cos's kernel returns 1 there. ±∞ and NaN give NaN, as libm's do.

extension Elementary {
    /// The sine of `x` radians, within 0.52 ulp for every finite `x`.
    ///
    /// sin(±0) = ±0; sin(±∞) and sin(NaN) are NaN.
    public static func sin(_ x: Double) -> Double {
        guard x.isFinite else { return x - x }
        let (n, hi, lo) = reduceByHalfPi(x)
        switch n & 3 {
        case 0: return sinKernel(hi, lo)
        case 1: return cosKernel(hi, lo)
        case 2: return -sinKernel(hi, lo)
        default: return -cosKernel(hi, lo)
        }
    }

    /// The cosine of `x` radians, within 0.52 ulp for every finite `x`.
    ///
    /// cos(±0) = 1; cos(±∞) and cos(NaN) are NaN.
    public static func cos(_ x: Double) -> Double {
        guard x.isFinite else { return x - x }
        let (n, hi, lo) = reduceByHalfPi(x)
        switch n & 3 {
        case 0: return cosKernel(hi, lo)
        case 1: return -sinKernel(hi, lo)
        case 2: return -cosKernel(hi, lo)
        default: return sinKernel(hi, lo)
        }
    }

    /// The cosine and the sine of `x` radians from one reduction (Box2D v3's
    /// `b2ComputeCosSin` is the model), bit for bit `(cos(x), sin(x))`.
    public static func cosSin(_ x: Double) -> (cos: Double, sin: Double) {
        guard x.isFinite else { return (x - x, x - x) }
        let (n, hi, lo) = reduceByHalfPi(x)
        let s = sinKernel(hi, lo), c = cosKernel(hi, lo)
        switch n & 3 {
        case 0: return (c, s)
        case 1: return (-s, c)
        case 2: return (-c, -s)
        default: return (s, -c)
        }
    }

    /// sin(x + y) for |x| ≤ 0.7854 and |y| below half an ulp of x.
    @inline(__always)
    static func sinKernel(_ x: Double, _ y: Double) -> Double {
        // |x| < 2⁻³⁰: sin(x + y) = (x + y)·(1 − x²/6 …) with x²/6 < 2⁻⁶²; −0 stays −0.
        guard x.magnitude >= 0x1p-30 else { return y == 0 ? x : x + y }
        // −1/6 as a double-double, then 1/n!, alternating in sign, for n = 5, 7, …, 17.
        let s3Hi = -0x1.5555555555555p-3, s3Lo = -0x1.5555555555555p-57
        let s5 = 0x1.1111111111111p-7
        let s7 = -0x1.a01a01a01a01ap-13
        let s9 = 0x1.71de3a556c734p-19
        let s11 = -0x1.ae64567f544e4p-26
        let s13 = 0x1.6124613a86d09p-33
        let s15 = -0x1.ae7f3e733b81fp-41
        let s17 = 0x1.952c77030ad4ap-49
        // x³/6 exactly enough: x² and x³ by TwoProduct, times −1/6 as a double-double.
        let (z, zError) = twoProduct(x, x)
        let (v, vError) = twoProduct(z, x)
        let (t, tError) = twoProduct(v, s3Hi)
        let cubicLow = tError + ((vError + zError * x) * s3Hi + v * s3Lo)
        // The rest: x⁵·(1/5! − x²/7! + …) and y·cos x ≈ y·(1 − x²/2 + x⁴/24).
        let r = s5 + z * (s7 + z * (s9 + z * (s11 + z * (s13 + z * (s15 + z * s17)))))
        let rest = (v * z) * r + y * (1 - z * (0.5 - z * 0x1.5555555555555p-5))
        let (sum, sumError) = fastTwoSum(x, t)
        return sum + (sumError + (cubicLow + rest))
    }

    /// cos(x + y) for |x| ≤ 0.7854 and |y| below half an ulp of x.
    @inline(__always)
    static func cosKernel(_ x: Double, _ y: Double) -> Double {
        // 1/24 as a double-double, then 1/n!, alternating in sign, for n = 6, 8, …, 18.
        let c4Hi = 0x1.5555555555555p-5, c4Lo = 0x1.5555555555555p-59
        let c6 = -0x1.6c16c16c16c17p-10
        let c8 = 0x1.a01a01a01a01ap-16
        let c10 = -0x1.27e4fb7789f5cp-22
        let c12 = 0x1.1eed8eff8d898p-29
        let c14 = -0x1.93974a8c07c9dp-37
        let c16 = 0x1.ae7f3e733b81fp-45
        let c18 = -0x1.6827863b97d97p-53
        let (z, zError) = twoProduct(x, x)  // x² = z + zError
        // 1 − x²/2 = w + ((1 − w) − half) − zError/2, the first two parts exact.
        let half = 0.5 * z
        let w = 1 - half
        // x⁴/24 as f + fLow: x⁴ = z² + 2·z·zError + …, z² by TwoProduct, times 1/24.
        let (zz, zzError) = twoProduct(z, z)
        let (f, fError) = twoProduct(zz, c4Hi)
        let fLow = fError + ((zzError + 2 * z * zError) * c4Hi + zz * c4Lo)
        // The rest: x⁶·(−1/6! + x²/8! − …) and −y·sin x ≈ −y·(x − x³/6).
        let q = c6 + z * (c8 + z * (c10 + z * (c12 + z * (c14 + z * (c16 + z * c18)))))
        let rest = (zz * z) * q - (y * (x - (x * z) * 0x1.5555555555555p-3) + 0.5 * zError)
        let (sum, sumError) = fastTwoSum(w, f)
        return sum + (sumError + (((1 - w) - half) + (fLow + rest)))
    }
}
