/// What a row's contacts need before and after the velocity iterations but never during them:
/// the anchors, from which packing derives the arms and masses, and the restitution with each
/// point's approach speed, which restitution reads once after the iterations. They live in an
/// array of their own, index for index with the rows.
///
/// Why apart: the iterations stream every row through the cache eight times a sub-step. With
/// these fields inside it a row was 1568 bytes, 352 of them never read by the iterations; apart,
/// the iterations read 1216-byte rows. A settled 2000-box pile has about 630 rows, so the rows the
/// iterations go through shrink from about 990 KB to 770 KB, under the 1 MiB of L2 cache a core
/// of the project's machine has (AMD EPYC) with room for the velocities. Only where the fields
/// are kept changes, not one operation on them, so every result is the same bit for bit.
struct WideContactSetup {
    var restitution: Lanes = .zero
    var p0 = WideContactPointSetup()
    var p1 = WideContactPointSetup()
}

/// One point's part of `WideContactSetup`.
struct WideContactPointSetup {
    /// The anchors relative to each body's centre, world axes: written by packing, read once
    /// when the row is finished (the arms and masses are computed from them four lanes at a
    /// time), never by the iterations.
    var anchorAX: Lanes = .zero
    var anchorAY: Lanes = .zero
    var anchorBX: Lanes = .zero
    var anchorBY: Lanes = .zero
    /// Normal velocity before the solve (restitution).
    var relativeVelocity: Lanes = .zero
}
