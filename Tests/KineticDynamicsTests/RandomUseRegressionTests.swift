import Foundation
import Testing

@testable import KineticDynamics

/// The shrunk counterexamples the engine's property tests found (KineticPropertyTests, issue
/// 20), kept as plain cases: huge but finite values the engine accepts must not overflow in the
/// solver (its last line of defence, "became non-finite; restored", must never be needed), and
/// a non-finite boundary is refused, not trapped on.
@Suite("Random use: the engine's counterexamples")
struct RandomUseRegressionTests {
    /// An animator logging into `capture`, with three 40 pt items held by an item behaviour, as
    /// the property's harness builds it.
    func scene(_ capture: LogCapture) -> (DynamicAnimator, [TestItem], DynamicItemBehavior) {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800))
        animator.logger = capture.logger
        let items = (0..<3).map {
            TestItem(center: CGPoint(x: 60 + 120 * Double($0), y: 100), size: CGSize(width: 40, height: 40))
        }
        let probe = DynamicItemBehavior(items: items)
        animator.addBehavior(probe)
        return (animator, items, probe)
    }

    func expectFinite(_ items: [TestItem], _ probe: DynamicItemBehavior, _ capture: LogCapture) {
        for item in items {
            #expect(item.center.isFinite && item.transform.a.isFinite && item.transform.b.isFinite)
            #expect(probe.linearVelocity(for: item).isFinite && probe.angularVelocity(for: item).isFinite)
        }
        #expect(!capture.messages.contains { $0.contains("became non-finite") }, "\(capture.messages)")
    }

    /// [addAttachment(anchor (0, 1e300)), step]: the rod's length squared was infinite.
    @Test func anchorFarAwayIsClampedToTheWorld() {
        let capture = LogCapture()
        let (animator, items, probe) = scene(capture)
        animator.addBehavior(AttachmentBehavior(item: items[0], attachedToAnchor: CGPoint(x: 0, y: 1e300)))
        run(animator, frames: 3)
        expectFinite(items, probe, capture)
    }

    /// [addSnap((0, 0)), setCenter((0, 1e300)), step].
    @Test func itemMovedFarAwaySnapsBackFinitely() {
        let capture = LogCapture()
        let (animator, items, probe) = scene(capture)
        animator.addBehavior(SnapBehavior(item: items[0], snapTo: .zero))
        items[0].center = CGPoint(x: 0, y: 1e300)
        animator.updateItem(usingCurrentState: items[0])
        run(animator, frames: 3)
        expectFinite(items, probe, capture)
    }

    /// [addPush(magnitude 1.8e308)], both modes, and gravity of that magnitude.
    @Test(arguments: [PushBehavior.Mode.continuous, .instantaneous])
    func hugeMagnitudesSaturate(mode: PushBehavior.Mode) {
        let capture = LogCapture()
        let (animator, items, probe) = scene(capture)
        let push = PushBehavior(items: [items[0]], mode: mode)
        push.setAngle(0, magnitude: .greatestFiniteMagnitude)
        animator.addBehavior(push)
        let gravity = GravityBehavior(items: [items[1]])
        gravity.magnitude = .greatestFiniteMagnitude
        animator.addBehavior(gravity)
        expectFinite(items, probe, capture)
        run(animator, frames: 3)
        expectFinite(items, probe, capture)
    }

    /// [addAttachment(frequency 1.8e308)] and [addAttachment(frequency 1e30, length 1e300)]: the
    /// spring's stiffness overflowed to infinity and its bias to ∞·0.
    @Test func hugeSpringsStayFinite() {
        let capture = LogCapture()
        let (animator, items, probe) = scene(capture)
        let stiff = AttachmentBehavior(item: items[0], attachedToAnchor: .zero)
        stiff.frequency = .greatestFiniteMagnitude
        animator.addBehavior(stiff)
        let long = AttachmentBehavior(item: items[1], attachedToAnchor: .zero)
        long.frequency = 1e30
        long.length = 1e300
        animator.addBehavior(long)
        let dense = DynamicItemBehavior(items: [items[2]])
        dense.density = 1e300
        animator.addBehavior(dense)
        animator.addBehavior(AttachmentBehavior(item: items[2], attachedTo: items[0]))
        run(animator, frames: 3)
        expectFinite(items, probe, capture)
    }

    /// [setBoundaryInsets(0), fixedAttachment(anchor (-33.67, 1e30)), gravity and a snap, step]:
    /// a weld to a point 10¹³ m away, its effective mass found by cancelling huge terms.
    @Test func weldToAFarPointStaysFinite() {
        let capture = LogCapture()
        let (animator, items, probe) = scene(capture)
        let walls = CollisionBehavior(items: [items[1]])
        walls.setTranslatesReferenceBoundsIntoBoundary(with: .zero)
        animator.addBehavior(walls)
        animator.addBehavior(
            AttachmentBehavior.fixedAttachment(
                with: items[0], attachedTo: items[1], attachmentAnchor: CGPoint(x: -33.667300245186034, y: 1e30)))
        let parent = DynamicBehavior()
        parent.addChildBehavior(GravityBehavior(items: [items[1]]))
        parent.addChildBehavior(SnapBehavior(item: items[1], snapTo: .zero))
        animator.addBehavior(parent)
        run(animator, frames: 4)
        expectFinite(items, probe, capture)
    }

    /// [addItemBehavior, slidingAttachment(items 1, 2; anchor (0, -1e30)), setCenter(item 2,
    /// (0, 1e30)), gravity and a snap to (1, 1), a boundary from (1e30, 1.8e308) to (0, 1e30),
    /// step]: bodies and a boundary at the world's edge, 10¹³ m out, lost the precision the
    /// contact and the joint needed; the world now ends at 10¹⁰ m (10¹² pt).
    @Test func bodiesAtTheWorldsEdgeStayFinite() {
        let capture = LogCapture()
        let (animator, items, probe) = scene(capture)
        animator.addBehavior(
            AttachmentBehavior.slidingAttachment(
                with: items[1], attachedTo: items[2], attachmentAnchor: CGPoint(x: 0, y: -1e30),
                axisOfTranslation: CGVector(dx: 0, dy: 1)))
        items[2].center = CGPoint(x: 0, y: 1e30)
        animator.updateItem(usingCurrentState: items[2])
        let parent = DynamicBehavior()
        parent.addChildBehavior(GravityBehavior(items: [items[1]]))
        parent.addChildBehavior(SnapBehavior(item: items[1], snapTo: CGPoint(x: 1, y: 1)))
        animator.addBehavior(parent)
        let collision = CollisionBehavior(items: [items[1], items[2]])
        collision.addBoundary(
            withIdentifier: 0, from: CGPoint(x: 1e30, y: 1.7976931348623157e308), to: CGPoint(x: 0, y: 1e30))
        animator.addBehavior(collision)
        run(animator, frames: 10)
        expectFinite(items, probe, capture)
    }

    /// [setBounds(1e30 × 1e30), addCollision, step]: a colliding item larger than any world.
    @Test func enormousCollidingItemStaysFinite() {
        let capture = LogCapture()
        let (animator, items, probe) = scene(capture)
        items[0].bounds = CGRect(x: 0, y: 0, width: 1e30, height: 1e30)
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        run(animator, frames: 3)
        expectFinite(items, probe, capture)
    }

    /// A boundary with a NaN or infinite point is refused with one log line; it used to trap
    /// with the message for a path of zero length.
    @Test func nonFiniteBoundaryIsRefused() {
        let capture = LogCapture()
        let (animator, items, probe) = scene(capture)
        let collision = CollisionBehavior(items: items)
        animator.addBehavior(collision)
        collision.addBoundary(
            withIdentifier: "nan", from: CGPoint(x: 910, y: CGFloat.nan), to: CGPoint(x: 1.7e308, y: 910))
        collision.addBoundary(withIdentifier: "inf", from: .zero, to: CGPoint(x: CGFloat.infinity, y: 0))
        #expect(collision.boundaryIdentifiers?.isEmpty ?? true)
        #expect(capture.messages.filter { $0.contains("non-finite path") }.count == 2)
        run(animator, frames: 2)
        expectFinite(items, probe, capture)
    }

    /// A boundary between distinct points whose length squared underflows (1e-300 pt apart)
    /// gets no shape rather than a NaN normal, and says so in one line.
    @Test func subnormalBoundaryHasNoNaNNormal() {
        let capture = LogCapture()
        let (animator, items, probe) = scene(capture)
        let collision = CollisionBehavior(items: items)
        collision.addBoundary(withIdentifier: 1, from: CGPoint(x: 0, y: 150), to: CGPoint(x: 1e-300, y: 150))
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: items))
        run(animator, frames: 30)
        expectFinite(items, probe, capture)
        #expect(capture.messages.filter { $0.contains("segments shorter than 1e-7 pt: 1 of 1") }.count == 1)
    }

    /// Boundary points beyond the world's ±10¹² pt, given or made from the reference bounds, are
    /// used clamped, with one line per boundary built; a boundary inside the world logs nothing.
    @Test func boundaryBeyondTheWorldIsReported() {
        let capture = LogCapture()
        let (animator, items, probe) = scene(capture)
        let collision = CollisionBehavior(items: items)
        collision.addBoundary(withIdentifier: "floor", from: CGPoint(x: -1e13, y: 900), to: CGPoint(x: 1e13, y: 900))
        collision.addBoundary(withIdentifier: "wall", from: CGPoint(x: 500, y: 0), to: CGPoint(x: 500, y: 900))
        animator.addBehavior(collision)
        #expect(capture.messages.count == 1, "\(capture.messages)")
        #expect(capture.messages.first?.contains("addBoundary(withIdentifier: floor): clamped") == true)
        let walls = CollisionBehavior(items: items)
        walls.setTranslatesReferenceBoundsIntoBoundary(with: EdgeInsets(top: -1e30, left: 0, bottom: 0, right: 0))
        animator.addBehavior(walls)
        #expect(capture.messages.filter { $0.contains("translatesReferenceBoundsIntoBoundary: clamped") }.count == 1)
        animator.addBehavior(GravityBehavior(items: items))
        run(animator, frames: 30)
        expectFinite(items, probe, capture)
    }

    /// [fixedAttachment(items 1, 2 at (0, 1e30)), pinAttachment(items 0, 1 at (0, 0), range 0…0),
    /// setCenter(item 0, (0, NaN)), gravity and a snap on item 0, collision of items 0 and 1,
    /// step 11/120 s]: the body went non-finite and was restored, but its item kept the NaN
    /// center the caller gave it; the restored state is now written back too.
    @Test func recoveredItemIsWrittenBack() {
        let capture = LogCapture()
        let (animator, items, probe) = scene(capture)
        animator.addBehavior(
            AttachmentBehavior.fixedAttachment(
                with: items[1], attachedTo: items[2], attachmentAnchor: CGPoint(x: 0, y: 1e30)))
        let pin = AttachmentBehavior.pinAttachment(with: items[0], attachedTo: items[1], attachmentAnchor: .zero)
        pin.attachmentRange = FloatRange(minimum: 0, maximum: 0)
        animator.addBehavior(pin)
        items[0].center = CGPoint(x: 0, y: CGFloat.nan)
        animator.updateItem(usingCurrentState: items[0])
        let parent = DynamicBehavior()
        parent.addChildBehavior(GravityBehavior(items: [items[0]]))
        parent.addChildBehavior(SnapBehavior(item: items[0], snapTo: .zero))
        animator.addBehavior(parent)
        let collision = CollisionBehavior(items: [items[0], items[1]])
        collision.collisionMode = .items
        animator.addBehavior(collision)
        animator.step(11.0 / 120)
        for item in items {
            #expect(item.center.isFinite && item.transform.a.isFinite, "\(item.center)")
            #expect(probe.linearVelocity(for: item).isFinite)
        }
    }

    /// The soak's case: [a spring between items 1 and 2 (offset (4.29, 0), frequency 4.29,
    /// length 0), a weld of items 2 and 0 at (1.8e308, 481) with friction torque 1.8e308, step,
    /// items 0 and 1 anchored without rotation, reference bounds (-1.8e308, 0, 0, -1.8e308), a
    /// sliding attachment of items 2 and 0 at (0, -1e30) on a zero axis, boundary insets on item
    /// 2, item 0 turned by 1.8e308 rad, step 3/120 s]: item 1's velocity went NaN while its pose
    /// stayed finite, and the write-back only checked the pose.
    @Test func nonFiniteVelocityAloneIsRecovered() {
        let capture = LogCapture()
        let (animator, items, probe) = scene(capture)
        let spring = AttachmentBehavior(
            item: items[1], offsetFromCenter: .zero, attachedTo: items[2],
            offsetFromCenter: Offset(horizontal: 4.289340240468138, vertical: 0))
        spring.frequency = 4.289340240468138
        spring.damping = 0
        spring.length = 0
        animator.addBehavior(spring)
        let weld = AttachmentBehavior.fixedAttachment(
            with: items[2], attachedTo: items[0],
            attachmentAnchor: CGPoint(x: .greatestFiniteMagnitude, y: 481.48004996511673))
        weld.attachmentRange = FloatRange(minimum: 0, maximum: 481.48004996511673)
        weld.frictionTorque = .greatestFiniteMagnitude
        animator.addBehavior(weld)
        animator.step(7.0 / 120)
        let fixed = DynamicItemBehavior(items: [items[0], items[1]])
        fixed.isAnchored = true
        fixed.allowsRotation = false
        animator.addBehavior(fixed)
        animator.referenceBounds = CGRect(
            x: -CGFloat.greatestFiniteMagnitude, y: 0, width: 0, height: -CGFloat.greatestFiniteMagnitude)
        animator.addBehavior(
            AttachmentBehavior.slidingAttachment(
                with: items[2], attachedTo: items[0], attachmentAnchor: CGPoint(x: 0, y: -1e30),
                axisOfTranslation: CGVector(dx: 0, dy: 0)))
        let walls = CollisionBehavior(items: [items[2]])
        walls.setTranslatesReferenceBoundsIntoBoundary(with: EdgeInsets(top: 0, left: 5e-324, bottom: 0, right: 0))
        animator.addBehavior(walls)
        items[0].transform = CGAffineTransform(rotationAngle: .greatestFiniteMagnitude)
        animator.updateItem(usingCurrentState: items[0])
        animator.step(3.0 / 120)
        for item in items {
            #expect(item.center.isFinite && item.transform.a.isFinite)
            #expect(probe.linearVelocity(for: item).isFinite && probe.angularVelocity(for: item).isFinite)
        }
    }
}

