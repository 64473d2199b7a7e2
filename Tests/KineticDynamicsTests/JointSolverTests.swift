import Foundation
import Testing

@testable import KineticDynamics

/// The solver's joints checked against physics worked out by hand: pendulum periods, free fall,
/// torque balance, momentum conservation. Every body here has its damping switched off so the
/// closed-form answers apply exactly; tolerances are justified where they are used.
@Suite("Joint solver: rope, revolute, prismatic, weld")
struct JointSolverTests {
    static let g = 10.0
    static let h = Settings.subStep

    // MARK: Helpers

    /// A world with downward (y-down screen) gravity.
    static func makeWorld(gravity: Double = g) -> World {
        let world = World()
        world.gravity = Vec2(0, gravity)
        return world
    }

    /// A dynamic box that falls under gravity and loses no energy to damping.
    static func makeBox(_ world: World, at position: Vec2, angle: Double = 0, halfExtents: Vec2) -> Int32 {
        let id = world.createBody(position: position, angle: angle, halfExtents: halfExtents)
        let i = Int(id.index)
        world.bodies[i].gravityScale = 1
        world.bodies[i].linearDamping = 0
        world.bodies[i].angularDamping = 0
        return id.index
    }

    /// World position of a body-frame point, from the body's angle (not its cached rotation).
    static func worldPoint(_ world: World, _ body: Int32, _ local: Vec2) -> Vec2 {
        let b = world.bodies[Int(body)]
        return b.position + rotate(rotation(b.angle), local)
    }

    static func allFinite(_ world: World) -> Bool {
        world.bodies.allSatisfy {
            $0.position.isFinite && $0.angle.isFinite && $0.linearVelocity.isFinite
                && $0.angularVelocity.isFinite && $0.rotation.isFinite
        }
    }

    /// Places `body` so that its local point `anchor` sits on `pivot` at angle `angle`.
    static func hang(_ world: World, _ body: Int32, anchor: Vec2, on pivot: Vec2, angle: Double) {
        world.bodies[Int(body)].setAngle(angle)
        world.bodies[Int(body)].position = pivot - rotate(rotation(angle), anchor)
    }

    // MARK: Revolute

    @Test func revolutePendulumPeriodAndPivot() {
        // A 0.2 m × 1 m bar pinned at its top end to the ground origin.
        let world = Self.makeWorld()
        let half = Vec2(0.1, 0.5)
        let bar = Self.makeBox(world, at: Vec2(0, 0.5), halfExtents: half)
        let anchor = Vec2(0, -0.5)
        _ = world.joints.revolute.insert(
            RevoluteJoint(bodyA: world.ground, bodyB: bar, localAnchorA: .zero, localAnchorB: anchor, referenceAngle: 0)
        )
        let theta0 = 0.05
        Self.hang(world, bar, anchor: anchor, on: .zero, angle: theta0)

        // Truth: compound pendulum T = 2π√(I_pivot/(m g d)), I_pivot = m(w² + h²)/12 + m d².
        let body = world.bodies[Int(bar)]
        let d = 0.5
        let iPivot = body.inertia + body.mass * d * d
        let expected = 2 * Double.pi * (iPivot / (body.mass * Self.g * d)).squareRoot()

        // Time the upward zero crossings of the angle (interpolated within the sub-step).
        var crossings: [Double] = []
        var previous = world.bodies[Int(bar)].angle
        var maxPivotError = 0.0
        let steps = Int(4.5 * expected / Self.h)
        for n in 1...steps {
            world.step(Self.h)
            let angle = world.bodies[Int(bar)].angle
            if previous < 0 && angle >= 0 {
                let fraction = -previous / (angle - previous)
                crossings.append((Double(n - 1) + fraction) * Self.h)
            }
            previous = angle
            maxPivotError = max(maxPivotError, length(Self.worldPoint(world, bar, anchor)))
        }
        #expect(crossings.count >= 4)
        let period = (crossings.last! - crossings.first!) / Double(crossings.count - 1)
        // 2 %: the 0.05 rad amplitude lengthens the period by θ²/16 ≈ 0.02 %, and symplectic
        // Euler at 120 Hz errs by O((ωh)²) ≈ 0.01 %; 2 % leaves room only for a wrong inertia
        // or lever arm in the joint, which would be off by far more.
        #expect(abs(period - expected) / expected < 0.02, "period \(period) s, expected \(expected) s")
        // The rigid pin is solved to within the linear slop by the position iterations.
        #expect(maxPivotError <= Settings.linearSlop, "pivot drifted \(maxPivotError) m")
        #expect(Self.allFinite(world))
    }

    @Test func revolutePivotHoldsInALargeSwing() {
        // Dropped from 1.4 rad the bar reaches ~3.3 rad/s: a much harder test of the pin than
        // the small-angle swing, over ten seconds.
        let world = Self.makeWorld()
        let bar = Self.makeBox(world, at: Vec2(0, 0.5), halfExtents: Vec2(0.1, 0.5))
        let anchor = Vec2(0, -0.5)
        let pivot = Vec2(0.3, -0.2)
        let pin = RevoluteJoint(
            bodyA: world.ground, bodyB: bar, localAnchorA: pivot, localAnchorB: anchor, referenceAngle: 0)
        _ = world.joints.revolute.insert(pin)
        Self.hang(world, bar, anchor: anchor, on: pivot, angle: 1.4)
        let body = world.bodies[Int(bar)]
        let d = 0.5
        let iPivot = body.inertia + body.mass * d * d
        let energy0 = body.mass * Self.g * -(pivot.y + d * cos(1.4))

        let bottom = -body.mass * Self.g * (pivot.y + d)
        let swing = energy0 - bottom

        var maxError = 0.0
        var maxEnergy = -Double.infinity
        var energy = energy0
        for _ in 0..<1200 {
            world.step(Self.h)
            maxError = max(maxError, length(Self.worldPoint(world, bar, anchor) - pivot))
            let b = world.bodies[Int(bar)]
            energy = 0.5 * iPivot * b.angularVelocity * b.angularVelocity - b.mass * Self.g * b.position.y
            maxEnergy = max(maxEnergy, energy)
        }
        #expect(maxError <= Settings.linearSlop, "pivot drifted \(maxError) m")
        // Energy E = ½ I_pivot ω² − m g y: a pin does no work, so it must never gain energy
        // (2 % of the swing allows for symplectic Euler's bounded O(h) energy oscillation).
        // It may lose some: projecting velocities onto the constraint with the sub-step's
        // start geometry removes a fraction ≈ (ωh)² of the kinetic energy per sub-step
        // (≈ 0.1 % at 3.5 rad/s), the Box2D 2.x formulation's known numerical damping, which
        // over 10 s costs a few tens of percent of the swing; it must not cost more than half.
        #expect(maxEnergy <= energy0 + 0.02 * swing, "gained energy: \(maxEnergy) vs \(energy0)")
        #expect(energy >= energy0 - 0.5 * swing, "lost too much energy: \(energy) vs \(energy0)")
    }

