import Foundation
import Testing

// `Elementary/` links to KineticPlatform's deterministic elementary functions (issue 33),
// compiled here beside Foundation, whose `sin`, `cos`, `atan2`, `hypot`, `exp`, `log` and `pow`
// are glibc's libm: the independent truth they are checked against.
//
// The functions are within 0.51 ulp of the exact result (Elementary.swift), and glibc's are
// within about 0.52 (better than 1 ulp is all glibc promises), so the two can differ by one
// double at most: a result differing by two or more would be more than 1 ulp off. The tests
// check that bound on a million random inputs per function, and that the two agree on all but
// a small fraction (a function 0.9 ulp off would disagree far more often). Special values are
// checked exactly, against C99 Annex F's table rather than against glibc; a few cases where
// glibc itself is off are checked against values computed with 3000-bit arithmetic (mpmath).

/// SplitMix64: the same inputs on every run.
private struct Random: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double uniform in [a, b].
    mutating func uniform(_ a: Double, _ b: Double) -> Double { Double.random(in: a...b, using: &self) }

    /// A double of either sign whose binary exponent is uniform in `exponents`: every scale
    /// equally often, subnormals (exponents below −1022) included. (The exponent is drawn from
    /// a UInt64, not with `Int.random`, which draws differently where Int has 32 bits: the
    /// same inputs on every platform.)
    mutating func logUniform(_ exponents: ClosedRange<Int>) -> Double {
        let exponent = exponents.lowerBound + Int(next() % UInt64(exponents.count))
        let significand = Double.random(in: 1..<2, using: &self)
        let sign: FloatingPointSign = Bool.random(using: &self) ? .minus : .plus
        return Double(sign: sign, exponent: exponent, significand: significand)
    }
}

/// How many doubles apart `a` and `b` are (0 when both are NaN; ±0 count as one).
private func ulps(_ a: Double, _ b: Double) -> UInt64 {
    if a.isNaN || b.isNaN { return a.isNaN && b.isNaN ? 0 : .max }
    func ordered(_ x: Double) -> Int64 {
        let magnitude = Int64(bitPattern: x.bitPattern & 0x7FFF_FFFF_FFFF_FFFF)
        return x.sign == .minus ? -magnitude : magnitude
    }
    let (difference, overflow) = ordered(a).subtractingReportingOverflow(ordered(b))
    return overflow ? .max : difference.magnitude
}

/// Whether `a` and `b` are the same double, bit for bit (any NaN matching any NaN).
private func same(_ a: Double, _ b: Double) -> Bool {
    (a.isNaN && b.isNaN) || a.bitPattern == b.bitPattern
}

/// Runs `count` inputs from `input` through both functions; returns the largest distance, the
/// input that gave it and how many results differ at all.
private func compare(
    _ count: Int, seed: UInt64, _ input: (inout Random) -> (Double, Double),
    _ mine: (Double, Double) -> Double, _ glibc: (Double, Double) -> Double
) -> (maximum: UInt64, worst: (Double, Double), differing: Int) {
    var random = Random(state: seed)
    var maximum: UInt64 = 0, worst = (0.0, 0.0), differing = 0
    for _ in 0..<count {
        let (a, b) = input(&random)
        let distance = ulps(mine(a, b), glibc(a, b))
        if distance > 0 { differing += 1 }
        if distance > maximum { (maximum, worst) = (distance, (a, b)) }
    }
    return (maximum, worst, differing)
}

/// Checks one function on one distribution of inputs: within 1 ulp of glibc everywhere, and
/// identical to it on all but 1 % of the inputs.
private func expectClose(
    _ name: String, _ count: Int, seed: UInt64, input: (inout Random) -> (Double, Double),
    mine: (Double, Double) -> Double, glibc: (Double, Double) -> Double,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let result = compare(count, seed: seed, input, mine, glibc)
    let (a, b) = result.worst
    #expect(
        result.maximum <= 1,
        "\(name): \(result.maximum) ulps at (\(a), \(b)): \(mine(a, b)) against glibc's \(glibc(a, b))",
        sourceLocation: sourceLocation)
    #expect(
        result.differing <= count / 100, "\(name): \(result.differing) of \(count) results differ from glibc's",
        sourceLocation: sourceLocation)
}

