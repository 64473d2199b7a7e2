import KineticPlatform

/// Makes its items collide with each other and with boundaries (UIKit's `UICollisionBehavior`).
///
/// Items collide only with items of the same collision behaviour. Boundaries are lines and
/// closed paths (curves flattened), plus optionally the animator's reference bounds. Items
/// collide as rectangles turned with them, as ellipses, or as a convex counter-clockwise path
/// (`DynamicItem.collisionBoundsType`). Friction and elasticity come from item behaviours;
/// bounces happen only above 100 pt/s.
open class CollisionBehavior: DynamicBehavior {
    // Internal members are final unless overridden: in Embedded Swift another module cannot call the others.
    /// What the items collide with (UIKit's `UICollisionBehavior.Mode`).
    public struct Mode: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// With the behaviour's other items.
        public static let items = Mode(rawValue: 1 << 0)
        /// With the behaviour's boundaries.
        public static let boundaries = Mode(rawValue: 1 << 1)
        /// Both (the default).
        public static let everything: Mode = [.items, .boundaries]
    }

    /// A boundary added by identifier: its path and, while associated, its shapes.
    private struct Boundary {
        var identifier: AnyHashable
        var path: BezierPath
        var shapes: [ShapeID] = []
    }

    private var boundaries: [Boundary] = []
    private var referenceShapes: [ShapeID] = []
    private var referenceBoundsBuilt: CGRect?
    /// This behaviour's bit in its animator's collision filters, while associated.
    var groupBit: UInt64 = 0

    /// The delegate told about touches.
    @WeakReference public var collisionDelegate: (any CollisionBehaviorDelegate)?

    /// Creates a collision behaviour for `items`.
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

    /// The colliding items.
    public var items: [any DynamicItem] { primitiveItems }
    /// Adds an item.
    public func addItem(_ item: any DynamicItem) { insertPrimitiveItem(item) }
    /// Removes an item.
    public func removeItem(_ item: any DynamicItem) { removePrimitiveItem(item) }

    /// What the items collide with. Default `.everything`.
    public var collisionMode: Mode = .everything {
        didSet {
            guard let host, collisionMode != oldValue else { return }
            for item in primitiveItems { host.updateCollisionFilter(of: item) }
            host.worldDidChange()
        }
    }

    /// Whether the animator's reference bounds are a boundary (identifier nil). Default false.
    public var translatesReferenceBoundsIntoBoundary = false {
        didSet { rebuildReferenceBoundary() }
    }

    /// The insets of the reference-bounds boundary.
    public private(set) var referenceBoundsInsets: EdgeInsets = .zero

    /// Makes the reference bounds, inset by `insets`, a boundary.
    public func setTranslatesReferenceBoundsIntoBoundary(with insets: EdgeInsets) {
        guard insets.top.isFinite, insets.left.isFinite, insets.bottom.isFinite, insets.right.isFinite else {
            return reportIgnored("setTranslatesReferenceBoundsIntoBoundary(with:)", insets)
        }
        referenceBoundsInsets = insets
        translatesReferenceBoundsIntoBoundary = true
    }

    /// Adds a boundary along `path` (every subpath; curves are flattened). A path without a
    /// single segment of non-zero length traps, as UIKit does; a path with a NaN or infinite
    /// coordinate is logged and ignored. A point beyond the world's ±10¹² pt counts as clamped
    /// to it, and a segment shorter than 10⁻⁷ pt (a nanometre) is left out; each is reported
    /// in one log line when the boundary joins the world.
    public final func addBoundary(withIdentifier identifier: some Hashable, for path: BezierPath) {
        guard path.isFinite else {
            return reportIgnored("addBoundary(withIdentifier: \(identifier), for:)", path, reason: "non-finite path")
        }
        let segments = Self.segments(of: path)
        guard !segments.isEmpty else {
            dynamicsTrap(
                "Invalid boundary path for identifier \(identifier): a boundary needs at least one segment of "
                    + "non-zero length"
            )
        }
        let key = AnyHashable(identifier)
        removeBoundary(withIdentifier: key)
        boundaries.append(Boundary(identifier: key, path: path))
        if let host { buildBoundary(at: boundaries.count - 1, in: host) }
    }

    /// Adds a straight boundary from `p1` to `p2`.
    public final func addBoundary(withIdentifier identifier: some Hashable, from p1: CGPoint, to p2: CGPoint) {
        let path = BezierPath()
        path.move(to: p1)
        path.addLine(to: p2)
        addBoundary(withIdentifier: identifier, for: path)
    }

    /// The path of the boundary with `identifier`, if any.
    public final func boundary(withIdentifier identifier: some Hashable) -> BezierPath? {
        let key = AnyHashable(identifier)
        return boundaries.first { $0.identifier == key }?.path
    }

    /// Removes the boundary with `identifier`.
    public final func removeBoundary(withIdentifier identifier: some Hashable) {
        let key = AnyHashable(identifier)
        guard let index = boundaries.firstIndex(where: { $0.identifier == key }) else { return }
        if let host {
            for shape in boundaries[index].shapes { host.world.destroyShape(shape) }
            host.worldDidChange()
        }
        boundaries.remove(at: index)
    }

    /// Removes every boundary added by identifier; the reference boundary stays.
    public func removeAllBoundaries() {
        for boundary in boundaries.reversed() { removeBoundary(withIdentifier: boundary.identifier) }
    }

    /// The identifiers of the boundaries added by identifier (not the reference boundary).
    public var boundaryIdentifiers: [AnyHashable]? {
        boundaries.isEmpty ? nil : boundaries.map { $0.identifier }
    }

    // MARK: Association

    override var isPrimitive: Bool { true }

    override func associate(with animator: DynamicAnimator) {
        groupBit = animator.registerCollisionBehavior(self)
        super.associate(with: animator)
        for i in boundaries.indices { buildBoundary(at: i, in: animator) }
        rebuildReferenceBoundary()
    }

    override func dissociate(from animator: DynamicAnimator) {
        for i in boundaries.indices {
            for shape in boundaries[i].shapes { animator.world.destroyShape(shape) }
            boundaries[i].shapes.removeAll()
        }
        for shape in referenceShapes { animator.world.destroyShape(shape) }
        referenceShapes.removeAll()
        referenceBoundsBuilt = nil
        super.dissociate(from: animator)
        animator.unregisterCollisionBehavior(self)
        groupBit = 0
    }

    override func associateItem(_ item: any DynamicItem, with animator: DynamicAnimator) {
        _ = animator.acquireBody(for: item)
        animator.updateCollisionFilter(of: item, adding: self)
    }

    override func dissociateItem(_ item: any DynamicItem, from animator: DynamicAnimator) {
        animator.updateCollisionFilter(of: item, removing: self)
        animator.releaseBody(for: item)
    }

    /// Rebuilds the reference boundary if it is wanted and the animator's bounds changed since
    /// it was built (step 2 of the animator's step), or removes it if it is not wanted.
    final func rebuildReferenceBoundary() {
        guard let host else { return }
        let wanted = translatesReferenceBoundsIntoBoundary
        let rect = host.referenceBounds.inset(by: referenceBoundsInsets)
        if wanted && referenceBoundsBuilt == rect { return }
        for shape in referenceShapes { host.world.destroyShape(shape) }
        referenceShapes.removeAll()
        referenceBoundsBuilt = nil
        if wanted && rect.width > 0 && rect.height > 0 && rect.origin.isFinite && rect.size.width.isFinite
            && rect.size.height.isFinite
        {
            let segments = Self.segments(of: BezierPath(rect: rect))
            referenceShapes = host.createBoundaryShapes(segments, owner: groupBit, tag: -1)
            // Only clamping is reported: a side under a nanometre is a rect collapsing to a line
            // or a point, as a zero-sized one (no boundary, silently) does.
            reportLosses(of: segments, built: segments.count, boundary: "translatesReferenceBoundsIntoBoundary")
            referenceBoundsBuilt = rect
        }
        host.worldDidChange()
    }

    private func buildBoundary(at index: Int, in animator: DynamicAnimator) {
        let tag = animator.registerBoundary(identifier: boundaries[index].identifier, of: self)
        let segments = Self.segments(of: boundaries[index].path)
        boundaries[index].shapes = animator.createBoundaryShapes(segments, owner: groupBit, tag: tag)
        reportLosses(
            of: segments, built: boundaries[index].shapes.count,
            boundary: "addBoundary(withIdentifier: \(boundaries[index].identifier))")
        animator.worldDidChange()
    }

    /// Reports, in one line each, what a boundary lost on its way into the world: points beyond
    /// the world's ±10¹² pt (used clamped) and segments shorter than a nanometre (10⁻⁷ pt, left
    /// out: they have no direction to collide along). `built` is how many segments got a shape.
    private func reportLosses(of segments: [(CGPoint, CGPoint)], built: Int, boundary: String) {
        if let far = segments.lazy.flatMap({ [$0.0, $0.1] }).first(where: { $0.isBeyondWorld }) {
            reportClamped(boundary, far, to: "the world's ±1e12 pt")
        }
        if built < segments.count {
            let count = segments.count - built
            reportIgnored(boundary, "\(count) of \(segments.count)", reason: "segments shorter than 1e-7 pt:")
        }
    }

    /// The path's straight pieces of non-zero length, in points.
    static func segments(of path: BezierPath) -> [(CGPoint, CGPoint)] {
        var result: [(CGPoint, CGPoint)] = []
        for line in path.flattened() {
            let points = line.points
            guard points.count > 1 else { continue }
            for i in 0..<(points.count - 1) where points[i] != points[i + 1] {
                result.append((points[i], points[i + 1]))
            }
            if line.isClosed, points.count > 2, points[points.count - 1] != points[0] {
                result.append((points[points.count - 1], points[0]))
            }
        }
        return result
    }
}