    @Test func revoluteConservesMomentumBetweenTwoDynamicBodies() {
        // No gravity: the pin's impulses are internal, so total linear momentum is exactly
        // conserved (up to rounding) while the pair tumbles.
        let world = Self.makeWorld(gravity: 0)
        let a = Self.makeBox(world, at: Vec2(0, 0), halfExtents: Vec2(0.3, 0.1))
        let b = Self.makeBox(world, at: Vec2(0.6, 0), halfExtents: Vec2(0.3, 0.2))
        _ = world.joints.revolute.insert(
            RevoluteJoint(
                bodyA: a, bodyB: b, localAnchorA: Vec2(0.3, 0), localAnchorB: Vec2(-0.3, 0), referenceAngle: 0))
        world.bodies[Int(a)].linearVelocity = Vec2(1, -2)
        world.bodies[Int(a)].angularVelocity = 3
        world.bodies[Int(b)].angularVelocity = -5

        let p0 = Self.invariants(world).linear
        var maxError = 0.0
        for _ in 0..<600 {
            world.step(Self.h)
            let e = Self.worldPoint(world, b, Vec2(-0.3, 0)) - Self.worldPoint(world, a, Vec2(0.3, 0))
            maxError = max(maxError, length(e))
        }
        // 1e-9 kg·m/s: rounding over 600 sub-steps of O(1) sums, nowhere near a real leak.
        #expect(length(Self.invariants(world).linear - p0) < 1e-9)
        #expect(maxError <= Settings.linearSlop, "pin separated by \(maxError) m")
    }

    @Test func revoluteLargeFrictionHoldsAndZeroFrictionSwings() {
        // The bar is released at 0.5 rad. Gravity's torque about the pin is
        // m g d sin θ ≈ 0.2·10·0.5·0.48 ≈ 0.48 N·m.
        func run(friction: Double) -> (minAngle: Double, final: Double) {
            let world = Self.makeWorld()
            let bar = Self.makeBox(world, at: Vec2(0, 0.5), halfExtents: Vec2(0.1, 0.5))
            var pin = RevoluteJoint(
                bodyA: world.ground, bodyB: bar, localAnchorA: .zero, localAnchorB: Vec2(0, -0.5), referenceAngle: 0)
            pin.frictionTorque = friction
            _ = world.joints.revolute.insert(pin)
            Self.hang(world, bar, anchor: Vec2(0, -0.5), on: .zero, angle: 0.5)
            var minAngle = Double.infinity
            for _ in 0..<240 {
                world.step(Self.h)
                minAngle = min(minAngle, world.bodies[Int(bar)].angle)
            }
            return (minAngle, world.bodies[Int(bar)].angle)
        }
        // 10 N·m of friction is 20× gravity's torque: the bar must not turn. 1e-3 rad bounds
        // the creep the iterative solver's unconverged remainder could cause in 2 s.
        let held = run(friction: 10)
        #expect(abs(held.final - 0.5) < 1e-3, "held bar turned to \(held.final)")
        // Without friction it swings through the bottom to about −0.5 rad within 2 s (more
        // than one period of 1.63 s); −0.4 allows for the small energy error of the stepper.
        let free = run(friction: 0)
        #expect(free.minAngle < -0.4, "free bar only reached \(free.minAngle)")
    }

    @Test func revoluteFrictionDeceleratesAtTorqueOverInertia() {
        // A bar pinned at its centre, spinning with no gravity: the only torque is friction, so
        // ω(t) = ω0 − (T/I)·t until it stops (Coulomb friction, no stick-slip subtleties).
        let world = Self.makeWorld(gravity: 0)
        let bar = Self.makeBox(world, at: Vec2(1, 1), halfExtents: Vec2(0.5, 0.1))
        var pin = RevoluteJoint(
            bodyA: world.ground, bodyB: bar, localAnchorA: Vec2(1, 1), localAnchorB: .zero, referenceAngle: 0)
        let torque = 0.02
        pin.frictionTorque = torque
        _ = world.joints.revolute.insert(pin)
        let omega0 = 4.0
        world.bodies[Int(bar)].angularVelocity = omega0
        let inertia = world.bodies[Int(bar)].inertia
        let steps = 60
        for _ in 0..<steps { world.step(Self.h) }
        let expected = omega0 - torque / inertia * Double(steps) * Self.h
        #expect(expected > 0)
        // Each sub-step removes exactly T·h of angular impulse, so the match is to rounding.
        #expect(abs(world.bodies[Int(bar)].angularVelocity - expected) < 1e-9)
        // Long after ω0·I/T ≈ 3.5 s it has stopped, not reversed.
        for _ in 0..<600 { world.step(Self.h) }
        #expect(abs(world.bodies[Int(bar)].angularVelocity) < 1e-9)
    }

