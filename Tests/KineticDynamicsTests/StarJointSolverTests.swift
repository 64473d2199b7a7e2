import Foundation
import Testing

@testable import KineticDynamics

/// The star solver (stars solved all iterations at once, four to a vector) against the scalar
/// solver it replaces when no contact takes part: the truth is `prepare` and eight
/// `solveVelocity` passes over every joint, and the two must agree bit for bit, because each
/// body sees its joints in the same order and each lane does the scalar joint's arithmetic.
@Suite("Star joint solver: the scalar joint solver, bit for bit")
struct StarJointSolverTests {
    /// A random world: `stars` + 7 dynamic bodies, each held by 1…16 (one by 20) distance
    /// joints to static bodies (the ground and two more static bodies, one rotated and off the
    /// origin), plus joints that make six of them no star's (and one has too many joints to be
    /// one): a distance joint between two dynamic bodies, a rope, a revolute joint, a joint from
    /// a body to itself. Springs and rods, some with frequencies so high that the soft
    /// constraint takes its overflow-safe form, some anchored on the item's own point (zero
    /// length).
    static func scene(seed: UInt64, stars: Int) -> (bodies: [Body], joints: JointSet) {
        var rng = SeededRandom(seed: seed)
        func unit() -> Double { Double(rng.next() >> 11) * 0x1p-53 }
        func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
        var bodies: [Body] = []
        func addStatic(_ position: Vec2, angle: Double) {
            var b = Body()
            b.isAlive = true
            b.kind = .static
            b.position = position
            b.setAngle(angle)
            bodies.append(b)
        }
        addStatic(.zero, angle: 0)
        addStatic(Vec2(3, -2), angle: 0.7)
        addStatic(Vec2(-5, 4), angle: -2.1)
        for _ in 0..<stars + 7 {
            var b = Body()
            b.isAlive = true
            b.position = Vec2(uniform(-10, 10), uniform(-10, 10))
            b.setAngle(uniform(-3, 3))
            b.linearVelocity = Vec2(uniform(-2, 2), uniform(-2, 2))
            b.angularVelocity = uniform(-3, 3)
            b.invMass = 1 / uniform(0.5, 4)
            b.invInertia = unit() < 0.1 ? 0 : 1 / uniform(0.05, 0.5)
            bodies.append(b)
        }
        var joints = JointSet()
        func distance(_ a: Int32, _ b: Int32) {
            var j = DistanceJoint(
                bodyA: a, bodyB: b, localAnchorA: Vec2(uniform(-3, 3), uniform(-3, 3)),
                localAnchorB: Vec2(uniform(-0.5, 0.5), uniform(-0.5, 0.5)), length: uniform(0, 4))
            if a == 0 && unit() < 0.1 {
                // The anchor on the item's point: zero length, no direction (u = 0).
                let body = bodies[Int(b)]
                j.localAnchorA = body.position + rotate(body.rotation, j.localAnchorB)
            }
            let kind = unit()
            j.frequency = kind < 0.2 ? 0 : kind < 0.25 ? 1e300 : uniform(0.5, 20)
            j.dampingRatio = unit() < 0.1 ? 0 : uniform(0, 2)
            j.impulse = uniform(-0.5, 0.5)
            _ = joints.insert(j)
        }
        let firstDynamic = 3
        // Interleaved, as drags and snaps come and go: each round gives a random star a joint.
        // 1…16 joints (a star's most); the body after the first five has 20, and stays scalar.
        var remaining = (0..<stars + 7).map { $0 == 5 ? 20 : Int(uniform(1, 17)) }
        while let star = remaining.indices.filter({ remaining[$0] > 0 }).randomElement(using: &rng) {
            distance(Int32(Int(unit() * 3)), Int32(firstDynamic + star))
            remaining[star] -= 1
        }
        let last = Int32(bodies.count - 1)
        distance(Int32(firstDynamic), Int32(firstDynamic + 1))
        distance(last, last)
        _ = joints.insert(
            RopeJoint(
                bodyA: Int32(firstDynamic + 2), bodyB: 0, localAnchorA: .zero, localAnchorB: Vec2(1, 1), maxLength: 3))
        _ = joints.insert(
            RevoluteJoint(
                bodyA: Int32(firstDynamic + 3), bodyB: Int32(firstDynamic + 4), localAnchorA: Vec2(0.2, 0),
                localAnchorB: Vec2(-0.2, 0), referenceAngle: 0))
        return (bodies, joints)
    }

    /// Solves `joints` on `bodies` for `steps` sub-steps both ways and returns both results.
    static func solveBothWays(_ bodies: [Body], _ joints: JointSet, steps: Int) -> (
        star: ([Body], JointSet), scalar: ([Body], JointSet)
    ) {
        var starBodies = bodies, scalarBodies = bodies
        var starJoints = joints
        let movable: (Int32) -> Bool = { bodies[Int($0)].kind == .dynamic }
        starJoints.orderIfNeeded(bodyCount: bodies.count, isMovable: movable)
        var scalarJoints = starJoints
        for _ in 0..<steps {
            starBodies.withBoundedPointer {
                starJoints.solveWithoutContacts($0, h: subStep, iterations: Settings.velocityIterations)
            }
            scalarBodies.withBoundedPointer {
                scalarJoints.prepare($0, h: subStep)
                for _ in 0..<Settings.velocityIterations { scalarJoints.solveVelocity($0) }
            }
        }
        return ((starBodies, starJoints), (scalarBodies, scalarJoints))
    }

