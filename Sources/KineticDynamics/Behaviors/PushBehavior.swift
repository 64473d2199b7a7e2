import KineticPlatform

/// Applies a force or an impulse to its items (UIKit's `UIPushBehavior`).
///
/// Magnitude 1 is one "UIKit newton": a continuous push of 1 accelerates a 1 kg item (100×100 pt
/// at density 1) at 100 pt/s²; an instantaneous push of 1 adds 100 pt/s to it once, after which
/// `active` turns false by itself. `pushDirection` and (`angle`, `magnitude`) are two views of one
/// vector. A target offset from an item's center is in world axes (it does not turn with the
/// item) and produces torque.
open class PushBehavior: DynamicBehavior {
    // Internal members are final unless overridden: in Embedded Swift another module cannot call the others.
    /// How a push acts.
    public enum Mode: Sendable {
        /// A force, applied in every sub-step while active.
        case continuous
        /// An impulse, applied once; the push then deactivates.
        case instantaneous
    }

    /// The push's mode, fixed at creation.
    public let mode: Mode

    private var direction = DirectedVector(vector: CGVector(dx: 0, dy: 0))
    private var offsets: [ObjectIdentifier: Offset] = [:]

    /// Creates a push for `items` in `mode`, active, with magnitude 0.
    @_disfavoredOverload
    public init(items: [any DynamicItem], mode: Mode) {
        self.mode = mode
        super.init()
        setInitialPrimitiveItems(items)
    }

    /// The same for an array of one item type (`[UIView]`, `[SceneItem]`). Swift converts such an
    /// array to `[any DynamicItem]` by a run-time cast, which Embedded Swift (the WebAssembly
    /// build) does not have; this form converts item by item, so the same call compiles in both.
    /// The existential form is disfavoured, so a variable or a literal of one item type picks this
    /// one, and a literal of mixed types the existential one.
    public convenience init<Item: DynamicItem>(items: [Item], mode: Mode) {
        self.init(items: items.map { $0 as any DynamicItem }, mode: mode)
    }

    /// The items pushed.
    public var items: [any DynamicItem] { primitiveItems }
    /// Adds an item.
    public func addItem(_ item: any DynamicItem) { insertPrimitiveItem(item) }
    /// Removes an item.
    public func removeItem(_ item: any DynamicItem) { removePrimitiveItem(item) }

    /// Whether the push acts. An instantaneous push turns this off after applying its impulse;
    /// turning it on again applies the impulse once more. Default true.
    public var active = true {
        didSet { if active { host?.worldDidChange() } }
    }

    /// The push vector in UIKit newtons; its length is the magnitude. A component beyond ±10²⁰⁰
    /// counts as that, with one log line per assignment (also through `angle`, `magnitude` and
    /// `setAngle(_:magnitude:)`); below it, the velocity a push makes saturates silently at the
    /// engine's limit (10¹⁴ pt/s).
    public var pushDirection: CGVector {
        get { direction.vector }
        set {
            guard newValue.isFinite else { return reportIgnored("pushDirection", newValue) }
            direction.setVector(newValue)
            checkPush("pushDirection")
            host?.worldDidChange()
        }
    }

    /// The direction of the push in radians, clockwise from +x.
    public var angle: CGFloat {
        get { direction.angle }
        set {
            guard newValue.isFinite else { return reportIgnored("angle", newValue) }
            direction.set(angle: newValue, magnitude: direction.magnitude)
            checkPush("angle")
            host?.worldDidChange()
        }
    }

    /// The strength of the push in UIKit newtons. A vector component beyond ±10²⁰⁰ counts as that,
    /// with one log line per assignment.
    public var magnitude: CGFloat {
        get { direction.magnitude }
        set {
            guard newValue.isFinite else { return reportIgnored("magnitude", newValue) }
            direction.set(angle: direction.angle, magnitude: newValue)
            checkPush("magnitude")
            host?.worldDidChange()
        }
    }

    /// Sets angle and magnitude together.
    public func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        guard angle.isFinite, magnitude.isFinite else {
            return reportIgnored("setAngle(_:magnitude:)", "(\(angle), \(magnitude))")
        }
        direction.set(angle: angle, magnitude: magnitude)
        checkPush("setAngle(_:magnitude:)")
        host?.worldDidChange()
    }

    /// Where on `item` the push acts, as an offset from its center in world axes. A non-finite
    /// offset is ignored; a component beyond ±10¹² pt counts as that, with one log line per call.
    public func setTargetOffsetFromCenter(_ offset: Offset, for item: any DynamicItem) {
        guard offset.isFinite else { return reportIgnored("setTargetOffsetFromCenter", offset) }
        if offset.isBeyondWorld { reportClamped("setTargetOffsetFromCenter", offset, to: "±1e12 pt") }
        offsets[ObjectIdentifier(item)] = offset
        host?.worldDidChange()
    }

    /// The offset set for `item`, or zero.
    public func targetOffsetFromCenter(for item: any DynamicItem) -> Offset {
        offsets[ObjectIdentifier(item)] ?? .zero
    }

    /// Reports, once per assignment, a push vector with a component beyond what the engine uses.
    private func checkPush(_ property: String) {
        let v = direction.vector
        let cap = Settings.maxForce
        guard abs(Double(v.dx)) > cap || abs(Double(v.dy)) > cap else { return }
        reportClamped(property, v, to: "±1e200 N per component")
    }

    // MARK: Association

    override var isPrimitive: Bool { true }

    override func associate(with animator: DynamicAnimator) {
        animator.pushes.append(self)
        super.associate(with: animator)
    }

    override func dissociate(from animator: DynamicAnimator) {
        super.dissociate(from: animator)
        animator.pushes.removeAll { $0 === self }
    }

    override func associateItem(_ item: any DynamicItem, with animator: DynamicAnimator) {
        _ = animator.acquireBody(for: item)
    }

    override func dissociateItem(_ item: any DynamicItem, from animator: DynamicAnimator) {
        animator.releaseBody(for: item)
    }

    /// Step 2 of the animator's step: add this frame's force, or the one-off impulse.
    final func apply(in animator: DynamicAnimator) {
        guard active else { return }
        let v = pushDirection
        let push = Vec2(Double(v.dx), Double(v.dy))
        if mode == .instantaneous { active = false }
        guard push != .zero else { return }
        var woke = false
        for item in primitiveItems {
            guard let id = animator.body(for: item) else { continue }
            let r = targetOffsetFromCenter(for: item).meters
            switch mode {
            case .continuous: animator.world.applyForce(push, arm: r, to: id)
            case .instantaneous: animator.world.applyLinearImpulse(push, arm: r, to: id)
            }
            woke = true
        }
        if woke { animator.world.wake() }
    }
}
