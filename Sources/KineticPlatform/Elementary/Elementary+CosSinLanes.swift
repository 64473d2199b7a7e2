// Cosine and sine of four angles at once, lane for lane the bits of `cosSin`.
//
// Why it is the same: every step of `cosSin` on the arguments a body's angle takes (finite,
// |x| < 2²⁰) is a basic operation of IEEE 754 arithmetic, +, −, × on doubles, each correctly
// rounded, and Swift never fuses a multiply and an add on its own. A SIMD4<Double> operation is
// the same operation in each lane, so the lanes compute what four scalar calls compute, provided
// they follow the same steps. The scalar code branches in three places; here every lane computes
// both sides of each branch and keeps the side its argument selects:
// - the reduction: |x| ≤ π/4 needs none (n = 0, hi = x, lo = 0), the others Cody–Waite. The
//   Cody–Waite steps on a small argument compute something, which is then not kept; when all four
//   are that small they are skipped (the common case for a body's angle; in the WebAssembly
//   build, where four lanes cost about what four scalar calls do, the reduction computed and
//   dropped had made the 500-box pile's frame up to 18 % slower; AMD EPYC, node 20, 2026-11-28);
// - the sine kernel returns x + y (or x when y = 0) below 2⁻³⁰, the series otherwise;
// - the quadrant n mod 4 picks (cos r, sin r), (−sin r, cos r), (−cos r, −sin r) or
//   (sin r, −cos r).
// The quadrant comes from the bits of k + 1.5·2⁵² (`roundedToInteger`'s sum): for |k| < 2⁵¹
// that double's significand holds 2⁵¹ + k in its low bits, and 2⁵¹ is a multiple of 4, so its
// last two bits are k mod 4 (for negative k too, in two's complement), which is `Int(k) & 3`.
// A lane that is not finite, or at or above 2²⁰ (Payne–Hanek's range), sends all four to the
// scalar function.

extension Elementary {
    /// Four angles' cosines and sines, lane for lane bit for bit `cosSin(x[i])`.
    public static func cosSin(_ x: SIMD4<Double>) -> (cos: SIMD4<Double>, sin: SIMD4<Double>) {
        typealias Lanes = SIMD4<Double>
        let magnitude = Lanes(x.x.magnitude, x.y.magnitude, x.z.magnitude, x.w.magnitude)
        // Not finite (NaN compares false) or for Payne–Hanek: one lane at a time.
        let limit = codyWaiteLimit
        guard magnitude.x < limit && magnitude.y < limit && magnitude.z < limit && magnitude.w < limit else {
            let a = cosSin(x.x), b = cosSin(x.y), c = cosSin(x.z), d = cosSin(x.w)
            return (Lanes(a.cos, b.cos, c.cos, d.cos), Lanes(a.sin, b.sin, c.sin, d.sin))
        }
        // All four within π/4 (a UI's items rarely turn further): no lane keeps the reduction, so
        // none is computed. The kernels see what they see below for such lanes, (x, 0) and n = 0.
        let bound = unreducedLimit
        if magnitude.x <= bound && magnitude.y <= bound && magnitude.z <= bound && magnitude.w <= bound {
            return (cosKernel(x, .zero), sinKernel(x, .zero))
        }
        // Cody–Waite (Elementary+ReductionByHalfPi.swift), step for step.
        let twoOverPi = Lanes(repeating: 0x1.45f306dc9c883p-1)
        let p1 = Lanes(repeating: 0x1.921fb544p0)
        let p2 = Lanes(repeating: 0x1.0b4611a6p-34)
        let p3 = Lanes(repeating: 0x1.3198a2ep-69)
        let p4 = Lanes(repeating: 0x1.b839a252049c1p-104)
        let shifted = x * twoOverPi + 0x1.8p52
        let k = shifted - 0x1.8p52
        let a = x - k * p1
        let (s1, e1) = twoSum(a, -(k * p2))
        let (s2, e2) = twoSum(s1, -(k * p3))
        let (reducedHi, reducedLo) = twoSum(s2, (e1 + e2) - k * p4)
        let small = magnitude .<= bound
        let hi = reducedHi.replacing(with: x, where: small)
        let lo = reducedLo.replacing(with: 0, where: small)
        let quadrant = SIMD4<UInt64>(
            shifted.x.bitPattern, shifted.y.bitPattern, shifted.z.bitPattern, shifted.w.bitPattern)
        let n = (quadrant & 3).replacing(with: 0, where: small)
        let s = sinKernel(hi, lo), c = cosKernel(hi, lo)
        // By n mod 4: (c, s), (−s, c), (−c, −s), (s, −c).
        let swaps = n & 1 .== 1
        let cosNegates = (n .== 1) .| (n .== 2), sinNegates = n .>= 2
        let cosine = c.replacing(with: s, where: swaps), sine = s.replacing(with: c, where: swaps)
        return (
            cosine.replacing(with: negated(cosine), where: cosNegates),
            sine.replacing(with: negated(sine), where: sinNegates)
        )
    }

