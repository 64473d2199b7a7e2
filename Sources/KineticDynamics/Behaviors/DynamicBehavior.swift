import KineticPlatform

/// The base of every behaviour, and on its own a composite: a tree of child behaviours with an
/// optional per-step `action` (UIKit's `UIDynamicBehavior`).
///
/// Subclass it to bundle behaviours, exactly as UIKit code does:
///
/// ```swift
/// final class DragBehavior: DynamicBehavior {
///     init(items: [any DynamicItem], point: CGPoint) {
///         super.init()
///         for item in items { addChildBehavior(RectangleAttachmentBehavior(item: item, point: point)) }
///     }
/// }
/// ```
///
/// A composite holds children, never items. The built-in behaviours (gravity, push, snap,
/// attachment, item) are primitives: they hold items, and `addChildBehavior` on them does nothing.
open class DynamicBehavior {
    // Internal members are final unless overridden: in Embedded Swift another module cannot call the others.
    /// The behaviour's children, in the order they were added.
    public private(set) var childBehaviors: [DynamicBehavior] = []

    /// Called after every animator step that this behaviour takes part in.
    public var action: (() -> Void)? {
        didSet { host?.actionsDidChange() }
    }

    /// The animator this behaviour belongs to, if any.
    public var dynamicAnimator: DynamicAnimator? { host }

    /// The animator while associated. Unowned-unsafe rather than weak because primitives reach
    /// the world through it on every setter (thousands of times a frame when dragging); the
    /// animator clears it on removal and in its deinit, so it never dangles.
    final var host: DynamicAnimator? {
        get { hostReference?.takeUnretainedValue() }
        set { hostReference = newValue.map { Unmanaged.passUnretained($0) } }
    }
    @exclusivity(unchecked) private var hostReference: Unmanaged<DynamicAnimator>?

    /// Runs `body` with the animator without retaining it (+0): the hot setters' path.
    @inline(__always)
    final func withHost(_ body: (DynamicAnimator) -> Void) {
        hostReference?._withUnsafeGuaranteedRef(body)
    }
    /// The composite this behaviour is a child of. Not weak: a weak reference gives the parent
    /// a side table, which makes every retain of it slow, and drag updates retain thousands of
    /// composites per frame. The parent holds its children strongly and clears this in its
    /// deinit and on removal, so it never dangles.
    unowned(unsafe) var parent: DynamicBehavior?
    /// Whether this behaviour sits at the top level of an animator.
    var isTopLevel = false

    /// Creates an empty composite behaviour.
    public init() {}

    deinit {
        for child in childBehaviors { child.parent = nil }
    }

    /// Adds a child behaviour. Ignored by the built-in primitive behaviours, for a behaviour that
    /// already has a parent, and for `self` or one of its ancestors.
    open func addChildBehavior(_ behavior: DynamicBehavior) {
        guard !isPrimitive else { return }
        guard behavior.parent == nil, !behavior.isTopLevel, !isDescendant(of: behavior) else {
            host?.logger.warning("addChildBehavior: \(type(of: behavior)) already belongs to a behaviour tree; ignored")
            return
        }
        if let host {
            host.performStructuralChange { [self] in
                guard behavior.parent == nil, !behavior.isTopLevel, self.host === host else { return }
                self.childBehaviors.append(behavior)
                behavior.parent = self
                host.attach(behavior)
            }
        } else {
            childBehaviors.append(behavior)
            behavior.parent = self
        }
    }

    /// Removes a child behaviour (and its subtree) from this behaviour and from the animator.
    open func removeChildBehavior(_ behavior: DynamicBehavior) {
        if let host {
            host.performStructuralChange { [self] in self.detachChild(behavior) }
        } else {
            detachChild(behavior)
        }
    }

    /// Called just before the behaviour joins (`dynamicAnimator` non-nil) or leaves (nil) an
    /// animator. Subclasses may override; call `super`.
    open func willMove(to dynamicAnimator: DynamicAnimator?) {}

