/// A contact with points this sub-step, as the solver's packing reads it: the contact's slot,
/// its two bodies and whether each moves, and its point count. The manifold pass writes one
/// while the contact is in cache, so colouring reads 16 bytes a contact in order instead of
/// fetching each 400-byte contact's first line again (three passes did: colouring, clearing
/// the colour masks, marking stars' bodies).
///
/// It also carries the bodies' inverse masses and inertias as the rows hold them (in the lanes'
/// scalar, converted as packing converted them), read from the bodies' first cache line, which
/// the manifold pass has just read. Packing then reads no body: between the two passes a pile's
/// contacts and the rows being written stream through the cache, and the bodies' lines, read
/// in colour order, were most of packing's waiting (a quarter of its time at 2000 boxes).
struct ActiveContact {
    /// The contact's slot in `World.contacts`.
    var index: Int32
    var bodyA: Int32
    var bodyB: Int32
    private var flags: UInt32
    /// The bodies' inverse mass and inertia, `LaneScalar(body.invMass)` and so on.
    var invMassA: LaneScalar
    var invInertiaA: LaneScalar
    var invMassB: LaneScalar
    var invInertiaB: LaneScalar

    init(_ index: Int32, _ c: Contact, _ bodies: BoundedPointer<Body>) {
        self.index = index
        bodyA = c.bodyA
        bodyB = c.bodyB
        flags = (c.aMoves ? 1 : 0) | (c.bMoves ? 2 : 0) | (c.pointCount > 1 ? 4 : 0)
        let a = bodies.pointer(at: c.bodyA), b = bodies.pointer(at: c.bodyB)
        invMassA = LaneScalar(a.pointee.invMass)
        invInertiaA = LaneScalar(a.pointee.invInertia)
        invMassB = LaneScalar(b.pointee.invMass)
        invInertiaB = LaneScalar(b.pointee.invInertia)
    }

    /// Reads the bodies' masses again (a custom field's evaluator, which runs between the
    /// manifold pass and packing, may have changed one).
    mutating func refreshMasses(_ bodies: BoundedPointer<Body>) {
        let a = bodies.pointer(at: bodyA), b = bodies.pointer(at: bodyB)
        invMassA = LaneScalar(a.pointee.invMass)
        invInertiaA = LaneScalar(a.pointee.invInertia)
        invMassB = LaneScalar(b.pointee.invMass)
        invInertiaB = LaneScalar(b.pointee.invInertia)
    }

    /// Whether body A is dynamic (its velocity is written), as `Contact.aMoves`.
    var aMoves: Bool { flags & 1 != 0 }
    /// Whether body B is dynamic, as `Contact.bMoves`.
    var bMoves: Bool { flags & 2 != 0 }
    /// Whether the manifold has two points.
    var hasTwoPoints: Bool { flags & 4 != 0 }
}
