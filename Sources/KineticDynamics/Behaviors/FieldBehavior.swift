import KineticPlatform

/// A custom field's force law (UIKit's `UIFieldCustomEvaluator`): given the field, an item's
/// position (pt, reference coordinates), velocity (pt/s), mass (kg), charge and the time step
/// (s), return the force on the item in UIKit newtons (1 accelerates 1 kg at 100 pt/s²).
public typealias FieldCustomEvaluator = (FieldBehavior, CGPoint, CGVector, CGFloat, CGFloat, TimeInterval) -> CGVector

/// Applies a field of force to its items (UIKit's `UIFieldBehavior`): gravity toward a point or
/// in a direction, drag, a vortex, a spring, electric and magnetic fields acting on `charge`,
/// a velocity, noise, turbulence, or a force of your own.
///
/// Make one with a factory, add items, and add it to an animator:
///
/// ```swift
/// let well = FieldBehavior.radialGravityField(position: CGPoint(x: 200, y: 300))
/// well.strength = 5
/// well.region = Region(radius: 250)
/// well.addItem(ball)
/// animator.addBehavior(well)
/// ```
///
/// A field acts only on its own items, in every sub-step, and only on items whose center,
/// relative to `position`, lies in `region`. Its strength is scaled by distance^(−`falloff`),
/// the distance in metres (100 pt) and never less than `minimumRadius`. The force laws, with
/// r̂ the unit vector from `position` to the item and s = strength · distance^(−falloff):
///
/// | Field | Law | Default falloff |
/// |---|---|---|
/// | linear gravity | acceleration s · `direction`, 1 = 100 pt/s² | 0 |
/// | radial gravity | acceleration s toward `position`, 1 = 100 pt/s² | 2 |
/// | vortex | acceleration s perpendicular to r̂, counter-clockwise on screen for s > 0 | 0 |
/// | spring | force s toward `position` (Hooke: strength · distance at falloff −1) | −1 |
/// | electric | force s · charge along r̂ (like signs repel) | 1 |
/// | magnetic | force charge · v × B, B = s out of the screen (turns counter-clockwise for s · charge > 0) | 1 |
/// | drag | force −s · v (Stokes; v in m/s) | 0 |
/// | velocity | sets the velocity to s · `direction`, 1 = 100 pt/s | 0 |
/// | noise | acceleration s · n, n a smooth pseudo-random vector of size up to about 1 | 0 |
/// | turbulence | acceleration s · speed · n (speed in m/s) | 0 |
/// | custom | the force your block returns; `strength` and `falloff` are not applied | — |
///
/// Accelerations act on every item alike; forces accelerate an item by force / mass. An
/// animator holds at most 32 fields; associating a 33rd traps.
open class FieldBehavior: DynamicBehavior {
    let kind: FieldKind
    private let evaluationBlock: FieldCustomEvaluator?
    /// The field's slot in the world while associated.
    private var slot: Int32?

    private var storedPosition: CGPoint = .zero
    private var storedRegion: Region = .infinite
    private var storedStrength: CGFloat = 1
    private var storedFalloff: CGFloat = 0
    private var storedMinimumRadius: CGFloat = FieldBehavior.defaultMinimumRadius
    private var storedDirection: CGVector = .zero
    private var storedSmoothness: CGFloat = 0
    private var storedAnimationSpeed: CGFloat = 0

    /// The default `minimumRadius`: very small, but not zero (0.01 pt).
    static let defaultMinimumRadius: CGFloat = 0.01

    // Private, not internal: in Embedded Swift another module cannot call an open class's internal designated init.
    private init(kind: FieldKind, evaluationBlock: FieldCustomEvaluator? = nil) {
        self.kind = kind
        self.evaluationBlock = evaluationBlock
        super.init()
        switch kind {
        case .radialGravity: storedFalloff = 2
        case .spring: storedFalloff = -1
        case .electric, .magnetic: storedFalloff = 1
        default: break
        }
    }

    // MARK: Factories

    /// A field that slows its items: the force −strength · v (v in m/s, so strength is in
    /// kg/s; heavier items slow less), as Stokes' law. A drag strong enough to reverse an item
    /// within one sub-step only stops it.
    public class func dragField() -> FieldBehavior {
        FieldBehavior(kind: .drag)
    }

    /// A field that turns its items around `position`: an acceleration of `strength` (1 =
    /// 100 pt/s²) perpendicular to the line from `position`, counter-clockwise on screen for a
    /// positive strength, clockwise for a negative one.
    public class func vortexField() -> FieldBehavior {
        FieldBehavior(kind: .vortex)
    }

    /// A field that pulls its items toward `position` (pushes them away for a negative
    /// strength): an acceleration of strength / distance² (distance in metres; 1 = 100 pt/s²),
    /// whatever the item's mass. Default falloff 2.
    public class func radialGravityField(position: CGPoint) -> FieldBehavior {
        let field = FieldBehavior(kind: .radialGravity)
        field.position = position
        return field
    }

