import Foundation
import Testing

@testable import KineticDynamics

/// The world counts each body's joints (issue 24): destroying a body removes exactly the joints
/// it takes part in, and one with none costs no scan of every joint.
@Suite("Joint bookkeeping")
struct JointBookkeepingTests {
    @Test func destroyingABodyRemovesExactlyItsJoints() {
        let world = World()
        let ids = (0..<4).map { world.createBody(position: Vec2(Double($0), 0), angle: 0, halfExtents: Vec2(0.2, 0.2)) }
        let ab = world.createJoint(
            DistanceJoint(bodyA: ids[0].index, bodyB: ids[1].index, localAnchorA: .zero, localAnchorB: .zero, length: 1)
        )
        let bc = world.createJoint(
            RevoluteJoint(
                bodyA: ids[1].index, bodyB: ids[2].index, localAnchorA: .zero, localAnchorB: .zero, referenceAngle: 0))
        let cd = world.createJoint(
            WeldJoint(
                bodyA: ids[2].index, bodyB: ids[3].index, localAnchorA: .zero, localAnchorB: .zero, referenceAngle: 0))
        world.destroyJoint(cd)
        // Body 3's only joint went by handle: destroying it touches nothing else.
        world.destroyBody(ids[3])
        #expect(world.joints.contains(ab) && world.joints.contains(bc))
        world.destroyBody(ids[1])
        #expect(!world.joints.contains(ab) && !world.joints.contains(bc))
        #expect(world.joints.count() == 0)
        // A joint made after that, between the survivors, is removed with either of them.
        let ac = world.createJoint(
            DistanceJoint(bodyA: ids[0].index, bodyB: ids[2].index, localAnchorA: .zero, localAnchorB: .zero, length: 2)
        )
        world.destroyBody(ids[2])
        #expect(!world.joints.contains(ac))
    }

    /// An animator of many dragged cells tears down: every joint goes with its behaviour.
    @Test func anAnimatorOfManyAttachmentsTearsDown() {
        let world = World()
        let bodies = (0..<200).map {
            world.createBody(position: Vec2(Double($0), 0), angle: 0, halfExtents: Vec2(0.2, 0.2))
        }
        let joints = bodies.map {
            world.createJoint(
                DistanceJoint(bodyA: world.ground, bodyB: $0.index, localAnchorA: .zero, localAnchorB: .zero, length: 0)
            )
        }
        for (body, joint) in zip(bodies, joints) {
            world.destroyJoint(joint)
            world.destroyBody(body)
        }
        #expect(world.joints.count() == 0)
    }
}