    @Test func revoluteAngleLimitHoldsWithinAngularSlop() {
        // A pendulum kicked to 2 rad/s would swing to ±0.5 rad; the limit is ±0.2 rad. The
        // Box2D 2.2 limit engages at the first sub-step that starts beyond it, so one sub-step
        // of overshoot (ω·h ≈ 0.017 rad) can occur before the position pass pulls the angle
        // back to within angularSlop; both are below angularSlop (0.035 rad), which bounds it.
        let world = Self.makeWorld()
        let bar = Self.makeBox(world, at: Vec2(0, 0.5), halfExtents: Vec2(0.1, 0.5))
        var pin = RevoluteJoint(
            bodyA: world.ground, bodyB: bar, localAnchorA: .zero, localAnchorB: Vec2(0, -0.5), referenceAngle: 0)
        pin.enableLimit = true
        pin.lowerAngle = -0.2
        pin.upperAngle = 0.2
        _ = world.joints.revolute.insert(pin)
        world.bodies[Int(bar)].angularVelocity = 2
        world.bodies[Int(bar)].linearVelocity = cross(2.0, Vec2(0, 0.5))

        var lowest = Double.infinity, highest = -Double.infinity
        for _ in 0..<600 {
            world.step(Self.h)
            let angle = world.bodies[Int(bar)].angle
            lowest = min(lowest, angle)
            highest = max(highest, angle)
        }
        #expect(highest <= 0.2 + Settings.angularSlop, "upper limit exceeded: \(highest)")
        #expect(lowest >= -0.2 - Settings.angularSlop, "lower limit exceeded: \(lowest)")
        // It did reach the limits (otherwise the test proves nothing).
        #expect(highest > 0.19)
        #expect(lowest < -0.19)
        #expect(Self.allFinite(world))
    }

    @Test func revoluteLimitIsMeasuredFromTheReferenceAngle() {
        // Pinned while hanging at 0.6 rad (so referenceAngle = 0.6) with a range of ±0.2 rad:
        // released, gravity swings it toward 0 and the limit stops it at 0.6 − 0.2 = 0.4 rad.
        let world = Self.makeWorld()
        let bar = Self.makeBox(world, at: Vec2(0, 0.5), halfExtents: Vec2(0.1, 0.5))
        Self.hang(world, bar, anchor: Vec2(0, -0.5), on: .zero, angle: 0.6)
        var pin = RevoluteJoint(
            bodyA: world.ground, bodyB: bar, localAnchorA: .zero, localAnchorB: Vec2(0, -0.5),
            referenceAngle: world.bodies[Int(bar)].angle - world.bodies[0].angle)
        pin.enableLimit = true
        pin.lowerAngle = -0.2
        pin.upperAngle = 0.2
        _ = world.joints.revolute.insert(pin)
        var lowest = Double.infinity
        for _ in 0..<240 {
            world.step(Self.h)
            lowest = min(lowest, world.bodies[Int(bar)].angle)
        }
        // Within angularSlop of the limit (see the limit test above), and resting on it.
        #expect(lowest >= 0.4 - Settings.angularSlop, "passed the limit: \(lowest)")
        #expect(abs(world.bodies[Int(bar)].angle - 0.4) <= Settings.angularSlop)
    }

    // MARK: Rope

    @Test func ropeIsSlackWhenShorterAndNeverLongerThanMax() {
        // A small box 0.5 m right of the anchor on a 1 m rope: it falls freely until the rope
        // goes taut at a drop of √(1 − 0.25) ≈ 0.866 m (t ≈ 0.416 s), then swings.
        let world = Self.makeWorld()
        let box = Self.makeBox(world, at: Vec2(0.5, 0), halfExtents: Vec2(0.05, 0.05))
        let anchorB = Vec2(-0.05, -0.05)
        Self.hang(world, box, anchor: anchorB, on: Vec2(0.5, 0), angle: 0)
        _ = world.joints.rope.insert(
            RopeJoint(bodyA: world.ground, bodyB: box, localAnchorA: .zero, localAnchorB: anchorB, maxLength: 1))
        let start = world.bodies[Int(box)].position

        // Slack: exactly free fall (the rope must exert nothing). 0.35 s is well before the
        // speculative row can engage (it needs the gap to close within one sub-step).
        let slackSteps = Int(0.35 / Self.h)
        for n in 1...slackSteps {
            world.step(Self.h)
            let t = Double(n) * Self.h
            let v = world.bodies[Int(box)].linearVelocity
            // Symplectic Euler free fall: v = g t exactly; y = g h² n(n+1)/2. Rounding only.
            #expect(abs(v.y - Self.g * t) < 1e-9 && abs(v.x) < 1e-12)
            let y = world.bodies[Int(box)].position.y - start.y
            #expect(abs(y - Self.g * Self.h * Self.h * Double(n * (n + 1)) / 2) < 1e-9)
            #expect(world.bodies[Int(box)].angularVelocity == 0)
        }

        // Taut and swinging for 5 s: never longer than maxLength + linearSlop (the position
        // pass removes any stretch beyond the slop).
        var longest = 0.0
        var reachedFull = false
        for _ in 0..<600 {
            world.step(Self.h)
            let l = length(Self.worldPoint(world, box, anchorB))
            longest = max(longest, l)
            if l > 1 - Settings.linearSlop { reachedFull = true }
        }
        #expect(reachedFull)
        #expect(longest <= 1 + Settings.linearSlop, "rope stretched to \(longest) m")
        #expect(Self.allFinite(world))
    }

