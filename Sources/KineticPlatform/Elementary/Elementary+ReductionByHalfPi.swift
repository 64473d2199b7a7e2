// Argument reduction for sine and cosine: x = n·π/2 + r with |r| ≤ π/4 (a hair more when the
// rounding of x·2/π decides a tie), returned as n and r = hi + lo to about 2⁻⁷⁰ relative.
//
// Why so precise: the kernels need r to better than half an ulp of r, and r can be tiny. A
// double is never a multiple of π/2 (π is irrational), but it can come close: the closest
// approach over all doubles is |r| ≈ 2⁻⁶¹ (at x = 6381956970095103 × 2⁷⁹⁷, found by Muller's
// continued-fraction search), so r needs about 61 + 53 bits below the point where x's own
// bits end. Two methods supply them.
//
// Cody–Waite, for |x| < 2²⁰. π/2 = P₁ + P₂ + P₃ + P₄ to 2⁻¹⁵⁷, where P₁, P₂ and P₃ carry 33
// significant bits each and P₄ the next 53. With k = round(x·2/π), |k| < 2²⁰, so k·P₁, k·P₂
// and k·P₃ (33 + 20 bits) are exact; x − k·P₁ is exact by Sterbenz's lemma (x and k·P₁ lie
// within a factor 2 of each other when k ≠ 0); TwoSum keeps the rounding errors of the next
// two subtractions, and k·P₄ (about 2⁻⁸⁴) is rounded with an error below 2⁻¹³⁶. So hi + lo
// is x − k·π/2 to about 2⁻¹³⁰ absolute, 2⁻⁶⁹ relative even at the closest approach.
//
// Payne–Hanek, for |x| ≥ 2²⁰. x = m·2ᵉ with m a 53-bit integer. Only x·(2/π) modulo 4 matters
// (the quadrant and the fraction). Write 2/π = A + F·2^−(s+192) + tail, where A holds the
// first s = e − 2 bits of 2/π, F the next 192 and the tail is below 2^−(s+192). Then
// m·2ᵉ·A = 4·m·(an integer) vanishes modulo 4, m·2ᵉ·F·2^−(s+192) = m·F·2⁻¹⁹⁰, and the tail
// contributes less than 2⁵³·2ᵉ·2^−(s+192) = 2⁻¹³⁷. So the 192 low bits of the integer product
// m·F are x·2/π mod 4 in units of 2⁻¹⁹⁰: two bits of quadrant, 190 of fraction, known to
// 2⁻¹³⁷ — at least 2⁻⁷⁵ relative to the smallest fraction, 2⁻⁶². The fraction f ∈ [−½, ½)
// (rounding the quadrant up when f ≥ ½) is normalised to 64 bits and multiplied by
// round(π/2·2⁶²) in 128-bit integers, and r = f·π/2 comes out to 2⁻⁶² relative: a 500th of an
// ulp once the kernels have rounded.

extension Elementary {
    /// π/4 rounded down: an argument of at most this magnitude needs no reduction (n = 0, hi = x,
    /// lo = 0). The four-lane `cosSin` decides with the same bound.
    @inline(__always) static var unreducedLimit: Double { 0x1.921fb54442d18p-1 }
    /// Below this magnitude Cody–Waite reduces; at and above it, Payne–Hanek (the four-lane
    /// `cosSin` hands such lanes to the scalar function).
    @inline(__always) static var codyWaiteLimit: Double { 0x1p20 }

    /// x = n·π/2 + (hi + lo) for finite x, |hi + lo| ≤ π/4 + 2⁻³⁰; n is returned modulo 2⁶⁴
    /// (only n mod 4 matters).
    @inline(__always)
    static func reduceByHalfPi(_ x: Double) -> (n: Int, hi: Double, lo: Double) {
        let magnitude = x.magnitude
        if magnitude <= unreducedLimit {  // nothing to reduce
            return (0, x, 0)
        }
        if magnitude < codyWaiteLimit {
            return reduceByHalfPiCodyWaite(x)
        }
        return reduceByHalfPiPayneHanek(x)
    }

    /// Cody–Waite reduction for π/4 < |x| < 2²⁰ (see the file's comment).
    static func reduceByHalfPiCodyWaite(_ x: Double) -> (n: Int, hi: Double, lo: Double) {
        // 2/π, and π/2 in four pieces: 33, 33 and 33 significant bits, then 53.
        let twoOverPi = 0x1.45f306dc9c883p-1
        let p1 = 0x1.921fb544p0
        let p2 = 0x1.0b4611a6p-34
        let p3 = 0x1.3198a2ep-69
        let p4 = 0x1.b839a252049c1p-104
        let k = roundedToInteger(x * twoOverPi)
        let a = x - k * p1  // exact
        let (s1, e1) = twoSum(a, -(k * p2))  // k·p2 exact
        let (s2, e2) = twoSum(s1, -(k * p3))  // k·p3 exact
        let (hi, lo) = twoSum(s2, (e1 + e2) - k * p4)
        return (Int(k), hi, lo)
    }

