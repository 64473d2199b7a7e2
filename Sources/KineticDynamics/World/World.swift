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
    private var bodySlots = SlotAllocator()
    private(set) var dynamicBodyCount = 0

    /// Every joint, one dense store per kind (Solver/JointSet.swift).
    @exclusivity(unchecked) var joints = JointSet()

    // Collision storage (see World+Collision.swift): shapes in stable slots with their polygon
    // vertices in shared pools, the broad phase, contacts in stable slots, and the reused
    // per-step scratch arrays.
    @exclusivity(unchecked) var shapes: [Shape] = []
    @exclusivity(unchecked) var shapeSlots = SlotAllocator()
    @exclusivity(unchecked) var vertexPool: [Vec2] = []
    @exclusivity(unchecked) var normalPool: [Vec2] = []
    @exclusivity(unchecked) var broadPhase = BroadPhase()
    @exclusivity(unchecked) var contacts: [Contact] = []
    @exclusivity(unchecked) var freeContacts: [Int32] = []
    /// The pairs of shapes that hold a contact (PairSet.swift).
    @exclusivity(unchecked) var contactPairs = PairSet()
    /// The contacts with points this sub-step, in slot order.
    @exclusivity(unchecked) var activeContacts: [ActiveContact] = []
    @exclusivity(unchecked) var pairScratch: [UInt64] = []
    @exclusivity(unchecked) var contactRows: [WideContactRow] = []
    /// What packing and restitution read of each row, kept apart from what the iterations read.
    @exclusivity(unchecked) var contactSetups: [WideContactSetup] = []
    @exclusivity(unchecked) var positionRows: [WidePositionRow] = []
    /// The bodies' displacements and rotations while the position rows solve.
    @exclusivity(unchecked) var positionStates: [WidePositionSolver.State] = []
    /// The bodies' velocities while the contact rows solve (one per body slot, plus a dummy).
    @exclusivity(unchecked) var contactVelocities: [WideContactSolver.Velocity] = []
    @exclusivity(unchecked) var doomedScratch: [Int32] = []
    /// How far two shapes with contact points may move relative to each other before their
    /// manifold is computed afresh (World+Recycling.swift); 0 computes every manifold every
    /// sub-step: the reference the tests compare with.
    var recycleDistance = Settings.contactRecycleDistance
    /// Manifolds the last collision pass recycled, and those it computed (collision routines
    /// called): the counters the tests read.
    var recycledManifoldCount = 0
    var computedManifoldCount = 0
    /// Counts changes of any body's friction, restitution or kind: a contact that adopted its
    /// materials at the current count has them still (World+Recycling.swift).
    var materialsGeneration: UInt32 = 0
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
    /// Per body slot, whether an active contact touches it this sub-step (all false between
    /// steps): the stars a contact reaches are solved with the other joints.
    @exclusivity(unchecked) var inContact: [Bool] = []
    /// Whether stars no contact touches are solved outright in a sub-step with contacts; false
    /// solves every joint in the scalar loop, as before stars: the reference the tests compare
    /// with.
    var solvesStarsBesideContacts = true
    @exclusivity(unchecked) var colourScratch: [UInt8] = []
    /// The vertex and normal pools' storage, valid only during the manifold pass (empty
    /// otherwise, so a stray use traps in a checked build).
    @exclusivity(unchecked) var vertexPoolBase = BoundedPointer(UnsafeMutableBufferPointer<Vec2>(start: nil, count: 0))
    @exclusivity(unchecked) var normalPoolBase = BoundedPointer(UnsafeMutableBufferPointer<Vec2>(start: nil, count: 0))
    /// Touches that began or ended since the animator last took them.
    @exclusivity(unchecked) var contactEvents: [ContactEvent] = []
    var liveShapeCount = 0
    /// Vertices of the live polygons in the pools (the rest belong to removed shapes).
    var liveVertexCount = 0

    /// Fields (UIKit's field behaviours), evaluated every sub-step.
    @exclusivity(unchecked) var fields = FieldSet()
    /// Simulated time, advanced by every sub-step (fields animate with it).
    var time: Double = 0

    /// World gravity in m/s², applied to bodies with a gravity scale.
    var gravity: Vec2 = .zero
    /// False once every dynamic body has rested long enough; the step is then a no-op.
    @exclusivity(unchecked) var isAwake = true

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
        let (slot, generation) = bodySlots.insert(body, into: &bodies)
        if kind == .dynamic { dynamicBodyCount += 1 }
        wake()
        return BodyID(index: slot, generation: generation)
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
        joints.removeAll(touching: id.index)
        if bodies[i].kind == .dynamic { dynamicBodyCount -= 1 }
        bodySlots.release(id.index, in: &bodies)
        wake()
    }

    /// Changes a body between dynamic and static (an item behaviour's `isAnchored`).
    func setKind(_ kind: Body.Kind, of id: BodyID) {
        let i = Int(id.index)
        guard bodies[i].kind != kind else { return }
        dynamicBodyCount += kind == .dynamic ? 1 : -1
        bodies[i].kind = kind
        materialsGeneration &+= 1
        bodies[i].updateMass()
        joints.bodyKindDidChange()
        wake()
    }

    // MARK: Forces

    /// Clears the forces accumulated for a frame (forces act for one frame only).
    func clearForces() {
        bodies.withUnsafeMutableBufferPointer { b in
            for i in b.indices {
                b[i].force = .zero
                b[i].torque = 0
            }
        }
    }
}
