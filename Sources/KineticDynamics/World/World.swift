/// Every physical fact of an animator, in flat storage: bodies in stable slots, joints in dense
/// arrays by kind, and the world's gravity and rest state. Handles are integers with a
/// generation, never references. The public behaviours own no physics: they hold handles into
/// this and write through them.
///
/// Rest is decided for the world as a whole, as UIKit's animator observes it: when every
/// dynamic body has been slow for `Settings.timeToSleep`, all of them stop and the world
/// sleeps; any change wakes all of them.
///
/// Storage is marked `@exclusivity(unchecked)`: the façade writes into it thousands of times a
/// frame (every dragged anchor), and Swift's dynamic exclusivity check on a class property costs
/// more than the write. The world is only ever reached from its animator, one access at a time;
/// the step itself works through unsafe buffers.
final class World {
    @exclusivity(unchecked) var bodies: [Body] = []
    private var freeBodySlots: [Int32] = []
    private(set) var dynamicBodyCount = 0

    @exclusivity(unchecked) var distanceJoints = JointStore<DistanceJoint>()
    @exclusivity(unchecked) var ropeJoints = JointStore<RopeJoint>()
    @exclusivity(unchecked) var revoluteJoints = JointStore<RevoluteJoint>()
    @exclusivity(unchecked) var prismaticJoints = JointStore<PrismaticJoint>()
    @exclusivity(unchecked) var weldJoints = JointStore<WeldJoint>()

    // Collision storage (see World+Collision.swift): shapes in stable slots with their polygon
    // vertices in shared pools, the broad phase, contacts in stable slots, and the reused
    // per-step scratch arrays.
    @exclusivity(unchecked) var shapes: [Shape] = []
    @exclusivity(unchecked) var freeShapes: [Int32] = []
    @exclusivity(unchecked) var vertexPool: [Vec2] = []
    @exclusivity(unchecked) var normalPool: [Vec2] = []
    @exclusivity(unchecked) var broadPhase = BroadPhase()
    @exclusivity(unchecked) var contacts: [Contact] = []
    @exclusivity(unchecked) var freeContacts: [Int32] = []
    @exclusivity(unchecked) var activeContacts: [Int32] = []
    @exclusivity(unchecked) var pairScratch: [UInt64] = []
    @exclusivity(unchecked) var contactRows: [WideContactRow] = []
    @exclusivity(unchecked) var positionRows: [WidePositionRow] = []
    /// The bodies' displacements and rotations while the position rows solve.
    @exclusivity(unchecked) var positionStates: [WidePositionSolver.State] = []
    /// The bodies' velocities while the contact rows solve (one per body slot, plus a dummy).
    @exclusivity(unchecked) var contactVelocities: [WideContactSolver.Velocity] = []
    @exclusivity(unchecked) var doomedScratch: [Int32] = []
    /// This sub-step's contacts whose touch state changed in the velocity solve.
    @exclusivity(unchecked) var touchChanges: [Int32] = []
    /// Continuous collision scratch (World+Continuous.swift): this sub-step's fast bodies with
    /// their start positions, each body slot's index among them (−1: not fast), each fast
    /// body's earliest touch, and the static shapes.
    @exclusivity(unchecked) var fastBodies: [(body: Int32, start: Vec2)] = []
    @exclusivity(unchecked) var fastSlot: [Int32] = []
    @exclusivity(unchecked) var sweepFractions: [Double] = []
    @exclusivity(unchecked) var obstacleScratch: [Int32] = []
    @exclusivity(unchecked) var colourMasks: [UInt64] = []
    @exclusivity(unchecked) var colourScratch: [UInt8] = []
    /// The vertex and normal pools' storage, valid only during the manifold pass.
    @exclusivity(unchecked) var vertexPoolBase = UnsafePointer<Vec2>(bitPattern: 8)!
    @exclusivity(unchecked) var normalPoolBase = UnsafePointer<Vec2>(bitPattern: 8)!
    /// Touches that began or ended since the animator last took them.
    @exclusivity(unchecked) var contactEvents: [ContactEvent] = []
    var liveShapeCount = 0

    /// Fields (UIKit's field behaviours), evaluated every sub-step.
    @exclusivity(unchecked) var fields = FieldSet()
    /// Simulated time, advanced by every sub-step (fields animate with it).
    private(set) var time: Double = 0

