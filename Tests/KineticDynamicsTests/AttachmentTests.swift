import Foundation
import Testing

@testable import KineticDynamics

@Suite("Attachments: springs, rods, pins")
struct AttachmentTests {
    /// Box2D 2.x's soft distance constraint for one body on a line, written out from its
    /// published formulas: with ω = 2πf, k = mω², c = 2mζω, γ = 1/(h(c + hk)), β = C·h·k·γ, the
    /// velocity iterations converge on v' + β + γλ = 0 with v' = v + λ/m, i.e.
    /// v' = v − (v + β)/(1 + mγ); then x += h·v'. Returns the displacement from rest per sub-step.
    static func softSpringRecurrence(frequency f: Double, damping zeta: Double, mass m: Double, x0: Double, steps: Int)
        -> [Double]
    {
        let h = subStep
        let omega = 2 * Double.pi * f
        let k = m * omega * omega, c = 2 * m * zeta * omega
        let gamma = 1 / (h * (c + h * k))
        var x = x0, v = 0.0
        var out: [Double] = []
        for _ in 0..<steps {
            let beta = x * h * k * gamma
            v = v - (v + beta) / (1 + m * gamma)
            x += h * v
            out.append(x)
        }
        return out
    }

    /// A soft spring follows Box2D's recurrence sub-step by sub-step (one sub-step per 120 Hz
    /// frame after the first), to 1e-6 pt: the same arithmetic in a different order.
    @Test(arguments: [(8.0, 0.6), (2.0, 0.1), (4.0, 1.0)])
    func softSpringMatchesBox2DRecurrence(frequency: Double, damping: Double) {
        let anchor = CGPoint(x: 0, y: 0)
        let item = TestItem(center: CGPoint(x: 150, y: 0))  // 1 kg
        let spring = AttachmentBehavior(item: item, attachedToAnchor: anchor)
        spring.length = 100
        spring.frequency = CGFloat(frequency)
        spring.damping = CGFloat(damping)
        let animator = DynamicAnimator()
        animator.addBehavior(undamped([item]))
        animator.addBehavior(spring)
        let expected = Self.softSpringRecurrence(frequency: frequency, damping: damping, mass: 1, x0: 0.5, steps: 239)
        animator.step(1.0 / 120.0)  // the first 120 Hz frame does no sub-step
        for i in 0..<239 where animator.isRunning {
            // Once the item rests, the world zeroes its residual motion; compare until then.
            animator.step(1.0 / 120.0)
            #expect(abs(Double(item.center.x) - (100 + expected[i] * 100)) < 1e-6, "sub-step \(i + 1)")
            if abs(Double(item.center.x) - (100 + expected[i] * 100)) >= 1e-6 { break }
        }
    }

    /// The documented consequence: 8 Hz, ζ 0.6 at 120 Hz overshoots about 4.5 %, about half of
    /// the analytic oscillator's exp(−πζ/√(1−ζ²)) = 9.5 %.
    @Test func implicitSpringRingsLessThanAnalytic() {
        let item = TestItem(center: CGPoint(x: 150, y: 0))
        let spring = AttachmentBehavior(item: item, attachedToAnchor: .zero)
        spring.length = 100
        spring.frequency = 8
        spring.damping = 0.6
        let animator = DynamicAnimator()
        animator.addBehavior(undamped([item]))
        animator.addBehavior(spring)
        var minimum = Double.infinity
        for _ in 0..<120 {
            animator.step(1.0 / 120.0)
            minimum = min(minimum, Double(item.center.x))
        }
        let overshoot = (100 - minimum) / 50
        let analytic = exp(-Double.pi * 0.6 / (1 - 0.36).squareRoot())
        #expect(abs(analytic - 0.0948) < 1e-3)
        #expect(overshoot > 0.040 && overshoot < 0.050, "overshoot \(overshoot)")
    }