    @Test func ropeLongerThanTheDropExertsNothing() {
        // A 3 m rope on a box 0.1 m below its anchor: half a second of fall takes it to 1.35 m,
        // far from taut, so it must be in pure free fall throughout.
        let world = Self.makeWorld()
        let box = Self.makeBox(world, at: Vec2(0, 0.1), halfExtents: Vec2(0.1, 0.1))
        _ = world.joints.rope.insert(
            RopeJoint(bodyA: world.ground, bodyB: box, localAnchorA: .zero, localAnchorB: .zero, maxLength: 3))
        let steps = 60
        for _ in 0..<steps { world.step(Self.h) }
        // Rounding only: the rope's impulse must be exactly zero.
        #expect(abs(world.bodies[Int(box)].linearVelocity.y - Self.g * Double(steps) * Self.h) < 1e-9)
        #expect(world.joints.rope.joints[0].impulse == 0)
    }

    // MARK: Prismatic

    @Test func prismaticSlidesAlongTheAxisOnly() {
        // An axis 30° below horizontal (y down): the box slides with a = g sin 30° = 5 m/s²
        // along it, as on a frictionless incline; the joint holds perpendicular offset and angle.
        let world = Self.makeWorld()
        let box = Self.makeBox(world, at: Vec2(0.2, 0.1), halfExtents: Vec2(0.2, 0.1))
        let slope = Double.pi / 6
        let axis = Vec2(cos(slope), sin(slope))
        let anchorA = Vec2(0.2, 0.1)
        let anchorB = Vec2(0.1, -0.05)  // off-centre, so the angular rows matter
        // The box is tilted when the joint is made; the joint holds that tilt.
        let referenceAngle = 0.3
        _ = world.joints.prismatic.insert(
            PrismaticJoint(
                bodyA: world.ground, bodyB: box, localAnchorA: anchorA, localAnchorB: anchorB, localAxisA: axis,
                referenceAngle: referenceAngle))
        Self.hang(world, box, anchor: anchorB, on: anchorA, angle: referenceAngle)

        var maxPerp = 0.0, maxAngle = 0.0
        let steps = 60
        for _ in 0..<steps {
            world.step(Self.h)
            let d = Self.worldPoint(world, box, anchorB) - anchorA
            maxPerp = max(maxPerp, abs(cross(axis, d)))
            maxAngle = max(maxAngle, abs(world.bodies[Int(box)].angle - referenceAngle))
        }
        #expect(maxPerp <= Settings.linearSlop, "left the axis by \(maxPerp) m")
        #expect(maxAngle <= Settings.angularSlop, "turned by \(maxAngle) rad")
        // Symplectic Euler along the incline: s = a h² n(n+1)/2. 1 % allows for the axis
        // projection of the position corrections and nothing else.
        let d = Self.worldPoint(world, box, anchorB) - anchorA
        let expected = Self.g * sin(slope) * Self.h * Self.h * Double(steps * (steps + 1)) / 2
        #expect(abs(dot(axis, d) - expected) < 0.01 * expected, "slid \(dot(axis, d)) m, expected \(expected)")
    }

    @Test func prismaticRespectsTranslationLimits() {
        // Upper limit: sliding down the incline stops at 0.5 m.
        let world = Self.makeWorld()
        let box = Self.makeBox(world, at: .zero, halfExtents: Vec2(0.2, 0.1))
        let slope = Double.pi / 6
        let axis = Vec2(cos(slope), sin(slope))
        var joint = PrismaticJoint(
            bodyA: world.ground, bodyB: box, localAnchorA: .zero, localAnchorB: .zero, localAxisA: axis,
            referenceAngle: 0)
        joint.enableLimit = true
        joint.lowerTranslation = -0.3
        joint.upperTranslation = 0.5
        _ = world.joints.prismatic.insert(joint)

        // The position pass re-checks the limit from current positions and leaves at most
        // linearSlop of penetration, so the bound holds after every sub-step.
        var highest = -Double.infinity
        for _ in 0..<240 {
            world.step(Self.h)
            highest = max(highest, dot(axis, world.bodies[Int(box)].position))
        }
        #expect(highest <= 0.5 + Settings.linearSlop + 1e-12, "passed the upper limit: \(highest)")
        // At rest it sits in the limit by at most the slop the position pass leaves on purpose
        // (plus 1e-12 for rounding: it lands on 0.5 + linearSlop exactly).
        let resting = dot(axis, world.bodies[Int(box)].position)
        #expect(abs(resting - 0.5) <= Settings.linearSlop + 1e-12, "rests at \(resting)")

        // Lower limit: thrown back up the incline at 4 m/s it would climb 1.6 m; it stops at
        // −0.3 m.
        world.bodies[Int(box)].linearVelocity = -4 * axis
        world.wake()
        var lowest = Double.infinity
        for _ in 0..<240 {
            world.step(Self.h)
            lowest = min(lowest, dot(axis, world.bodies[Int(box)].position))
        }
        #expect(lowest >= -0.3 - Settings.linearSlop, "passed the lower limit: \(lowest)")
        #expect(lowest < -0.29, "never reached the lower limit: \(lowest)")
        #expect(abs(cross(axis, world.bodies[Int(box)].position)) <= Settings.linearSlop)
        #expect(Self.allFinite(world))
    }