/// `expectClose` for a function of one argument.
private func expectClose(
    _ name: String, _ count: Int, seed: UInt64, input: (inout Random) -> Double,
    mine: (Double) -> Double, glibc: (Double) -> Double, sourceLocation: SourceLocation = #_sourceLocation
) {
    expectClose(
        name, count, seed: seed, input: { (input(&$0), 0) }, mine: { x, _ in mine(x) }, glibc: { x, _ in glibc(x) },
        sourceLocation: sourceLocation)
}

@Suite("Elementary functions against glibc")
struct ElementaryAccuracyTests {
    @Test func sine() {
        let (mine, glibc) = (Elementary.sin, Foundation.sin as (Double) -> Double)
        expectClose("sin, |x| ≤ 4", 400_000, seed: 1, input: { $0.uniform(-4, 4) }, mine: mine, glibc: glibc)
        expectClose(
            "sin, |x| ≤ 2²⁰", 400_000, seed: 2, input: { $0.uniform(-0x1p20, 0x1p20) }, mine: mine, glibc: glibc)
        expectClose(
            "sin, any scale", 200_000, seed: 3, input: { $0.logUniform(-1074...1023) }, mine: mine, glibc: glibc)
    }

    @Test func cosine() {
        let (mine, glibc) = (Elementary.cos, Foundation.cos as (Double) -> Double)
        expectClose("cos, |x| ≤ 4", 400_000, seed: 4, input: { $0.uniform(-4, 4) }, mine: mine, glibc: glibc)
        expectClose(
            "cos, |x| ≤ 2²⁰", 400_000, seed: 5, input: { $0.uniform(-0x1p20, 0x1p20) }, mine: mine, glibc: glibc)
        expectClose(
            "cos, any scale", 200_000, seed: 6, input: { $0.logUniform(-1074...1023) }, mine: mine, glibc: glibc)
    }

    @Test func arctangent() {
        let (mine, glibc) = (Elementary.atan2, Foundation.atan2 as (Double, Double) -> Double)
        expectClose(
            "atan2, |x|, |y| ≤ 10", 500_000, seed: 7, input: { ($0.uniform(-10, 10), $0.uniform(-10, 10)) },
            mine: mine, glibc: glibc)
        expectClose(
            "atan2, any scale", 300_000, seed: 8, input: { ($0.logUniform(-1074...1023), $0.logUniform(-1074...1023)) },
            mine: mine, glibc: glibc)
        expectClose(
            "atan2, |y/x| ≤ 1000", 200_000, seed: 9,
            input: { random in
                let x = random.logUniform(-40...40)
                return (x * random.uniform(-1000, 1000), x)
            }, mine: mine, glibc: glibc)
    }

    @Test func hypotenuse() {
        let (mine, glibc) = (Elementary.hypot, Foundation.hypot as (Double, Double) -> Double)
        expectClose(
            "hypot, any scale", 500_000, seed: 10,
            input: { ($0.logUniform(-1074...1023), $0.logUniform(-1074...1023)) },
            mine: mine, glibc: glibc)
        expectClose(
            "hypot, |y/x| ≤ 1000", 500_000, seed: 11,
            input: { random in
                let x = random.logUniform(-1074...1023)
                return (x * random.uniform(-1000, 1000), x)
            }, mine: mine, glibc: glibc)
    }

    @Test func exponential() {
        let (mine, glibc) = (Elementary.exp, Foundation.exp as (Double) -> Double)
        expectClose("exp, −746 … 710", 500_000, seed: 12, input: { $0.uniform(-746, 710) }, mine: mine, glibc: glibc)
        expectClose("exp, |x| ≤ 2", 300_000, seed: 13, input: { $0.uniform(-2, 2) }, mine: mine, glibc: glibc)
        expectClose("exp, subnormal", 200_000, seed: 14, input: { $0.uniform(-746, -708) }, mine: mine, glibc: glibc)
    }

