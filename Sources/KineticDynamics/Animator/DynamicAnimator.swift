import BasicContainers
import KineticPlatform

/// Runs the physics of its behaviours and writes the results back into their items
/// (UIKit's `UIDynamicAnimator`).
///
/// Nothing moves by itself: call ``step(_:)`` once per frame (a test, a server, a renderer), or
/// let an ``AnimationDriver`` do it in real time. Each step follows UIKit's order: apply item
/// properties and pushes, advance the world in fixed Float(1/120) s sub-steps, write back every
/// item, run every behaviour's `action`, apply behaviour changes made during the step, then
/// pause if everything rests.
///
/// ```swift
/// let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800))
/// animator.addBehavior(GravityBehavior(items: [box]))
/// for _ in 0..<60 { animator.step(1.0 / 60) }   // one second later box.center.y grew by ~500 pt
/// ```
public final class DynamicAnimator {
    /// The animator's coordinate space. Resizing it wakes the animator.
    public var referenceBounds: CGRect {
        didSet {
            guard referenceBounds != oldValue else { return }
            worldDidChange()
        }
    }

    /// The delegate told when the animator resumes and pauses.
    @WeakReference public var delegate: (any DynamicAnimatorDelegate)?

    /// Where the animator reports input it ignored (NaN values, out-of-range parameters) and
    /// UIKit's own warnings. Replace it to capture or silence them.
    public var logger = Logger(label: "Kinetic.DynamicAnimator")

    /// Whether the animator is running; false once everything rests.
    // Hot flags and tables are `@exclusivity(unchecked)`: every behaviour setter consults them
    // (thousands of times a frame while dragging) and the animator is single-threaded by design.
    @exclusivity(unchecked) public private(set) var isRunning = false

    /// Total simulated time of every step taken, in seconds. Never reset.
    public private(set) var elapsedTime: TimeInterval = 0

    /// The behaviours added with ``addBehavior(_:)``, in order.
    public private(set) var behaviors: [DynamicBehavior] = []

    // MARK: Internal state

    let world = World()

    /// An item known to the world and how many associations hold it there.
    struct ItemRecord {
        let item: any DynamicItem
        let body: BodyID
        var references: Int
        var gravityMemberships: Int
        /// The item's collision shapes (one, or one per member of a group), while it is in any
        /// collision behaviour.
        var shapes: [ShapeID] = []
        /// For a group: each member with its offset (body frame, metres) and own angle.
        var members: [(item: any DynamicItem, offset: Vec2, angle: Double)]? = nil
        /// Collision behaviours (bits) the item is in, by what they make it collide with.
        var itemGroups: UInt64 = 0
        var boundaryGroups: UInt64 = 0
    }
    @exclusivity(unchecked) private(set) var records: [ItemRecord] = []
    /// What the write-back reads of each record, in the records' order. Noncopyable, so the
    /// loop borrows each item where it lies: a copied existential costs a retain and a release
    /// (two atomic operations) per item per frame, a third of the write-back.
    struct WriteBackTarget: ~Copyable {
        let item: any DynamicItem
        let body: Int32
        let isGroup: Bool
    }
    @exclusivity(unchecked) private var writeBackTargets = UniqueArray<WriteBackTarget>()
    private var recordIndex: [ObjectIdentifier: Int] = [:]
    /// Body slot → record index, for reporting contacts by item.
    private(set) var recordByBody: [Int32: Int] = [:]

    /// Collision behaviours by their filter bit (at most 64 per animator).
    var collisionSlots = [CollisionBehavior?](repeating: nil, count: 64)
    /// Boundary tags → identifier and owner, for the collision delegate.
    var boundaryRegistry: [Int32: (identifier: AnyHashable, behavior: CollisionBehavior)] = [:]
    var nextBoundaryTag: Int32 = 0

    private var accumulator: Double = 0
    @exclusivity(unchecked) private(set) var isStepping = false
    private var pendingChanges: [() -> Void] = []

