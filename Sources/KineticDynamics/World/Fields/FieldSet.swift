import KineticPlatform

/// The kinds of field (UIKit's field behaviour factories).
enum FieldKind: UInt8 {
    case drag, vortex, radialGravity, linearGravity, velocity, noise, turbulence, spring, electric, magnetic, custom
}

/// A custom field's force law in solver units: (position m, velocity m/s, mass kg, charge,
/// sub-step s) → force N. The one closure the step calls.
typealias FieldEvaluator = (Vec2, Vec2, Double, Double, Double) -> Vec2

/// One field's parameters in solver units. Plain values only.
struct FieldParameters {
    var kind: FieldKind
    /// The field's origin, metres.
    var position: Vec2 = .zero
    /// Linear gravity: acceleration per unit strength (m/s²); velocity: velocity per unit
    /// strength (m/s). Unused by the other kinds.
    var direction: Vec2 = .zero
    var strength: Double = 1
    /// The field scales by distance^(−falloff), distance in metres.
    var falloff: Double = 0
    /// Distances below this (metres) count as this.
    var minimumRadius: Double = 0
    /// Noise and turbulence: 0 (rough, four octaves of equal weight) … 1 (one smooth octave).
    var smoothness: Double = 0
    /// Noise and turbulence: how fast the pattern changes, lattice cells per second.
    var animationSpeed: Double = 0
    /// Noise and turbulence: the pattern's seed (assigned by the set, so runs repeat).
    var seed: UInt32 = 0
}

/// The fields acting in a world (at most 32 per animator), evaluated once per sub-step before
/// velocities are integrated. Each field acts only on its own bodies.
///
/// Storage is by slot (0 ..< 32, stable while a field is registered): parameters, the region as
/// a flat node list (empty: everywhere), the body slots the field acts on, and for a custom
/// field its evaluator in a side array. `order` lists the occupied slots in registration order,
/// the order fields are applied in.
struct FieldSet {
    /// At most this many fields per animator.
    static let capacity = 32

    private(set) var parameters = [FieldParameters](repeating: FieldParameters(kind: .drag), count: FieldSet.capacity)
    private(set) var regions = [[RegionNode]](repeating: [], count: FieldSet.capacity)
    private(set) var members = [[Int32]](repeating: [], count: FieldSet.capacity)
    private(set) var evaluators = [FieldEvaluator?](repeating: nil, count: FieldSet.capacity)
    /// Occupied slots, in registration order.
    private(set) var order: [Int32] = []
    /// Seeds handed to noise fields, counted per world so identical runs get identical seeds.
    private var nextSeed: UInt32 = 0

    /// Whether there is no field (the step skips field evaluation).
    var isEmpty: Bool { order.isEmpty }
    /// How many fields are registered.
    var count: Int { order.count }

    // MARK: Registration

    /// Registers a field and returns its slot, or nil when all 32 are taken.
    mutating func add(_ p: FieldParameters, region: [RegionNode], evaluator: FieldEvaluator?) -> Int32? {
        guard order.count < FieldSet.capacity else { return nil }
        var slot: Int32 = 0
        while order.contains(slot) { slot += 1 }
        let i = Int(slot)
        var p = p
        p.seed = Self.seed(nextSeed)
        nextSeed &+= 1
        parameters[i] = p
        regions[i] = Self.effective(region)
        members[i] = []
        evaluators[i] = evaluator
        order.append(slot)
        return slot
    }

    /// Unregisters the field in `slot`.
    mutating func remove(_ slot: Int32) {
        guard let k = order.firstIndex(of: slot) else { return }
        order.remove(at: k)
        let i = Int(slot)
        regions[i] = []
        members[i] = []
        evaluators[i] = nil
    }

    /// Replaces a field's parameters (its seed is kept).
    mutating func setParameters(_ p: FieldParameters, of slot: Int32) {
        let i = Int(slot)
        let seed = parameters[i].seed
        parameters[i] = p
        parameters[i].seed = seed
    }

    /// Replaces a field's region (nodes in metres, relative to the field's position).
    mutating func setRegion(_ nodes: [RegionNode], of slot: Int32) {
        regions[Int(slot)] = Self.effective(nodes)
    }

    /// Lets the field act on the body in `body` (a body slot).
    mutating func addBody(_ body: Int32, to slot: Int32) {
        members[Int(slot)].append(body)
    }

    /// Stops the field acting on the body in `body`.
    mutating func removeBody(_ body: Int32, from slot: Int32) {
        let i = Int(slot)
        if let k = members[i].firstIndex(of: body) { members[i].remove(at: k) }
    }

    /// An unbounded region is stored as no region: the step then skips the test.
    private static func effective(_ nodes: [RegionNode]) -> [RegionNode] {
        nodes.count == 1 && nodes[0].op == .everything ? [] : nodes
    }

    /// A well-mixed seed from a counter.
    private static func seed(_ n: UInt32) -> UInt32 {
        FieldNoise.mix(n &* 0x9E37_79B1 &+ 0x632B_E5AB)
    }

    // MARK: Step