    /// A rigid rod pendulum keeps its length within Box2D's linear slop (0.5 pt) plus one
    /// sub-step of drift, and swings with the small-angle period 2π√(L/g) to 1 %.
    @Test func rigidPendulumHoldsLengthAndPeriod() {
        let pivot = CGPoint(x: 0, y: 0)
        let length = 100.0
        let amplitude = 5.0 * Double.pi / 180
        let item = TestItem(
            center: CGPoint(x: length * sin(amplitude), y: length * cos(amplitude)), size: CGSize(width: 10, height: 10)
        )
        let rod = AttachmentBehavior(item: item, attachedToAnchor: pivot)
        let animator = DynamicAnimator()
        animator.addBehavior(undamped([item]))
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.addBehavior(rod)
        #expect(abs(Double(rod.length) - length) < 1e-9, "length is the distance at association")
        var maxError = 0.0
        var crossings: [Double] = []
        var previousX = Double(item.center.x)
        var time = 0.0
        for _ in 0..<(120 * 8) {
            animator.step(1.0 / 120.0)
            time += 1.0 / 120.0
            let d = hypot(Double(item.center.x), Double(item.center.y))
            maxError = max(maxError, abs(d - length))
            let x = Double(item.center.x)
            if previousX > 0 && x <= 0 {
                crossings.append(time - 1.0 / 120.0 + 1.0 / 120.0 * previousX / (previousX - x))
            }
            previousX = x
        }
        #expect(maxError < 1.0, "rod length error \(maxError) pt")
        let measured = (crossings.last! - crossings.first!) / Double(crossings.count - 1)
        let expected = 2 * Double.pi * (1.0 / 10.0).squareRoot()  // L = 1 m, g = 10 m/s²
        #expect(abs(measured - expected) / expected < 0.01, "period \(measured) s vs \(expected) s")
    }

    /// Moving the anchor keeps the length: the item settles at the old distance from the new
    /// anchor.
    @Test func movingAnchorKeepsLength() {
        let item = TestItem(center: CGPoint(x: 100, y: 0))
        let spring = AttachmentBehavior(item: item, attachedToAnchor: .zero)
        spring.frequency = 3
        spring.damping = 1
        let animator = DynamicAnimator()
        animator.addBehavior(spring)
        spring.anchorPoint = CGPoint(x: 300, y: 0)
        run(animator, frames: 240)
        #expect(abs(spring.length - 100) < 1e-9)
        #expect(abs(hypot(item.center.x - 300, item.center.y) - 100) < 0.5)
    }

    /// A rigid anchor attachment whose point coincides with the anchor becomes a pin: the item
    /// hangs from that point and turns about it (seed 004's grab at an offset).
    @Test func coincidentRigidAnchorBecomesPin() {
        let item = TestItem(center: CGPoint(x: 0, y: 0))
        let offset = Offset(horizontal: 40, vertical: 0)
        let grab = AttachmentBehavior(item: item, offsetFromCenter: offset, attachedToAnchor: CGPoint(x: 40, y: 0))
        let animator = DynamicAnimator()
        animator.addBehavior(grab)
        animator.addBehavior(GravityBehavior(items: [item]))
        var largestTurn = 0.0
        for _ in 0..<120 {
            animator.step(1.0 / 60.0)
            // The grabbed point stays at the anchor (within linear slop) while the item turns.
            let q = item.transform
            let grabbed = CGPoint(x: item.center.x + q.a * 40, y: item.center.y + q.b * 40)
            #expect(hypot(grabbed.x - 40, grabbed.y) < 0.6)
            largestTurn = max(largestTurn, abs(item.angle))
        }
        // Released with its center level with the pin, it swings through a quarter turn.
        #expect(largestTurn > 1.4, "the item swung about the pin")
    }