    /// Push behaviours in the animator, applied before each world step.
    var pushes: [PushBehavior] = []
    /// Gravity behaviours in the animator, in association order.
    var gravities: [GravityBehavior] = []
    /// Set when an item behaviour changed; item properties are recomputed before the next step.
    var itemPropertiesDirty = false
    /// Behaviours with an action, in traversal order; rebuilt lazily after structural changes.
    private var actionBehaviors: [DynamicBehavior] = []
    private var actionsDirty = false
    /// Reused write-back scratch: positions and rotations copied out of the world before any
    /// item setter runs, so item code can never observe the world mid-access.
    @exclusivity(unchecked) private var writeBack: [(Vec2, Vec2)] = []

    /// Creates an animator whose reference bounds are empty.
    public convenience init() {
        self.init(referenceBounds: .zero)
    }

    /// Creates an animator with the given coordinate space.
    public init(referenceBounds: CGRect) {
        self.referenceBounds = referenceBounds
        self.host = nil
    }

    /// The object whose coordinate space the animator works in, if it was made for one.
    public let host: (any DynamicAnimatorHost)?

    /// Creates an animator that works in `host`'s coordinate space and tells it after every step
    /// (what `init(collectionViewLayout:)` is built on).
    public init(host: any DynamicAnimatorHost) {
        self.host = host
        self.referenceBounds = host.dynamicAnimatorReferenceBounds
    }

    /// Calls `body` with every item the animator moves, in the order they joined it.
    public func forEachItem(_ body: (any DynamicItem) throws -> Void) rethrows {
        for record in records { try body(record.item) }
    }

    deinit {
        // Behaviours hold an unowned reference to their animator and handles into its world:
        // dissociate them properly, so one added to another animator later starts clean.
        for behavior in behaviors.reversed() {
            detach(behavior)
            behavior.isTopLevel = false
        }
    }

    // MARK: Behaviours

    /// Adds a behaviour. A behaviour already at the top level is ignored; one already elsewhere
    /// in this animator's tree traps, as UIKit does. Called during a step, it takes effect at the
    /// end of the step.
    public func addBehavior(_ behavior: DynamicBehavior) {
        if behaviors.contains(where: { $0 === behavior }) { return }
        if behavior.host === self {
            dynamicsTrap("Adding the same behavior twice to the same animator is not supported")
        }
        if behavior.host != nil || behavior.parent != nil {
            logger.warning(
                "addBehavior: \(type(of: behavior)) already belongs to another animator or behaviour; ignored")
            return
        }
        performStructuralChange { [self] in
            guard behavior.host == nil, behavior.parent == nil else { return }
            self.behaviors.append(behavior)
            behavior.isTopLevel = true
            self.attach(behavior)
        }
    }

    /// Removes a top-level behaviour and everything it added to the world.
    public func removeBehavior(_ behavior: DynamicBehavior) {
        performStructuralChange { [self] in
            guard let index = self.behaviors.firstIndex(where: { $0 === behavior }) else { return }
            self.detach(behavior)
            self.behaviors.remove(at: index)
            behavior.isTopLevel = false
        }
    }

    /// Removes every behaviour.
    public func removeAllBehaviors() {
        performStructuralChange { [self] in
            for behavior in self.behaviors.reversed() {
                self.detach(behavior)
                behavior.isTopLevel = false
            }
            self.behaviors.removeAll()
        }
    }

    /// Runs a change to the behaviour tree now, or at the end of the current step when called
    /// from inside one (an action or a callback), so a step always sees one consistent tree.
    func performStructuralChange(_ change: @escaping () -> Void) {
        if isStepping {
            pendingChanges.append(change)
        } else {
            change()
            actionsDirty = true
            worldDidChange()
        }
    }

    /// Associates a behaviour subtree with this animator.
    func attach(_ behavior: DynamicBehavior) {
        behavior.willMove(to: self)
        behavior.host = self
        if behavior.isPrimitive { behavior.associate(with: self) }
        for child in behavior.childBehaviors { attach(child) }
    }

    /// Dissociates a behaviour subtree from this animator.
    func detach(_ behavior: DynamicBehavior) {
        for child in behavior.childBehaviors.reversed() { detach(child) }
        behavior.willMove(to: nil)
        if behavior.isPrimitive { behavior.dissociate(from: self) }
        behavior.host = nil
    }

    /// A behaviour's action was set or cleared.
    func actionsDidChange() {
        actionsDirty = true
        resumeIfNeeded()
    }

    // MARK: Items and bodies