    /// World gravity in m/s², applied to bodies with a gravity scale.
    var gravity: Vec2 = .zero
    /// False once every dynamic body has rested long enough; the step is then a no-op.
    @exclusivity(unchecked) private(set) var isAwake = true

    /// A static body at the origin: the other end of every attachment to a fixed anchor point.
    let ground: Int32

    init() {
        ground = 0
        var g = Body()
        g.kind = .static
        g.isAlive = true
        bodies.append(g)
    }

    // MARK: Bodies

    /// Creates a body and returns its handle. The caller has validated every number.
    func createBody(position: Vec2, angle: Double, halfExtents: Vec2, kind: Body.Kind = .dynamic) -> BodyID {
        var body = Body()
        body.position = position
        body.setAngle(angle)
        body.setRectangle(halfExtents: halfExtents)
        body.kind = kind
        body.isAlive = true
        body.updateMass()
        let slot: Int32
        if let free = freeBodySlots.popLast() {
            slot = free
            body.generation = bodies[Int(free)].generation
            bodies[Int(free)] = body
        } else {
            slot = Int32(bodies.count)
            bodies.append(body)
        }
        if kind == .dynamic { dynamicBodyCount += 1 }
        wake()
        return BodyID(index: slot, generation: body.generation)
    }

    func contains(_ id: BodyID) -> Bool {
        let i = Int(id.index)
        return i > 0 && i < bodies.count && bodies[i].isAlive && bodies[i].generation == id.generation
    }

    /// Destroys a body and every joint attached to it.
    func destroyBody(_ id: BodyID) {
        guard contains(id) else { return }
        let i = Int(id.index)
        destroyShapes(ofBody: id.index)
        distanceJoints.removeAll(touching: id.index)
        ropeJoints.removeAll(touching: id.index)
        revoluteJoints.removeAll(touching: id.index)
        prismaticJoints.removeAll(touching: id.index)
        weldJoints.removeAll(touching: id.index)
        if bodies[i].kind == .dynamic { dynamicBodyCount -= 1 }
        bodies[i].isAlive = false
        bodies[i].generation &+= 1
        freeBodySlots.append(id.index)
        wake()
    }

    /// Changes a body between dynamic and static (an item behaviour's `isAnchored`).
    func setKind(_ kind: Body.Kind, of id: BodyID) {
        let i = Int(id.index)
        guard bodies[i].kind != kind else { return }
        dynamicBodyCount += kind == .dynamic ? 1 : -1
        bodies[i].kind = kind
        bodies[i].updateMass()
        wake()
    }

    // MARK: Rest

    /// Wakes every body: something changed the world.
    func wake() {
        guard !isAwake else { return }
        isAwake = true
        bodies.withUnsafeMutableBufferPointer { b in
            for i in b.indices { b[i].sleepTime = 0 }
        }
    }

    /// Whether the world has dynamic bodies and all of them are asleep.
    var isAtRest: Bool { !isAwake && dynamicBodyCount > 0 }

    /// Clears the forces accumulated for a frame (forces act for one frame only).
    func clearForces() {
        bodies.withUnsafeMutableBufferPointer { b in
            for i in b.indices {
                b[i].force = .zero
                b[i].torque = 0
            }
        }
    }

    // MARK: Step