    /// Item-to-item rods conserve linear momentum: internal impulses are equal and opposite.
    @Test func itemToItemRodConservesMomentum() {
        let a = TestItem(center: CGPoint(x: 0, y: 0), size: CGSize(width: 50, height: 50))
        let b = TestItem(center: CGPoint(x: 200, y: 0), size: CGSize(width: 100, height: 100))
        let rod = AttachmentBehavior(item: a, attachedTo: b)
        let animator = DynamicAnimator()
        let properties = undamped([a, b])
        properties.addLinearVelocity(CGPoint(x: 0, y: 300), for: a)
        properties.addLinearVelocity(CGPoint(x: -50, y: 0), for: b)
        animator.addBehavior(properties)
        animator.addBehavior(rod)
        let ma = 0.25, mb = 1.0
        let p0 = CGPoint(x: ma * 0 + mb * -50, y: ma * 300 + mb * 0)
        run(animator, frames: 60)
        let va = properties.linearVelocity(for: a), vb = properties.linearVelocity(for: b)
        let p = CGPoint(x: ma * va.x + mb * vb.x, y: ma * va.y + mb * vb.y)
        // Position correction moves positions, not velocities: momentum holds to rounding.
        #expect(abs(p.x - p0.x) < 1e-6 && abs(p.y - p0.y) < 1e-6)
        #expect(abs(hypot(b.center.x - a.center.x, b.center.y - a.center.y) - 200) < 1.0)
    }

    /// Factories: a rope never stretches past its length; a slider keeps its line and angle;
    /// a weld keeps the two items' relative pose; a pin keeps the shared point.
    @Test func factoriesHoldTheirConstraints() {
        let animator = DynamicAnimator()
        let ground = TestItem(center: CGPoint(x: 0, y: 0))
        let anchored = DynamicItemBehavior(items: [ground])
        anchored.isAnchored = true
        animator.addBehavior(anchored)

        let hanging = TestItem(center: CGPoint(x: 0, y: 150), size: CGSize(width: 20, height: 20))
        let rope = AttachmentBehavior.limitAttachment(
            with: ground, offsetFromCenter: .zero, attachedTo: hanging, offsetFromCenter: .zero)
        let slider = TestItem(center: CGPoint(x: 300, y: 0), size: CGSize(width: 20, height: 20))
        let slide = AttachmentBehavior.slidingAttachment(
            with: slider, attachmentAnchor: CGPoint(x: 300, y: 0), axisOfTranslation: CGVector(dx: 1, dy: 1))
        let welded = TestItem(center: CGPoint(x: 100, y: 0), size: CGSize(width: 50, height: 50))
        let weld = AttachmentBehavior.fixedAttachment(
            with: ground, attachedTo: welded, attachmentAnchor: CGPoint(x: 50, y: 0))
        let pinned = TestItem(center: CGPoint(x: -100, y: 0), size: CGSize(width: 50, height: 50))
        let pin = AttachmentBehavior.pinAttachment(
            with: ground, attachedTo: pinned, attachmentAnchor: CGPoint(x: -50, y: 0))
        for b in [rope, slide, weld, pin] { animator.addBehavior(b) }
        animator.addBehavior(GravityBehavior(items: [hanging, slider, welded, pinned]))
        #expect(abs(rope.length - 150) < 1e-9)
        for _ in 0..<240 {
            animator.step(1.0 / 120.0)
            #expect(hypot(hanging.center.x, hanging.center.y) < 150 + 1)
            // The slider stays on the line y − 0 = x − 300 and does not turn.
            #expect(abs((slider.center.y) - (slider.center.x - 300)) < 1)
            #expect(abs(slider.angle) < 0.02)
            #expect(hypot(welded.center.x - 100, welded.center.y) < 1 && abs(welded.angle) < 0.02)
            // The pinned item's point (50, 0) in its own frame stays at (−50, 0).
            let q = pinned.transform
            #expect(hypot(pinned.center.x + q.a * 50 + 50, pinned.center.y + q.b * 50) < 1)
        }
        #expect(slider.center.y > 10, "the slider slid down its axis")
        #expect(pinned.angle < -0.3, "the pinned item swung down about the pin")
    }
}
