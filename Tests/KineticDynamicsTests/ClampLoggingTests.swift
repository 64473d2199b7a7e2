import Foundation
import Testing

@testable import KineticDynamics

/// Issue 20: a caller's finite value beyond a documented range is clamped with exactly one log
/// line naming the property; an ordinary value logs nothing, and the engine never complains
/// about values it computed itself (velocity saturation, the world's position clamp).
@Suite("Clamped values are logged once, computed ones never")
struct ClampLoggingTests {
    /// An animator logging into a fresh capture.
    func animator() -> (DynamicAnimator, LogCapture) {
        let capture = LogCapture()
        let animator = DynamicAnimator()
        animator.logger = capture.logger
        return (animator, capture)
    }

    func worldIsFinite(_ animator: DynamicAnimator) -> Bool {
        animator.world.bodies.allSatisfy {
            $0.position.isFinite && $0.angle.isFinite && $0.linearVelocity.isFinite && $0.angularVelocity.isFinite
        }
    }

    @Test func anchorPointBeyondTheWorldIsLoggedOncePerAssignment() {
        let (animator, capture) = animator()
        let item = TestItem(center: CGPoint(x: 100, y: 0))
        let spring = AttachmentBehavior(item: item, attachedToAnchor: .zero)
        spring.frequency = 2
        animator.addBehavior(spring)
        spring.anchorPoint = CGPoint(x: 300, y: 40)
        #expect(capture.messages.isEmpty)
        spring.anchorPoint = CGPoint(x: 1e300, y: 0)
        #expect(capture.messages.count == 1)
        #expect(capture.messages.first?.contains("AttachmentBehavior.anchorPoint: clamped") == true)
        #expect(capture.messages.first?.contains("1e12") == true)
        #expect(spring.anchorPoint == CGPoint(x: 1e300, y: 0))
        run(animator, frames: 30)
        #expect(capture.messages.count == 1)
        #expect(worldIsFinite(animator))
    }

    @Test func springParametersBeyondTheirRangesAreLoggedOnce() {
        let (animator, capture) = animator()
        let item = TestItem(center: CGPoint(x: 100, y: 0))
        let spring = AttachmentBehavior(item: item, attachedToAnchor: .zero)
        animator.addBehavior(spring)
        spring.frequency = 3
        spring.damping = 0.5
        spring.length = 80
        #expect(capture.messages.isEmpty)
        spring.frequency = 1e300
        spring.damping = 1e300
        spring.length = 1e300
        #expect(capture.messages.count == 3)
        for (message, property) in zip(capture.messages, ["frequency", "damping", "length"]) {
            #expect(message.contains("AttachmentBehavior.\(property): clamped"))
        }
        run(animator, frames: 10)
        #expect(capture.messages.count == 3)
        #expect(worldIsFinite(animator))
    }

    @Test func itemCenterAndSizeBeyondTheirRangesAreLoggedOnce() {
        let (animator, capture) = animator()
        let far = TestItem(center: CGPoint(x: 1e300, y: 5))
        let huge = TestItem(size: CGSize(width: 1e20, height: 10))
        let plain = TestItem()
        animator.addBehavior(GravityBehavior(items: [far, huge, plain]))
        #expect(capture.messages.count == 2)
        #expect(capture.messages.filter { $0.contains("DynamicItem.center: clamped") }.count == 1)
        #expect(capture.messages.filter { $0.contains("DynamicItem.bounds: clamped") }.count == 1)
        // The engine writes the far item back at the world's edge: reading it again is silent.
        run(animator, frames: 20)
        animator.updateItem(usingCurrentState: far)
        animator.updateItem(usingCurrentState: plain)
        run(animator, frames: 20)
        #expect(capture.messages.count == 2)
        #expect(worldIsFinite(animator) && far.center.isFinite)
    }

