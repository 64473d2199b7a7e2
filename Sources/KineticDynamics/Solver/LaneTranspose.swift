/// Four vectors of four lanes turned into four vectors of four lanes, rows into columns: the
/// position rows' gather (four bodies' (dx, dy, cos, sin) into one vector per quantity) and
/// scatter (back), without going lane by lane.
///
/// The steps are SSE's `_MM_TRANSPOSE4_PS`, each output lane drawn from two inputs, so that
/// each step compiles to one shuffle (`unpcklps`, `unpckhps`, `movlhps`, `movhlps`; the same
/// four patterns WebAssembly engines turn into those instructions). For rows r₀ … r₃:
/// 1. interleave the low and the high pairs of r₀ and r₁ (and of r₂ and r₃):
///    t₀ = (r₀[0], r₁[0], r₀[1], r₁[1]), t₁ = (r₀[2], r₁[2], r₀[3], r₁[3]);
/// 2. join their low (or high) halves: (t₀[0], t₀[1], t₂[0], t₂[1]) is lane 0 of every row.
/// Only data moves, so the values, and everything computed from them, are the same bit for bit.
typealias LaneQuartet = (Lanes, Lanes, Lanes, Lanes)

@inline(__always) func transposed(_ r: LaneQuartet) -> LaneQuartet {
    @inline(__always) func low(_ a: Lanes, _ b: Lanes) -> Lanes { Lanes(a[0], b[0], a[1], b[1]) }
    @inline(__always) func high(_ a: Lanes, _ b: Lanes) -> Lanes { Lanes(a[2], b[2], a[3], b[3]) }
    @inline(__always) func lows(_ a: Lanes, _ b: Lanes) -> Lanes { Lanes(a[0], a[1], b[0], b[1]) }
    @inline(__always) func highs(_ a: Lanes, _ b: Lanes) -> Lanes { Lanes(a[2], a[3], b[2], b[3]) }
    let t0 = low(r.0, r.1), t1 = high(r.0, r.1), t2 = low(r.2, r.3), t3 = high(r.2, r.3)
    return (lows(t0, t2), highs(t0, t2), lows(t1, t3), highs(t1, t3))
}
