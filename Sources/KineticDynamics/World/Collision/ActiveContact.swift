/// A contact with points this sub-step, as the solver's packing reads it: the contact's slot,
/// its two bodies and whether each moves, and its point count. The manifold pass writes one
/// while the contact is in cache, so colouring reads 16 bytes a contact in order instead of
/// fetching each 400-byte contact's first line again (three passes did: colouring, clearing
/// the colour masks, marking stars' bodies).
struct ActiveContact {
    /// The contact's slot in `World.contacts`.
    var index: Int32
    var bodyA: Int32
    var bodyB: Int32
    private var flags: UInt32

    init(_ index: Int32, _ c: Contact) {
        self.index = index
        bodyA = c.bodyA
        bodyB = c.bodyB
        flags = (c.aMoves ? 1 : 0) | (c.bMoves ? 2 : 0) | (c.pointCount > 1 ? 4 : 0)
    }

    /// Whether body A is dynamic (its velocity is written), as `Contact.aMoves`.
    var aMoves: Bool { flags & 1 != 0 }
    /// Whether body B is dynamic, as `Contact.bMoves`.
    var bMoves: Bool { flags & 2 != 0 }
    /// Whether the manifold has two points.
    var hasTwoPoints: Bool { flags & 4 != 0 }
}