    @Test func densityAndVelocityBeyondTheirRangesAreLoggedOnce() {
        let (animator, capture) = animator()
        let item = TestItem()
        let properties = DynamicItemBehavior(items: [item])
        animator.addBehavior(properties)
        properties.density = 2
        properties.addLinearVelocity(CGPoint(x: 10, y: 0), for: item)
        #expect(capture.messages.isEmpty)
        properties.density = 1e300
        properties.density = 1e-300
        properties.addLinearVelocity(CGPoint(x: 1e300, y: -1e300), for: item)
        properties.addAngularVelocity(1e300, for: item)
        let names = ["density", "density", "addLinearVelocity", "addAngularVelocity"]
        #expect(capture.messages.count == names.count)
        for (message, property) in zip(capture.messages, names) {
            #expect(message.contains("DynamicItemBehavior.\(property): clamped"))
        }
        run(animator, frames: 20)
        #expect(capture.messages.count == names.count)
        #expect(worldIsFinite(animator) && item.center.isFinite)
    }

    @Test func pushAndGravityBeyondTheirCapsAreLoggedOnce() {
        let (animator, capture) = animator()
        let item = TestItem()
        let push = PushBehavior(items: [item], mode: .continuous)
        let gravity = GravityBehavior(items: [item])
        animator.addBehavior(push)
        animator.addBehavior(gravity)
        push.magnitude = 5
        gravity.magnitude = 2
        push.setTargetOffsetFromCenter(Offset(horizontal: 10, vertical: 0), for: item)
        #expect(capture.messages.isEmpty)
        push.magnitude = 1e300
        push.pushDirection = CGVector(dx: 0, dy: -1e300)
        push.setTargetOffsetFromCenter(Offset(horizontal: 1e300, vertical: 0), for: item)
        gravity.magnitude = 1e300
        gravity.gravityDirection = CGVector(dx: 1e300, dy: 0)
        let names = [
            "PushBehavior.magnitude", "PushBehavior.pushDirection", "PushBehavior.setTargetOffsetFromCenter",
            "GravityBehavior.magnitude", "GravityBehavior.gravityDirection",
        ]
        #expect(capture.messages.count == names.count)
        for (message, property) in zip(capture.messages, names) {
            #expect(message.contains("\(property): clamped"))
        }
        run(animator, frames: 20)
        #expect(capture.messages.count == names.count)
        #expect(worldIsFinite(animator) && item.center.isFinite)
    }

    @Test func snapPointAndFieldPositionBeyondTheWorldAreLoggedOnce() {
        let (animator, capture) = animator()
        let item = TestItem()
        let snap = SnapBehavior(item: item, snapTo: CGPoint(x: 10, y: 10))
        let field = FieldBehavior.radialGravityField(position: CGPoint(x: 5, y: 5))
        field.addItem(item)
        animator.addBehavior(snap)
        animator.addBehavior(field)
        snap.snapPoint = CGPoint(x: 20, y: 30)
        field.position = CGPoint(x: -40, y: 2)
        #expect(capture.messages.isEmpty)
        snap.snapPoint = CGPoint(x: 0, y: -1e300)
        field.position = CGPoint(x: 1e200, y: 0)
        #expect(capture.messages.count == 2)
        #expect(capture.messages.first?.contains("SnapBehavior.snapPoint: clamped") == true)
        #expect(capture.messages.last?.contains("FieldBehavior.position: clamped") == true)
        run(animator, frames: 10)
        #expect(capture.messages.count == 2)
        #expect(worldIsFinite(animator) && item.center.isFinite)
    }

    /// A push of 10¹⁵⁰ N is within range: the 10¹⁴⁸ m/s it adds per sub-step saturates inside the
    /// engine at 10¹² m/s, and the translation clamp then holds the body to 2 m per sub-step
    /// (240 m/s), all silently.
    @Test func engineSaturationIsSilent() {
        let (animator, capture) = animator()
        let item = TestItem()
        let push = PushBehavior(items: [item], mode: .continuous)
        animator.addBehavior(push)
        push.magnitude = 1e150
        let gravity = GravityBehavior(items: [item])
        gravity.magnitude = 1e10
        animator.addBehavior(gravity)
        run(animator, frames: 30)
        let body = animator.world.bodies.first { $0.isDynamic }
        let v = body?.linearVelocity ?? .zero
        #expect(v.x > 200 && v.x <= Settings.maxTranslation / subStep * 1.01)
        #expect(capture.messages.isEmpty)
        #expect(worldIsFinite(animator) && item.center.isFinite)
    }
}