    /// Advances the world by one sub-step of `h` seconds: find contacts, apply fields and
    /// integrate velocities, solve joints and contacts (8 velocity iterations, warm started,
    /// then restitution), integrate positions, correct contacts and rigid joints (up to 3
    /// position iterations), then decide rest. Allocation-free once the scratch arrays have
    /// grown.
    func step(_ h: Double) {
        guard isAwake, h > 0 else { return }
        orderJointsIfNeeded()
        if liveShapeCount > 0 { collide(h) }
        if !fields.isEmpty && fields.hasCustomFields { fields.applyCustomFields(to: self, h: h) }
        let gravity = self.gravity
        let rigidJoints = hasRigidJoints
        let hasShapes = liveShapeCount > 0
        bodies.withUnsafeMutableBufferPointer { buffer in
            let b = buffer.baseAddress!
            let n = buffer.count

            if !fields.isEmpty { fields.apply(to: b, count: n, h: h, time: time) }

            // Integrate velocities; damping is the Padé form v /= (1 + h·c), stable for any c.
            for i in 0..<n where b[i].isDynamic {
                var v = b[i].linearVelocity
                var w = b[i].angularVelocity
                v += h * (b[i].gravityScale * gravity + b[i].invMass * b[i].force)
                w += h * b[i].invInertia * b[i].torque
                v *= 1 / (1 + h * b[i].linearDamping)
                w *= 1 / (1 + h * b[i].angularDamping)
                b[i].linearVelocity = v
                b[i].angularVelocity = w
            }

            distanceJoints.prepare(b, h: h)
            ropeJoints.prepare(b, h: h)
            revoluteJoints.prepare(b, h: h)
            prismaticJoints.prepare(b, h: h)
            weldJoints.prepare(b, h: h)

            let hasContacts = !activeContacts.isEmpty
            var rowCount = 0
            if hasContacts {
                if contactVelocities.count < n + 1 {
                    contactVelocities.append(contentsOf: repeatElement(.zero, count: n + 1 - contactVelocities.count))
                    positionStates.append(contentsOf: repeatElement(.zero, count: n + 1 - positionStates.count))
                }
                rowCount = contacts.withUnsafeMutableBufferPointer { c in
                    activeContacts.withUnsafeBufferPointer { active in
                        contactVelocities.withUnsafeMutableBufferPointer { v in
                            WideContactSolver.loadVelocities(b, count: n, into: v.baseAddress!)
                            return WideContactSolver.prepare(
                                c.baseAddress!, active, b, v.baseAddress!, bodyCount: n, inverseH: 1 / h,
                                rows: &contactRows, positionRows: &positionRows, colourMasks: &colourMasks, colours: &colourScratch)
                        }
                    }
                }
            }

            func solveJointVelocities() {
                distanceJoints.solveVelocity(b)
                ropeJoints.solveVelocity(b)
                revoluteJoints.solveVelocity(b)
                prismaticJoints.solveVelocity(b)
                weldJoints.solveVelocity(b)
            }
            if hasContacts {
                // Contacts solve on the compact velocity array, joints on the bodies. With both,
                // the velocities go back and forth around the joints every iteration, so each
                // sees the other's latest impulses exactly as when both worked on the bodies.
                let hasJoints = distanceJoints.count + ropeJoints.count + revoluteJoints.count + prismaticJoints.count
                    + weldJoints.count > 0
                contactRows.withUnsafeMutableBufferPointer { rowBuffer in
                    contactVelocities.withUnsafeMutableBufferPointer { velocityBuffer in
                        // The velocities were loaded for packing.
                        let rows = rowBuffer.baseAddress!, v = velocityBuffer.baseAddress!
                        WideContactSolver.warmStart(rows, count: rowCount, v)
                        for _ in 0..<Settings.velocityIterations {
                            if hasJoints {
                                WideContactSolver.storeVelocities(v, count: n, into: b)
                                solveJointVelocities()
                                WideContactSolver.loadVelocities(b, count: n, into: v)
                            }
                            WideContactSolver.solveVelocity(rows, count: rowCount, v)
                        }
                        WideContactSolver.applyRestitution(rows, count: rowCount, v)
                        WideContactSolver.storeVelocities(v, count: n, into: b)
                        touchChanges.removeAll(keepingCapacity: true)
                        contacts.withUnsafeMutableBufferPointer {
                            WideContactSolver.storeImpulses(rows, count: rowCount, $0.baseAddress!, touchChanges: &touchChanges)
                        }
                    }
                }
            } else {
                for _ in 0..<Settings.velocityIterations { solveJointVelocities() }
            }
            if hasContacts { updateTouching() }

            // Integrate positions, clamping motion per step like Box2D. Each body's rest clock
            // runs here too: nothing after this changes a velocity (the position passes move
            // bodies only), so this pass sees the velocities the rest test is about.
            var minSleepTime = Double.greatestFiniteMagnitude
            let linTol2 = Settings.linearSleepTolerance * Settings.linearSleepTolerance
            let angTol2 = Settings.angularSleepTolerance * Settings.angularSleepTolerance
            for i in 0..<n where b[i].isDynamic {
                var v = b[i].linearVelocity
                var w = b[i].angularVelocity
                let translation = h * v
                let t2 = lengthSquared(translation)
                if t2 > Settings.maxTranslation * Settings.maxTranslation {
                    v *= Settings.maxTranslation / t2.squareRoot()
                }
                let rot = h * w
                if rot * rot > Settings.maxRotation * Settings.maxRotation {
                    w *= Settings.maxRotation / abs(rot)
                }
                b[i].linearVelocity = v
                b[i].angularVelocity = w
                // Rest: the slowest-to-settle body decides for the world.
                if w * w > angTol2 || lengthSquared(v) > linTol2 {
                    b[i].sleepTime = 0
                    minSleepTime = 0
                } else {
                    b[i].sleepTime += h
                    minSleepTime = min(minSleepTime, b[i].sleepTime)
                }
                if hasShapes && Self.isFast(b + i, translation: h * v) { fastBodies.append((Int32(i), b[i].position)) }
                b[i].position += h * v
                if w != 0 {
                    // Keep (cos, sin) current for the position pass, which reads it directly.
                    b[i].angle += h * w
                    b[i].rotation = rotation(b[i].angle)
                }
            }

            if !fastBodies.isEmpty { sweepFastBodies(b) }

            var positionSolved = true
            if rigidJoints || hasContacts {
                positionSolved = false
                func solveJointPositions() -> Bool {
                    var ok = distanceJoints.solvePosition(b)
                    ok = ropeJoints.solvePosition(b) && ok
                    ok = revoluteJoints.solvePosition(b) && ok
                    ok = prismaticJoints.solvePosition(b) && ok
                    ok = weldJoints.solvePosition(b) && ok
                    // Joints correct angles without touching (cos, sin); the contact pass reads
                    // (cos, sin), so refresh it after them.
                    for i in 0..<n where b[i].isDynamic {
                        let a = b[i].angle
                        if a != 0 || b[i].rotation.y != 0 { b[i].rotation = rotation(a) }
                    }
                    return ok
                }
                if hasContacts {
                    // Contacts correct the compact states, joints the bodies: with both, the
                    // states go back to the bodies around the joints every iteration.
                    positionRows.withUnsafeMutableBufferPointer { rowBuffer in
                        positionStates.withUnsafeMutableBufferPointer { stateBuffer in
                            let rows = rowBuffer.baseAddress!, state = stateBuffer.baseAddress!
                            WidePositionSolver.begin(rows, count: rowCount, b, bodyCount: n, state)
                            for _ in 0..<Settings.positionIterations {
                                // Box2D's test: every overlap within 3 slops.
                                var ok = WidePositionSolver.solve(rows, count: rowCount, state) >= LaneScalar(-3 * Settings.linearSlop)
                                if rigidJoints {
                                    WidePositionSolver.end(state, bodyCount: n, b)
                                    ok = solveJointPositions() && ok
                                    WidePositionSolver.begin(rows, count: rowCount, b, bodyCount: n, state)
                                }
                                if ok {
                                    positionSolved = true
                                    break
                                }
                            }
                            WidePositionSolver.end(state, bodyCount: n, b)
                        }
                    }
                } else {
                    for _ in 0..<Settings.positionIterations where solveJointPositions() {
                        positionSolved = true
                        break
                    }
                }
            }

            if dynamicBodyCount > 0 && minSleepTime >= Settings.timeToSleep && positionSolved {
                for i in 0..<n where b[i].isDynamic {
                    b[i].linearVelocity = .zero
                    b[i].angularVelocity = 0
                    b[i].sleepTime = 0
                }
                isAwake = false
            }
        }
        time += h
    }

    /// Re-colours any joint store that changed since the last step.
    private func orderJointsIfNeeded() {
        let n = bodies.count
        let movable: (Int32) -> Bool = { [bodies] in bodies[Int($0)].kind == .dynamic }
        if distanceJoints.needsOrdering { distanceJoints.orderForSolver(bodyCount: n, isMovable: movable) }
        if ropeJoints.needsOrdering { ropeJoints.orderForSolver(bodyCount: n, isMovable: movable) }
        if revoluteJoints.needsOrdering { revoluteJoints.orderForSolver(bodyCount: n, isMovable: movable) }
        if prismaticJoints.needsOrdering { prismaticJoints.orderForSolver(bodyCount: n, isMovable: movable) }
        if weldJoints.needsOrdering { weldJoints.orderForSolver(bodyCount: n, isMovable: movable) }
    }

    private var hasRigidJoints: Bool {
        // Soft distance joints never need position iterations; skip the loop when only they exist.
        ropeJoints.count > 0 || revoluteJoints.count > 0 || prismaticJoints.count > 0
            || weldJoints.count > 0 || distanceJoints.joints.contains { $0.needsPositionSolve }
    }
}