    /// A field that accelerates its items along `direction`: strength · direction, where
    /// (1, 0) at strength 1 is 100 pt/s² to the right, whatever the item's mass.
    public class func linearGravityField(direction: CGVector) -> FieldBehavior {
        let field = FieldBehavior(kind: .linearGravity)
        field.direction = direction
        return field
    }

    /// A field that gives its items the velocity strength · direction, where (1, 0) at strength
    /// 1 is 100 pt/s to the right. The velocity is set in every sub-step before the other forces
    /// of that sub-step (gravity, pushes) are integrated, so it overrides what came before.
    public class func velocityField(direction: CGVector) -> FieldBehavior {
        let field = FieldBehavior(kind: .velocity)
        field.direction = direction
        return field
    }

    /// A field of smooth pseudo-random accelerations (fireflies, snow): strength · n, n a
    /// vector of size up to about 1 (1 = 100 pt/s²). `smoothness` 0 … 1 goes from detailed to
    /// smooth; `animationSpeed` is how fast the pattern changes (0: still). Deterministic.
    public class func noiseField(smoothness: CGFloat, animationSpeed: CGFloat) -> FieldBehavior {
        let field = FieldBehavior(kind: .noise)
        field.smoothness = smoothness
        field.animationSpeed = animationSpeed
        return field
    }

    /// Like ``noiseField(smoothness:animationSpeed:)``, with the acceleration also proportional
    /// to each item's speed (in m/s): still items feel nothing.
    public class func turbulenceField(smoothness: CGFloat, animationSpeed: CGFloat) -> FieldBehavior {
        let field = FieldBehavior(kind: .turbulence)
        field.smoothness = smoothness
        field.animationSpeed = animationSpeed
        return field
    }

    /// A field that pulls its items toward `position` by Hooke's law: the force strength ·
    /// distance (N, distance in metres) at the default falloff −1. Items oscillate unless
    /// damped by resistance or other fields.
    public class func springField() -> FieldBehavior {
        FieldBehavior(kind: .spring)
    }

    /// A field acting on charged items: the force strength · charge / distance along the line
    /// from `position` (default falloff 1). Like signs repel, opposite signs attract.
    public class func electricField() -> FieldBehavior {
        FieldBehavior(kind: .electric)
    }

    /// A field acting on moving charged items: the Lorentz force charge · v × B, B of size
    /// strength / distance (default falloff 1) out of the screen, so a positive strength and
    /// charge turn an item counter-clockwise, in a circle of radius m·v/(charge·B). It never
    /// changes an item's speed.
    public class func magneticField() -> FieldBehavior {
        FieldBehavior(kind: .magnetic)
    }

    /// A field whose force `block` computes for each item in every sub-step, from the item's
    /// position (pt), velocity (pt/s), mass (kg), charge and the time step (s); it returns the
    /// force in UIKit newtons. `region` still applies; `strength` and `falloff` do not (the
    /// block may read them). The block runs inside the animator's step, before the bodies move:
    /// it may read the animator (an item's velocity, say); changes it makes take effect after
    /// the step. A non-finite result is ignored.
    public class func field(evaluationBlock block: @escaping FieldCustomEvaluator) -> FieldBehavior {
        FieldBehavior(kind: .custom, evaluationBlock: block)
    }

    // MARK: Items

    /// The items the field acts on.
    public var items: [any DynamicItem] { primitiveItems }
    /// Adds an item.
    public func addItem(_ item: any DynamicItem) { insertPrimitiveItem(item) }
    /// Removes an item.
    public func removeItem(_ item: any DynamicItem) { removePrimitiveItem(item) }

    // MARK: Properties

    /// The field's origin, in the animator's coordinates (pt). Default (0, 0). A non-finite
    /// position is ignored; a coordinate beyond the world's ±10¹² pt is kept but counts as
    /// ±10¹² pt, with one log line per assignment.
    public var position: CGPoint {
        get { storedPosition }
        set {
            guard newValue.isFinite else { return reportIgnored("position", newValue) }
            if newValue.isBeyondWorld { reportClamped("position", newValue, to: "the world's ±1e12 pt") }
            storedPosition = newValue
            parametersDidChange()
        }
    }

    /// Where the field acts, relative to `position`: items whose center lies outside feel
    /// nothing. Default ``Region/infinite``.
    public var region: Region {
        get { storedRegion }
        set {
            storedRegion = newValue
            regionDidChange()
        }
    }

    /// The field's strength; its meaning depends on the kind of field. Default 1.
    public var strength: CGFloat {
        get { storedStrength }
        set {
            guard newValue.isFinite else { return reportIgnored("strength", newValue) }
            storedStrength = newValue
            parametersDidChange()
        }
    }

    /// The field scales by distance^(−falloff), the distance in metres (100 pt) from `position`
    /// and never less than `minimumRadius`. Default 0 (uniform); 2 for radial gravity, −1 for a
    /// spring, 1 for electric and magnetic fields.
    public var falloff: CGFloat {
        get { storedFalloff }
        set {
            guard newValue.isFinite else { return reportIgnored("falloff", newValue) }
            storedFalloff = newValue
            parametersDidChange()
        }
    }

