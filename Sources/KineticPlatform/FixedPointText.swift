#if !hasFeature(Embedded)
    import Foundation
#endif

/// `value` written with `digits` digits after the point, as C's `%.*f` writes it (`"-1.50"`).
///
/// Natively this is Foundation's `String(format:)`. Embedded Swift has no `printf`; there the
/// value is scaled by 10^digits, rounded half to even and written with integer arithmetic,
/// which agrees with `%.*f` except where the scaling itself rounds across a halfway point (a
/// value within an ulp of one), and for magnitudes beyond 2⁶³ / 10^digits, written in full
/// by the standard library instead. Non-finite values are written as `%f` writes them.
public func fixedPointText(_ value: Double, digits: Int) -> String {
    let digits = min(max(digits, 0), 17)
    #if hasFeature(Embedded)
        guard value.isFinite else { return value.isNaN ? "nan" : value < 0 ? "-inf" : "inf" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrEven)
        guard scaled < 9.2e18 else { return value.description }
        let whole = UInt64(scaled)
        let unit = UInt64(scale)
        var text = String(whole / unit)
        if digits > 0 {
            var fraction = String(whole % unit)
            while fraction.count < digits { fraction = "0" + fraction }
            text += "." + fraction
        }
        return value.sign == .minus ? "-" + text : text
    #else
        return String(format: "%.\(digits)f", value)
    #endif
}
