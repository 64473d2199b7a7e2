/// A rigid body in the solver's flat storage. Plain values only: the step loops over a
/// contiguous array of these through an unsafe buffer, so no class, protocol or reference lives
/// here.
struct Body {
    enum Kind: UInt8 {
        /// Never moves by itself (an anchored item, an anchor or snap point).
        case `static`
        /// Moved by forces and constraints.
        case dynamic
    }

    // Hot fields first: a velocity iteration reads and writes only these 40 bytes (one cache
    // line per body), a joint's prepare adds the position and rotation after them.
    var linearVelocity: Vec2 = .zero
    var angularVelocity: Double = 0
    var invMass: Double = 0
    var invInertia: Double = 0
    /// Centre of mass in metres (the item's center; items are uniform rectangles).
    var position: Vec2 = .zero
    /// (cos angle, sin angle), kept in step with `angle` so joints need no trigonometry.
    var rotation: Vec2 = Vec2(1, 0)
    /// Angle in radians, clockwise on a y-down screen.
    var angle: Double = 0
    /// Accumulated force (N) and torque (N·m) for the current frame.
    var force: Vec2 = .zero
    var torque: Double = 0
    var mass: Double = 0
    var inertia: Double = 0

    var linearDamping: Double = 0.1
    var angularDamping: Double = 0.1
    /// 1 while the item belongs to a gravity behaviour, else 0: UIKit gravity is per item.
    var gravityScale: Double = 0
    var sleepTime: Double = 0

    /// Half the item's size in metres (bounding boxes, speculative reach). For a group, half
    /// the size of the box around its members.
    var halfExtents: Vec2 = .zero
    /// Mass and inertia (about the centre of mass) at density 1: w·h and w·h(w² + h²)/12 for a
    /// rectangle, summed with the parallel-axis term for a group.
    var massPerDensity: Double = 0
    var inertiaPerDensity: Double = 0
    var density: Double = 1
    /// Contact properties, used by collisions.
    var friction: Double = 0.2
    var restitution: Double = 0.2
    /// Electric charge, used by electric and magnetic fields.
    var charge: Double = 0
    var kind: Kind = .dynamic
    var allowsRotation = true
    var isAlive = false
    var generation: UInt32 = 0

    var isDynamic: Bool { isAlive && kind == .dynamic }

    /// Sets the unit-density mass properties of a uniform rectangle of the given half size.
    mutating func setRectangle(halfExtents e: Vec2) {
        halfExtents = e
        let w = 2 * e.x, h = 2 * e.y
        massPerDensity = w * h
        inertiaPerDensity = w * h * (w * w + h * h) / 12
    }

    /// Recomputes mass and inertia from density, shape, kind and rotation freedom.
    mutating func updateMass() {
        mass = density * massPerDensity
        inertia = density * inertiaPerDensity
        if kind == .dynamic && mass > 0 {
            invMass = 1 / mass
            invInertia = allowsRotation && inertia > 0 ? 1 / inertia : 0
        } else {
            invMass = 0
            invInertia = 0
        }
        if kind == .static || !allowsRotation { angularVelocity = 0 }
        if kind == .static { linearVelocity = .zero }
    }

    mutating func setAngle(_ a: Double) {
        angle = a
        rotation = KineticDynamics.rotation(a)
    }
}

/// A handle to a body: a slot index and the slot's generation, so a stale handle is detectable.
struct BodyID: Hashable {
    var index: Int32
    var generation: UInt32
}
