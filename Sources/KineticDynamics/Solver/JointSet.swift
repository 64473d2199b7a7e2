// Every joint of the world, and the one place that lists the joint kinds, as Box2D v3's
// joint.c switches over b2JointType in b2PrepareJoint, b2SolveJoint and the rest: the step's
// joint stages, body destruction, debug drawing and the façade's handles all dispatch here.
//
// Each kind keeps its own dense store (`JointStore`), and each stage is one generic visit per
// kind, specialised at compile time: the hot loops stay monomorphic, with no existential and no
// per-joint dynamic dispatch.

/// A joint of any kind, as the façade holds it: the kind (Box2D's b2JointType) and the handle
/// within that kind's store.
enum JointHandle: Hashable {
    case distance(JointID)
    case rope(JointID)
    case revolute(JointID)
    case prismatic(JointID)
    case weld(JointID)
}

/// Work done on one kind's store; `JointSet.forEachKind` hands it every store in turn.
protocol JointStoreVisitor {
    mutating func visit<J: SolverJoint>(_ store: inout JointStore<J>)
}

/// The world's joints, one dense store per kind.
struct JointSet {
    var distance = JointStore<DistanceJoint>()
    var rope = JointStore<RopeJoint>()
    var revolute = JointStore<RevoluteJoint>()
    var prismatic = JointStore<PrismaticJoint>()
    var weld = JointStore<WeldJoint>()
    /// How many joints each body slot takes part in (Box2D keeps a joint list per body): a body
    /// destroyed with none (its behaviours dropped their joints first, the usual order) skips
    /// the scan of every joint, which made tearing down n dragged cells O(n²).
    private var jointCounts: [Int32: Int32] = [:]
    /// The distance joints solved as stars when no contact takes part (StarPlan.swift).
    private(set) var stars = StarPlan()
    /// Set when a body's kind changed: the star plan depends on which bodies move.
    private var bodiesChanged = false
    /// The star solver's scratch.
    private var starScratch = StarJointSolver.Scratch()
    /// This sub-step's distance joints solved one at a time: the plan's, and the joints of
    /// stars a contact touches (`prepareStars`).
    private var scalarDistance: [Int32] = []
    /// Whether any joint needs position iterations, while known (cleared by any change that
    /// could alter it: a joint added or removed, a spring set).
    private var positionSolveNeeded: Bool?
    /// Counts joints added and removed and stores reordered: a handle, or a dense index, cached
    /// under one value is valid while it holds.
    private(set) var epoch: UInt64 = 0

    /// Adds `joint` to its kind's store, counting it for its bodies.
    mutating func insert(_ joint: DistanceJoint) -> JointID { noteInsertion(of: joint, distance.insert(joint)) }
    /// Adds `joint` to its kind's store, counting it for its bodies.
    mutating func insert(_ joint: RopeJoint) -> JointID { noteInsertion(of: joint, rope.insert(joint)) }
    /// Adds `joint` to its kind's store, counting it for its bodies.
    mutating func insert(_ joint: RevoluteJoint) -> JointID { noteInsertion(of: joint, revolute.insert(joint)) }
    /// Adds `joint` to its kind's store, counting it for its bodies.
    mutating func insert(_ joint: PrismaticJoint) -> JointID { noteInsertion(of: joint, prismatic.insert(joint)) }
    /// Adds `joint` to its kind's store, counting it for its bodies.
    mutating func insert(_ joint: WeldJoint) -> JointID { noteInsertion(of: joint, weld.insert(joint)) }

    /// Counts `joint`, just stored under `id`, for its bodies.
    private mutating func noteInsertion(of joint: some SolverJoint, _ id: JointID) -> JointID {
        noteJoint(between: joint.bodyA, and: joint.bodyB, 1)
        positionSolveNeeded = nil
        epoch &+= 1
        return id
    }

    /// Notes that a body changed between static and dynamic: the solve order is rebuilt.
    mutating func bodyKindDidChange() { bodiesChanged = true }

    /// Notes that a joint's spring changed (it may have turned rigid or soft).
    mutating func springDidChange() { positionSolveNeeded = nil }

    /// Counts a joint between `a` and `b` in (`delta` 1) or out (-1).
    private mutating func noteJoint(between a: Int32, and b: Int32, _ delta: Int32) {
        for body in a == b ? [a] : [a, b] {
            let count = jointCounts[body, default: 0] + delta
            jointCounts[body] = count > 0 ? count : nil
        }
    }

    /// The one list of joint kinds, in solve order. The stages below are visitors over it;
    /// the read-only ones are `mutating` too only so that they share this list.
    @inline(__always)
    mutating func forEachKind<V: JointStoreVisitor>(_ visitor: inout V) {
        visitor.visit(&distance)
        visitor.visit(&rope)
        visitor.visit(&revolute)
        visitor.visit(&prismatic)
        visitor.visit(&weld)
    }