    @Test func prismaticBetweenTwoDynamicBodiesConservesMomentum() {
        // No gravity; A spins and B is thrown along and across the axis. The joint must carry A
        // and B together in rotation and sideways while letting them slide, with internal
        // impulses only (total linear momentum exact to rounding).
        let world = Self.makeWorld(gravity: 0)
        let a = Self.makeBox(world, at: .zero, halfExtents: Vec2(0.4, 0.1))
        let b = Self.makeBox(world, at: Vec2(0.5, 0.05), halfExtents: Vec2(0.1, 0.1))
        let axis = Vec2(1, 0)
        _ = world.joints.prismatic.insert(
            PrismaticJoint(
                bodyA: a, bodyB: b, localAnchorA: Vec2(0, 0.05), localAnchorB: .zero, localAxisA: axis,
                referenceAngle: 0))
        world.bodies[Int(a)].angularVelocity = 1.5
        world.bodies[Int(b)].linearVelocity = Vec2(0.3, 1)

        let p0 = Self.invariants(world).linear
        var maxPerp = 0.0, maxAngle = 0.0
        for _ in 0..<360 {
            world.step(Self.h)
            let bodyA = world.bodies[Int(a)]
            let d = Self.worldPoint(world, b, .zero) - Self.worldPoint(world, a, Vec2(0, 0.05))
            maxPerp = max(maxPerp, abs(cross(rotate(rotation(bodyA.angle), axis), d)))
            maxAngle = max(maxAngle, abs(world.bodies[Int(b)].angle - bodyA.angle))
        }
        #expect(length(Self.invariants(world).linear - p0) < 1e-9)
        #expect(maxPerp <= Settings.linearSlop, "left the axis by \(maxPerp) m")
        #expect(maxAngle <= Settings.angularSlop, "relative angle reached \(maxAngle) rad")
        // The pair really rotates together (A's spin is shared, not lost).
        #expect(abs(world.bodies[Int(a)].angle) > 0.5)
    }

    // MARK: Weld

    @Test func weldedCantileverBarelySags() {
        // Two 1 m × 0.1 m bars welded end to end, the first welded to the ground at the origin:
        // a 2 m cantilever under gravity. A rigid weld holds it straight.
        let world = Self.makeWorld()
        let half = Vec2(0.5, 0.05)
        let first = Self.makeBox(world, at: Vec2(0.5, 0), halfExtents: half)
        let second = Self.makeBox(world, at: Vec2(1.5, 0), halfExtents: half)
        _ = world.joints.weld.insert(
            WeldJoint(
                bodyA: world.ground, bodyB: first, localAnchorA: .zero, localAnchorB: Vec2(-0.5, 0), referenceAngle: 0))
        _ = world.joints.weld.insert(
            WeldJoint(
                bodyA: first, bodyB: second, localAnchorA: Vec2(0.5, 0), localAnchorB: Vec2(-0.5, 0), referenceAngle: 0)
        )

        var maxSag = 0.0, maxRootError = 0.0, maxMidError = 0.0, maxRootAngle = 0.0, maxMidAngle = 0.0
        for _ in 0..<240 {
            world.step(Self.h)
            maxSag = max(maxSag, abs(Self.worldPoint(world, second, Vec2(0.5, 0)).y))
            maxRootError = max(maxRootError, length(Self.worldPoint(world, first, Vec2(-0.5, 0))))
            maxMidError = max(
                maxMidError,
                length(Self.worldPoint(world, second, Vec2(-0.5, 0)) - Self.worldPoint(world, first, Vec2(0.5, 0))))
            maxRootAngle = max(maxRootAngle, abs(world.bodies[Int(first)].angle))
            maxMidAngle = max(maxMidAngle, abs(world.bodies[Int(second)].angle - world.bodies[Int(first)].angle))
        }
        // Each weld is solved to within the slops.
        #expect(maxRootError <= Settings.linearSlop && maxMidError <= Settings.linearSlop)
        #expect(maxRootAngle <= Settings.angularSlop && maxMidAngle <= Settings.angularSlop)
        // "Barely sags": 1 cm at the tip of a 2 m beam (0.5 %). The slop-only bound would be
        // 2·linearSlop + angularSlop·(2 m + 1 m) ≈ 11 cm; a weld whose velocity rows work
        // keeps it far inside that, and a weld that lets the beam hinge fails it at once.
        #expect(maxSag < 0.01, "tip sagged \(maxSag) m")
        #expect(Self.allFinite(world))
    }

    @Test func weldedPairTumblesAsOneRigidBody() {
        // No gravity; two welded boxes are set spinning and drifting. They must move as one
        // rigid body: anchors together, relative angle fixed, linear momentum conserved.
        // (Angular momentum is checked exactly per phase in the conservation tests below;
        // across whole steps the Box2D 2.x velocity projection slowly damps spin by ≈ (ωh)²/2
        // per sub-step, so it is no exact invariant here.)
        let world = Self.makeWorld(gravity: 0)
        let a = Self.makeBox(world, at: .zero, halfExtents: Vec2(0.3, 0.1))
        let b = Self.makeBox(world, at: Vec2(0.5, 0.2), angle: 0.4, halfExtents: Vec2(0.2, 0.15))
        let anchorA = Vec2(0.3, 0.1)
        let anchorB = inverseRotate(rotation(0.4), anchorA - Vec2(0.5, 0.2))
        _ = world.joints.weld.insert(
            WeldJoint(bodyA: a, bodyB: b, localAnchorA: anchorA, localAnchorB: anchorB, referenceAngle: 0.4))
        // Inconsistent initial velocities: the weld must reconcile them (a perfectly inelastic
        // "collision" of the two bodies), after which the pair spins rigidly.
        world.bodies[Int(a)].angularVelocity = 4
        world.bodies[Int(a)].linearVelocity = Vec2(0.5, 0)
        world.bodies[Int(b)].angularVelocity = -1
        world.bodies[Int(b)].linearVelocity = Vec2(0, 1)
        let p0 = Self.invariants(world).linear
        var maxError = 0.0, maxAngle = 0.0
        for _ in 0..<600 {
            world.step(Self.h)
            maxError = max(maxError, length(Self.worldPoint(world, b, anchorB) - Self.worldPoint(world, a, anchorA)))
            maxAngle = max(maxAngle, abs(world.bodies[Int(b)].angle - world.bodies[Int(a)].angle - 0.4))
        }
        #expect(length(Self.invariants(world).linear - p0) < 1e-9)
        #expect(maxError <= Settings.linearSlop, "weld separated by \(maxError) m")
        #expect(maxAngle <= Settings.angularSlop, "weld turned by \(maxAngle) rad")
        #expect(abs(world.bodies[Int(a)].angularVelocity - world.bodies[Int(b)].angularVelocity) < 1e-6)
    }