    // MARK: Internal hooks for primitives

    /// Whether this is a built-in primitive behaviour (items, never children).
    var isPrimitive: Bool { false }

    /// The items of an item-list primitive (gravity, push, item behaviour).
    var primitiveItems: [any DynamicItem] = []

    /// Creates this primitive's bodies and constraints in `animator`'s world. By default,
    /// associates each of `primitiveItems`.
    func associate(with animator: DynamicAnimator) {
        for item in primitiveItems { associateItem(item, with: animator) }
    }
    /// Releases everything `associate` created.
    func dissociate(from animator: DynamicAnimator) {
        for item in primitiveItems.reversed() { dissociateItem(item, from: animator) }
    }
    /// Associates one item of an item-list primitive.
    func associateItem(_ item: any DynamicItem, with animator: DynamicAnimator) {}
    /// Dissociates one item of an item-list primitive.
    func dissociateItem(_ item: any DynamicItem, from animator: DynamicAnimator) {}

    /// Whether the animator may stop with only this behaviour at the top level: an empty
    /// composite without an action does nothing, so it keeps nothing running.
    final var letsAnimatorStop: Bool { !isPrimitive && childBehaviors.isEmpty && action == nil }

    private func detachChild(_ behavior: DynamicBehavior) {
        guard let index = childBehaviors.firstIndex(where: { $0 === behavior }) else { return }
        if let host { host.detach(behavior) }
        childBehaviors.remove(at: index)
        behavior.parent = nil
    }

    private func isDescendant(of other: DynamicBehavior) -> Bool {
        var node: DynamicBehavior? = self
        while let current = node {
            if current === other { return true }
            node = current.parent
        }
        return false
    }

    /// Visits this behaviour and its subtree in traversal order (pre-order).
    final func forEachInTree(_ body: (DynamicBehavior) -> Void) {
        body(self)
        for child in childBehaviors { child.forEachInTree(body) }
    }
}

extension DynamicAnimator {
    /// Where behaviours outside any animator, and regions, report input they ignored or clamped.
    ///
    /// A behaviour in an animator reports through the animator's `logger`; one not yet added (a
    /// value set right after its initialiser) and a ``Region`` have no animator, so they report
    /// to this task-local logger. Bind it for a scope to collect those lines:
    /// `DynamicAnimator.detachedLogger.withValue(myLogger) { … }`.
    public static let detachedLogger = TaskLocal(wrappedValue: Logger(label: "Kinetic.DynamicBehavior"))
}

/// The logger for input reported outside any animator (see `DynamicAnimator.detachedLogger`).
var detachedLogger: Logger { DynamicAnimator.detachedLogger.get() }

extension DynamicBehavior {
    /// Reports input that was ignored (a non-finite or out-of-range value) through the
    /// animator's logger, or the module's when the behaviour is not in an animator.
    func reportIgnored(
        _ property: String, _ value: some CustomStringConvertible, reason: String = "non-finite value"
    ) {
        let message: Logger.Message = "\(type(of: self)).\(property): ignored \(reason) \(value)"
        (host?.logger ?? detachedLogger).error(message)
    }

    /// Reports an ignored point (see `reportIgnored(_:_:reason:)`).
    func reportIgnored(_ property: String, _ point: CGPoint, reason: String = "non-finite value") {
        reportIgnored(property, point.logDescription, reason: reason)
    }

    /// Reports, once per offending call, a caller's value beyond a documented range, which the
    /// engine uses clamped to `limit` (the caller's value itself is kept).
    func reportClamped(_ property: String, _ value: some CustomStringConvertible, to limit: String) {
        let message: Logger.Message = "\(type(of: self)).\(property): clamped \(value) to \(limit)"
        (host?.logger ?? detachedLogger).warning(message)
    }

    /// Reports a clamped point (see `reportClamped(_:_:to:)`).
    func reportClamped(_ property: String, _ point: CGPoint, to limit: String) {
        reportClamped(property, point.logDescription, to: limit)
    }
}