    /// The items whose bounding boxes, grown by 10 pt as UIKit's query does, meet `rect`.
    ///
    /// Items with collision shapes are found through the broad phase (their fat boxes carry
    /// part of that margin, the query the rest); the others, which the broad phase does not
    /// hold, by a scan.
    public func items(in rect: CGRect) -> [any DynamicItem] {
        guard rect.origin.isFinite, rect.size.width.isFinite, rect.size.height.isFinite else { return [] }
        let r = rect.standardized
        let margin = World.queryMargin * pointsPerMeter
        let minX = Double(r.minX) - margin, maxX = Double(r.maxX) + margin
        let minY = Double(r.minY) - margin, maxY = Double(r.maxY) + margin
        var result: [any DynamicItem] = []
        var found = Set<Int>()
        if world.liveShapeCount > 0 {
            // Fat boxes are grown by the broad phase's margin already; the query makes up the rest.
            let grow = Vec2(repeating: World.queryMargin - World.aabbMargin)
            let box = AABB(
                lower: Vec2(Double(r.minX), Double(r.minY)) / pointsPerMeter - grow,
                upper: Vec2(Double(r.maxX), Double(r.maxY)) / pointsPerMeter + grow)
            world.forEachShape(overlapping: box) { shape in
                guard !shape.isBoundary, let index = recordByBody[shape.body], found.insert(index).inserted else {
                    return
                }
                result.append(records[index].item)
            }
        }
        for (index, record) in records.enumerated() where record.shapes.isEmpty {
            let body = world.pose(of: record.body)
            let c = body.rotation
            let e = world.halfExtents(of: record.body) * pointsPerMeter
            let hx = abs(c.x) * e.x + abs(c.y) * e.y
            let hy = abs(c.y) * e.x + abs(c.x) * e.y
            let p = body.position * pointsPerMeter
            if p.x + hx >= minX && p.x - hx <= maxX && p.y + hy >= minY && p.y - hy <= maxY,
                found.insert(index).inserted
            {
                result.append(record.item)
            }
        }
        return result
    }

    /// Re-reads `item`'s center and rotation (not its bounds) into the world and wakes it, after
    /// the app moved the item itself. A center beyond the world's ±10¹² pt counts as that, with
    /// one log line.
    public func updateItem(usingCurrentState item: any DynamicItem) {
        guard let index = recordIndex[ObjectIdentifier(item)] else { return }
        world.setTransform(
            of: records[index].body, position: sanitizedCenter(of: item), angle: sanitizedAngle(of: item))
        worldDidChange()
    }

    /// The body for `item`, created on first use; each call must be balanced by `releaseBody`.
    func acquireBody(for item: any DynamicItem) -> BodyID {
        let key = ObjectIdentifier(item)
        if let index = recordIndex[key] {
            records[index].references += 1
            return records[index].body
        }
        if let group = item as? DynamicItemGroup {
            return acquireGroupBody(group, key: key)
        }
        let halfExtents = validatedHalfExtents(of: item)
        let body = world.createBody(
            position: sanitizedCenter(of: item), angle: sanitizedAngle(of: item), halfExtents: halfExtents)
        recordIndex[key] = records.count
        recordByBody[body.index] = records.count
        records.append(ItemRecord(item: item, body: body, references: 1, gravityMemberships: 0))
        writeBackTargets.append(WriteBackTarget(item: item, body: body.index, isGroup: false))
        itemPropertiesDirty = true
        host?.dynamicAnimator(self, didAdd: item)
        return body
    }

    /// Half the item's size in metres; a zero, negative or non-finite size traps as in UIKit.
    private func validatedHalfExtents(of item: any DynamicItem) -> Vec2 {
        let size = item.bounds.size
        guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else {
            dynamicsTrap("Invalid size \(describeSize(size)) for item \(item) in Dynamics")
        }
        // An item wider or taller than 2·10⁸ pt (half-extent 10⁸ pt) counts as that large, and
        // one narrower or shorter than 10⁻⁶ pt as that small (a smaller mass underflows): the
        // caller's size, reported once, when the item joins the world.
        let smallest = CGFloat(2 * minimumHalfExtent * pointsPerMeter)
        if exceeds(size.width, size.height, metres: 2 * leverArmLimit) {
            logger.warning(
                "DynamicItem.bounds: clamped size \(describeSize(size)) of item \(item) to 2e8 pt per side")
        } else if size.width < smallest || size.height < smallest {
            logger.warning(
                "DynamicItem.bounds: clamped size \(describeSize(size)) of item \(item) to 1e-6 pt per side")
        }
        return Self.clampedHalfExtents(size)
    }