    // MARK: Handles (the façade's joints)

    func contains(_ handle: JointHandle) -> Bool {
        switch handle {
        case .distance(let id): distance.contains(id)
        case .rope(let id): rope.contains(id)
        case .revolute(let id): revolute.contains(id)
        case .prismatic(let id): prismatic.contains(id)
        case .weld(let id): weld.contains(id)
        }
    }

    /// Removes the joint behind `handle`, if it is still live.
    mutating func remove(_ handle: JointHandle) {
        let bodies: (Int32, Int32)? =
            switch handle {
            case .distance(let id): distance.remove(id)
            case .rope(let id): rope.remove(id)
            case .revolute(let id): revolute.remove(id)
            case .prismatic(let id): prismatic.remove(id)
            case .weld(let id): weld.remove(id)
            }
        if let bodies { noteJoint(between: bodies.0, and: bodies.1, -1) }
        positionSolveNeeded = nil
        epoch &+= 1
    }

    // MARK: Stages of the step

    /// The number of joints of every kind.
    mutating func count() -> Int {
        struct Count: JointStoreVisitor {
            var total = 0
            mutating func visit<J: SolverJoint>(_ store: inout JointStore<J>) { total += store.count }
        }
        var v = Count()
        forEachKind(&v)
        return v.total
    }

    /// Whether any joint needs position iterations (soft distance joints never do; skip the
    /// loop when only they exist).
    mutating func needPositionSolve() -> Bool {
        if let positionSolveNeeded { return positionSolveNeeded }
        struct Needs: JointStoreVisitor {
            var found = false
            mutating func visit<J: SolverJoint>(_ store: inout JointStore<J>) {
                if !found { found = store.joints.contains { $0.needsPositionSolve } }
            }
        }
        var v = Needs()
        forEachKind(&v)
        positionSolveNeeded = v.found
        return v.found
    }

    /// Re-colours any store that changed since the last step (GraphColouring.swift), and plans
    /// the stars again if anything did.
    mutating func orderIfNeeded(bodyCount: Int, isMovable: @escaping (Int32) -> Bool) {
        struct Order: JointStoreVisitor {
            let bodyCount: Int
            let isMovable: (Int32) -> Bool
            var changed = false
            mutating func visit<J: SolverJoint>(_ store: inout JointStore<J>) {
                guard store.needsOrdering else { return }
                store.orderForSolver(bodyCount: bodyCount, isMovable: isMovable)
                changed = true
            }
        }
        var v = Order(bodyCount: bodyCount, isMovable: isMovable)
        forEachKind(&v)
        // Dense indices moved.
        if v.changed { epoch &+= 1 }
        // A body that changed kind keeps its colours (any order that keeps each body's joints
        // in sequence solves the same); the stars depend on which bodies move.
        guard v.changed || bodiesChanged else { return }
        bodiesChanged = false
        // Every movable body another kind of joint touches is no star's.
        struct Touched: JointStoreVisitor {
            var touched: [Bool]
            let isMovable: (Int32) -> Bool
            mutating func visit<J: SolverJoint>(_ store: inout JointStore<J>) {
                guard J.self != DistanceJoint.self else { return }
                for j in store.joints {
                    if isMovable(j.bodyA) { touched[Int(j.bodyA)] = true }
                    if isMovable(j.bodyB) { touched[Int(j.bodyB)] = true }
                }
            }
        }
        var t = Touched(touched: [Bool](repeating: false, count: bodyCount), isMovable: isMovable)
        forEachKind(&t)
        stars.build(distance: distance.joints, touched: &t.touched, isMovable: isMovable)
    }

    /// The prepare and the velocity iterations of a sub-step in which no contact takes part:
    /// `prepareStars` with no body in a contact, then `iterations` times `solveVelocityOfOthers`.
    mutating func solveWithoutContacts(_ bodies: BoundedPointer<Body>, h: Double, iterations: Int) {
        prepareStars(bodies, h: h, iterations: iterations, inContact: nil)
        for _ in 0..<iterations { solveVelocityOfOthers(bodies) }
    }

