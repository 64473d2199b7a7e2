import KineticDynamics
import KineticGestures
// `SandboxPlayScene` (`sandbox`): boxes under gravity to drag, flick and snap, with controls.
import KineticPlatform

/// The sandbox: eight boxes in a walled 375×667 view under gravity, colliding with each other
/// and the walls. Drag a box (it hangs from the grab point), flick it (a push along the
/// release velocity), tap empty space (the nearest box snaps there); controls set gravity,
/// elasticity and a radial gravity field at the centre.
public final class SandboxPlayScene: TunableScene {
    public let clock = ManualClock()
    public let arena: GestureArena
    public let animator = DynamicAnimator(referenceBounds: CGRect(origin: .zero, size: InteractiveSceneName.viewSize))
    public let boxes: [Card]
    private let gravity: GravityBehavior
    private let properties: DynamicItemBehavior
    private let field: FieldBehavior
    private var drag: AttachmentBehavior?
    private var snap: SnapBehavior?
    private var lastTime: TimeInterval = 0
    private let pan = PanGestureRecognizer()
    private let tap = TapGestureRecognizer()

    public init() {
        arena = GestureArena(clock: clock)
        boxes = (0..<8).map { i in
            let side = CGFloat(44 + 8 * (i % 4))
            return Card(
                center: CGPoint(x: 60 + CGFloat(i % 4) * 85, y: 120 + CGFloat(i / 4) * 110),
                size: CGSize(width: side, height: side))
        }
        gravity = GravityBehavior(items: boxes)
        let collision = CollisionBehavior(items: boxes)
        collision.translatesReferenceBoundsIntoBoundary = true
        properties = DynamicItemBehavior(items: boxes)
        properties.elasticity = 0.5
        field = FieldBehavior.radialGravityField(
            position: CGPoint(x: InteractiveSceneName.viewSize.width / 2, y: InteractiveSceneName.viewSize.height / 2))
        field.strength = 0
        for box in boxes { field.addItem(box) }
        for behavior in [gravity, collision, properties, field] as [DynamicBehavior] { animator.addBehavior(behavior) }

        pan.maximumNumberOfTouches = 1
        // The actions refer to the scene without holding it (holding it would make a cycle
        // through the arena, which the scene holds); they leave the arena when the scene goes
        // (deinit), so none runs after it.
        _ = pan.addAction { [unowned(unsafe) self] pan in self.panned(pan) }
        _ = tap.addAction { [unowned(unsafe) self] tap in
            guard tap.state == .recognized else { return }
            self.tapped(at: tap.location)
        }
        arena.addGestureRecognizer(pan)
        arena.addGestureRecognizer(tap)
    }

    deinit {
        arena.removeGestureRecognizer(pan)
        arena.removeGestureRecognizer(tap)
    }

    private func box(at point: CGPoint) -> Card? {
        boxes.last { box in
            // The point in the box's own (turned) frame.
            let t = box.transform
            let d = CGPoint(x: point.x - box.center.x, y: point.y - box.center.y)
            let local = CGPoint(x: t.a * d.x + t.b * d.y, y: t.c * d.x + t.d * d.y)
            return abs(local.x) <= box.bounds.width / 2 && abs(local.y) <= box.bounds.height / 2
        }
    }