    /// Half of `size` in metres, each side within 10⁻⁶…2·10⁸ pt (a non-finite side counts as
    /// the smallest): the extents of an item's body and of its collision shape.
    static func clampedHalfExtents(_ size: CGSize) -> Vec2 {
        func half(_ length: CGFloat) -> Double {
            guard length.isFinite else { return minimumHalfExtent }
            return min(max(Double(length) / (2 * pointsPerMeter), minimumHalfExtent), leverArmLimit)
        }
        return Vec2(half(size.width), half(size.height))
    }

    /// One compound body for a group: mass the sum of the members', centred on their centre of
    /// mass, inertia by the parallel-axis theorem; each member keeps its offset and angle.
    private func acquireGroupBody(_ group: DynamicItemGroup, key: ObjectIdentifier) -> BodyID {
        guard !group.items.isEmpty else {
            dynamicsTrap("Invalid size {0, 0} for item \(group) in Dynamics")
        }
        var massSum = 0.0
        var weighted = Vec2.zero
        var parts: [(item: any DynamicItem, center: Vec2, angle: Double, halfExtents: Vec2, mass: Double)] = []
        for member in group.items {
            let e = validatedHalfExtents(of: member)
            let m = 4 * e.x * e.y
            let c = sanitizedCenter(of: member)
            parts.append((member, c, sanitizedAngle(of: member), e, m))
            massSum += m
            weighted += m * c
        }
        let centre = weighted / massSum
        var inertia = 0.0
        var lower = Vec2(repeating: .infinity), upper = Vec2(repeating: -.infinity)
        for part in parts {
            let w = 2 * part.halfExtents.x, h = 2 * part.halfExtents.y
            inertia += part.mass * (w * w + h * h) / 12 + part.mass * lengthSquared(part.center - centre)
            lower = pointwiseMin(lower, part.center - part.halfExtents)
            upper = pointwiseMax(upper, part.center + part.halfExtents)
        }
        let extent = pointwiseMax(upper - centre, centre - lower)
        let body = world.createBody(position: centre, angle: 0, halfExtents: extent)
        world.setMassPerDensity(massSum, inertiaPerDensity: inertia, of: body)
        var record = ItemRecord(item: group, body: body, references: 1, gravityMemberships: 0)
        record.members = parts.map { ($0.item, $0.center - centre, $0.angle) }
        group.transform = .identity
        recordIndex[key] = records.count
        recordByBody[body.index] = records.count
        records.append(record)
        writeBackTargets.append(WriteBackTarget(item: group, body: body.index, isGroup: true))
        itemPropertiesDirty = true
        host?.dynamicAnimator(self, didAdd: group)
        return body
    }

    /// Releases one association of `item`; the body goes when the last one does.
    func releaseBody(for item: any DynamicItem) {
        let key = ObjectIdentifier(item)
        guard let index = recordIndex[key] else { return }
        records[index].references -= 1
        guard records[index].references == 0 else { return }
        host?.dynamicAnimator(self, didRemove: item)
        world.destroyBody(records[index].body)
        recordIndex[key] = nil
        recordByBody[records[index].body.index] = nil
        let last = records.count - 1
        if index != last {
            records[index] = records[last]
            recordIndex[ObjectIdentifier(records[index].item)] = index
            recordByBody[records[index].body.index] = index
            writeBackTargets.swapAt(index, last)
        }
        records.removeLast()
        _ = writeBackTargets.removeLast()
        itemPropertiesDirty = true
    }

    /// The record of an item already in the world.
    func recordIndex(of item: any DynamicItem) -> Int? {
        recordIndex[ObjectIdentifier(item)]
    }

    /// Mutates the record of an item in the world.
    func updateRecord(_ index: Int, _ body: (inout ItemRecord) -> Void) {
        body(&records[index])
    }

    /// The body of an item already in the world.
    func body(for item: any DynamicItem) -> BodyID? {
        recordIndex[ObjectIdentifier(item)].map { records[$0].body }
    }

