/// Elementary functions that give the same bits on every platform (issue 33).
///
/// The native build would call glibc's libm and the WebAssembly build wasi-libc's (musl's); the
/// two need not agree in the last bit, and a simulation that starts one bit apart drifts apart.
/// These functions are written in plain Swift from IEEE-754 double operations only (+, −, ×, ÷,
/// square root, exact rounding to an integer, bit manipulation), each correctly rounded by the
/// standard, so every conforming machine computes the same bits from the same inputs. Nothing
/// here may be written so that a compiler could fuse a multiply and an add: Swift never
/// contracts `a * b + c` into a fused multiply-add on its own (no fast-math, no
/// `-ffp-contract`), and no function here calls one. (Checked: a hash of 140 000 results,
/// KineticPlatformTests' `resultsAreFrozen`, is the same natively in debug, in release and with
/// `-target-cpu haswell`, and in an Embedded Swift build for wasm32 run by node.)
///
/// | Function | Reduction | Bound (analysis) | Measured |
/// |----------|-----------|------------------|----------|
/// | `sin`, `cos`, `cosSin` | x = nπ/2 + r, \|r\| ≤ π/4 | 0.5 + 2⁻⁶ ulp | 0.508 ulp |
/// | `atan2` | octant, t = min/max ≤ 1, t = i/16 + … | 0.5 + 2⁻⁹ ulp | 0.5007 ulp |
/// | `hypot` | scaling by 2^±600 | 0.5 + 2⁻⁴⁰ ulp (1 if subnormal) | 0.49999 (0.674) ulp |
/// | `exp` | x = (32k + j)·ln2/32 + r | 0.5 + 2⁻¹⁰ ulp | 0.5001 ulp |
/// | `log` | x = 2ᵏ·m, m = c·(1 + s)/(1 − s) | 0.5 + 2⁻¹² ulp | 0.5000 ulp |
/// | `pow` | e^(y·log x) in double-double | 0.6 ulp | 0.5001 ulp |
///
/// "Measured" is the largest error against 3000-bit arithmetic (mpmath) over 10⁵ random inputs
/// per function plus every input of 10⁶ where the result differed from glibc's. Against glibc
/// (whose own error reaches 0.52 ulp, and 8 ulps for cos at the hardest argument) the results
/// are never more than one double apart and identical for more than 99.5 % of inputs
/// (KineticPlatformTests).
///
/// Every bound holds over the whole domain: sine and cosine reduce arguments below 2²⁰ with
/// Cody–Waite and larger ones with Payne–Hanek, so they are as accurate at 10³⁰⁰ as at 1.
/// Without a fused multiply-add the exact products cost time (release, x86-64, against glibc):
/// hypot and exp take 0.9–1.4 times glibc's time, sin and cos 1.5–1.8 (cosSin about as long as
/// glibc's sin and cos called one after the other), atan2 and log 2.3–2.7, pow 4.5. The pile
/// scene's 600 frames cost the same within the noise (62 ms against 59–61).
/// Special values follow C99's Annex F, as glibc's libm does (NaN in gives NaN out, signed
/// zeros, infinities, overflow to ±∞ and underflow to zero through the subnormals); each
/// function's documentation lists its cases. Floating-point exception flags are not raised
/// on purpose, and a signalling NaN comes back quiet.
///
/// The derivations in these files use ε = 2⁻⁵³, the unit roundoff: every basic operation's result is
/// the exact result times (1 + δ), |δ| ≤ ε, unless it underflows. "ulp" is the spacing of the
/// doubles at the result. A result computed as `hi + lo`, where `hi + lo` approximates the
/// true value to a relative 2⁻⁶⁰ or better, is within 0.5 + 2⁻⁷ ulp after its final rounding:
/// that last rounding is where almost all of each function's error comes from.
public enum Elementary {}

// MARK: Exact arithmetic

extension Elementary {
    /// `a + b` as an unevaluated sum `sum + error`, exactly (Knuth's TwoSum, any magnitudes).
    ///
    /// With s = fl(a + b), b′ = s − a and a′ = s − b′ are the parts of s that came from b and
    /// from a; Knuth proved (a − a′) + (b − b′) is exactly a + b − s whenever nothing overflows.
    @inline(__always)
    static func twoSum(_ a: Double, _ b: Double) -> (sum: Double, error: Double) {
        let s = a + b
        let bVirtual = s - a
        let aVirtual = s - bVirtual
        return (s, (a - aVirtual) + (b - bVirtual))
    }

    /// `a + b` as `sum + error`, exactly, when |a| ≥ |b| or a = 0 (Dekker's Fast2Sum): then
    /// s − a is exact (Sterbenz) and b − (s − a) is the rounding error of s.
    @inline(__always)
    static func fastTwoSum(_ a: Double, _ b: Double) -> (sum: Double, error: Double) {
        let s = a + b
        return (s, b - (s - a))
    }

    /// Veltkamp's split of `a` into `hi + lo`, each of at most 26 significant bits, so that a
    /// product of two halves is exact. Valid for |a| < 2⁹⁹⁵ (2²⁷ + 1 times it must not
    /// overflow).
    @inline(__always)
    static func split(_ a: Double) -> (hi: Double, lo: Double) {
        let t = 134_217_729 * a  // 2²⁷ + 1
        let hi = t - (t - a)
        return (hi, a - hi)
    }

    /// `a × b` as `product + error`, exactly, without a fused multiply-add (Dekker's
    /// TwoProduct): with a = aₕ + aₗ and b = bₕ + bₗ split into 26-bit halves, each partial
    /// product aₕbₕ, aₕbₗ, aₗbₕ, aₗbₗ is exact, and subtracting p = fl(ab) from them in this
    /// order leaves the exact error. Valid while |a|, |b| < 2⁹⁹⁵ and the error is not below
    /// the normal range (|ab| ≥ 2⁻⁹⁶⁹); every caller keeps its operands inside those bounds.
    @inline(__always)
    static func twoProduct(_ a: Double, _ b: Double) -> (product: Double, error: Double) {
        let p = a * b
        let (ah, al) = split(a)
        let (bh, bl) = split(b)
        let error = (((ah * bh - p) + ah * bl) + al * bh) + al * bl
        return (p, error)
    }

    /// `x` rounded to the nearest integer, ties to even, for |x| < 2⁵¹: adding 1.5 × 2⁵² puts
    /// the sum in [2⁵², 2⁵³), where the doubles are exactly the integers, so the addition
    /// itself rounds x; subtracting the constant back is exact.
    @inline(__always)
    static func roundedToInteger(_ x: Double) -> Double {
        (x + 0x1.8p52) - 0x1.8p52
    }

    /// 2ⁿ for −1022 ≤ n ≤ 1023, from its bits.
    @inline(__always)
    static func powerOfTwo(_ n: Int) -> Double {
        Double(bitPattern: UInt64(n + 1023) << 52)
    }
}