    @Test func logarithm() {
        let (mine, glibc) = (Elementary.log, Foundation.log as (Double) -> Double)
        expectClose(
            "log, any scale", 500_000, seed: 15, input: { $0.logUniform(-1074...1023).magnitude }, mine: mine,
            glibc: glibc)
        expectClose("log, ½ … 2", 500_000, seed: 16, input: { $0.uniform(0.5, 2) }, mine: mine, glibc: glibc)
    }

    @Test func power() {
        let (mine, glibc) = (Elementary.pow, Foundation.pow as (Double, Double) -> Double)
        // y chosen so that y·log x spans the whole range from underflow to overflow.
        expectClose(
            "pow, any scale", 400_000, seed: 17,
            input: { random in
                let x = random.logUniform(-1074...1023).magnitude
                let logarithm = log(x)
                return (x, logarithm == 0 ? 1 : random.uniform(-750, 750) / logarithm)
            }, mine: mine, glibc: glibc)
        expectClose(
            "pow, 0 ≤ x ≤ 10, |y| ≤ 10", 300_000, seed: 18, input: { ($0.uniform(0, 10), $0.uniform(-10, 10)) },
            mine: mine, glibc: glibc)
        expectClose(
            "pow, x < 0, integer y", 300_000, seed: 19,
            input: { (-$0.uniform(0, 10), Double(Int($0.next() % 601) - 300)) }, mine: mine, glibc: glibc)
    }

    /// Inputs where errors hide: near multiples of π/2 (the reduction's cancellation), powers of
    /// two, the edges of exp's range, the neighbourhood of 1 for log, integer and half-integer
    /// powers.
    @Test func edgeInputs() {
        var inputs: [Double] = []
        for k in stride(from: 1, through: 2_000_000, by: 997) {
            let x = Double(k) * (Double.pi / 2)
            inputs += [x, x.nextUp, x.nextDown, -x]
        }
        for exponent in -1074...1023 { inputs.append(Double(sign: .plus, exponent: exponent, significand: 1)) }
        var maximum: UInt64 = 0
        var worst = ""
        func note(_ name: String, _ x: Double, _ mine: Double, _ glibc: Double) {
            let distance = ulps(mine, glibc)
            if distance > maximum { (maximum, worst) = (distance, "\(name)(\(x)) = \(mine), glibc \(glibc)") }
        }
        for x in inputs {
            note("sin", x, Elementary.sin(x), sin(x))
            note("cos", x, Elementary.cos(x), cos(x))
            note("log", x, Elementary.log(x), log(x))
            note("exp", -x, Elementary.exp(-x), exp(-x))
        }
        for edge in [709.782712893384, -745.1332191019411, -708.3964185322641, 0, 1e-20] {
            var x = edge
            for _ in 0..<300 { x = x.nextDown }
            for _ in 0..<600 {
                note("exp", x, Elementary.exp(x), exp(x))
                x = x.nextUp
            }
        }
        var x = 1.0
        for _ in 0..<2000 { x = x.nextDown }
        for _ in 0..<4000 {
            note("log", x, Elementary.log(x), log(x))
            x = x.nextUp
        }
        for base in [2.0, 3, 10, 0.5, 1.1, 1e-3, 123.456] {
            for n in -200...200 {
                let y = Double(n) / 2
                note("pow(\(base), …)", y, Elementary.pow(base, y), pow(base, y))
            }
        }
        #expect(maximum <= 1, "\(maximum) ulps: \(worst)")
    }