    /// Counts `item` in or out of a gravity behaviour: gravity acts only on its own items.
    func changeGravityMembership(of item: any DynamicItem, by delta: Int) {
        guard let index = recordIndex[ObjectIdentifier(item)] else { return }
        records[index].gravityMemberships += delta
        world.setGravityScale(records[index].gravityMemberships > 0 ? 1 : 0, of: records[index].body)
    }

    private func sanitizedCenter(of item: any DynamicItem) -> Vec2 {
        let c = item.center
        if !c.isFinite {
            logger.error("item \(item) has a non-finite center \(c); using 0 for the non-finite components")
        } else if c.isBeyondWorld {
            // The engine writes back at most ±10¹² pt, so only a caller's center is reported here.
            logger.warning("DynamicItem.center: clamped \(c) of item \(item) to the world's ±1e12 pt")
        }
        return clampedToWorld(Vec2(c.x.isFinite ? Double(c.x) : 0, c.y.isFinite ? Double(c.y) : 0) / pointsPerMeter)
    }

    private func sanitizedAngle(of item: any DynamicItem) -> Double {
        let t = item.transform
        let angle = Elementary.atan2(Double(t.b), Double(t.a))
        return angle.isFinite ? angle : 0
    }

    // MARK: Running

    /// Something changed the world: wake every body and resume if a behaviour needs running.
    func worldDidChange() {
        world.wake()
        resumeIfNeeded()
    }

    private func resumeIfNeeded() {
        guard !isRunning, !isStepping, !shouldPause else { return }
        isRunning = true
        delegate?.dynamicAnimatorWillResume(self)
    }

    /// UIKit's pause rule: nothing registered, only empty composites without actions, or every
    /// body at rest. With no bodies at all, only an action keeps the animator going.
    private var shouldPause: Bool {
        if behaviors.isEmpty || behaviors.allSatisfy({ $0.letsAnimatorStop }) { return true }
        if world.dynamicBodyCount > 0 { return world.isAtRest }
        refreshActionsIfNeeded()
        return actionBehaviors.isEmpty
    }

    private func refreshActionsIfNeeded() {
        guard actionsDirty else { return }
        actionsDirty = false
        actionBehaviors.removeAll(keepingCapacity: true)
        for behavior in behaviors { collectActions(in: behavior) }
    }

    /// Appends the behaviours of `behavior`'s tree that have an action, in pre-order. (It replaced
    /// a closure passed to `forEachInTree` when that method, internal and not final, could not be
    /// called from the copies of this class's methods Embedded Swift compiles into other modules;
    /// the closure was not the cause, and `forEachInTree` is final now.)
    private func collectActions(in behavior: DynamicBehavior) {
        if behavior.action != nil { actionBehaviors.append(behavior) }
        for child in behavior.childBehaviors { collectActions(in: child) }
    }

    /// Advances the animator by one frame of `dt` seconds, exactly as a display-link tick would.
    ///
    /// A paused animator ignores the call. `dt` above 0.5 s counts as 1/60 s; a negative, zero or
    /// NaN `dt` advances nothing (but still writes back and runs actions).
    public func step(_ dt: TimeInterval) {
        guard isRunning, !isStepping else { return }
        var frame = dt.isNaN || dt < 0 ? 0 : dt
        if frame > Settings.maxFrameTime { frame = Settings.stalledFrameTime }

        // 1. Time, and the host's space (a layout's content can grow or shrink between frames).
        elapsedTime += frame
        if let host {
            let bounds = host.dynamicAnimatorReferenceBounds
            if bounds != referenceBounds, bounds.origin.isFinite, bounds.size.width.isFinite,
                bounds.size.height.isFinite
            {
                referenceBounds = bounds
            }
        }
        isStepping = true

        // 2. Item properties and pushes, before the world moves.
        if itemPropertiesDirty { applyItemProperties() }
        for case let collision? in collisionSlots where collision.translatesReferenceBoundsIntoBoundary {
            collision.rebuildReferenceBoundary()
        }
        for push in pushes { push.apply(in: self) }

        // 3. Fixed sub-steps, then write every item back.
        accumulator += frame
        let h = Settings.subStep
        while accumulator >= h {
            world.step(h)
            accumulator -= h
        }
        world.clearForces()
        writeBackItems()
        host?.dynamicAnimatorDidStep(self)

        // 4. Collision callbacks (every began, then every ended), then actions in traversal order.
        if world.hasContactEvents { dispatchContactEvents() }
        refreshActionsIfNeeded()
        for behavior in actionBehaviors { behavior.action?() }

        // 5. Changes made during the step take effect now.
        isStepping = false
        if !pendingChanges.isEmpty {
            let changes = pendingChanges
            pendingChanges.removeAll()
            for change in changes { change() }
            actionsDirty = true
            world.wake()
        }

        // 6. Pause when nothing is left to do.
        if shouldPause {
            isRunning = false
            delegate?.dynamicAnimatorDidPause(self)
        }
    }