/// A weld's anchor far from its items (issue 20): the property found a rigid weld anchored 10⁴ pt
/// away, pushed, diverging; a rigid weld's anchor is immaterial to the constraint, so the
/// engine holds a well-placed point instead.
@Suite("Random use: welds anchored far away")
struct FarWeldTests {
    /// Two items welded at `anchor` (rigid, or soft at 2 Hz), the first pushed and tied by a stiff
    /// spring to a third (the shrunk counterexample's shape); the welded items' centres, frame by
    /// frame, for 2 s.
    func trajectory(anchor: CGPoint, frequency: CGFloat = 0) -> (centers: [CGPoint], messages: [String]) {
        let capture = LogCapture()
        let (animator, items, _) = RandomUseRegressionTests().scene(capture)
        let weld = AttachmentBehavior.fixedAttachment(with: items[1], attachedTo: items[2], attachmentAnchor: anchor)
        weld.frequency = frequency
        animator.addBehavior(weld)
        let push = PushBehavior(items: [items[0]], mode: .continuous)
        push.setAngle(1, magnitude: 10.9)
        animator.addBehavior(push)
        let spring = AttachmentBehavior(
            item: items[0], offsetFromCenter: .zero, attachedTo: items[1],
            offsetFromCenter: Offset(horizontal: 420, vertical: 0))
        spring.frequency = 420
        animator.addBehavior(spring)
        var centers: [CGPoint] = []
        for _ in 0..<240 {
            animator.step(1.0 / 120)
            centers += [items[1].center, items[2].center]
        }
        return (centers, capture.messages)
    }