    @Test func softWeldSettlesAtTheTorqueBalance() {
        // A 1 m bar welded at its left end with an angular spring of f = 2 Hz, ζ = 1. Box2D's
        // spring stiffness is k = I ω² with I the bar's central inertia (the effective mass of
        // the angular row), and it balances gravity's moment about the rigid point:
        // k θ = m g d cos θ. Solve that by Newton's method and compare.
        let world = Self.makeWorld()
        let bar = Self.makeBox(world, at: Vec2(0.5, 0), halfExtents: Vec2(0.5, 0.05))
        var weld = WeldJoint(
            bodyA: world.ground, bodyB: bar, localAnchorA: .zero, localAnchorB: Vec2(-0.5, 0), referenceAngle: 0)
        weld.frequency = 2
        weld.dampingRatio = 1
        _ = world.joints.weld.insert(weld)

        let body = world.bodies[Int(bar)]
        let omega = 2 * Double.pi * 2
        let k = body.inertia * omega * omega
        let moment = body.mass * Self.g * 0.5
        var theta = 0.0
        for _ in 0..<50 { theta -= (k * theta - moment * cos(theta)) / (k + moment * sin(theta)) }

        for _ in 0..<600 { world.step(Self.h) }
        let angle = world.bodies[Int(bar)].angle
        // At rest the implicit-Euler spring's accumulated impulse is exactly k·C·h per
        // sub-step, so the balance is exact up to the iterative solver's unconverged remainder
        // and the last of the decaying oscillation (e^(−15) after 5 s); 0.5 % bounds both.
        #expect(abs(angle - theta) < 0.005 * theta, "settled at \(angle) rad, expected \(theta)")
        // Positive angle is clockwise on screen: the free end droops down.
        #expect(angle > 0)
        #expect(length(Self.worldPoint(world, bar, Vec2(-0.5, 0))) <= Settings.linearSlop)
    }

    // MARK: Conservation in a single sub-step

    /// Two random dynamic boxes with random velocities, in a world without gravity.
    static func randomPair(_ rng: inout SeededRandom) -> (World, Int32, Int32) {
        let world = makeWorld(gravity: 0)
        let a = makeBox(
            world, at: rng.vector(1), angle: rng.next(-3...3),
            halfExtents: Vec2(rng.next(0.05...0.5), rng.next(0.05...0.5)))
        let b = makeBox(
            world, at: rng.vector(1), angle: rng.next(-3...3),
            halfExtents: Vec2(rng.next(0.05...0.5), rng.next(0.05...0.5)))
        for i in [a, b] {
            world.bodies[Int(i)].linearVelocity = rng.vector(2)
            world.bodies[Int(i)].angularVelocity = rng.next(-5...5)
        }
        return (world, a, b)
    }

    /// Linear and angular momentum (about the origin) of every body, and the mass-weighted sum
    /// of positions, which a position correction must not change.
    static func invariants(_ world: World) -> (linear: Vec2, angular: Double, moment: Vec2) {
        var linear = Vec2.zero, angular = 0.0, moment = Vec2.zero
        for body in world.bodies where body.isDynamic {
            linear += body.mass * body.linearVelocity
            angular += body.mass * cross(body.position, body.linearVelocity) + body.inertia * body.angularVelocity
            moment += body.mass * body.position
        }
        return (linear, angular, moment)
    }

    /// Runs one sub-step's worth of joint solving by hand (prepare, velocity iterations, then
    /// position iterations with no integration in between) and checks that the velocity phase
    /// conserved linear and angular momentum and the position phase kept the centre of mass.
    /// Joint impulses act equally and oppositely along lines through both anchors, so any
    /// wrong lever arm or Jacobian sign breaks these; the tolerance is rounding (1e-10 on
    /// O(1) quantities). Returns the joint after the velocity phase for further checks.
    static func checkConservation<J: SolverJoint>(
        _ joint: J, in world: World, sourceLocation: SourceLocation = #_sourceLocation,
        afterEachIteration: (BoundedPointer<Body>) -> Void = { _ in }
    ) -> J {
        var joint = joint
        let before = invariants(world)
        world.bodies.withBoundedPointer { b in
            joint.prepare(b, h: Self.h)
            for _ in 0..<Settings.velocityIterations {
                joint.solveVelocity(b)
                afterEachIteration(b)
            }
        }
        let afterVelocity = invariants(world)
        #expect(length(afterVelocity.linear - before.linear) < 1e-10, sourceLocation: sourceLocation)
        #expect(abs(afterVelocity.angular - before.angular) < 1e-10, sourceLocation: sourceLocation)
        var solvedJoint = joint
        world.bodies.withBoundedPointer { b in
            for _ in 0..<Settings.positionIterations { _ = solvedJoint.solvePosition(b) }
        }
        #expect(length(invariants(world).moment - before.moment) < 1e-10, sourceLocation: sourceLocation)
        #expect(allFinite(world), sourceLocation: sourceLocation)
        return joint
    }