    /// Where glibc is itself off, the right answers (3000-bit mpmath, rounded to nearest).
    @Test func casesGlibcGetsWrong() {
        // The double closest to a multiple of π/2 (Muller): glibc's cos is 8 ulps off there.
        let hardest = 6_381_956_970_095_103 * 0x1p797
        #expect(Elementary.cos(hardest) == -0x1.14ae72e6ba22fp-61)
        #expect(Elementary.sin(hardest) == 1)
        #expect(Elementary.sin(1e22) == -0x1.b453ab76bf397p-1)
        #expect(Elementary.cos(1e22) == 0x1.0be2cef01c8f4p-1)
        // e^(2⁻²⁶) lies just above the midpoint of two doubles; glibc rounds it down.
        #expect(Elementary.exp(0x1p-26) == 0x1.0000004000001p0)
        #expect(Elementary.log(.leastNonzeroMagnitude) == -0x1.74385446d71c3p9)
    }
}

@Suite("Elementary functions' special values")
struct ElementarySpecialValueTests {
    private static let pi = 0x1.921fb54442d18p1
    private static let nan = Double.nan
    private static let infinity = Double.infinity
    private static let tiny = Double.leastNonzeroMagnitude

    @Test func sineAndCosine() {
        let cases: [(x: Double, sin: Double, cos: Double)] = [
            (0, 0, 1), (-0.0, -0.0, 1), (Self.infinity, Self.nan, Self.nan), (-Self.infinity, Self.nan, Self.nan),
            (Self.nan, Self.nan, Self.nan), (Self.tiny, Self.tiny, 1), (-Self.tiny, -Self.tiny, 1),
            (0x1p-30, 0x1p-30, 1), (-1e-300, -1e-300, 1),
            (0x1.fffffffffffffp-27, 0x1.fffffffffffffp-27, 0x1.fffffffffffffp-1),
        ]
        for c in cases {
            #expect(same(Elementary.sin(c.x), c.sin), "sin(\(c.x)) = \(Elementary.sin(c.x))")
            #expect(same(Elementary.cos(c.x), c.cos), "cos(\(c.x)) = \(Elementary.cos(c.x))")
            let both = Elementary.cosSin(c.x)
            #expect(same(both.sin, c.sin) && same(both.cos, c.cos), "cosSin(\(c.x)) = \(both)")
        }
    }

    @Test func arctangent() {
        let (pi, infinity, nan) = (Self.pi, Self.infinity, Self.nan)
        let halfPi = pi / 2, quarterPi = pi / 4, threeQuarterPi = 0x1.2d97c7f3321d2p1
        let cases: [(y: Double, x: Double, angle: Double)] = [
            (0, 0, 0), (-0.0, 0, -0.0), (0, -0.0, pi), (-0.0, -0.0, -pi), (0, 5, 0), (-0.0, 5, -0.0),
            (0, -5, pi), (-0.0, -5, -pi), (5, 0, halfPi), (5, -0.0, halfPi), (-5, 0, -halfPi), (-5, -0.0, -halfPi),
            (5, infinity, 0), (-5, infinity, -0.0), (5, -infinity, pi), (-5, -infinity, -pi),
            (infinity, 5, halfPi), (-infinity, -5, -halfPi), (infinity, infinity, quarterPi),
            (-infinity, infinity, -quarterPi), (infinity, -infinity, threeQuarterPi),
            (-infinity, -infinity, -threeQuarterPi), (nan, 1, nan), (1, nan, nan), (nan, nan, nan),
            (1, 1, quarterPi), (-1, -1, -threeQuarterPi), (1, -1, threeQuarterPi), (0x1p-1063, 1e300, 0),
            (1e300, 0x1p-1063, halfPi), (Self.tiny, 1, Self.tiny), (Self.tiny, -1, pi),
        ]
        for c in cases {
            #expect(same(Elementary.atan2(c.y, c.x), c.angle), "atan2(\(c.y), \(c.x)) = \(Elementary.atan2(c.y, c.x))")
        }
    }

