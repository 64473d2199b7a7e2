import KineticPlatform

/// Anchor attachments whose anchor points move together, each at a fixed offset from one point:
/// a drag's springs, which all follow the finger.
///
/// ``moveAnchors(to:)`` does what setting every attachment's
/// ``AttachmentBehavior/anchorPoint`` to `point + offset` does, in one pass over the engine's
/// joints. With thousands of attachments that matters: setting each one's anchor fetches the
/// attachment object from memory, and scattered objects made that most of a drag's frame
/// (10,000 dragged items, four springs each). The group keeps the point and the offsets, so an
/// attachment's ``AttachmentBehavior/anchorPoint`` reads `point + offset` while the group moved
/// it last; setting the attachment's own anchor afterwards wins until the group moves again.
///
/// An attachment belongs to at most one group (a later group leaves it out, with a log line);
/// attachments between two items have no anchor and are left out too. The attachments may be
/// added to an animator, removed or moved to another at any time.
public final class AttachmentAnchorGroup {
    /// The attachments the group moves, in the order given (those it took).
    public let attachments: [AttachmentBehavior]
    /// Each attachment's anchor relative to ``point``, in points.
    public let offsets: [CGVector]
    /// The point the anchors are placed around: the initialiser's, then the last finite one
    /// given to ``moveAnchors(to:)``.
    public private(set) var point: CGPoint

    /// The largest offset component's magnitude: a point whose anchors would overflow is
    /// found from it in one test.
    private let largestOffset: CGFloat
    /// How many times the anchors moved (an attachment compares it with its own last set).
    private(set) var moveCount: UInt64 = 0
    /// The world whose joints `targets` holds (held, so that no other world can take its
    /// address), and its joint epoch then.
    private var cachedWorld: World?
    private var cachedEpoch: UInt64 = 0
    /// Whether the targets were found with no animator.
    private var foundDetached = false
    /// Members associated with the first member's animator: those held by a distance joint
    /// with its index in the world's dense distance array (valid while the joint epoch holds:
    /// only adding or removing joints reorders it), the others with their joints. `others`
    /// are the members in no or another animator.
    private var distanceTargets: [(member: Int32, dense: Int32)] = []
    private var targets: [(member: Int, joint: JointHandle)] = []
    private var others: [Int] = []

    /// Groups `attachments`, the anchor of the i-th at `offsets[i]` from `point`; the anchors
    /// are not moved until ``moveAnchors(to:)``. Offsets missing at the end count as zero, and
    /// non-finite ones as zero, with one log line.
    public init(attachments: [AttachmentBehavior], offsets: [CGVector], point: CGPoint) {
        let logger = attachments.first?.host?.logger ?? detachedLogger
        var taken: [AttachmentBehavior] = []
        var takenOffsets: [CGVector] = []
        var refused = 0, badOffsets = 0
        for (i, attachment) in attachments.enumerated() {
            guard attachment.attachedBehaviorType == .anchor, attachment.anchorGroup == nil else {
                refused += 1
                continue
            }
            var offset = i < offsets.count ? offsets[i] : .zero
            if !(offset.dx.isFinite && offset.dy.isFinite) {
                offset = .zero
                badOffsets += 1
            }
            taken.append(attachment)
            takenOffsets.append(offset)
        }
        if refused > 0 {
            logger.warning(
                "AttachmentAnchorGroup: left out \(refused) attachment(s) without an anchor or already in a group")
        }
        if badOffsets > 0 { logger.error("AttachmentAnchorGroup: used zero for \(badOffsets) non-finite offset(s)") }
        if !point.isFinite { logger.error("AttachmentAnchorGroup: ignored non-finite point \(point); using (0, 0)") }
        self.attachments = taken
        self.offsets = takenOffsets
        largestOffset = takenOffsets.reduce(0) { max($0, abs($1.dx), abs($1.dy)) }
        self.point = point.isFinite ? point : .zero
        for (i, attachment) in taken.enumerated() {
            attachment.anchorGroup = self
            attachment.anchorGroupIndex = i
        }
    }

    deinit {
        for attachment in attachments { attachment.leaveAnchorGroup() }
    }

    /// The anchor of the attachment at `index`: ``point`` plus its offset.
    @inline(__always)
    func anchor(at index: Int) -> CGPoint { Self.anchor(point, offsets[index]) }

    @inline(__always)
    private static func anchor(_ point: CGPoint, _ offset: CGVector) -> CGPoint {
        CGPoint(x: point.x + offset.dx, y: point.y + offset.dy)
    }

    /// Moves every anchor to `point` plus its offset. A non-finite point, or one whose anchors
    /// would not be finite, is ignored; anchors beyond the world's ±10¹² pt count as that;
    /// either with one log line per call.
    public func moveAnchors(to point: CGPoint) {
        let animator = attachments.first?.host
        // Finite, and so are its anchors (a point near the largest Double plus an offset is not).
        guard point.isFinite, (max(abs(point.x), abs(point.y)) + largestOffset).isFinite else {
            return (animator?.logger ?? detachedLogger).error(
                "AttachmentAnchorGroup.moveAnchors(to:): ignored non-finite point or anchors around \(point)")
        }
        self.point = point
        moveCount &+= 1
        refreshTargetsIfNeeded(animator)
        var beyond = false
        if let animator {
            let world = animator.world
            // The drag path: straight into the dense array, one pass.
            offsets.withReadOnlyBoundedPointer { offsets in
                world.joints.distance.joints.withBoundedPointer { joints in
                    for (member, dense) in distanceTargets {
                        let p = Self.anchor(point, offsets[member])
                        beyond = beyond || p.isBeyondWorld
                        // The anchor lives on the ground body, at the origin: its local point
                        // is the world point.
                        joints[dense].localAnchorA = p.meters
                    }
                }
            }
            for (member, joint) in targets {
                let p = anchor(at: member)
                beyond = beyond || p.isBeyondWorld
                world.setJointLocalAnchorA(p.meters, of: joint)
            }
            if !targets.isEmpty || !distanceTargets.isEmpty { animator.worldDidChange() }
        }
        for member in others {
            // Not in the first attachment's animator: through the attachment, without taking
            // the value as its own.
            let p = anchor(at: member)
            beyond = beyond || p.isBeyondWorld
            attachments[member].moveJointAnchor(to: p)
        }
        if beyond {
            (animator?.logger ?? detachedLogger).warning(
                "AttachmentAnchorGroup.moveAnchors(to:): clamped anchors around \(point) to the world's ±1e12 pt")
        }
    }

    /// Finds the members' joints again when the first member's animator, or its set of
    /// joints, changed since they were found.
    private func refreshTargetsIfNeeded(_ animator: DynamicAnimator?) {
        if let animator {
            if animator.world === cachedWorld && animator.world.joints.epoch == cachedEpoch { return }
        } else if foundDetached {
            return
        }
        cachedWorld = animator?.world
        cachedEpoch = animator?.world.joints.epoch ?? 0
        foundDetached = animator == nil
        distanceTargets.removeAll(keepingCapacity: true)
        targets.removeAll(keepingCapacity: true)
        others.removeAll(keepingCapacity: true)
        for (i, attachment) in attachments.enumerated() {
            if let animator, attachment.host === animator, let joint = attachment.joint {
                if case .distance(let id) = joint {
                    distanceTargets.append((Int32(i), animator.world.joints.distance.denseIndex(of: id)))
                } else {
                    targets.append((i, joint))
                }
            } else {
                others.append(i)
            }
        }
    }
}
