/// Eight vectors of eight lanes turned into eight vectors of eight lanes, rows into columns:
/// the position rows' gather (eight bodies' states into one vector per quantity) and scatter
/// (back), without going lane by lane.
///
/// The steps are those of the usual AVX transpose, each output lane drawn from two inputs, so
/// that each step compiles to one shuffle (a lane-by-lane gather, every output from eight
/// inputs, compiled to a broadcast and a blend per lane). For rows r₀ … r₇:
/// 1. interleave the low and the high pairs of each 128-bit half of r₂ₖ and r₂ₖ₊₁:
///    t = (r₀[0], r₁[0], r₀[1], r₁[1] | r₀[4], r₁[4], r₀[5], r₁[5]) and its high twin;
/// 2. take pairs of two such: (t₀[0], t₀[1], t₂[0], t₂[1] | …) holds lane 0 of r₀ … r₃ in its
///    low half and lane 4 in its high half;
/// 3. join the low (or high) halves of the rows 0–3 and rows 4–7 results: lane j of every row.
/// Only data moves, so the values, and everything computed from them, are the same bit for bit.
typealias LaneOctet = (Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes)

@inline(__always) func transposed(_ r: LaneOctet) -> LaneOctet {
    @inline(__always) func low(_ a: Lanes, _ b: Lanes) -> Lanes {
        Lanes(a[0], b[0], a[1], b[1], a[4], b[4], a[5], b[5])
    }
    @inline(__always) func high(_ a: Lanes, _ b: Lanes) -> Lanes {
        Lanes(a[2], b[2], a[3], b[3], a[6], b[6], a[7], b[7])
    }
    @inline(__always) func evens(_ a: Lanes, _ b: Lanes) -> Lanes {
        Lanes(a[0], a[1], b[0], b[1], a[4], a[5], b[4], b[5])
    }
    @inline(__always) func odds(_ a: Lanes, _ b: Lanes) -> Lanes {
        Lanes(a[2], a[3], b[2], b[3], a[6], a[7], b[6], b[7])
    }
    let t0 = low(r.0, r.1), t1 = high(r.0, r.1), t2 = low(r.2, r.3), t3 = high(r.2, r.3)
    let t4 = low(r.4, r.5), t5 = high(r.4, r.5), t6 = low(r.6, r.7), t7 = high(r.6, r.7)
    // uₖ: lane k of rows 0–3 (low half) and lane k + 4 (high half); vₖ the same of rows 4–7.
    let u0 = evens(t0, t2), u1 = odds(t0, t2), u2 = evens(t1, t3), u3 = odds(t1, t3)
    let v0 = evens(t4, t6), v1 = odds(t4, t6), v2 = evens(t5, t7), v3 = odds(t5, t7)
    return (
        Lanes(lowHalf: u0.lowHalf, highHalf: v0.lowHalf), Lanes(lowHalf: u1.lowHalf, highHalf: v1.lowHalf),
        Lanes(lowHalf: u2.lowHalf, highHalf: v2.lowHalf), Lanes(lowHalf: u3.lowHalf, highHalf: v3.lowHalf),
        Lanes(lowHalf: u0.highHalf, highHalf: v0.highHalf), Lanes(lowHalf: u1.highHalf, highHalf: v1.highHalf),
        Lanes(lowHalf: u2.highHalf, highHalf: v2.highHalf), Lanes(lowHalf: u3.highHalf, highHalf: v3.highHalf)
    )
}
