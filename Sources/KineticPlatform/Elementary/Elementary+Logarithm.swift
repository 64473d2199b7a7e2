// The natural logarithm.
//
// Reduction: x = 2ᵏ·m with m ∈ [√½, √2) (from x's bits; a subnormal x is first scaled by 2⁵⁴).
// Then c = 1 + i/64 with i = round(64(m − 1)) ∈ [−19, 27] is m's nearest 64th, |m − c| ≤ 1/128,
// and
//   log x = k·ln2 + log c + log(m/c),   log(m/c) = 2·atanh(s),   s = (m − c)/(m + c),
// since (1 + s)/(1 − s) = m/c. |s| ≤ (1/128)/(2√½ − 1/128) < 0.00556, s² < 3.1·10⁻⁵.
// m − c is exact (Sterbenz), m + c is the exact double-double of TwoSum, and the quotient s is
// divided out as a double-double s_hi + s_lo (its rounding error recovered with TwoProduct).
// log c is tabulated as a double-double (to 2⁻¹⁰⁶), and so is ln2: ln2_hi has 42 significant
// bits, so k·ln2_hi is exact for |k| ≤ 1074.
//
// Series: 2·atanh s = 2s + 2s³/3 + 2s⁵/5 + … has terms of one sign, shrinking by s² < 2⁻¹⁴·⁹;
// stopped after 2s⁹/9, the rest is below 2|s|·s¹⁰/11·1/(1 − s²) < 2|s|·2⁻⁷⁸. Only its
// correction 2s·(s²/3 + s⁴/5 + …), at most 2|s|·2⁻¹⁶·⁵, is computed in plain doubles: its few
// roundings weigh less than 2⁻⁶⁷ of 2|s|.
//
// Sum: k·ln2_hi + log c_hi + 2s_hi (TwoSum twice, exact), then every small part in one more
// double. The double-double hi + lo is log x to a relative 2⁻⁶⁶ or better (2s never exceeds
// |log(m)| by more than a factor 1.01 once log c is added, and |log x| ≥ ln2/2 when k ≠ 0), so
// log is within 0.5 + 2⁻¹² ulp after the final rounding, and pow gets the extra bits it needs.

extension Elementary {
    /// The natural logarithm of `x`, within 0.51 ulp.
    ///
    /// log(1) = +0; log(±0) = −∞; log(x < 0) and log(NaN) are NaN; log(+∞) = +∞.
    public static func log(_ x: Double) -> Double {
        if !(x > 0) { return x == 0 ? -.infinity : (x - x) / 0 }  // ±0; x < 0 or NaN: NaN
        if x == .infinity { return x }
        let (hi, lo) = logarithm(x)
        return hi + lo
    }

