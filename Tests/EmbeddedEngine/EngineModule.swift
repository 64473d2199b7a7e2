// The engine alone as a WebAssembly module, for its size (`Scripts/wasm --engine`): KineticDynamics
// and what it needs (KineticPlatform, swift-collections' BasicContainers, the C runtime), with
// one export that uses every behaviour an app can add, so none of the engine is left out.
import KineticDynamics
import KineticPlatform

/// An item: a rectangle the animator moves.
final class EngineItem: DynamicItem {
    var center: CGPoint
    var bounds: CGRect
    var transform: CGAffineTransform = .identity

    init(center: CGPoint, size: CGSize) {
        self.center = center
        self.bounds = CGRect(origin: .zero, size: size)
    }
}

/// Builds an animator with `count` items under every behaviour and field, steps it `frames`
/// times at 120 Hz, and returns the sum of the items' coordinates.
@_cdecl("kinetic_engine_run")
public func kineticEngineRun(_ count: Int32, _ frames: Int32) -> Double {
    let items = (0..<max(Int(count), 4)).map {
        EngineItem(
            center: CGPoint(x: 20 + Double($0 % 16) * 20, y: 20 + Double($0 / 16) * 20),
            size: CGSize(width: 16, height: 16))
    }
    let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 375, height: 667))
    animator.addBehavior(GravityBehavior(items: items))
    let collision = CollisionBehavior(items: items)
    collision.translatesReferenceBoundsIntoBoundary = true
    collision.addBoundary(withIdentifier: 1, for: BezierPath(ovalIn: CGRect(x: 100, y: 300, width: 80, height: 80)))
    animator.addBehavior(collision)
    animator.addBehavior(AttachmentBehavior(item: items[0], offsetFromCenter: .zero, attachedToAnchor: .zero))
    animator.addBehavior(
        AttachmentBehavior(item: items[1], offsetFromCenter: .zero, attachedTo: items[2], offsetFromCenter: .zero))
    for attachment in [
        AttachmentBehavior.slidingAttachment(
            with: items[0], attachedTo: items[1], attachmentAnchor: CGPoint(x: 30, y: 20),
            axisOfTranslation: CGVector(dx: 1, dy: 0)),
        .limitAttachment(with: items[1], offsetFromCenter: .zero, attachedTo: items[2], offsetFromCenter: .zero),
        .fixedAttachment(with: items[2], attachedTo: items[3], attachmentAnchor: .zero),
        .pinAttachment(with: items[0], attachedTo: items[3], attachmentAnchor: .zero),
    ] {
        animator.addBehavior(attachment)
    }
    let properties = DynamicItemBehavior(items: items)
    properties.elasticity = 0.3
    properties.allowsRotation = true
    animator.addBehavior(properties)
    let push = PushBehavior(items: [items[3]], mode: .instantaneous)
    push.pushDirection = CGVector(dx: 1, dy: -1)
    animator.addBehavior(push)
    animator.addBehavior(SnapBehavior(item: items[2], snapTo: CGPoint(x: 160, y: 240)))
    for field in [
        FieldBehavior.radialGravityField(position: CGPoint(x: 160, y: 240)),
        .linearGravityField(direction: CGVector(dx: 0, dy: 1)), .velocityField(direction: CGVector(dx: 1, dy: 0)),
        .noiseField(smoothness: 0.5, animationSpeed: 1), .turbulenceField(smoothness: 0.5, animationSpeed: 1),
        .springField(), .electricField(), .magneticField(), .dragField(), .vortexField(),
    ] {
        field.addItem(items[0])
        animator.addBehavior(field)
    }
    for _ in 0..<max(Int(frames), 0) { animator.step(1.0 / 120) }
    return items.reduce(0) { $0 + Double($1.center.x + $1.center.y) }
}
