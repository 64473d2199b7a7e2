import KineticPlatform

/// Sets physical properties of its items and lets you add velocity to them (UIKit's
/// `UIDynamicItemBehavior`).
///
/// Items without any item behaviour use the same defaults as a fresh one: elasticity 0.2,
/// friction 0.2, density 1, resistance 0.1, angular resistance 0.1, rotation allowed, charge 0,
/// not anchored. When several item behaviours set one property of one item, the last in
/// traversal order wins; removing one recomputes its items from the ones that remain.
/// Property changes take effect at the start of the next step.
open class DynamicItemBehavior: DynamicBehavior {
    // Internal members are final unless overridden: in Embedded Swift another module cannot call the others.
    /// The properties as explicitly set on this behaviour (nil: not set, default applies).
    struct Overrides {
        var elasticity: Double?
        var friction: Double?
        var density: Double?
        var resistance: Double?
        var angularResistance: Double?
        var allowsRotation: Bool?
        var isAnchored: Bool?
        var charge: Double?
    }
    private(set) var overrides = Overrides()

    /// Velocities added before the item is in an animator, applied at association.
    private var pendingLinear: [ObjectIdentifier: Vec2] = [:]
    private var pendingAngular: [ObjectIdentifier: Double] = [:]

    /// Creates an item behaviour for `items`.
    @_disfavoredOverload
    public init(items: [any DynamicItem]) {
        super.init()
        setInitialPrimitiveItems(items)
    }

    /// The same for an array of one item type (`[UIView]`, `[SceneItem]`). Swift converts such an
    /// array to `[any DynamicItem]` by a run-time cast, which Embedded Swift (the WebAssembly
    /// build) does not have; this form converts item by item, so the same call compiles in both.
    /// The existential form is disfavoured, so a variable or a literal of one item type picks this
    /// one, and a literal of mixed types the existential one.
    public convenience init<Item: DynamicItem>(items: [Item]) {
        self.init(items: items.map { $0 as any DynamicItem })
    }

    /// The items this behaviour configures.
    public var items: [any DynamicItem] { primitiveItems }
    /// Adds an item.
    public func addItem(_ item: any DynamicItem) { insertPrimitiveItem(item) }
    /// Removes an item; its properties return to what the remaining behaviours say.
    public func removeItem(_ item: any DynamicItem) { removePrimitiveItem(item) }

    /// Restitution of collisions, 0 (none) … 1 (elastic). Default 0.2.
    public var elasticity: CGFloat {
        get { CGFloat(overrides.elasticity ?? ItemProperties.standard.elasticity) }
        set { set({ $0.elasticity = $1 }, "elasticity", newValue, valid: newValue >= 0) }
    }
    /// Friction of contacts; 0 is frictionless. Default 0.2.
    public var friction: CGFloat {
        get { CGFloat(overrides.friction ?? ItemProperties.standard.friction) }
        set { set({ $0.friction = $1 }, "friction", newValue, valid: newValue >= 0) }
    }
    /// Mass per area: a 100×100 pt item of density 1 weighs 1 kg. Default 1; must be > 0. The
    /// engine uses it within 10⁻¹⁰⁰…10¹⁰⁰: a density outside counts as the nearer end, with one
    /// log line per assignment.
    public var density: CGFloat {
        get { CGFloat(overrides.density ?? ItemProperties.standard.density) }
        set {
            if newValue.isFinite, newValue > 0, !(Self.densityRange ~= Double(newValue)) {
                reportClamped("density", newValue, to: "1e-100…1e100")
            }
            set({ $0.density = $1 }, "density", newValue, valid: newValue > 0)
        }
    }
    /// Linear velocity damping per second. Default 0.1.
    public var resistance: CGFloat {
        get { CGFloat(overrides.resistance ?? ItemProperties.standard.resistance) }
        set { set({ $0.resistance = $1 }, "resistance", newValue, valid: newValue >= 0) }
    }
    /// Angular velocity damping per second. Default 0.1.
    public var angularResistance: CGFloat {
        get { CGFloat(overrides.angularResistance ?? ItemProperties.standard.angularResistance) }
        set { set({ $0.angularResistance = $1 }, "angularResistance", newValue, valid: newValue >= 0) }
    }
    /// Electric charge, for electric and magnetic fields. Default 0.
    public var charge: CGFloat {
        get { CGFloat(overrides.charge ?? ItemProperties.standard.charge) }
        set { set({ $0.charge = $1 }, "charge", newValue, valid: true) }
    }
    /// Whether the items may turn. Default true.
    public var allowsRotation: Bool {
        get { overrides.allowsRotation ?? ItemProperties.standard.allowsRotation }
        set {
            overrides.allowsRotation = newValue
            propertiesDidChange()
        }
    }
    /// Whether the items are fixed in place (they still take part in collisions). Default false.
    public var isAnchored: Bool {
        get { overrides.isAnchored ?? ItemProperties.standard.isAnchored }
        set {
            overrides.isAnchored = newValue
            propertiesDidChange()
        }
    }

