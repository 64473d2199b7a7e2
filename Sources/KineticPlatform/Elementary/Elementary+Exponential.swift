// The exponential function.
//
// Reduction: x = (32k + j)·ln2/32 + r, with N = 32k + j = round(x·32/ln2), 0 ≤ j < 32 and
// |r| ≤ ln2/64 + 2⁻⁴² < 0.01084 (the product x·32/ln2 is rounded before N is); then
// eˣ = 2ᵏ · 2^(j/32) · eʳ. ln2/32 = L₁ + L₂, L₁ with 37 significant bits: |N| ≤ 746·32/ln2 <
// 2¹⁶, so N·L₁ is exact, and x − N·L₁ is exact by Sterbenz (x and N·L₁ lie within a factor 2
// when N ≠ 0). N·L₂ (< 2⁻²⁸) is rounded with an error below 2⁻⁸¹, and L₁ + L₂ misses ln2/32
// by 2⁻⁹⁸, so r = r_hi + r_lo (TwoSum) is x − N·ln2/32 to 2⁻⁸⁰. (pow passes x as a
// double-double; its low part joins r_lo.)
//
// Series: eʳ − 1 = r + r²/2! + … + r⁷/7!. The omitted terms sum to less than
// |r|⁸/8!·1/(1 − |r|) < 4.8·10⁻²¹ < 2⁻⁶⁷ for |r| < 0.01084. r_lo (below 2⁻⁵⁹) enters linearly:
// its products with r are below 2⁻⁶⁵·ε.
//
// Reconstruction: 2^(j/32) = T_hi + T_lo (tabulated to 2⁻¹⁰⁶), and
//   y = T_hi + T_hi·r + (T_hi·p + T_lo·(1 + r)),   p = eʳ − 1 − r, |p| < 6·10⁻⁵,
// with T_hi·r < 0.022 exact by TwoProduct and added to T_hi by Fast2Sum: what is rounded in
// plain doubles is below 2⁻¹³, so y is within 0.5 + 2⁻¹⁰ ulp of 2^(j/32)·eʳ before it is
// scaled (the last rounding is the only large one), and y ∈ [0.98, 2). Scaling by 2ᵏ is exact in the
// normal range; 2¹⁰²⁴·y overflows as it must. Where the result is subnormal, scaling y would
// round a second time, so instead the sum 1 + 2^(k+1022)·(T_hi + tail) is formed in one
// rounding (its doubles are spaced like the subnormals, 2⁻⁵²), 1 is subtracted back exactly,
// and the scaling by 2⁻¹⁰²² is exact: one rounding, as in Arm's optimized-routines.

extension Elementary {
    /// eˣ, within 0.51 ulp (subnormal results included).
    ///
    /// exp(NaN) is NaN, exp(+∞) = +∞, exp(−∞) = +0; exp(x) overflows to +∞ for
    /// x > 709.782712893384 and underflows through the subnormals to +0 below −745.1332191.
    public static func exp(_ x: Double) -> Double {
        exponential(x, 0)
    }