    /// With the relative angle held, vB + ω×rB − vA − ω×rA = vB − vA − ω×(cB − cA) for any shared
    /// point: a rigid weld is the same constraint wherever its anchor is. So the motion is the
    /// same, bit for bit, for an anchor between the items and one 10⁶ pt away (before, 3·10⁴ pt
    /// already made the bodies non-finite).
    @Test func rigidWeldMovesTheSameWhereverItsAnchorIs() {
        let near = trajectory(anchor: CGPoint(x: 120, y: 100))
        #expect(near.messages.isEmpty, "\(near.messages)")
        #expect(near.centers.allSatisfy { $0.isFinite })
        for distance in [1e4, 1e5, 1e6] {
            let far = trajectory(anchor: CGPoint(x: 0, y: distance))
            #expect(far.messages.isEmpty, "anchor \(distance) pt away: \(far.messages)")
            #expect(far.centers == near.centers, "anchor \(distance) pt away")
        }
    }

    /// The welded pair keeps its shape: the items' distance stays the 120 pt it was made with.
    /// Tolerance: 0.5 pt, a few times the solver's 0.5 cm linear slop (Box2D's b2_linearSlop) in
    /// a scene driven by a 420 Hz spring.
    @Test func rigidWeldFarAwayHoldsTheItemsTogether() {
        let far = trajectory(anchor: CGPoint(x: 0, y: 1e6))
        for frame in stride(from: 0, to: far.centers.count, by: 2) {
            let d = hypot(
                far.centers[frame + 1].x - far.centers[frame].x, far.centers[frame + 1].y - far.centers[frame].y)
            #expect(abs(d - 120) < 0.5, "frame \(frame / 2): \(d) pt apart")
        }
    }