    /// Adds `velocity` (pt/s) to `item`. Before the item is in an animator, additions accumulate
    /// and are applied at association. A non-finite velocity is ignored; a component beyond
    /// ±10¹² pt/s counts as that, with one log line per call (the sum saturates there too).
    public func addLinearVelocity(_ velocity: CGPoint, for item: any DynamicItem) {
        guard velocity.isFinite else { return reportIgnored("addLinearVelocity", velocity) }
        if velocity.isBeyondWorld { reportClamped("addLinearVelocity", velocity, to: "±1e12 pt/s") }
        let v = velocity.meters
        if let host, let id = host.body(for: item), contains(item), pendingLinear[ObjectIdentifier(item)] == nil {
            host.world.addLinearVelocity(v, to: id)
            host.worldDidChange()
        } else {
            pendingLinear[ObjectIdentifier(item), default: .zero] += v
        }
    }

    /// The item's linear velocity in pt/s (before association, the velocity added so far).
    public func linearVelocity(for item: any DynamicItem) -> CGPoint {
        if let host, let id = host.body(for: item), contains(item), pendingLinear[ObjectIdentifier(item)] == nil {
            return (host.world.linearVelocity(of: id) * pointsPerMeter).cgPoint
        }
        return ((pendingLinear[ObjectIdentifier(item)] ?? .zero) * pointsPerMeter).cgPoint
    }

    /// Adds `velocity` (rad/s) to `item`'s angular velocity. A non-finite velocity is ignored;
    /// the angular velocity saturates at ±10¹² rad/s, and a `velocity` beyond that is logged once
    /// per call.
    public func addAngularVelocity(_ velocity: CGFloat, for item: any DynamicItem) {
        guard velocity.isFinite else { return reportIgnored("addAngularVelocity", velocity) }
        if abs(Double(velocity)) > Settings.maxSpeed {
            reportClamped("addAngularVelocity", velocity, to: "±\(Settings.maxSpeed) rad/s")
        }
        if let host, let id = host.body(for: item), contains(item), pendingAngular[ObjectIdentifier(item)] == nil {
            host.world.addAngularVelocity(Double(velocity), to: id)
            host.worldDidChange()
        } else {
            pendingAngular[ObjectIdentifier(item), default: 0] += Double(velocity)
        }
    }

    /// The item's angular velocity in rad/s (before association, the velocity added so far).
    public func angularVelocity(for item: any DynamicItem) -> CGFloat {
        if let host, let id = host.body(for: item), contains(item), pendingAngular[ObjectIdentifier(item)] == nil {
            return CGFloat(host.world.angularVelocity(of: id))
        }
        return CGFloat(pendingAngular[ObjectIdentifier(item)] ?? 0)
    }

    private func contains(_ item: any DynamicItem) -> Bool {
        primitiveItems.contains { $0 === item }
    }

