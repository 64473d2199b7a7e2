import KineticAnimation
import KineticDynamics
import KineticGestures
import KineticPlatform

/// Seed 004's toss (Kodeco's "Tossing Views") as a reusable controller: a pan attaches the item
/// at the grab point (so it turns as it is dragged); a release faster than
/// ``throwingThreshold`` pushes it along the velocity and spins it, and ``resetDelay`` later it
/// animates home; a slower release sends it home at once.
///
/// Feed it pan phases (or attach it to a ``/KineticGestures/GestureArena`` with ``install(in:)``, whose
/// ``/KineticGestures/GestureArena/advance(to:)`` then advances it) and call ``advance(to:)`` every frame with
/// the clock's time.
public final class TossInteraction: GestureArenaParticipant {
    /// The physics of the toss, in the item's superview coordinates.
    public let animator: DynamicAnimator
    /// Runs the animation home.
    public let viewAnimator: ViewAnimator
    /// The tossed item.
    public let item: any AnimatableItem
    /// Where the item lives when at rest.
    public let originalCenter: CGPoint
    /// The item's bounds when at rest, restored by ``resetDemo()``.
    public let originalBounds: CGRect

    /// Releases faster than this (pt/s) throw the item (the tutorial's 1000).
    public var throwingThreshold: CGFloat = 1000
    /// The throw's push is the release speed divided by this (the tutorial's 35).
    public var throwingVelocityPadding: CGFloat = 35
    /// How long a thrown item flies before it is sent home (the tutorial's 0.4 s).
    public var resetDelay: TimeInterval = 0.4
    /// How long the way home takes (the tutorial's 0.45 s).
    public var resetDuration: TimeInterval = 0.45

    /// The attachment's anchor, under the finger (the tutorial's red square); nil when not
    /// dragging.
    public private(set) var anchorPoint: CGPoint?
    /// The grab point on the item, in superview coordinates: it turns with the item (the
    /// tutorial's blue square); nil when not dragging.
    public var attachmentPoint: CGPoint? {
        guard let offset = grabOffset else { return nil }
        let t = item.transform
        return CGPoint(
            x: item.center.x + t.a * offset.horizontal + t.c * offset.vertical,
            y: item.center.y + t.b * offset.horizontal + t.d * offset.vertical)
    }
    /// The angular velocity given to the last throw, in rad/s.
    public private(set) var lastSpin: CGFloat = 0

    private var attachment: AttachmentBehavior?
    private var grabOffset: Offset?
    private var resetTime: TimeInterval?
    private var random: SeededRandom
    private var lastTime: TimeInterval?

    /// A toss of `item` within `referenceBounds`, timed by `clock`, its spins drawn from `seed`.
    public init(item: any AnimatableItem, referenceBounds: CGRect, clock: any AnimationClock, seed: UInt64 = 0) {
        self.item = item
        animator = DynamicAnimator(referenceBounds: referenceBounds)
        viewAnimator = ViewAnimator(clock: clock)
        originalCenter = item.center
        originalBounds = item.bounds
        random = SeededRandom(seed: seed)
    }

    // MARK: Gesture phases

    /// A pan began at `location`: the item hangs from that point.
    public func began(at location: CGPoint) {
        guard location.x.isFinite, location.y.isFinite else { return }
        viewAnimator.cancelAnimations(of: item)
        resetTime = nil
        animator.removeAllBehaviors()
        // The grab point in the item's own (turned) frame, as `location(in: imageView)` gives it.
        let t = item.transform
        let d = CGPoint(x: location.x - item.center.x, y: location.y - item.center.y)
        let determinant = t.a * t.d - t.b * t.c
        let offset =
            determinant != 0
            ? Offset(
                horizontal: (t.d * d.x - t.c * d.y) / determinant, vertical: (-t.b * d.x + t.a * d.y) / determinant)
            : Offset(horizontal: d.x, vertical: d.y)
        let attachment = AttachmentBehavior(item: item, offsetFromCenter: offset, attachedToAnchor: location)
        self.attachment = attachment
        grabOffset = offset
        anchorPoint = location
        animator.addBehavior(attachment)
    }

    /// The pan moved to `location`: the anchor follows the finger.
    public func changed(to location: CGPoint) {
        guard let attachment, location.x.isFinite, location.y.isFinite else { return }
        attachment.anchorPoint = location
        anchorPoint = location
    }

    /// The pan ended with `velocity` (pt/s): throw or go home.
    public func ended(velocity: CGPoint) {
        guard attachment != nil else { return }
        animator.removeAllBehaviors()
        attachment = nil
        anchorPoint = nil
        grabOffset = nil
        let magnitude = velocity.x.isFinite && velocity.y.isFinite ? Elementary.hypot(velocity.x, velocity.y) : 0
        guard magnitude > throwingThreshold else {
            resetDemo()
            return
        }
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.pushDirection = CGVector(dx: velocity.x / 10, dy: velocity.y / 10)
        push.magnitude = magnitude / throwingVelocityPadding
        animator.addBehavior(push)
        // arc4random_uniform(20) − 10: a whole number of rad/s in −10…9.
        lastSpin = CGFloat(Int(random.next() % 20) - 10)
        let spin = DynamicItemBehavior(items: [item])
        spin.friction = 0.2
        spin.allowsRotation = true
        spin.addAngularVelocity(lastSpin, for: item)
        animator.addBehavior(spin)
        resetTime = (lastTime ?? viewAnimator.currentTime) + resetDelay
    }

    /// The pan was cancelled: the item goes home.
    public func cancelled() {
        ended(velocity: .zero)
    }

    /// Stops the physics and animates the item back to its original center, bounds and an
    /// identity transform (the tutorial's `resetDemo`).
    public func resetDemo() {
        resetTime = nil
        animator.removeAllBehaviors()
        viewAnimator.animate(withDuration: resetDuration, items: [item]) {
            item.bounds = originalBounds
            item.center = originalCenter
            item.transform = .identity
        }
    }

    // MARK: Frames

    /// Advances physics and animation to `time` (seconds on the clock).
    public func advance(to time: TimeInterval) {
        guard time.isFinite else { return }
        let dt = lastTime.map { time - $0 } ?? 0
        lastTime = time
        if dt > 0 { animator.step(dt) }
        if let resetTime, time >= resetTime { resetDemo() }
        viewAnimator.step(to: time)
    }

    // MARK: Recognizers

    /// Adds a pan recognizer on the item to `arena` that drives this toss, and returns it.
    @discardableResult
    public func install(in arena: GestureArena) -> PanGestureRecognizer {
        let pan = PanGestureRecognizer()
        pan.maximumNumberOfTouches = 1
        // The arena holds the pan, which holds this action: the action holds this interaction
        // weakly (strongly in the WebAssembly build, where the interaction holds neither the
        // pan nor the arena: no cycle).
        let owner = WeakReference(wrappedValue: self)
        _ = pan.addAction { pan in
            guard let self = owner.wrappedValue else { return }
            switch pan.state {
            case .began: self.began(at: pan.location)
            case .changed: self.changed(to: pan.location)
            case .ended: self.ended(velocity: pan.velocity(in: nil))
            case .cancelled, .failed: self.cancelled()
            default: break
            }
        }
        arena.addGestureRecognizer(pan, to: item)
        arena.addParticipant(self)
        return pan
    }

    /// Advances to the arena's time.
    public func arenaDidAdvance(to time: TimeInterval) { advance(to: time) }
}