    @Test func revoluteVelocityPhaseConservesMomentumAndStopsThePin() {
        var rng = SeededRandom(seed: 1)
        for trial in 0..<50 {
            let (world, a, b) = Self.randomPair(&rng)
            let p = rng.vector(1)
            let bodyA = world.bodies[Int(a)], bodyB = world.bodies[Int(b)]
            let localA = inverseRotate(bodyA.rotation, p - bodyA.position)
            let localB = inverseRotate(bodyB.rotation, p - bodyB.position)
            var pin = RevoluteJoint(
                bodyA: a, bodyB: b, localAnchorA: localA, localAnchorB: localB, referenceAngle: rng.next(-1...1))
            pin.frictionTorque = trial % 2 == 0 ? rng.next(0...0.5) : 0
            pin.enableLimit = trial % 3 != 0
            pin.lowerAngle = rng.next(-1...0)
            pin.upperAngle = trial % 5 == 0 ? pin.lowerAngle : rng.next(0...1)
            // A first sub-step (velocity phase only, so the anchors still coincide) leaves
            // accumulated impulses; new random velocities then make the warm-started limit
            // impulse often want to let go, exercising the limit's release branch.
            world.bodies.withBoundedPointer { buffer in
                pin.prepare(buffer, h: Self.h)
                for _ in 0..<Settings.velocityIterations { pin.solveVelocity(buffer) }
            }
            for i in [a, b] {
                world.bodies[Int(i)].linearVelocity = rng.vector(2)
                world.bodies[Int(i)].angularVelocity = rng.next(-5...5)
            }
            // The point rows are solved last in every iteration (alone, together with the limit,
            // or re-solved after the limit lets go), so after each iteration the anchors'
            // relative velocity is zero, measured with the sub-step's lever arms.
            let rA = rotate(bodyA.rotation, localA), rB = rotate(bodyB.rotation, localB)
            var worst = 0.0
            _ = Self.checkConservation(pin, in: world) { bodies in
                let va = bodies[Int(a)], vb = bodies[Int(b)]
                let cdot =
                    vb.linearVelocity + cross(vb.angularVelocity, rB) - va.linearVelocity
                    - cross(va.angularVelocity, rA)
                worst = max(worst, length(cdot))
            }
            #expect(worst < 1e-9, "trial \(trial): anchors separate at \(worst) m/s")
        }
    }