    static func bits(_ v: Vec2) -> [UInt64] { [v.x.bitPattern, v.y.bitPattern] }

    @Test(arguments: [1, 2, 3, 5, 8, 13, 33, 70] as [Int], [1, 2] as [UInt64])
    func velocitiesAndImpulsesMatchTheScalarSolver(stars: Int, seed: UInt64) {
        let (bodies, joints) = Self.scene(seed: seed &* 7919 &+ UInt64(stars), stars: stars)
        let (star, scalar) = Self.solveBothWays(bodies, joints, steps: 3)
        // The scene has stars (or the comparison would test nothing) and scalar joints.
        #expect(!star.1.stars.groups.isEmpty)
        #expect(!star.1.stars.scalarJoints.isEmpty)
        for i in bodies.indices {
            #expect(Self.bits(star.0[i].linearVelocity) == Self.bits(scalar.0[i].linearVelocity), "body \(i)")
            #expect(star.0[i].angularVelocity.bitPattern == scalar.0[i].angularVelocity.bitPattern, "body \(i)")
        }
        for (a, b) in zip(star.1.distance.joints, scalar.1.distance.joints) {
            #expect(a.impulse.bitPattern == b.impulse.bitPattern)
        }
        // And the solve did something: the velocities changed.
        #expect(zip(bodies, star.0).contains { $0.linearVelocity != $1.linearVelocity })
    }

    /// With contacts in the sub-step: the stars a contact touches go back to the scalar loop
    /// (with their joints in order), the others are solved outright; the result is still the
    /// scalar solver's, whichever bodies the contacts touch.
    @Test(arguments: [0.0, 0.3, 1.0])
    func starsTouchedByAContactJoinTheScalarLoop(touchedShare: Double) {
        let (bodies, joints) = Self.scene(seed: 23, stars: 70)
        var rng = SeededRandom(seed: 99)
        let inContact = bodies.indices.map { _ in Double(rng.next() >> 11) * 0x1p-53 < touchedShare }
        var starBodies = bodies, scalarBodies = bodies
        var starJoints = joints
        starJoints.orderIfNeeded(bodyCount: bodies.count, isMovable: { bodies[Int($0)].kind == .dynamic })
        var scalarJoints = starJoints
        for _ in 0..<3 {
            starBodies.withBoundedPointer { b in
                inContact.withReadOnlyBoundedPointer { marks in
                    starJoints.prepareStars(
                        b, h: subStep, iterations: Settings.velocityIterations,
                        inContact: marks)
                }
                for _ in 0..<Settings.velocityIterations { starJoints.solveVelocityOfOthers(b) }
            }
            scalarBodies.withBoundedPointer {
                scalarJoints.prepare($0, h: subStep)
                for _ in 0..<Settings.velocityIterations { scalarJoints.solveVelocity($0) }
            }
        }
        for i in bodies.indices {
            #expect(Self.bits(starBodies[i].linearVelocity) == Self.bits(scalarBodies[i].linearVelocity), "body \(i)")
            #expect(starBodies[i].angularVelocity.bitPattern == scalarBodies[i].angularVelocity.bitPattern, "body \(i)")
        }
        for (a, b) in zip(starJoints.distance.joints, scalarJoints.distance.joints) {
            #expect(a.impulse.bitPattern == b.impulse.bitPattern)
        }
    }

    /// The plan: every distance joint solved exactly once, by one of the two paths; no
    /// movable body in two lanes of a group; stars only of bodies no other joint touches.
    @Test(arguments: [1, 9, 40] as [Int])
    func thePlanCoversEveryJointOnceAndKeepsLanesApart(stars: Int) {
        let (bodies, joints) = Self.scene(seed: 11 &+ UInt64(stars), stars: stars)
        var set = joints
        set.orderIfNeeded(bodyCount: bodies.count, isMovable: { bodies[Int($0)].kind == .dynamic })
        let plan = set.stars
        #expect((plan.joints + plan.scalarJoints).sorted() == Array(0..<Int32(set.distance.count)))
        let others = [3, 4, 5, 6, 7, 8, bodies.count - 1].map(Int32.init)
        for group in plan.groups {
            #expect(group.rows >= 1 && group.rows <= Int32(StarPlan.maxRows))
            let lanes = Int(group.lanes)
            for r in 0..<Int(group.rows) {
                let laneBodies = (0..<lanes).map {
                    set.distance.joints[Int(plan.joints[Int(group.first) + r * lanes + $0])].bodyB
                }
                #expect(Set(laneBodies).count == lanes)
                #expect(laneBodies.allSatisfy { !others.contains($0) })
                // Each lane keeps one body down the rows.
                let firstRow = (0..<lanes).map {
                    set.distance.joints[Int(plan.joints[Int(group.first) + $0])].bodyB
                }
                #expect(laneBodies == firstRow)
            }
        }
        // A star's joints keep their store order down the rows.
        for group in plan.groups {
            let lanes = Int(group.lanes)
            for l in 0..<lanes {
                let column = (0..<Int(group.rows)).map { plan.joints[Int(group.first) + $0 * lanes + l] }
                #expect(column == column.sorted())
            }
        }
    }