    /// log(1 + i/64) for i = −19 … 27, each as the nearest double and the rest.
    static let logarithmsOfSixtyFourths: [(hi: Double, lo: Double)] = [
        (-0x1.68ac83e9c6a14p-2, -0x1.a64eadd740178p-58),
        (-0x1.522ae0738a3d8p-2, 0x1.8f7e9b38a6979p-57),
        (-0x1.3c25277333184p-2, 0x1.2ad27e50a8ec6p-56),
        (-0x1.269621134db92p-2, -0x1.e0efadd9db02bp-56),
        (-0x1.1178e8227e47cp-2, 0x1.0e63a5f01c691p-57),
        (-0x1.f991c6cb3b379p-3, -0x1.f665066f980a2p-57),
        (-0x1.d1037f2655e7bp-3, -0x1.60629242471a2p-57),
        (-0x1.a93ed3c8ad9e3p-3, -0x1.bcafa9de97203p-57),
        (-0x1.823c16551a3c2p-3, 0x1.1232ce70be781p-57),
        (-0x1.5bf406b543db2p-3, 0x1.1f5b44c0df7e7p-61),
        (-0x1.365fcb0159016p-3, -0x1.7d411a5b944adp-58),
        (-0x1.1178e8227e47cp-3, 0x1.0e63a5f01c691p-58),
        (-0x1.da727638446a2p-4, -0x1.401fa71733019p-58),
        (-0x1.9335e5d594989p-4, 0x1.478a85704ccb7p-58),
        (-0x1.4d3115d207eacp-4, -0x1.769f42c7842ccp-58),
        (-0x1.08598b59e3a07p-4, 0x1.dd7009902bf32p-58),
        (-0x1.894aa149fb343p-5, -0x1.a8be97660a23dp-60),
        (-0x1.0415d89e74444p-5, -0x1.c05cf1d753622p-59),
        (-0x1.0205658935847p-6, -0x1.27c8e8416e71fp-60),
        (0, 0),
        (0x1.fc0a8b0fc03e4p-7, -0x1.83092c59642a1p-62),
        (0x1.f829b0e783300p-6, 0x1.33e3f04f1ef23p-60),
        (0x1.77458f632dcfcp-5, 0x1.18d3ca87b9296p-59),
        (0x1.f0a30c01162a6p-5, 0x1.85f325c5bbacdp-59),
        (0x1.341d7961bd1d1p-4, -0x1.b599f227becbbp-58),
        (0x1.6f0d28ae56b4cp-4, -0x1.906d99184b992p-58),
        (0x1.a926d3a4ad563p-4, 0x1.942f48aa70ea9p-58),
        (0x1.e27076e2af2e6p-4, -0x1.61578001e0162p-60),
        (0x1.0d77e7cd08e59p-3, 0x1.9a5dc5e9030acp-57),
        (0x1.29552f81ff523p-3, 0x1.301771c407dbfp-57),
        (0x1.44d2b6ccb7d1ep-3, 0x1.9f4f6543e1f88p-57),
        (0x1.5ff3070a793d4p-3, -0x1.bc60efafc6f6ep-58),
        (0x1.7ab890210d909p-3, 0x1.be36b2d6a0608p-59),
        (0x1.9525a9cf456b4p-3, 0x1.d904c1d4e2e26p-57),
        (0x1.af3c94e80bff3p-3, -0x1.398cff3641985p-58),
        (0x1.c8ff7c79a9a22p-3, -0x1.4f689f8434012p-57),
        (0x1.e27076e2af2e6p-3, -0x1.61578001e0162p-59),
        (0x1.fb9186d5e3e2bp-3, -0x1.caaae64f21acbp-57),
        (0x1.0a324e27390e3p-2, 0x1.7dcfde8061c03p-56),
        (0x1.1675cababa60ep-2, 0x1.ce63eab883717p-61),
        (0x1.22941fbcf7966p-2, -0x1.76f5eb09628afp-56),
        (0x1.2e8e2bae11d31p-2, -0x1.8f4cdb95ebdf9p-56),
        (0x1.3a64c556945eap-2, -0x1.c68651945f97cp-57),
        (0x1.4618bc21c5ec2p-2, 0x1.f42decdeccf1dp-56),
        (0x1.51aad872df82dp-2, 0x1.3927ac19f55e3p-59),
        (0x1.5d1bdbf5809cap-2, 0x1.4236383dc7fe1p-56),
        (0x1.686c81e9b14afp-2, -0x1.ddea0f7f58e3dp-57),
    ]

    /// log x as a double-double (|lo| ≤ ½ ulp(hi)), for finite x > 0.
    static func logarithm(_ x: Double) -> (hi: Double, lo: Double) {
        var bits = x.bitPattern
        var k = -1023
        if bits < 0x0010_0000_0000_0000 {  // subnormal
            bits = (x * 0x1p54).bitPattern
            k -= 54
        }
        k += Int(bits >> 52)
        var fraction = bits & 0x000F_FFFF_FFFF_FFFF
        if fraction >= 0x0006_A09E_667F_3BCD {  // m ≥ √2 (√2's fraction bits, rounded up): halve m
            fraction |= 0x3FE0_0000_0000_0000
            k += 1
        } else {
            fraction |= 0x3FF0_0000_0000_0000
        }
        let m = Double(bitPattern: fraction)
        let i = Int(roundedToInteger((m - 1) * 64))
        let c = 1 + Double(i) * 0x1p-6
        // s = (m − c)/(m + c) as sHi + sLo.
        let numerator = m - c
        let (dHi, dLo) = twoSum(m, c)
        let sHi = numerator / dHi
        let (p, pError) = twoProduct(sHi, dHi)
        let sLo = (((numerator - p) - pError) - sHi * dLo) / dHi
        let z = sHi * sHi
        let l3 = 0x1.5555555555555p-2
        let l5 = 0x1.999999999999ap-3
        let l7 = 0x1.2492492492492p-3
        let l9 = 0x1.c71c71c71c71cp-4
        let correction = (2 * sHi) * (z * (l3 + z * (l5 + z * (l7 + z * l9))))
        // ln2 as a double-double, the high part of 42 significant bits.
        let ln2Hi = 0x1.62e42fefa38p-1, ln2Lo = 0x1.ef35793c7673p-45
        let table = logarithmsOfSixtyFourths[i + 19]
        let kDouble = Double(k)
        let (s1, e1) = twoSum(kDouble * ln2Hi, table.hi)
        let (s2, e2) = twoSum(s1, 2 * sHi)
        let small = (e1 + e2) + (((kDouble * ln2Lo + table.lo) + 2 * sLo) + correction)
        let (hi, lo) = fastTwoSum(s2, small)
        return (hi, lo)
    }
}