    /// A sub-step's joint work before the velocity iterations: the stars none of whose bodies
    /// is in a contact (`inContact[body]`; nil: no contact at all) solved outright, group by
    /// group, with all `iterations` (StarJointSolver.swift), and every other joint prepared,
    /// for `solveVelocityOfOthers` to iterate.
    ///
    /// Why this is `prepare` then `iterations` times `solveVelocity`, bit for bit, even with
    /// contacts iterated in between: a star's body is moved by its own joints and by nothing
    /// else, not even a contact, so only the order of its own joints counts, and that order
    /// is kept. (The velocities' trips to the contacts' Float lanes and back between
    /// iterations leave a body no contact touched exactly as it was.)
    mutating func prepareStars(
        _ bodies: BoundedPointer<Body>, h: Double, iterations: Int, inContact: BoundedPointer<Bool>?
    ) {
        scalarDistance.removeAll(keepingCapacity: true)
        scalarDistance.append(contentsOf: stars.scalarJoints)
        if !stars.groups.isEmpty {
            distance.joints.withBoundedPointer { joints in
                StarJointSolver.solve(
                    stars, joints, bodies, h: h, iterations: iterations, scratch: &starScratch,
                    inContact: inContact, deferred: &scalarDistance)
            }
        }
        var prepare = Others(bodies: bodies, h: h, scalarDistance: scalarDistance, iterate: false)
        forEachKind(&prepare)
    }

    /// One velocity iteration over the joints `prepareStars` left: every joint but the stars
    /// it solved.
    mutating func solveVelocityOfOthers(_ bodies: BoundedPointer<Body>) {
        var iterate = Others(bodies: bodies, h: 0, scalarDistance: scalarDistance, iterate: true)
        forEachKind(&iterate)
    }

    /// The stages' visit over the joints solved one at a time: the distance joints listed,
    /// every joint of the other kinds.
    private struct Others: JointStoreVisitor {
        let bodies: BoundedPointer<Body>
        let h: Double
        let scalarDistance: [Int32]
        let iterate: Bool
        @inline(__always)
        mutating func visit<J: SolverJoint>(_ store: inout JointStore<J>) {
            switch (J.self == DistanceJoint.self, iterate) {
            case (true, false): store.prepare(bodies, h: h, indices: scalarDistance)
            case (true, true): store.solveVelocity(bodies, indices: scalarDistance)
            case (false, false): store.prepare(bodies, h: h)
            case (false, true): store.solveVelocity(bodies)
            }
        }
    }

    /// Effective masses, biases and warm starting for a sub-step of `h` seconds, every joint
    /// one at a time in store order. The step goes through `prepareStars` instead; this and
    /// `solveVelocity` are the plain order it reproduces, which the star tests compare with.
    @inline(__always)
    mutating func prepare(_ bodies: BoundedPointer<Body>, h: Double) {
        struct Prepare: JointStoreVisitor {
            let bodies: BoundedPointer<Body>
            let h: Double
            @inline(__always)
            mutating func visit<J: SolverJoint>(_ store: inout JointStore<J>) { store.prepare(bodies, h: h) }
        }
        var v = Prepare(bodies: bodies, h: h)
        forEachKind(&v)
    }

    /// One velocity iteration over every joint.
    @inline(__always)
    mutating func solveVelocity(_ bodies: BoundedPointer<Body>) {
        struct SolveVelocity: JointStoreVisitor {
            let bodies: BoundedPointer<Body>
            @inline(__always)
            mutating func visit<J: SolverJoint>(_ store: inout JointStore<J>) { store.solveVelocity(bodies) }
        }
        var v = SolveVelocity(bodies: bodies)
        forEachKind(&v)
    }

    /// One position iteration over every joint (every kind runs, even after one failed);
    /// returns whether all of them are within tolerance.
    @inline(__always)
    mutating func solvePosition(_ bodies: BoundedPointer<Body>) -> Bool {
        struct SolvePosition: JointStoreVisitor {
            let bodies: BoundedPointer<Body>
            var ok = true
            @inline(__always)
            mutating func visit<J: SolverJoint>(_ store: inout JointStore<J>) {
                let solved = store.solvePosition(bodies)
                ok = solved && ok
            }
        }
        var v = SolvePosition(bodies: bodies)
        forEachKind(&v)
        return v.ok
    }

    // MARK: Bodies and drawing

    /// Removes every joint that touches the body slot `body`, for body destruction.
    mutating func removeAll(touching body: Int32) {
        guard jointCounts[body] != nil else { return }
        struct Remove: JointStoreVisitor {
            let body: Int32
            var removed: [(Int32, Int32)] = []
            mutating func visit<J: SolverJoint>(_ store: inout JointStore<J>) {
                removed += store.removeAll(touching: body)
            }
        }
        var v = Remove(body: body)
        forEachKind(&v)
        for (a, b) in v.removed { noteJoint(between: a, and: b, -1) }
        positionSolveNeeded = nil
        epoch &+= 1
    }

