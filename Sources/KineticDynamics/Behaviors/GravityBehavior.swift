import KineticPlatform

/// Accelerates its items in one direction (UIKit's `UIGravityBehavior`).
///
/// Magnitude 1.0 is 1000 pt/s², whatever the items' mass. An animator has one gravity: the last
/// gravity behaviour to change it wins, and removing any gravity behaviour sets it to zero.
/// Only this behaviour's items fall.
open class GravityBehavior: DynamicBehavior {
    private var direction = DirectedVector(vector: CGVector(dx: 0, dy: 1))

    /// Creates a gravity behaviour for `items`, pointing down at magnitude 1.
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

    /// Creates a gravity behaviour with no items.
    public convenience override init() {
        self.init(items: [])
    }

    /// The items gravity acts on.
    public var items: [any DynamicItem] { primitiveItems }

    /// Adds an item.
    public func addItem(_ item: any DynamicItem) { insertPrimitiveItem(item) }
    /// Removes an item.
    public func removeItem(_ item: any DynamicItem) { removePrimitiveItem(item) }

    /// The gravity vector; its length is the magnitude. Default (0, 1). A component beyond ±10¹¹
    /// (10¹⁴ pt/s²) counts as that, with one log line per assignment (also through `angle`,
    /// `magnitude` and `setAngle(_:magnitude:)`).
    public var gravityDirection: CGVector {
        get { direction.vector }
        set {
            guard newValue.isFinite else { return reportIgnored("gravityDirection", newValue) }
            direction.setVector(newValue)
            checkGravity("gravityDirection")
            gravityDidChange()
        }
    }

    /// The direction of gravity in radians, clockwise from +x. Default π/2 (down).
    public var angle: CGFloat {
        get { direction.angle }
        set {
            guard newValue.isFinite else { return reportIgnored("angle", newValue) }
            direction.set(angle: newValue, magnitude: direction.magnitude)
            checkGravity("angle")
            gravityDidChange()
        }
    }

    /// The strength of gravity; 1.0 is 1000 pt/s². Default 1. A vector component beyond ±10¹¹
    /// counts as that, with one log line per assignment.
    public var magnitude: CGFloat {
        get { direction.magnitude }
        set {
            guard newValue.isFinite else { return reportIgnored("magnitude", newValue) }
            direction.set(angle: direction.angle, magnitude: newValue)
            checkGravity("magnitude")
            gravityDidChange()
        }
    }

    /// Sets angle and magnitude together.
    public func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        guard angle.isFinite, magnitude.isFinite else {
            return reportIgnored("setAngle(_:magnitude:)", "(\(angle), \(magnitude))")
        }
        direction.set(angle: angle, magnitude: magnitude)
        checkGravity("setAngle(_:magnitude:)")
        gravityDidChange()
    }

    /// Reports, once per assignment, a gravity vector with a component beyond what the engine
    /// uses.
    private func checkGravity(_ property: String) {
        let v = direction.vector
        let cap = Settings.maxSpeed / Settings.gravityPerUnit
        guard abs(Double(v.dx)) > cap || abs(Double(v.dy)) > cap else { return }
        reportClamped(property, v, to: "±1e11 per component (1e14 pt/s²)")
    }

    // MARK: Association

    override var isPrimitive: Bool { true }

    override func associate(with animator: DynamicAnimator) {
        if !animator.gravities.isEmpty {
            animator.logger.warning("Multiple gravity behavior per animator is undefined and may assert in the future")
        }
        animator.gravities.append(self)
        super.associate(with: animator)
        writeGravity(to: animator)
    }

    override func dissociate(from animator: DynamicAnimator) {
        super.dissociate(from: animator)
        animator.gravities.removeAll { $0 === self }
        animator.world.gravity = .zero
    }

    override func associateItem(_ item: any DynamicItem, with animator: DynamicAnimator) {
        _ = animator.acquireBody(for: item)
        animator.changeGravityMembership(of: item, by: 1)
    }

    override func dissociateItem(_ item: any DynamicItem, from animator: DynamicAnimator) {
        animator.changeGravityMembership(of: item, by: -1)
        animator.releaseBody(for: item)
    }

    private func gravityDidChange() {
        guard let host else { return }
        writeGravity(to: host)
        host.worldDidChange()
    }

    private func writeGravity(to animator: DynamicAnimator) {
        let g = gravityDirection
        // Saturated, so a huge magnitude stays a huge but finite acceleration.
        animator.world.gravity = saturated(
            Vec2(Double(g.dx), Double(g.dy)) * Settings.gravityPerUnit, Settings.maxSpeed)
    }
}
