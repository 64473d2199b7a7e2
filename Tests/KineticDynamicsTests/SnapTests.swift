import Foundation
import Testing

@testable import KineticDynamics

@Suite("Snap: four 4 Hz springs to a static anchor")
struct SnapTests {
    /// A tilted item settles on the snap point at angle 0 (every spring at its 50 pt rest
    /// length only there), and the animator then pauses.
    @Test func snapSettlesOnPointUpright() {
        let item = TestItem(center: CGPoint(x: 40, y: 60), size: CGSize(width: 80, height: 60))
        item.transform = CGAffineTransform(rotationAngle: 0.7)
        let animator = DynamicAnimator()
        let spy = DelegateSpy()
        animator.delegate = spy
        animator.addBehavior(SnapBehavior(item: item, snapTo: CGPoint(x: 300, y: 200)))
        var frames = 0
        while animator.isRunning && frames < 600 {
            animator.step(1.0 / 60.0)
            frames += 1
        }
        // Rest means below 1 pt/s for 0.5 s; the residual offset is far below a point.
        #expect(hypot(item.center.x - 300, item.center.y - 200) < 0.5)
        #expect(abs(item.angle) < 0.01)
        #expect(spy.pauses == 1 && !animator.isRunning)
    }

    /// The damping at association is used; later changes are only stored. More damping
    /// overshoots less; a change after association changes nothing.
    @Test func dampingIsReadAtAssociation() {
        func maxOvershoot(damping: CGFloat, changeAfter: CGFloat?) -> CGFloat {
            let item = TestItem(center: CGPoint(x: 0, y: 0), size: CGSize(width: 40, height: 40))
            let snap = SnapBehavior(item: item, snapTo: CGPoint(x: 200, y: 0))
            snap.damping = damping
            let animator = DynamicAnimator()
            animator.addBehavior(snap)
            if let changeAfter { snap.damping = changeAfter }
            var overshoot: CGFloat = 0
            for _ in 0..<240 {
                animator.step(1.0 / 120.0)
                overshoot = max(overshoot, item.center.x - 200)
            }
            return overshoot
        }
        let critical = maxOvershoot(damping: 1, changeAfter: nil)
        let light = maxOvershoot(damping: 0.1, changeAfter: nil)
        let changedLate = maxOvershoot(damping: 0.1, changeAfter: 1)
        #expect(critical < light / 2)
        #expect(changedLate == light, "a damping change after association is only stored")
    }

    /// Moving the snap point moves the anchor and wakes the animator.
    @Test func movingSnapPointWakes() {
        let item = TestItem(center: CGPoint(x: 0, y: 0), size: CGSize(width: 40, height: 40))
        let snap = SnapBehavior(item: item, snapTo: .zero)
        let animator = DynamicAnimator()
        let spy = DelegateSpy()
        animator.delegate = spy
        animator.addBehavior(snap)
        run(animator, frames: 120)
        #expect(!animator.isRunning)
        snap.snapPoint = CGPoint(x: 100, y: 50)
        #expect(animator.isRunning && spy.resumes == 2)
        run(animator, frames: 240)
        #expect(hypot(item.center.x - 100, item.center.y - 50) < 0.5)
        snap.snapPoint = CGPoint(x: CGFloat.nan, y: 0)
        #expect(snap.snapPoint == CGPoint(x: 100, y: 50))
    }
}
