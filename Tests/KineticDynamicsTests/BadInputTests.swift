import Foundation
import Testing

@testable import KineticDynamics

/// NaN, infinities and out-of-range parameters are reported and ignored; none reaches the
/// solver's state.
@Suite("Bad numbers never reach the solver")
struct BadInputTests {
    /// Every body value in the world is finite.
    func worldIsFinite(_ animator: DynamicAnimator) -> Bool {
        animator.world.bodies.allSatisfy {
            $0.position.isFinite && $0.angle.isFinite && $0.linearVelocity.isFinite && $0.angularVelocity.isFinite
        }
    }

    @Test func nonFiniteCentersAreSanitized() {
        let capture = LogCapture()
        let animator = DynamicAnimator()
        animator.logger = capture.logger
        let item = TestItem(center: CGPoint(x: CGFloat.nan, y: CGFloat.infinity))
        animator.addBehavior(GravityBehavior(items: [item]))
        run(animator, frames: 3)
        #expect(worldIsFinite(animator))
        #expect(item.center.isFinite && item.center.x == 0)
        item.center = CGPoint(x: 5, y: CGFloat.nan)
        animator.updateItem(usingCurrentState: item)
        run(animator, frames: 3)
        #expect(worldIsFinite(animator) && item.center.isFinite)
        #expect(capture.messages.filter { $0.contains("non-finite center") }.count == 2)
    }

    @Test func badAttachmentParametersAreIgnored() {
        let capture = LogCapture()
        let item = TestItem(center: CGPoint(x: 100, y: 0))
        let spring = AttachmentBehavior(item: item, attachedToAnchor: .zero)
        spring.frequency = 2
        let animator = DynamicAnimator()
        animator.logger = capture.logger
        animator.addBehavior(spring)
        spring.frequency = -1
        spring.damping = .nan
        spring.length = -5
        spring.anchorPoint = CGPoint(x: CGFloat.infinity, y: 0)
        spring.frictionTorque = .nan
        spring.attachmentRange = FloatRange(minimum: 1, maximum: -1)
        #expect(spring.frequency == 2 && spring.damping == 0 && spring.length == 100)
        #expect(spring.anchorPoint == .zero && spring.frictionTorque == 0 && spring.attachmentRange == .infinite)
        run(animator, frames: 30)
        #expect(worldIsFinite(animator) && item.center.isFinite)
        #expect(capture.messages.filter { $0.hasPrefix("error") }.count == 6)
    }

    @Test func badPushAndGravityValuesAreIgnored() {
        let item = TestItem()
        let animator = DynamicAnimator()
        let push = PushBehavior(items: [item], mode: .continuous)
        let gravity = GravityBehavior(items: [item])
        animator.addBehavior(push)
        animator.addBehavior(gravity)
        push.pushDirection = CGVector(dx: CGFloat.nan, dy: 1)
        push.angle = .infinity
        push.setTargetOffsetFromCenter(Offset(horizontal: .nan, vertical: 0), for: item)
        gravity.magnitude = .nan
        gravity.gravityDirection = CGVector(dx: 0, dy: CGFloat.infinity)
        gravity.setAngle(.nan, magnitude: 1)
        #expect(push.magnitude == 0 && push.angle == 0 && push.targetOffsetFromCenter(for: item) == .zero)
        #expect(gravity.magnitude == 1 && abs(gravity.angle - .pi / 2) < 1e-12)
        run(animator, frames: 10)
        #expect(worldIsFinite(animator) && item.center.isFinite)
    }

    /// Huge but finite inputs stay finite: the per-step translation clamp bounds the motion.
    @Test func hugeFiniteInputsStayFinite() {
        let item = TestItem()
        let animator = DynamicAnimator()
        let b = DynamicItemBehavior(items: [item])
        b.addLinearVelocity(CGPoint(x: 1e300, y: -1e300), for: item)
        b.addAngularVelocity(1e300, for: item)
        animator.addBehavior(b)
        let spring = AttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 1e12, y: 0))
        spring.frequency = 1e6
        animator.addBehavior(spring)
        run(animator, frames: 60)
        #expect(worldIsFinite(animator) && item.center.isFinite && item.transform.a.isFinite)
    }

    @Test func itemsInNonFiniteRectIsEmpty() {
        let animator = DynamicAnimator()
        animator.addBehavior(GravityBehavior(items: [TestItem()]))
        #expect(animator.items(in: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)).isEmpty)
        #expect(animator.items(in: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10)).isEmpty)
    }
}