    /// The densities the engine uses; the world clamps to it.
    static let densityRange = 1e-100...1e100

    private func set(
        _ write: (inout Overrides, Double) -> Void, _ name: String, _ value: CGFloat, valid: Bool
    ) {
        guard value.isFinite, valid else {
            return reportIgnored(name, value, reason: value.isFinite ? "out-of-range value" : "non-finite value")
        }
        write(&overrides, Double(value))
        propertiesDidChange()
    }

    private func propertiesDidChange() {
        guard let host else { return }
        host.itemPropertiesDirty = true
        host.worldDidChange()
    }

    // MARK: Association

    override var isPrimitive: Bool { true }

    override func associateItem(_ item: any DynamicItem, with animator: DynamicAnimator) {
        _ = animator.acquireBody(for: item)
        // Properties and any velocity added beforehand are applied together at the next step
        // (properties first, so the velocity meets the right mass and rotation freedom).
        animator.itemPropertiesDirty = true
    }

    /// Applies velocities added before association, once the items' properties are in place.
    final func applyPendingVelocities(in animator: DynamicAnimator) {
        guard !pendingLinear.isEmpty || !pendingAngular.isEmpty else { return }
        for item in primitiveItems {
            guard let id = animator.body(for: item) else { continue }
            let key = ObjectIdentifier(item)
            if let v = pendingLinear.removeValue(forKey: key) { animator.world.addLinearVelocity(v, to: id) }
            if let w = pendingAngular.removeValue(forKey: key) { animator.world.addAngularVelocity(w, to: id) }
        }
    }

    override func dissociateItem(_ item: any DynamicItem, from animator: DynamicAnimator) {
        animator.releaseBody(for: item)
        animator.itemPropertiesDirty = true
    }
}

/// The physical properties of one item, in solver units.
struct ItemProperties {
    var elasticity = 0.2
    var friction = 0.2
    var density = 1.0
    var resistance = 0.1
    var angularResistance = 0.1
    var allowsRotation = true
    var isAnchored = false
    var charge = 0.0

    static let standard = ItemProperties()

    mutating func apply(_ o: DynamicItemBehavior.Overrides) {
        if let v = o.elasticity { elasticity = v }
        if let v = o.friction { friction = v }
        if let v = o.density { density = v }
        if let v = o.resistance { resistance = v }
        if let v = o.angularResistance { angularResistance = v }
        if let v = o.allowsRotation { allowsRotation = v }
        if let v = o.isAnchored { isAnchored = v }
        if let v = o.charge { charge = v }
    }
}

extension DynamicAnimator {
    /// Recomputes every item's properties: defaults, then each item behaviour in traversal
    /// order, so the last one to set a property wins. Runs before a step when anything changed.
    func applyItemProperties() {
        itemPropertiesDirty = false
        var properties = [ItemProperties](repeating: .standard, count: records.count)
        var index: [ObjectIdentifier: Int] = [:]
        var itemBehaviors: [DynamicItemBehavior] = []
        for (i, record) in records.enumerated() { index[ObjectIdentifier(record.item)] = i }
        for behavior in behaviors {
            behavior.forEachInTree { node in
                guard let itemBehavior = node as? DynamicItemBehavior, itemBehavior.host === self else { return }
                itemBehaviors.append(itemBehavior)
                for item in itemBehavior.items {
                    if let i = index[ObjectIdentifier(item)] { properties[i].apply(itemBehavior.overrides) }
                }
            }
        }
        for (i, record) in records.enumerated() {
            let p = properties[i]
            world.setProperties(
                of: record.body, restitution: p.elasticity, friction: p.friction, linearDamping: p.resistance,
                angularDamping: p.angularResistance, charge: p.charge, density: p.density,
                allowsRotation: p.allowsRotation,
                kind: p.isAnchored ? .static : .dynamic)
        }
        for itemBehavior in itemBehaviors { itemBehavior.applyPendingVelocities(in: self) }
    }
}