    @Test func prismaticVelocityPhaseConservesMomentumAndStopsSideways() {
        var rng = SeededRandom(seed: 2)
        for trial in 0..<50 {
            let (world, a, b) = Self.randomPair(&rng)
            let bodyA = world.bodies[Int(a)], bodyB = world.bodies[Int(b)]
            let localAxis = rotate(rotation(rng.next(-3...3)), Vec2(1, 0))
            let localA = rng.vector(0.5), localB = rng.vector(0.5)
            var slider = PrismaticJoint(
                bodyA: a, bodyB: b, localAnchorA: localA, localAnchorB: localB, localAxisA: localAxis,
                referenceAngle: bodyB.angle - bodyA.angle)
            slider.enableLimit = trial % 2 == 0
            slider.lowerTranslation = rng.next(-1...0)
            slider.upperTranslation = rng.next(0...1)
            let solved = Self.checkConservation(slider, in: world)
            // Sideways and relative angular velocity end at zero (the 2×2 block is exact).
            let va = world.bodies[Int(a)], vb = world.bodies[Int(b)]
            let rA = rotate(bodyA.rotation, localA), rB = rotate(bodyB.rotation, localB)
            let d = bodyB.position + rB - bodyA.position - rA
            let axis = rotate(bodyA.rotation, localAxis), perp = Vec2(-axis.y, axis.x)
            // d/dt (perp·d) with perp turning with A.
            let sideways =
                dot(
                    perp,
                    vb.linearVelocity + cross(vb.angularVelocity, rB) - va.linearVelocity
                        - cross(va.angularVelocity, rA)) + dot(cross(va.angularVelocity, perp), d)
            #expect(abs(sideways) < 1e-9, "trial \(trial): sideways \(sideways)")
            #expect(abs(vb.angularVelocity - va.angularVelocity) < 1e-9, "trial \(trial)")
            // An active limit only pushes B back into range, never pulls it out.
            if slider.enableLimit {
                let translation = dot(axis, d)
                if translation <= slider.lowerTranslation { #expect(solved.impulse.z >= 0) }
                if translation >= slider.upperTranslation { #expect(solved.impulse.z <= 0) }
            }
        }
    }

    @Test func weldVelocityPhaseConservesMomentumAndStopsRelativeMotion() {
        var rng = SeededRandom(seed: 3)
        for trial in 0..<50 {
            let (world, a, b) = Self.randomPair(&rng)
            let p = rng.vector(1)
            let bodyA = world.bodies[Int(a)], bodyB = world.bodies[Int(b)]
            let localA = inverseRotate(bodyA.rotation, p - bodyA.position)
            let localB = inverseRotate(bodyB.rotation, p - bodyB.position)
            var weld = WeldJoint(
                bodyA: a, bodyB: b, localAnchorA: localA, localAnchorB: localB,
                referenceAngle: bodyB.angle - bodyA.angle + rng.next(-0.1...0.1))
            let soft = trial % 2 == 0
            if soft {
                weld.frequency = rng.next(0.5...5)
                weld.dampingRatio = rng.next(0...1)
            }
            _ = Self.checkConservation(weld, in: world)
            let va = world.bodies[Int(a)], vb = world.bodies[Int(b)]
            let rA = rotate(bodyA.rotation, localA), rB = rotate(bodyB.rotation, localB)
            let cdot =
                vb.linearVelocity + cross(vb.angularVelocity, rB) - va.linearVelocity - cross(va.angularVelocity, rA)
            // The point rows are rigid either way; the angular row only when not soft, and the
            // 3×3 block makes all three exact at once.
            #expect(length(cdot) < 1e-9, "trial \(trial): anchors separate at \(cdot)")
            if !soft { #expect(abs(vb.angularVelocity - va.angularVelocity) < 1e-9, "trial \(trial)") }
        }
    }

    @Test func ropeVelocityPhaseConservesMomentumAndNeverLengthensWhenTaut() {
        var rng = SeededRandom(seed: 4)
        for trial in 0..<50 {
            let (world, a, b) = Self.randomPair(&rng)
            let localA = rng.vector(0.5), localB = rng.vector(0.5)
            let bodyA = world.bodies[Int(a)], bodyB = world.bodies[Int(b)]
            let rA = rotate(bodyA.rotation, localA), rB = rotate(bodyB.rotation, localB)
            let current = length(bodyB.position + rB - bodyA.position - rA)
            let u = (bodyB.position + rB - bodyA.position - rA) / current
            // Half the ropes taut (already 10 % over length), half slack.
            let maxLength = trial % 2 == 0 ? current / 1.1 : current * 1.1
            let rope = Self.checkConservation(
                RopeJoint(bodyA: a, bodyB: b, localAnchorA: localA, localAnchorB: localB, maxLength: maxLength),
                in: world)
            #expect(rope.impulse <= 0, "a rope only pulls")
            // Taut: after the velocity phase the anchors do not separate any further.
            if trial % 2 == 0 {
                let va = world.bodies[Int(a)], vb = world.bodies[Int(b)]
                let separation = dot(
                    u,
                    vb.linearVelocity + cross(vb.angularVelocity, rB) - va.linearVelocity
                        - cross(va.angularVelocity, rA))
                #expect(separation < 1e-9, "trial \(trial): separating at \(separation)")
            }
        }
    }

    // MARK: Robustness

    @Test func unsatisfiableStaticJointsDoNotKeepTheWorldAwake() {
        // Joints between two static bodies that disagree with their placement can never be
        // solved; they must count as solved, or the world would never come to rest. A box
        // hanging still from a pin is the one dynamic body: it rests after timeToSleep.
        let world = Self.makeWorld()
        let wall = world.createBody(position: Vec2(1, 1), angle: 0, halfExtents: Vec2(0.1, 0.1), kind: .static).index
        let box = Self.makeBox(world, at: Vec2(0, 0.5), halfExtents: Vec2(0.1, 0.5))
        _ = world.joints.revolute.insert(
            RevoluteJoint(
                bodyA: world.ground, bodyB: box, localAnchorA: .zero, localAnchorB: Vec2(0, -0.5), referenceAngle: 0))
        _ = world.joints.weld.insert(
            WeldJoint(bodyA: world.ground, bodyB: wall, localAnchorA: .zero, localAnchorB: .zero, referenceAngle: 1))
        _ = world.joints.revolute.insert(
            RevoluteJoint(bodyA: world.ground, bodyB: wall, localAnchorA: .zero, localAnchorB: .zero, referenceAngle: 0)
        )
        _ = world.joints.prismatic.insert(
            PrismaticJoint(
                bodyA: world.ground, bodyB: wall, localAnchorA: .zero, localAnchorB: .zero, localAxisA: Vec2(0, 1),
                referenceAngle: 1))
        _ = world.joints.rope.insert(
            RopeJoint(bodyA: world.ground, bodyB: wall, localAnchorA: .zero, localAnchorB: .zero, maxLength: 0.5))
        // timeToSleep is 0.5 s; one second is ample.
        for _ in 0..<120 { world.step(Self.h) }
        #expect(world.isAtRest)
    }

    @Test func degenerateJointsProduceNoNaN() {
        // Static–static joints, a massless dynamic body, coincident anchors, a zero axis and
        // equal limits: none may divide by zero.
        let world = Self.makeWorld()
        let wall = world.createBody(position: Vec2(1, 1), angle: 0, halfExtents: Vec2(0.1, 0.1), kind: .static).index
        let point = Self.makeBox(world, at: Vec2(2, 2), halfExtents: .zero)  // mass 0
        let box = Self.makeBox(world, at: Vec2(0, 1), halfExtents: Vec2(0.1, 0.1))
        world.bodies[Int(box)].allowsRotation = false
        world.bodies[Int(box)].updateMass()

        _ = world.joints.rope.insert(
            RopeJoint(bodyA: world.ground, bodyB: wall, localAnchorA: .zero, localAnchorB: .zero, maxLength: 0.5))
        _ = world.joints.rope.insert(
            RopeJoint(bodyA: world.ground, bodyB: box, localAnchorA: Vec2(0, 1), localAnchorB: .zero, maxLength: 0))
        var pin = RevoluteJoint(
            bodyA: world.ground, bodyB: wall, localAnchorA: .zero, localAnchorB: .zero, referenceAngle: 0)
        pin.enableLimit = true
        pin.frictionTorque = 1
        _ = world.joints.revolute.insert(pin)
        var pin2 = RevoluteJoint(bodyA: point, bodyB: box, localAnchorA: .zero, localAnchorB: .zero, referenceAngle: 0)
        pin2.enableLimit = true
        pin2.frictionTorque = 1
        _ = world.joints.revolute.insert(pin2)
        var slider = PrismaticJoint(
            bodyA: wall, bodyB: box, localAnchorA: .zero, localAnchorB: .zero, localAxisA: .zero, referenceAngle: 0)
        slider.enableLimit = true
        _ = world.joints.prismatic.insert(slider)
        _ = world.joints.prismatic.insert(
            PrismaticJoint(
                bodyA: world.ground, bodyB: point, localAnchorA: .zero, localAnchorB: .zero, localAxisA: Vec2(1, 0),
                referenceAngle: 0))
        _ = world.joints.weld.insert(
            WeldJoint(bodyA: world.ground, bodyB: wall, localAnchorA: .zero, localAnchorB: .zero, referenceAngle: 1))
        var soft = WeldJoint(bodyA: point, bodyB: box, localAnchorA: .zero, localAnchorB: .zero, referenceAngle: 0)
        soft.frequency = 3
        soft.dampingRatio = 0.5
        _ = world.joints.weld.insert(soft)

        for _ in 0..<120 { world.step(Self.h) }
        #expect(Self.allFinite(world))
    }
}

extension SeededRandom {
    /// A uniform value in `range`.
    mutating func next(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }
    /// A vector with both components uniform in −r…r.
    mutating func vector(_ r: Double) -> Vec2 { Vec2(next(-r...r), next(-r...r)) }
}