    /// A soft weld turns about its anchor, so the anchor stays the caller's; within ±10⁴ pt
    /// (the property's range) it stays finite and quiet.
    @Test(arguments: [1e3, 1e4])
    func softWeldAnchoredFarStaysFinite(distance: Double) {
        let run = trajectory(anchor: CGPoint(x: 0, y: distance), frequency: 2)
        #expect(run.messages.isEmpty, "\(run.messages)")
        #expect(run.centers.allSatisfy { $0.isFinite })
    }
}

/// A sliding attachment's anchor far from its items (issue 20, found by the property at ±10⁴ pt).
@Suite("Random use: sliding attachments anchored far away")
struct FarSliderTests {
    /// Item 1 slides on the ground along an axis through `anchor`, is pinned to item 2, which
    /// snaps to a point 99 m away with a damping ratio of 93, stepped 8/120 s and 9/120 s: the
    /// shrunk counterexample. Returns the centres after each step and the log.
    func run(anchor: CGPoint) -> (centers: [CGPoint], messages: [String]) {
        let capture = LogCapture()
        let (animator, items, _) = RandomUseRegressionTests().scene(capture)
        animator.addBehavior(
            AttachmentBehavior.pinAttachment(
                with: items[1], attachedTo: items[2], attachmentAnchor: CGPoint(x: 583, y: -498)))
        animator.addBehavior(
            AttachmentBehavior.slidingAttachment(
                with: items[1], attachmentAnchor: anchor, axisOfTranslation: CGVector(dx: -931.8, dy: 503.8)))
        let snap = SnapBehavior(item: items[2], snapTo: CGPoint(x: 1, y: 10000))
        snap.damping = 92.9
        animator.addBehavior(snap)
        var centers: [CGPoint] = []
        for dt in [8.0 / 120, 9.0 / 120, 1.0 / 120, 1.0 / 120] {
            animator.step(dt)
            centers += items.map(\.center)
        }
        return (centers, capture.messages)
    }