    /// Each lane's negation, as the scalar `-` gives it (the sign flipped, zeros included).
    @inline(__always)
    static func negated(_ x: SIMD4<Double>) -> SIMD4<Double> {
        SIMD4(-x.x, -x.y, -x.z, -x.w)
    }

    /// `twoSum`, lane by lane.
    @inline(__always)
    static func twoSum(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> (sum: SIMD4<Double>, error: SIMD4<Double>) {
        let s = a + b
        let bVirtual = s - a
        let aVirtual = s - bVirtual
        return (s, (a - aVirtual) + (b - bVirtual))
    }

    /// `fastTwoSum`, lane by lane.
    @inline(__always)
    static func fastTwoSum(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> (sum: SIMD4<Double>, error: SIMD4<Double>) {
        let s = a + b
        return (s, b - (s - a))
    }

    /// `split`, lane by lane.
    @inline(__always)
    static func split(_ a: SIMD4<Double>) -> (hi: SIMD4<Double>, lo: SIMD4<Double>) {
        let t = 134_217_729 * a
        let hi = t - (t - a)
        return (hi, a - hi)
    }

    /// `twoProduct`, lane by lane.
    @inline(__always)
    static func twoProduct(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> (product: SIMD4<Double>, error: SIMD4<Double>) {
        let p = a * b
        let (ah, al) = split(a)
        let (bh, bl) = split(b)
        let error = (((ah * bh - p) + ah * bl) + al * bh) + al * bl
        return (p, error)
    }

    /// `sinKernel`, lane by lane.
    @inline(__always)
    static func sinKernel(_ x: SIMD4<Double>, _ y: SIMD4<Double>) -> SIMD4<Double> {
        typealias Lanes = SIMD4<Double>
        let s3Hi = Lanes(repeating: -0x1.5555555555555p-3), s3Lo = Lanes(repeating: -0x1.5555555555555p-57)
        let s5 = Lanes(repeating: 0x1.1111111111111p-7)
        let s7 = Lanes(repeating: -0x1.a01a01a01a01ap-13)
        let s9 = Lanes(repeating: 0x1.71de3a556c734p-19)
        let s11 = Lanes(repeating: -0x1.ae64567f544e4p-26)
        let s13 = Lanes(repeating: 0x1.6124613a86d09p-33)
        let s15 = Lanes(repeating: -0x1.ae7f3e733b81fp-41)
        let s17 = Lanes(repeating: 0x1.952c77030ad4ap-49)
        let (z, zError) = twoProduct(x, x)
        let (v, vError) = twoProduct(z, x)
        let (t, tError) = twoProduct(v, s3Hi)
        let cubicLow = tError + ((vError + zError * x) * s3Hi + v * s3Lo)
        let r = s5 + z * (s7 + z * (s9 + z * (s11 + z * (s13 + z * (s15 + z * s17)))))
        let rest = (v * z) * r + y * (1 - z * (0.5 - z * 0x1.5555555555555p-5))
        let (sum, sumError) = fastTwoSum(x, t)
        let series = sum + (sumError + (cubicLow + rest))
        // |x| < 2⁻³⁰: x + y, or x itself when y = 0 (keeping −0).
        let magnitude = Lanes(x.x.magnitude, x.y.magnitude, x.z.magnitude, x.w.magnitude)
        let tiny = (x + y).replacing(with: x, where: y .== 0)
        return series.replacing(with: tiny, where: magnitude .< 0x1p-30)
    }

    /// `cosKernel`, lane by lane.
    @inline(__always)
    static func cosKernel(_ x: SIMD4<Double>, _ y: SIMD4<Double>) -> SIMD4<Double> {
        typealias Lanes = SIMD4<Double>
        let c4Hi = Lanes(repeating: 0x1.5555555555555p-5), c4Lo = Lanes(repeating: 0x1.5555555555555p-59)
        let c6 = Lanes(repeating: -0x1.6c16c16c16c17p-10)
        let c8 = Lanes(repeating: 0x1.a01a01a01a01ap-16)
        let c10 = Lanes(repeating: -0x1.27e4fb7789f5cp-22)
        let c12 = Lanes(repeating: 0x1.1eed8eff8d898p-29)
        let c14 = Lanes(repeating: -0x1.93974a8c07c9dp-37)
        let c16 = Lanes(repeating: 0x1.ae7f3e733b81fp-45)
        let c18 = Lanes(repeating: -0x1.6827863b97d97p-53)
        let (z, zError) = twoProduct(x, x)
        let half = 0.5 * z
        let w = 1 - half
        let (zz, zzError) = twoProduct(z, z)
        let (f, fError) = twoProduct(zz, c4Hi)
        let fLow = fError + ((zzError + 2 * z * zError) * c4Hi + zz * c4Lo)
        let q = c6 + z * (c8 + z * (c10 + z * (c12 + z * (c14 + z * (c16 + z * c18)))))
        let rest = (zz * z) * q - (y * (x - (x * z) * 0x1.5555555555555p-3) + 0.5 * zError)
        let (sum, sumError) = fastTwoSum(w, f)
        return sum + (sumError + (((1 - w) - half) + (fLow + rest)))
    }
}
