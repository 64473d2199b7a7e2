import Foundation
import Testing

@testable import KineticDynamics

@Suite("JointStore: stable handles, solver ordering")
struct JointStoreTests {
    /// Four springs per body, inserted body by body as a drag creates them, plus a few
    /// body-to-body joints; body 0 is static.
    func makeStore() -> (JointStore<DistanceJoint>, [JointID], [DistanceJoint]) {
        var store = JointStore<DistanceJoint>()
        var ids: [JointID] = []
        var joints: [DistanceJoint] = []
        for body in 1...50 {
            for corner in 0..<4 {
                let j = DistanceJoint(
                    bodyA: 0, bodyB: Int32(body), localAnchorA: Vec2(Double(corner), 0), localAnchorB: .zero,
                    length: Double(body))
                joints.append(j)
                ids.append(store.insert(j))
            }
        }
        for body in 1..<50 {
            let j = DistanceJoint(
                bodyA: Int32(body), bodyB: Int32(body + 1), localAnchorA: .zero, localAnchorB: .zero,
                length: -Double(body))
            joints.append(j)
            ids.append(store.insert(j))
        }
        return (store, ids, joints)
    }

    @Test func handlesSurviveRemovalAndReordering() {
        var (store, ids, joints) = makeStore()
        for k in stride(from: 0, to: ids.count, by: 7) { store.remove(ids[k]) }
        store.orderForSolver(bodyCount: 51) { $0 != 0 }
        for (k, id) in ids.enumerated() {
            if k % 7 == 0 {
                #expect(!store.contains(id))
            } else {
                #expect(store[id].length == joints[k].length && store[id].localAnchorA == joints[k].localAnchorA)
            }
        }
        #expect(store.count == ids.count - (ids.count + 6) / 7)
    }

    /// Within one colour run, no movable body appears twice; the static body may.
    @Test func coloursNeverRepeatAMovableBody() {
        var (store, _, _) = makeStore()
        store.orderForSolver(bodyCount: 51) { $0 != 0 }
        var seen = Set<Int32>()
        var runs = 1
        for joint in store.joints {
            let bodies = [joint.bodyA, joint.bodyB].filter { $0 != 0 }
            if bodies.contains(where: seen.contains) {
                seen.removeAll()  // a new colour starts here
                runs += 1
            }
            seen.formUnion(bodies)
        }
        // 4 springs on each body plus up to 2 chain joints: a greedy colouring needs ≤ 7 colours.
        #expect(runs <= 7)
    }
}
