// The world's narrow body API, as Box2D's b2Body_* functions: what the façade (behaviours and
// animator) may read and change about a body, by handle, so that nothing outside the engine's
// folders indexes `bodies`. Each accessor is tiny and inlined: the façade calls them on hot
// paths (every item's velocity, every frame's write-back).

extension World {
    /// The ground body's handle (the static body at the origin that fixed anchors hang from).
    var groundID: BodyID { BodyID(index: ground, generation: bodies[Int(ground)].generation) }

    // MARK: Reading

    /// Where the body is: its centre of mass, (cos, sin) of its angle, and the angle.
    @inline(__always)
    func pose(of id: BodyID) -> (position: Vec2, rotation: Vec2, angle: Double) {
        let i = Int(id.index)
        return (bodies[i].position, bodies[i].rotation, bodies[i].angle)
    }

    /// Half the body's size in metres.
    @inline(__always)
    func halfExtents(of id: BodyID) -> Vec2 { bodies[Int(id.index)].halfExtents }

    @inline(__always)
    func linearVelocity(of id: BodyID) -> Vec2 { bodies[Int(id.index)].linearVelocity }

    @inline(__always)
    func angularVelocity(of id: BodyID) -> Double { bodies[Int(id.index)].angularVelocity }

    /// Lends every body slot, read-only, for a pass over many bodies (the animator's
    /// write-back). No body may be changed while it runs.
    @inline(__always)
    func withBodies<R>(_ body: (UnsafeBufferPointer<Body>) throws -> R) rethrows -> R {
        try bodies.withUnsafeBufferPointer(body)
    }

    // MARK: Changing (none of these wakes the world; the façade does, once per change)

    /// Moves and turns the body (Box2D's b2Body_SetTransform).
    @inline(__always)
    func setTransform(of id: BodyID, position: Vec2, angle: Double) {
        let i = Int(id.index)
        bodies[i].position = position
        bodies[i].setAngle(angle)
    }

    /// Moves the body without turning it.
    @inline(__always)
    func setPosition(_ position: Vec2, of id: BodyID) { bodies[Int(id.index)].position = position }

    @inline(__always)
    func setLinearVelocity(_ v: Vec2, of id: BodyID) { bodies[Int(id.index)].linearVelocity = v }

    @inline(__always)
    func setAngularVelocity(_ w: Double, of id: BodyID) { bodies[Int(id.index)].angularVelocity = w }

    /// Adds to a dynamic body's velocity; a static body ignores it.
    @inline(__always)
    func addLinearVelocity(_ v: Vec2, to id: BodyID) {
        let i = Int(id.index)
        if bodies[i].kind == .dynamic {
            bodies[i].linearVelocity = saturated(bodies[i].linearVelocity + v, Settings.maxSpeed)
        }
    }

    /// Adds to a dynamic body's angular velocity, unless its rotation is locked.
    @inline(__always)
    func addAngularVelocity(_ w: Double, to id: BodyID) {
        let i = Int(id.index)
        if bodies[i].kind == .dynamic && bodies[i].allowsRotation {
            bodies[i].angularVelocity = saturated(bodies[i].angularVelocity + w, Settings.maxSpeed)
        }
    }

    /// Accumulates a force (N) acting at `arm` from the centre of a dynamic body, for this
    /// frame (b2Body_ApplyForce).
    @inline(__always)
    func applyForce(_ force: Vec2, arm: Vec2, to id: BodyID) {
        bodies.withUnsafeMutableBufferPointer { b in
            let i = Int(id.index)
            guard b[i].kind == .dynamic else { return }
            let f = saturated(force, Settings.maxForce)
            b[i].force = saturated(b[i].force + f, Settings.maxForce)
            b[i].torque = saturated(b[i].torque + cross(arm, f), Settings.maxForce)
        }
    }

    /// Changes a dynamic body's velocity by an impulse (N·s) at `arm` from its centre
    /// (b2Body_ApplyLinearImpulse).
    @inline(__always)
    func applyLinearImpulse(_ impulse: Vec2, arm: Vec2, to id: BodyID) {
        bodies.withUnsafeMutableBufferPointer { b in
            let i = Int(id.index)
            guard b[i].kind == .dynamic else { return }
            let p = saturated(impulse, Settings.maxForce)
            b[i].linearVelocity = saturated(b[i].linearVelocity + b[i].invMass * p, Settings.maxSpeed)
            b[i].angularVelocity = saturated(b[i].angularVelocity + b[i].invInertia * cross(arm, p), Settings.maxSpeed)
        }
    }

    /// 1 while the body's item belongs to a gravity behaviour, else 0.
    @inline(__always)
    func setGravityScale(_ scale: Double, of id: BodyID) { bodies[Int(id.index)].gravityScale = scale }

    /// Sets a group's unit-density mass and inertia (about its centre of mass) and recomputes
    /// its mass.
    func setMassPerDensity(_ mass: Double, inertiaPerDensity inertia: Double, of id: BodyID) {
        let i = Int(id.index)
        bodies[i].massPerDensity = mass
        bodies[i].inertiaPerDensity = inertia
        bodies[i].updateMass()
    }

    /// Sets an item behaviour's properties on a body; a change of kind, density or rotation
    /// freedom recomputes its mass.
    func setProperties(
        of id: BodyID, restitution: Double, friction: Double, linearDamping: Double, angularDamping: Double,
        charge: Double, density: Double, allowsRotation: Bool, kind: Body.Kind
    ) {
        let slot = Int(id.index)
        var body = bodies[slot]
        let massChanged =
            body.density != DynamicItemBehavior.densityRange.clamp(density) || body.allowsRotation != allowsRotation
            || body.kind != kind
        if body.restitution != restitution || body.friction != friction { materialsGeneration &+= 1 }
        body.restitution = restitution
        body.friction = friction
        body.linearDamping = linearDamping
        body.angularDamping = angularDamping
        body.charge = charge
        // Any positive density is accepted; the mass it gives must stay a number the solver can
        // multiply by a velocity.
        body.density = DynamicItemBehavior.densityRange.clamp(density)
        body.allowsRotation = allowsRotation
        bodies[slot] = body
        if body.kind != kind {
            setKind(kind, of: id)
        } else if massChanged {
            bodies[slot].updateMass()
        }
    }
}