    /// A far body that turns dynamic (an anchored item let go) makes its stars scalar again;
    /// the results still match.
    @Test func aFarBodyThatStartsMovingLeavesTheStars() {
        var (bodies, joints) = Self.scene(seed: 5, stars: 12)
        joints.orderIfNeeded(bodyCount: bodies.count, isMovable: { bodies[Int($0)].kind == .dynamic })
        let before = joints.stars.joints.count
        bodies[1].kind = .dynamic
        bodies[1].invMass = 0.5
        bodies[1].invInertia = 2
        joints.bodyKindDidChange()
        let (star, scalar) = Self.solveBothWays(bodies, joints, steps: 2)
        #expect(star.1.stars.joints.count < before)
        for i in bodies.indices {
            #expect(Self.bits(star.0[i].linearVelocity) == Self.bits(scalar.0[i].linearVelocity), "body \(i)")
            #expect(star.0[i].angularVelocity.bitPattern == scalar.0[i].angularVelocity.bitPattern, "body \(i)")
        }
    }
}

/// Stars beside contacts in a whole world: boxes falling into a box with gravity, some held by
/// four springs to points they swing about (stars), some of those reaching the pile (stars a
/// contact touches, which must stay in the scalar loop), against the same world solving every
/// joint in the scalar loop. Bit for bit, every frame.
@Suite("Stars beside contacts: the scalar loop's result")
struct StarsBesideContactsTests {
    static func world(starsBesideContacts: Bool) -> (DynamicAnimator, [TestItem]) {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 600))
        animator.world.solvesStarsBesideContacts = starsBesideContacts
        let falling = (0..<30).map { i in
            TestItem(
                center: CGPoint(x: 40 + 45 * Double(i % 8), y: 300 + 45 * Double(i / 8)),
                size: CGSize(width: 40, height: 40))
        }
        let held = (0..<12).map { i in
            TestItem(
                center: CGPoint(x: 30 + 30 * Double(i), y: 200 + 25 * Double(i)), size: CGSize(width: 24, height: 24))
        }
        let gravity = GravityBehavior(items: falling + held)
        let collision = CollisionBehavior(items: falling + held.suffix(6))
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(gravity)
        animator.addBehavior(collision)
        for item in held {
            for (dx, dy) in [(-20.0, -20.0), (20, -20), (-20, 20), (20, 20)] {
                let spring = AttachmentBehavior(
                    item: item, attachedToAnchor: CGPoint(x: item.center.x + dx, y: item.center.y + dy - 40))
                spring.frequency = 3
                spring.damping = 0.3
                animator.addBehavior(spring)
            }
        }
        return (animator, falling + held)
    }

    /// Once the last shapes are gone (the collision behaviour removed), the world keeps no list
    /// of contacts to solve: the manifold pass that rebuilds it no longer runs, so a list left
    /// from the last step with shapes would send the joints down the path beside contacts (the
    /// velocities' Float round trip) for ever.
    @Test func removingTheLastShapesLeavesNoContactsToSolve() throws {
        let (animator, _) = Self.world(starsBesideContacts: true)
        var steps = 0
        while animator.world.activeContacts.isEmpty && steps < 240 {
            animator.step(1.0 / 60)
            steps += 1
        }
        try #require(!animator.world.activeContacts.isEmpty, "the items came to touch")
        for behavior in animator.behaviors where behavior is CollisionBehavior { animator.removeBehavior(behavior) }
        animator.step(1.0 / 60)
        #expect(animator.world.liveShapeCount == 0)
        #expect(animator.world.activeContacts.isEmpty)
    }

    @Test func starsBesideContactsMatchTheScalarLoop() {
        let (fast, fastItems) = Self.world(starsBesideContacts: true)
        let (reference, referenceItems) = Self.world(starsBesideContacts: false)
        var sawContacts = false, sawStars = false
        for frame in 0..<240 {
            fast.step(1.0 / 60)
            reference.step(1.0 / 60)
            sawContacts = sawContacts || !fast.world.activeContacts.isEmpty
            sawStars = sawStars || !fast.world.joints.stars.groups.isEmpty
            for (a, b) in zip(fastItems, referenceItems) {
                #expect(a.center.x.bitPattern == b.center.x.bitPattern, "frame \(frame)")
                #expect(a.center.y.bitPattern == b.center.y.bitPattern, "frame \(frame)")
                #expect(a.transform.b.bitPattern == b.transform.b.bitPattern, "frame \(frame)")
            }
        }
        #expect(sawContacts && sawStars)
    }
}