    @Test func hypotenuse() {
        let (infinity, nan) = (Self.infinity, Self.nan)
        let cases: [(x: Double, y: Double, length: Double)] = [
            (infinity, nan, infinity), (nan, -infinity, infinity), (-infinity, 1, infinity), (nan, 1, nan),
            (1, nan, nan), (-0.0, -0.0, 0), (-3, 0, 3), (0, -7, 7), (3, 4, 5), (-5, 12, 13),
            (0x1p1000 * 3, 0x1p1000 * 4, 0x1p1000 * 5),
            (0x1p-1070 * 3, 0x1p-1070 * 4, 0x1p-1070 * 5),
            (.greatestFiniteMagnitude, .greatestFiniteMagnitude, infinity),
            (.greatestFiniteMagnitude, 1, .greatestFiniteMagnitude), (Self.tiny, 0, Self.tiny), (1, 0x1p-60, 1),
        ]
        for c in cases {
            #expect(same(Elementary.hypot(c.x, c.y), c.length), "hypot(\(c.x), \(c.y)) = \(Elementary.hypot(c.x, c.y))")
        }
    }

    @Test func exponentialAndLogarithm() {
        let (infinity, nan) = (Self.infinity, Self.nan)
        let exponentials: [(x: Double, value: Double)] = [
            (nan, nan), (infinity, infinity), (-infinity, 0), (0, 1), (-0.0, 1), (710, infinity), (1e300, infinity),
            (-746, 0), (-1e300, 0), (709.782712893384, 0x1.fffffffffff2ap1023), (709.7827128933841, infinity),
            (-745.1332191019411, Self.tiny), (-745.1332191019412, 0), (1, 0x1.5bf0a8b145769p1), (0x1p-60, 1),
            (-0x1p-60, 1),
        ]
        for c in exponentials {
            #expect(same(Elementary.exp(c.x), c.value), "exp(\(c.x)) = \(Elementary.exp(c.x))")
        }
        let logarithms: [(x: Double, value: Double)] = [
            (nan, nan), (-1, nan), (-infinity, nan), (-Self.tiny, nan), (0, -infinity), (-0.0, -infinity),
            (infinity, infinity), (1, 0), (2, 0x1.62e42fefa39efp-1), (.greatestFiniteMagnitude, 0x1.62e42fefa39efp9),
            (.leastNormalMagnitude, -0x1.6232bdd7abcd2p9),
        ]
        for c in logarithms {
            #expect(same(Elementary.log(c.x), c.value), "log(\(c.x)) = \(Elementary.log(c.x))")
        }
    }

    @Test func power() {
        let (infinity, nan) = (Self.infinity, Self.nan)
        let cases: [(x: Double, y: Double, value: Double)] = [
            // y = ±0 and x = 1 give 1, NaN or not.
            (nan, 0, 1), (nan, -0.0, 1), (-infinity, 0, 1), (1, nan, 1), (1, infinity, 1), (1, -infinity, 1),
            (nan, 1, nan), (2, nan, nan),
            // Negative x: NaN for non-integer y, a sign for odd y.
            (-2, 0.5, nan), (-8, 1.0 / 3, nan), (-2, 3, -8), (-2, 2, 4), (-2, -1, -0.5), (-2, -2, 0.25),
            (-1, infinity, 1), (-1, -infinity, 1), (-1, 0x1p70, 1), (-1, 3, -1),
            // Zero x.
            (0, -3, infinity), (-0.0, -3, -infinity), (-0.0, -2, infinity), (-0.0, -0.5, infinity),
            (0, -infinity, infinity), (-0.0, -infinity, infinity), (0, 3, 0), (-0.0, 3, -0.0), (-0.0, 2, 0),
            (-0.0, 0.5, 0), (0, infinity, 0), (-0.0, infinity, 0),
            // Infinite y.
            (0.5, infinity, 0), (0.5, -infinity, infinity), (-0.5, infinity, 0), (2, infinity, infinity),
            (-2, -infinity, 0),
            // Infinite x.
            (-infinity, -3, -0.0), (-infinity, -2, 0), (-infinity, -0.5, 0), (-infinity, 3, -infinity),
            (-infinity, 2, infinity), (-infinity, 0.5, infinity), (infinity, -1, 0), (infinity, 0.5, infinity),
            // Overflow, underflow, huge y, exact powers.
            (10, 400, infinity), (-10, 401, -infinity), (10, -400, 0), (-10, -401, -0.0), (1.5, 0x1p70, infinity),
            (1.5, -0x1p70, 0), (0.5, 1074, Self.tiny), (0.5, 1075, 0), (2, 1023, 0x1p1023), (2, 1024, infinity),
            (2, -1074, Self.tiny), (9, 0.5, 3), (10, 22, 1e22), (7, 1, 7), (Self.tiny, 1, Self.tiny),
        ]
        for c in cases {
            #expect(same(Elementary.pow(c.x, c.y), c.value), "pow(\(c.x), \(c.y)) = \(Elementary.pow(c.x, c.y))")
        }
        for n in -1074...1023 {
            #expect(Elementary.pow(2, Double(n)) == Double(sign: .plus, exponent: n, significand: 1))
        }
    }
}