    /// Copies every body's center and rotation into its item. A body whose state went
    /// non-finite (it cannot from valid input; this is the last line of defence) is put back
    /// where its item last was, at rest.
    private func writeBackItems() {
        let count = writeBackTargets.count
        guard count > 0 else { return }
        if writeBack.count != count { writeBack = Array(repeating: (.zero, .zero), count: count) }
        // The values are gathered first, so no access to the bodies is open while the items'
        // setters (the app's code) run.
        world.withBodies { bodies in
            let bodies = BoundedPointer(bodies)
            writeBack.withBoundedPointer { values in
                for i in 0..<count {
                    let body = bodies.pointer(at: writeBackTargets[i].body)
                    // A body whose velocity alone went non-finite is broken too: its pose would
                    // follow at the next step.
                    let moving = body.pointee.linearVelocity.isFinite && body.pointee.angularVelocity.isFinite
                    values[i] = (
                        moving ? body.pointee.position * pointsPerMeter : Vec2(repeating: .nan), body.pointee.rotation
                    )
                }
            }
        }
        var broken: [Int] = []
        writeBack.withUnsafeBufferPointer { values in
            for i in 0..<count {
                let (p, q) = values[i]
                guard p.isFinite, q.isFinite else {
                    broken.append(i)
                    continue
                }
                if writeBackTargets[i].isGroup {
                    writeGroup(records[i], p, q)
                } else {
                    Self.place(writeBackTargets[i], p, q)
                }
            }
        }
        for i in broken {
            recoverBody(of: records[i])
            // The item gets the restored state too: its own may be the NaN a caller gave it.
            let pose = world.pose(of: records[i].body)
            let p = pose.position * pointsPerMeter
            if writeBackTargets[i].isGroup {
                writeGroup(records[i], p, pose.rotation)
            } else {
                Self.place(writeBackTargets[i], p, pose.rotation)
            }
        }
    }

    /// Sets a plain item's center and rotation. The target is borrowed, not copied: see
    /// `WriteBackTarget`.
    @inline(__always)
    private static func place(_ target: borrowing WriteBackTarget, _ p: Vec2, _ q: Vec2) {
        target.item.center = CGPoint(x: p.x, y: p.y)
        target.item.transform = CGAffineTransform(a: q.x, b: q.y, c: -q.y, d: q.x, tx: 0, ty: 0)
    }

    /// A group writes each member: its offset turned with the body, its own angle plus the
    /// body's.
    private func writeGroup(_ record: ItemRecord, _ p: Vec2, _ q: Vec2) {
        record.item.transform = CGAffineTransform(a: q.x, b: q.y, c: -q.y, d: q.x, tx: 0, ty: 0)
        for member in record.members ?? [] {
            let c = p + rotate(q, member.offset) * pointsPerMeter
            let r = rotate(q, rotation(member.angle))
            member.item.center = CGPoint(x: c.x, y: c.y)
            member.item.transform = CGAffineTransform(a: r.x, b: r.y, c: -r.y, d: r.x, tx: 0, ty: 0)
        }
    }

    private func recoverBody(of record: ItemRecord) {
        logger.error("body of item \(record.item) became non-finite; restored to the item's last state")
        world.setTransform(
            of: record.body, position: sanitizedCenter(of: record.item), angle: sanitizedAngle(of: record.item))
        world.setLinearVelocity(.zero, of: record.body)
        world.setAngularVelocity(0, of: record.body)
    }
}