    /// Adds every field's force on its bodies for a sub-step of `h` seconds at world time
    /// `time`, as a velocity change v += h·F/m (angular untouched). Static bodies are skipped,
    /// and a change that comes out non-finite is dropped. Allocation-free; the only closure
    /// called is a custom field's evaluator.
    mutating func apply(to bodies: BoundedPointer<Body>, h: Double, time: Double) {
        let count = bodies.count
        for slot in order {
            let s = Int(slot)
            let f = parameters[s]
            guard f.kind != .custom else { continue }  // see applyCustomFields
            let list = members[s]
            let region = regions[s]
            for body in list {
                let i = Int(body)
                guard i >= 0, i < count, bodies[i].isDynamic, bodies[i].invMass > 0 else { continue }
                let d = bodies[i].position - f.position
                if !region.isEmpty && !RegionNode.contains(region, d) { continue }
                let dv = Self.velocityChange(f, body: bodies[i], offset: d, h: h, time: time)
                guard dv.isFinite else { continue }
                bodies[i].linearVelocity += dv
            }
        }
    }

    /// Whether any field is a custom block.
    var hasCustomFields: Bool { order.contains { parameters[Int($0)].kind == .custom } }

    /// Applies the custom fields, before the step borrows the body array: a block is app code
    /// and may read the animator (an item's velocity, say), which needs the array in place.
    /// Element-wise access, so nothing is borrowed while a block runs.
    func applyCustomFields(to world: World, h: Double) {
        for slot in order where parameters[Int(slot)].kind == .custom {
            let s = Int(slot)
            guard let evaluator = evaluators[s] else { continue }
            let f = parameters[s]
            let region = regions[s]
            for body in members[s] {
                let i = Int(body)
                guard i >= 0, i < world.bodies.count else { continue }
                let b = world.bodies[i]
                guard b.isDynamic, b.invMass > 0 else { continue }
                if !region.isEmpty && !RegionNode.contains(region, b.position - f.position) { continue }
                let dv = h * b.invMass * evaluator(b.position, b.linearVelocity, b.mass, b.charge, h)
                guard dv.isFinite, i < world.bodies.count else { continue }
                world.bodies[i].linearVelocity += dv
            }
        }
    }

    /// The velocity change one built-in field gives one body over a sub-step. `d` is the body's
    /// position relative to the field's (metres).
    ///
    /// With r = max(|d|, minimumRadius), s = strength · r^(−falloff) and r̂ = d/|d| (zero at the
    /// field's very origin):
    /// - linear gravity: a = s·direction; radial gravity: a = −s·r̂; vortex: a = s·(r̂.y, −r̂.x),
    ///   counter-clockwise on a y-down screen for s > 0 (accelerations, independent of mass);
    /// - spring: F = −s·r̂ (Hooke's law F = −strength·d at the default falloff −1);
    ///   electric: F = s·charge·r̂ (like signs repel);
    ///   magnetic: F = charge·v × B with B = s out of the screen, applied as the exact rotation
    ///   of v by −(charge·s/m)·h so speed is kept as the Lorentz force keeps it;
    ///   drag: F = −s·v (Stokes), limited so one sub-step at most stops the body;
    /// - velocity: the velocity becomes s·direction;
    /// - noise: a = s·n(d, time); turbulence: a = s·|v|·n(d, time), n a smooth seeded vector
    ///   noise of magnitude up to about 1.
    @inline(__always)
    static func velocityChange(_ f: FieldParameters, body: Body, offset d: Vec2, h: Double, time: Double) -> Vec2 {
        let distance = length(d)
        let r = max(distance, f.minimumRadius)
        let s = f.falloff == 0 ? f.strength : f.strength * Elementary.pow(r, -f.falloff)
        let unit = distance > 0 ? d / distance : Vec2.zero
        let v = body.linearVelocity
        switch f.kind {
        case .linearGravity:
            return (h * s) * f.direction
        case .radialGravity:
            return (-h * s) * unit
        case .vortex:
            return (h * s) * Vec2(unit.y, -unit.x)
        case .spring:
            return (-h * s * body.invMass) * unit
        case .electric:
            return (h * s * body.charge * body.invMass) * unit
        case .magnetic:
            let angle = -h * s * body.charge * body.invMass
            guard angle != 0 else { return .zero }
            let (c, sn) = Elementary.cosSin(angle)
            return Vec2(c * v.x - sn * v.y, sn * v.x + c * v.y) - v
        case .drag:
            let k = min(h * s * body.invMass, 1)
            return -k * v
        case .velocity:
            return s * f.direction - v
        case .noise:
            return (h * s)
                * FieldNoise.vector(d, time: time, smoothness: f.smoothness, speed: f.animationSpeed, seed: f.seed)
        case .turbulence:
            let speed = length(v)
            guard speed > 0 else { return .zero }
            return (h * s * speed)
                * FieldNoise.vector(d, time: time, smoothness: f.smoothness, speed: f.animationSpeed, seed: f.seed)
        case .custom:
            return .zero
        }
    }
}