@Suite("Elementary functions' invariants")
struct ElementaryInvariantTests {
    /// Four angles at once are four scalar calls, bit for bit: angles a body takes (small,
    /// tiny, signed zeros, near multiples of π/4 where the quadrant and the reduction change),
    /// mixed in one vector with angles the lanes hand to the scalar function (Payne–Hanek's
    /// range, infinities, NaN), and vectors of four angles within π/4, which need no reduction.
    @Test func cosSinOfFourLanesIsFourScalarCalls() {
        var random = Random(state: 38)
        var special: [Double] = [0, -0.0, 0x1p-30, -0x1p-30, 0x1p-31, 1e-300, -Double.leastNonzeroMagnitude]
        for k in -40...40 {
            let x = Double(k) * (Double.pi / 4)
            special += [x, x.nextUp, x.nextDown, x.nextUp.nextUp]
        }
        special += [0x1.921fb54442d18p-1, 0x1.921fb54442d18p-1.nextUp, 0x1p20.nextDown, -0x1p20.nextDown]
        var inputs: [Double] = special
        for _ in 0..<200_000 {
            switch random.next() % 4 {
            case 0: inputs.append(random.uniform(-10, 10))
            case 1: inputs.append(random.uniform(-1e5, 1e5))
            case 2: inputs.append(random.logUniform(-1074...19))
            default: inputs.append(random.uniform(-0x1p20, 0x1p20))
            }
        }
        let scalarOnly: [Double] = [0x1p20, -0x1p20, 1e300, .infinity, -.infinity, .nan]
        for (k, x) in scalarOnly.enumerated() { inputs.insert(x, at: 4 * (k + 1) + 1) }
        // Vectors whose four angles are all within π/4, which skip the reduction together (a UI's
        // items rarely turn further): uniform, tiny, signed zeros and π/4 itself; then π/4's
        // next double, which is not within it, among three that are.
        let quarterPi = 0x1.921fb54442d18p-1
        for k in 0..<20_000 {
            inputs += (0..<4).map { lane in
                switch (k + lane) % 4 {
                case 0: random.uniform(-quarterPi, quarterPi)
                case 1: random.uniform(-1e-3, 1e-3)
                case 2: random.logUniform(-1074...(-1)) * (random.next() % 2 == 0 ? 1 : -1)
                default: [0, -0.0, quarterPi, -quarterPi][k % 4]
                }
            }
        }
        inputs += [0.5, -0.25, quarterPi.nextUp, 1e-9, -quarterPi.nextUp, 0.125, -0.0, 0.75]
        for start in stride(from: 0, to: inputs.count - 3, by: 4) {
            let x = SIMD4(inputs[start], inputs[start + 1], inputs[start + 2], inputs[start + 3])
            let (c, s) = Elementary.cosSin(x)
            for lane in 0..<4 {
                let (sc, ss) = Elementary.cosSin(x[lane])
                #expect(same(c[lane], sc) && same(s[lane], ss), "cosSin(\(x[lane])) in lane \(lane)")
            }
        }
    }