    /// 2^(j/32) for j = 0 … 31, each as the nearest double and the rest.
    static let powersOfTwoThirtySeconds: [(hi: Double, lo: Double)] = [
        (0x1p0, 0),
        (0x1.059b0d3158574p0, 0x1.d73e2a475b465p-55),
        (0x1.0b5586cf9890fp0, 0x1.8a62e4adc610bp-54),
        (0x1.11301d0125b51p0, -0x1.6c51039449b3ap-54),
        (0x1.172b83c7d517bp0, -0x1.19041b9d78a76p-55),
        (0x1.1d4873168b9aap0, 0x1.e016e00a2643cp-54),
        (0x1.2387a6e756238p0, 0x1.9b07eb6c70573p-54),
        (0x1.29e9df51fdee1p0, 0x1.612e8afad1255p-55),
        (0x1.306fe0a31b715p0, 0x1.6f46ad23182e4p-55),
        (0x1.371a7373aa9cbp0, -0x1.63aeabf42eae2p-54),
        (0x1.3dea64c123422p0, 0x1.ada0911f09ebcp-55),
        (0x1.44e086061892dp0, 0x1.89b7a04ef80d0p-59),
        (0x1.4bfdad5362a27p0, 0x1.d4397afec42e2p-56),
        (0x1.5342b569d4f82p0, -0x1.07abe1db13cadp-55),
        (0x1.5ab07dd485429p0, 0x1.6324c054647adp-54),
        (0x1.6247eb03a5585p0, -0x1.383c17e40b497p-54),
        (0x1.6a09e667f3bcdp0, -0x1.bdd3413b26456p-54),
        (0x1.71f75e8ec5f74p0, -0x1.16e4786887a99p-55),
        (0x1.7a11473eb0187p0, -0x1.41577ee04992fp-55),
        (0x1.82589994cce13p0, -0x1.d4c1dd41532d8p-54),
        (0x1.8ace5422aa0dbp0, 0x1.6e9f156864b27p-54),
        (0x1.93737b0cdc5e5p0, -0x1.75fc781b57ebcp-57),
        (0x1.9c49182a3f090p0, 0x1.c7c46b071f2bep-56),
        (0x1.a5503b23e255dp0, -0x1.d2f6edb8d41e1p-54),
        (0x1.ae89f995ad3adp0, 0x1.7a1cd345dcc81p-54),
        (0x1.b7f76f2fb5e47p0, -0x1.5584f7e54ac3bp-56),
        (0x1.c199bdd85529cp0, 0x1.11065895048ddp-55),
        (0x1.cb720dcef9069p0, 0x1.503cbd1e949dbp-56),
        (0x1.d5818dcfba487p0, 0x1.2ed02d75b3707p-55),
        (0x1.dfc97337b9b5fp0, -0x1.1a5cd4f184b5cp-54),
        (0x1.ea4afa2a490dap0, -0x1.e9c23179c2893p-54),
        (0x1.f50765b6e4540p0, 0x1.9d3e12dd8a18bp-54),
    ]

    /// e^(x + xLow) for |xLow| ≤ ulp(x) (0 from `exp`; pow's product's low part).
    static func exponential(_ x: Double, _ xLow: Double) -> Double {
        if !(x > -746) { return x.isNaN ? x + x : 0 }  // NaN, −∞, or below the subnormals
        if x > 710 { return .infinity }  // +∞ or beyond the largest double
        let invLn2Over32 = 0x1.71547652b82fep5
        let ln2Over32Hi = 0x1.62e42fefap-6  // 37 significant bits
        let ln2Over32Lo = 0x1.cf79abc9e3b3ap-45
        let nDouble = roundedToInteger(x * invLn2Over32)
        let n = Int(nDouble)
        let (r, rLow) = twoSum(x - nDouble * ln2Over32Hi, xLow - nDouble * ln2Over32Lo)
        let e2 = 0.5
        let e3 = 0x1.5555555555555p-3
        let e4 = 0x1.5555555555555p-5
        let e5 = 0x1.1111111111111p-7
        let e6 = 0x1.6c16c16c16c17p-10
        let e7 = 0x1.a01a01a01a01ap-13
        // eʳ − 1 − r, then 2^(j/32)·eʳ = T_hi + T_hi·r + (T_hi·(eʳ − 1 − r) + T_lo·eʳ).
        let p = rLow + r * r * (e2 + r * (e3 + r * (e4 + r * (e5 + r * (e6 + r * e7)))))
        let t = powersOfTwoThirtySeconds[n & 31]
        let (tr, trError) = twoProduct(t.hi, r)
        let (sum, sumError) = fastTwoSum(t.hi, tr)
        let tail = sumError + (trError + (t.hi * p + t.lo * (1 + r)))
        let k = n >> 5  // floor(n/32): arithmetic shift
        if k >= -1021 {
            let y = sum + tail
            return k <= 1023 ? y * powerOfTwo(k) : (y * powerOfTwo(1023)) * powerOfTwo(k - 1023)
        }
        // A subnormal (or barely normal) result: round once, at the subnormals' spacing.
        let scale = powerOfTwo(k + 1022)  // k ≥ −1077, so 2⁻⁵⁵ or more
        let high = scale * sum, low = scale * tail  // exact
        var y = high + low
        if y < 1 {
            let yError = (high - y) + low
            let shifted = 1 + y
            let shiftedError = ((1 - shifted) + y) + yError
            y = (shifted + shiftedError) - 1
        }
        return y * 0x1p-1022
    }
}