    /// The slider's rows hold d = pB − pA, which with the angle locked is the same for every
    /// shared point: the anchor changes nothing, bit for bit, whether it is on the item or 10⁴
    /// pt away (before, the far anchor sent the items to the world's edge and back as NaN).
    @Test func sliderMovesTheSameWhereverItsAnchorIs() {
        let near = run(anchor: CGPoint(x: 180, y: 100))
        #expect(near.messages.isEmpty, "\(near.messages)")
        #expect(near.centers.allSatisfy { $0.isFinite && abs($0.x) < 1e4 && abs($0.y) < 1e4 }, "\(near.centers)")
        let far = run(anchor: CGPoint(x: 503.8, y: 10000))
        #expect(far.messages.isEmpty, "\(far.messages)")
        #expect(far.centers == near.centers)
    }
}

/// Values a caller may give outside any animator are reported, and can be collected.
@Suite("Random use: finite input with no animator")
struct DetachedInputTests {
    /// Any finite, non-zero axis has a direction, however large or small its components: the
    /// slider moves along the diagonal under gravity, and nothing is logged (its length used to
    /// overflow to ∞ or underflow to 0, and the axis was replaced by (1, 0) with a log line).
    @Test(arguments: [(1e300, 1e300), (1.7976931348623157e308, 1.7976931348623157e308), (5e-324, 5e-324)])
    func extremeAxisKeepsItsDirection(dx: Double, dy: Double) {
        let capture = LogCapture()
        let moved = DynamicAnimator.detachedLogger.withValue(capture.logger) {
            let (animator, items, _) = RandomUseRegressionTests().scene(capture)
            let slider = AttachmentBehavior.slidingAttachment(
                with: items[0], attachmentAnchor: items[0].center, axisOfTranslation: CGVector(dx: dx, dy: dy))
            animator.addBehavior(slider)
            animator.addBehavior(GravityBehavior(items: [items[0]]))
            run(animator, frames: 30)
            return CGPoint(x: items[0].center.x - 60, y: items[0].center.y - 100)
        }
        // Along the diagonal: x and y moved alike, to 0.1 pt (the joint's position slop is 0.5 cm).
        #expect(moved.y > 10 && abs(moved.x - moved.y) < 0.1, "\(moved)")
        #expect(capture.messages.isEmpty, "\(capture.messages)")
    }

    /// A behaviour's bad value before it joins an animator, and a region's, reach the logger
    /// bound to `DynamicAnimator.detachedLogger`.
    @Test func detachedReportsReachTheBoundLogger() {
        let capture = LogCapture()
        DynamicAnimator.detachedLogger.withValue(capture.logger) {
            let item = TestItem(center: .zero, size: CGSize(width: 10, height: 10))
            let attachment = AttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 0, y: 1e13))
            attachment.frequency = .nan
            _ = Region(size: CGSize(width: -1, height: 5))
        }
        let messages = capture.messages
        #expect(messages.count == 3, "\(messages)")
        #expect(messages.contains { $0.contains("anchorPoint: clamped") })
        #expect(messages.contains { $0.contains("frequency") })
        #expect(messages.contains { $0.contains("Region(size:)") })
    }
}