    @Test func identitiesHold() {
        var random = Random(state: 20)
        let epsilon = 0x1p-53
        for _ in 0..<100_000 {
            let angle = random.uniform(-1e6, 1e6)
            let (c, s) = Elementary.cosSin(angle)
            // cosSin is cos and sin, bit for bit; sine is odd and cosine even, bit for bit.
            #expect(same(c, Elementary.cos(angle)) && same(s, Elementary.sin(angle)))
            #expect(same(Elementary.sin(-angle), -s) && same(Elementary.cos(-angle), c))
            #expect(abs(c * c + s * s - 1) <= 4 * epsilon, "cos² + sin² at \(angle)")

            // atan2 inverts (cos, sin) on (−π, π], and is odd in y.
            let theta = random.uniform(-Double.pi, Double.pi)
            let (ct, st) = Elementary.cosSin(theta)
            #expect(ulps(Elementary.atan2(st, ct), theta) <= 2, "atan2(sin θ, cos θ) at θ = \(theta)")
            #expect(same(Elementary.atan2(-st, ct), -Elementary.atan2(st, ct)))

            // log inverts exp, and exp inverts log up to the amplification of log's rounding.
            let x = random.uniform(-700, 700)
            #expect(abs(Elementary.log(Elementary.exp(x)) - x) <= 2 * epsilon + 2 * x.ulp, "log(exp(\(x)))")
            let y = random.logUniform(-1022...1023).magnitude
            let logarithm = Elementary.log(y)
            let bound = (abs(logarithm) * epsilon + 2 * epsilon) * 1.01
            #expect(abs(Elementary.exp(logarithm) / y - 1) <= bound, "exp(log(\(y)))")

            // pow(x, 1) = x; xᵃ·x⁻ᵃ ≈ 1; hypot is |(x, y)| and symmetric.
            #expect(Elementary.pow(y, 1) == y)
            let a = random.uniform(-20, 20), base = random.uniform(0.1, 10)
            #expect(abs(Elementary.pow(base, a) * Elementary.pow(base, -a) - 1) <= 8 * epsilon)
            let (p, q) = (random.uniform(-1e3, 1e3), random.uniform(-1e3, 1e3))
            #expect(same(Elementary.hypot(p, q), Elementary.hypot(-q, p)))
        }
        for k in [1.0, 3, 0x1p-1060, 0x1p-600, 0x1p600, 0x1p1020] {
            #expect(Elementary.hypot(3 * k, 4 * k) == 5 * k && Elementary.hypot(20 * k, 21 * k) == 29 * k)
        }
    }

    /// A hash of the functions' results on fixed inputs. Every build computes the same (checked
    /// natively in debug, release and `-target-cpu haswell`, and in an Embedded Swift build for
    /// wasm32 run by node); a change to any function's bits changes it, and with it the scenes'
    /// checksums in the README.
    @Test func resultsAreFrozen() {
        var random = Random(state: 21)
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a
        func mix(_ value: Double) {
            var bits = value.bitPattern
            for _ in 0..<8 {
                hash = (hash ^ (bits & 0xFF)) &* 0x0000_0100_0000_01B3
                bits >>= 8
            }
        }
        for _ in 0..<20_000 {
            let x = random.uniform(-10, 10), y = random.uniform(-10, 10), wide = random.logUniform(-1074...1023)
            mix(Elementary.sin(x))
            mix(Elementary.cos(wide))
            mix(Elementary.atan2(y, x))
            mix(Elementary.hypot(x, wide))
            mix(Elementary.exp(x * 70))
            mix(Elementary.log(wide.magnitude))
            mix(Elementary.pow(x.magnitude, y * 30))
        }
        #expect(hash == 0x25F3_F9B5_9534_CE94, "hash \(String(hash, radix: 16))")
    }
}