    /// 2/π's first 1216 bits after the binary point, 64 to a word, behind one word of zeros
    /// (the bits before the point, which the reduction reads when |x| < 2⁵⁵).
    static let twoOverPiBits: [UInt64] = [
        0, 0xA2F9_836E_4E44_1529, 0xFC27_57D1_F534_DDC0, 0xDB62_9599_3C43_9041, 0xFE51_63AB_DEBB_C561,
        0xB724_6E3A_424D_D2E0, 0x0649_2EEA_09D1_921C, 0xFE1D_EB1C_B129_A73E, 0xE882_35F5_2EBB_4484,
        0xE99C_7026_B45F_7E41, 0x3991_D639_8353_39F4, 0x9C84_5F8B_BDF9_283B, 0x1FF8_97FF_DE05_980F,
        0xEF2F_118B_5A0A_6D1F, 0x6D36_7ECF_27CB_09B7, 0x4F46_3F66_9E5F_EA2D, 0x7527_BAC7_EBE5_F17B,
        0x3D07_39F7_8A52_92EA, 0x6BFB_5FB1_1F8D_5D08, 0x5603_3046_FC7B_6BAB,
    ]

    /// Payne–Hanek reduction for finite |x| ≥ 2²⁰ (see the file's comment).
    static func reduceByHalfPiPayneHanek(_ x: Double) -> (n: Int, hi: Double, lo: Double) {
        let bits = x.bitPattern
        let m = (bits & 0x000F_FFFF_FFFF_FFFF) | 0x0010_0000_0000_0000
        let e = Int((bits >> 52) & 0x7FF) - 1075  // x = ±m·2ᵉ, e ≥ −32
        // F: the bits s + 1 … s + 192 of 2/π, s = e − 2 ≥ −34; the table's zero word comes
        // first, so 2/π's bit j is the table's bit j + 64 (counting from 1).
        let offset = e - 2 + 64
        let word = offset >> 6, shift = offset & 63
        let table = twoOverPiBits
        // Smart shifts: a shift by 64 gives 0, as the formula needs when `shift` is 0.
        let f0 = (table[word] << shift) | (table[word + 1] >> (64 - shift))
        let f1 = (table[word + 1] << shift) | (table[word + 2] >> (64 - shift))
        let f2 = (table[word + 2] << shift) | (table[word + 3] >> (64 - shift))
        // m·F modulo 2¹⁹², in three words w0 (high) … w2.
        let low = m.multipliedFullWidth(by: f2)
        let middle = m.multipliedFullWidth(by: f1)
        let w2 = low.low
        let (w1, carry) = middle.low.addingReportingOverflow(low.high)
        let w0 = (m &* f0) &+ middle.high &+ (carry ? 1 : 0)
        // Two bits of quadrant, then the fraction's first 128 bits in (t, u).
        var n = Int(w0 >> 62)
        var t = (w0 << 2) | (w1 >> 62)
        var u = (w1 << 2) | (w2 >> 62)
        var negative = false
        if t >> 63 == 1 {  // f ≥ ½: one more quadrant, and r = −(1 − f)·π/2
            n += 1
            u = ~u &+ 1
            t = ~t &+ (u == 0 ? 1 : 0)
            negative = true
        }
        if t == 0 && u == 0 { return (x < 0 ? -n : n, 0, 0) }  // no double gets here
        // The fraction normalised: top = f·2^(64 + zeros), top bit set.
        let zeros = t != 0 ? t.leadingZeroBitCount : 64 + u.leadingZeroBitCount
        let top = zeros < 64 ? (t << zeros) | (u >> (64 - zeros)) : u << (zeros - 64)
        // r = f·π/2 = top·round(π/2·2⁶²)·2^−(126 + zeros), the product in 128 bits.
        let product = top.multipliedFullWidth(by: 0x6487_ED51_10B4_611A)
        let lead = product.high.leadingZeroBitCount  // 1 or 2
        let q = (product.high << lead) | (product.low >> (64 - lead))
        // r = q·2^(−62 − lead − zeros): 53 bits of q in hi, the next 11 in lo, both exact.
        var (hi, lo) = fastTwoSum(
            Double(q >> 11) * powerOfTwo(-51 - lead - zeros),
            Double(q & 0x7FF) * powerOfTwo(-62 - lead - zeros)
        )
        if negative != (x < 0) {
            hi = -hi
            lo = -lo
        }
        return (x < 0 ? -n : n, hi, lo)
    }
}