    /// Calls `visit` with every joint's bodies, local anchors and whether it draws as a spring,
    /// kind by kind in store order.
    mutating func forEachJoint(
        _ visit: (_ bodyA: Int32, _ bodyB: Int32, _ localAnchorA: Vec2, _ localAnchorB: Vec2, _ isSpring: Bool) -> Void
    ) {
        withoutActuallyEscaping(visit) { visit in
            struct Each: JointStoreVisitor {
                let body: (Int32, Int32, Vec2, Vec2, Bool) -> Void
                mutating func visit<J: SolverJoint>(_ store: inout JointStore<J>) {
                    for j in store.joints { body(j.bodyA, j.bodyB, j.localAnchorA, j.localAnchorB, j.isSpring) }
                }
            }
            var v = Each(body: visit)
            forEachKind(&v)
        }
    }
}

// MARK: The façade's joint API

/// What the behaviours may do with joints, by handle, as Box2D's b2CreateRevoluteJoint,
/// b2DestroyJoint and b2DistanceJoint_SetLength. None of these wakes the world; the façade
/// does, once per change.
extension World {
    func createJoint(_ joint: DistanceJoint) -> JointHandle { .distance(joints.insert(joint)) }
    func createJoint(_ joint: RopeJoint) -> JointHandle { .rope(joints.insert(joint)) }
    func createJoint(_ joint: RevoluteJoint) -> JointHandle { .revolute(joints.insert(joint)) }
    func createJoint(_ joint: PrismaticJoint) -> JointHandle { .prismatic(joints.insert(joint)) }
    func createJoint(_ joint: WeldJoint) -> JointHandle { .weld(joints.insert(joint)) }

    /// Removes the joint, if it is still live.
    func destroyJoint(_ handle: JointHandle) { joints.remove(handle) }

    /// Moves the joint's anchor on its first body (in that body's frame; for the ground, a
    /// world point). The drag path: every dragged anchor, every frame.
    @inline(__always)
    func setJointLocalAnchorA(_ p: Vec2, of handle: JointHandle) {
        switch handle {
        case .distance(let id): joints.distance[id].localAnchorA = p
        case .rope(let id): joints.rope[id].localAnchorA = p
        case .revolute(let id): joints.revolute[id].localAnchorA = p
        case .prismatic(let id): joints.prismatic[id].localAnchorA = p
        case .weld(let id): joints.weld[id].localAnchorA = p
        }
    }

    /// The length a distance joint keeps or a rope joint does not exceed, in metres; nil for
    /// the other kinds.
    func jointLength(of handle: JointHandle) -> Double? {
        switch handle {
        case .distance(let id): joints.distance[id].length
        case .rope(let id): joints.rope[id].maxLength
        case .revolute, .prismatic, .weld: nil
        }
    }

    /// Sets a distance joint's length or a rope joint's maximum length; returns false (and
    /// does nothing) for the other kinds.
    @discardableResult
    func setJointLength(_ length: Double, of handle: JointHandle) -> Bool {
        switch handle {
        case .distance(let id): joints.distance[id].length = min(length, worldLengthLimit)
        case .rope(let id): joints.rope[id].maxLength = min(length, worldLengthLimit)
        case .revolute, .prismatic, .weld: return false
        }
        return true
    }

    /// Sets the spring of a distance or weld joint (frequency 0: rigid); returns false (and
    /// does nothing) for the other kinds.
    @discardableResult
    func setJointSpring(frequency: Double, dampingRatio: Double, of handle: JointHandle) -> Bool {
        switch handle {
        case .distance(let id):
            joints.distance[id].frequency = frequency
            joints.distance[id].dampingRatio = dampingRatio
            joints.springDidChange()
        case .weld(let id):
            // Turning rigid or soft moves the point the rows hold: the old impulse would start
            // the next sub-step from a torque about the wrong point.
            if (joints.weld[id].frequency > 0) != (frequency > 0) { joints.weld[id].impulse = .zero }
            joints.weld[id].frequency = frequency
            joints.weld[id].dampingRatio = dampingRatio
        case .rope, .revolute, .prismatic: return false
        }
        return true
    }

    /// Sets a revolute joint's friction torque (N·m); other kinds have none.
    func setJointFrictionTorque(_ torque: Double, of handle: JointHandle) {
        guard case .revolute(let id) = handle else { return }
        joints.revolute[id].frictionTorque = torque
    }

    /// Sets the limit of a revolute joint (angles, radians) or a prismatic joint
    /// (translations, metres); other kinds have none.
    func setJointLimit(enabled: Bool, lower: Double, upper: Double, of handle: JointHandle) {
        switch handle {
        case .revolute(let id):
            joints.revolute[id].enableLimit = enabled
            joints.revolute[id].lowerAngle = lower
            joints.revolute[id].upperAngle = upper
        case .prismatic(let id):
            joints.prismatic[id].enableLimit = enabled
            joints.prismatic[id].lowerTranslation = lower
            joints.prismatic[id].upperTranslation = upper
        case .distance, .rope, .weld: break
        }
    }
}