    /// Distances from `position` below this (pt) count as this: the field is constant inside.
    /// Must be ≥ 0. Default 0.01 pt.
    public var minimumRadius: CGFloat {
        get { storedMinimumRadius }
        set {
            guard newValue.isFinite, newValue >= 0 else {
                return reportIgnored(
                    "minimumRadius", newValue, reason: newValue.isFinite ? "negative value" : "non-finite value")
            }
            storedMinimumRadius = newValue
            parametersDidChange()
        }
    }

    /// The direction of a linear gravity field (1 = 100 pt/s² at strength 1) or a velocity
    /// field (1 = 100 pt/s at strength 1). Default (0, 0) for the other kinds.
    public var direction: CGVector {
        get { storedDirection }
        set {
            guard newValue.isFinite else { return reportIgnored("direction", newValue) }
            storedDirection = newValue
            parametersDidChange()
        }
    }

    /// Noise and turbulence: 0 (detailed, down to 12.5 pt) … 1 (smooth, 100 pt features).
    /// Values outside are clamped. Default 0 for the other kinds.
    public var smoothness: CGFloat {
        get { storedSmoothness }
        set {
            guard newValue.isFinite else { return reportIgnored("smoothness", newValue) }
            storedSmoothness = min(max(newValue, 0), 1)
            parametersDidChange()
        }
    }

    /// Noise and turbulence: how fast the pattern changes (pattern cells per second; 0: it does
    /// not change). Default 0 for the other kinds.
    public var animationSpeed: CGFloat {
        get { storedAnimationSpeed }
        set {
            guard newValue.isFinite else { return reportIgnored("animationSpeed", newValue) }
            storedAnimationSpeed = newValue
            parametersDidChange()
        }
    }

    // MARK: Writing through

    /// The field's parameters in solver units.
    private var solverParameters: FieldParameters {
        var p = FieldParameters(kind: kind)
        p.position = storedPosition.meters
        p.direction = Vec2(Double(storedDirection.dx), Double(storedDirection.dy))
        p.strength = Double(storedStrength)
        p.falloff = Double(storedFalloff)
        p.minimumRadius = Double(storedMinimumRadius) / pointsPerMeter
        p.smoothness = Double(storedSmoothness)
        p.animationSpeed = Double(storedAnimationSpeed)
        return p
    }

    private func parametersDidChange() {
        writeThrough { host, slot in host.world.fields.setParameters(self.solverParameters, of: slot) }
    }

    private func regionDidChange() {
        writeThrough { host, slot in host.world.fields.setRegion(self.storedRegion.solverNodes(), of: slot) }
    }

    /// Writes a change into the world and wakes it. During a step (from a custom field's block
    /// or an action) the write waits for the end of the step, so a step sees one set of fields.
    private func writeThrough(_ write: @escaping (DynamicAnimator, Int32) -> Void) {
        guard let host, slot != nil else { return }
        if host.isStepping {
            // The change holds the behaviour until the step ends (no cycle: the animator holds
            // its behaviours, never the other way round).
            host.performStructuralChange {
                guard let host = self.host, let slot = self.slot else { return }
                write(host, slot)
            }
        } else {
            write(host, slot!)
            host.worldDidChange()
        }
    }

    // MARK: Association

    override var isPrimitive: Bool { true }

    override func associate(with animator: DynamicAnimator) {
        var evaluator: FieldEvaluator?
        if evaluationBlock != nil {
            // The world's field set holds this closure; it must not hold the behaviour, whose
            // block may hold the animator (a cycle). It is called only during a step while the
            // behaviour is in the animator (which holds it), and the slot, closure included, is
            // removed when the behaviour leaves (`dissociate`): an unowned reference is never
            // read after its object is gone, and needs no `weak` (which Embedded Swift lacks).
            evaluator = { [unowned(unsafe) self] position, velocity, mass, charge, h in
                guard let block = self.evaluationBlock else { return .zero }
                let p = position * pointsPerMeter, v = velocity * pointsPerMeter
                let f = block(
                    self, CGPoint(x: p.x, y: p.y), CGVector(dx: v.x, dy: v.y), CGFloat(mass), CGFloat(charge), h)
                return Vec2(Double(f.dx), Double(f.dy))
            }
        }
        guard
            let slot = animator.world.fields.add(
                solverParameters, region: storedRegion.solverNodes(), evaluator: evaluator)
        else {
            dynamicsTrap(
                "Too many field behaviors: a dynamic animator supports at most \(FieldSet.capacity) field behaviors")
        }
        self.slot = slot
        super.associate(with: animator)
    }

    override func dissociate(from animator: DynamicAnimator) {
        super.dissociate(from: animator)
        if let slot { animator.world.fields.remove(slot) }
        slot = nil
    }

    override func associateItem(_ item: any DynamicItem, with animator: DynamicAnimator) {
        let body = animator.acquireBody(for: item)
        if let slot { animator.world.fields.addBody(body.index, to: slot) }
    }

    override func dissociateItem(_ item: any DynamicItem, from animator: DynamicAnimator) {
        if let slot, let body = animator.body(for: item) {
            animator.world.fields.removeBody(body.index, from: slot)
        }
        animator.releaseBody(for: item)
    }
}