    private func panned(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            let start = CGPoint(
                x: pan.location.x - pan.translation(in: nil).x, y: pan.location.y - pan.translation(in: nil).y)
            guard let box = box(at: start) else { return }
            let t = box.transform
            let d = CGPoint(x: start.x - box.center.x, y: start.y - box.center.y)
            let offset = Offset(horizontal: t.a * d.x + t.b * d.y, vertical: t.c * d.x + t.d * d.y)
            let attachment = AttachmentBehavior(
                item: box, offsetFromCenter: offset, attachedToAnchor: inside(pan.location))
            // A soft spring, not a rod: the walls and the other boxes push back, so a box can be
            // dragged against a wall but not through it.
            attachment.length = 0
            attachment.frequency = 5
            attachment.damping = 0.7
            drag = attachment
            animator.addBehavior(attachment)
        case .changed:
            drag?.anchorPoint = inside(pan.location)
        case .ended, .cancelled, .failed:
            guard let attachment = drag, let box = attachment.items.first else { return }
            animator.removeBehavior(attachment)
            drag = nil
            let v = pan.velocity(in: nil)
            let speed = Elementary.hypot(v.x, v.y)
            guard pan.state == .ended, speed > 100 else { return }
            let push = PushBehavior(items: [box], mode: .instantaneous)
            push.pushDirection = CGVector(dx: v.x, dy: v.y)
            push.magnitude = speed / 35
            animator.addBehavior(push)
        default:
            break
        }
    }

    /// `point` kept inside the walls: a finger off the edge of the view pulls towards the edge.
    private func inside(_ point: CGPoint) -> CGPoint {
        let bounds = animator.referenceBounds
        return CGPoint(x: min(max(point.x, bounds.minX), bounds.maxX), y: min(max(point.y, bounds.minY), bounds.maxY))
    }

    private func tapped(at point: CGPoint) {
        guard box(at: point) == nil,
            let nearest = boxes.min(by: {
                Elementary.hypot($0.center.x - point.x, $0.center.y - point.y)
                    < Elementary.hypot($1.center.x - point.x, $1.center.y - point.y)
            })
        else { return }
        if let snap { animator.removeBehavior(snap) }
        let behavior = SnapBehavior(item: nearest, snapTo: inside(point))
        snap = behavior
        animator.addBehavior(behavior)
    }

    public func advance(to time: TimeInterval) {
        clock.sleep(until: time)
        arena.advance(to: time)
        if time > lastTime { animator.step(time - lastTime) }
        lastTime = max(lastTime, time)
    }

    // MARK: Parameters

    public var parameters: [SceneParameter] {
        [
            SceneParameter(
                name: "gravity", minimum: 0, maximum: 3, value: Double(gravity.magnitude), unit: "× 1000 pt/s²"),
            SceneParameter(name: "elasticity", minimum: 0, maximum: 1, value: Double(properties.elasticity)),
            SceneParameter(name: "field", minimum: 0, maximum: 5, value: Double(field.strength), unit: "strength"),
        ]
    }

    public func setParameter(_ name: String, to value: Double) -> Bool {
        guard let parameter = parameters.first(where: { $0.name == name }), value.isFinite,
            (parameter.minimum...parameter.maximum).contains(value)
        else { return false }
        switch name {
        case "gravity": gravity.magnitude = CGFloat(value)
        case "elasticity": properties.elasticity = CGFloat(value)
        default: field.strength = CGFloat(value)
        }
        return true
    }

    // MARK: Frames

    public var state: [Double] {
        boxes.flatMap { box -> [Double] in [box.center.x, box.center.y, box.transform.a, box.transform.b] }
    }

    public var summary: String {
        boxes.map { "(\(fixedPointText($0.center.x, digits: 1)), \(fixedPointText($0.center.y, digits: 1)))" }.joined(
            separator: " ")
    }

    public var overlay: DebugOverlay { DebugOverlay([animator]) }

    public var drawables: [Drawable] {
        var all = boxes.enumerated().map { i, box in
            Drawable(
                id: i, kind: .card, x: Double(box.center.x), y: Double(box.center.y), width: Double(box.bounds.width),
                height: Double(box.bounds.height), angle: Double(Elementary.atan2(box.transform.b, box.transform.a)))
        }
        if let drag {
            all.append(
                Drawable(
                    id: 100, kind: .anchor, x: Double(drag.anchorPoint.x), y: Double(drag.anchorPoint.y), width: 10,
                    height: 10, z: 2))
        }
        if let snap {
            all.append(
                Drawable(
                    id: 101, kind: .attachment, x: Double(snap.snapPoint.x), y: Double(snap.snapPoint.y), width: 8,
                    height: 8, z: 1))
        }
        return all
    }
}
