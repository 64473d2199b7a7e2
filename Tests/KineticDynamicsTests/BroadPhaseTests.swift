import Foundation
import Testing

@testable import KineticDynamics

@Suite("Broad phase: the grid against brute force")
struct BroadPhaseTests {
    /// Random boxes of mixed sizes (plus a few huge ones and negative coordinates): with every
    /// shape new, the grid reports exactly the overlapping pairs a brute-force all-pairs test
    /// finds; after some shapes move, exactly the overlapping pairs that involve a moved shape;
    /// and a query exactly the boxes a scan finds.
    @Test(arguments: [1 as UInt64, 2, 3])
    func gridMatchesBruteForce(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        var shapes: [Shape] = []
        var broad = BroadPhase()
        for i in 0..<400 {
            let size = i % 97 == 0 ? Double.random(in: 5...20, using: &rng) : Double.random(in: 0.05...0.6, using: &rng)
            let x = Double.random(in: -10...10, using: &rng), y = Double.random(in: -10...10, using: &rng)
            var s = Shape()
            s.body = Int32(i + 1)
            s.itemGroups = 1
            s.isAlive = true
            s.fatAABB = AABB(
                lower: Vec2(x, y), upper: Vec2(x + size, y + size * Double.random(in: 0.5...1.5, using: &rng)))
            shapes.append(s)
            broad.insert(Int32(i))
        }
        var pairs: [UInt64] = []
        shapes.withBoundedPointer { broad.findPairs($0, into: &pairs) }
        var expected = Set<UInt64>()
        for i in shapes.indices {
            for j in (i + 1)..<shapes.count where shapes[i].fatAABB.overlaps(shapes[j].fatAABB) {
                expected.insert(UInt64(i) << 32 | UInt64(j))
            }
        }
        #expect(Set(pairs) == expected)
        #expect(shapes.allSatisfy { !$0.moved }, "moved flags are consumed")

        // Move every seventh shape somewhere else; only pairs touching a mover are new.
        for i in stride(from: 0, to: shapes.count, by: 7) {
            let x = Double.random(in: -10...10, using: &rng), y = Double.random(in: -10...10, using: &rng)
            let size = shapes[i].fatAABB.upper - shapes[i].fatAABB.lower
            shapes[i].fatAABB = AABB(lower: Vec2(x, y), upper: Vec2(x, y) + size)
            shapes[i].moved = true
        }
        shapes.withBoundedPointer { broad.findPairs($0, into: &pairs) }
        var expectedMoved = Set<UInt64>()
        for i in shapes.indices {
            for j in (i + 1)..<shapes.count
            where (i % 7 == 0 || j % 7 == 0) && shapes[i].fatAABB.overlaps(shapes[j].fatAABB) {
                expectedMoved.insert(UInt64(i) << 32 | UInt64(j))
            }
        }
        #expect(Set(pairs) == expectedMoved)

        // Several more steps of small moves (the grid refiles them in place), then one shape
        // growing past the cell size (the grid is rebuilt): each step reports exactly the
        // overlapping pairs that involve a mover.
        for round in 0..<6 {
            var movers = Set<Int>()
            for i in shapes.indices where Int.random(in: 0..<5, using: &rng) == 0 {
                let d = Vec2(Double.random(in: -0.4...0.4, using: &rng), Double.random(in: -0.4...0.4, using: &rng))
                shapes[i].fatAABB.lower += d
                shapes[i].fatAABB.upper += d
                if round == 5 && movers.isEmpty { shapes[i].fatAABB.upper += Vec2(1.5, 1.5) }
                shapes[i].moved = true
                movers.insert(i)
            }
            shapes.withBoundedPointer { broad.findPairs($0, into: &pairs) }
            var expectedStep = Set<UInt64>()
            for i in shapes.indices {
                for j in (i + 1)..<shapes.count
                where (movers.contains(i) || movers.contains(j)) && shapes[i].fatAABB.overlaps(shapes[j].fatAABB) {
                    expectedStep.insert(UInt64(i) << 32 | UInt64(j))
                }
            }
            #expect(Set(pairs) == expectedStep, "round \(round)")
        }

        for _ in 0..<50 {
            let x = Double.random(in: -12...10, using: &rng), y = Double.random(in: -12...10, using: &rng)
            let box = AABB(
                lower: Vec2(x, y),
                upper: Vec2(x + Double.random(in: 0...4, using: &rng), y + Double.random(in: 0...4, using: &rng)))
            var found: [Int32] = []
            shapes.withReadOnlyBoundedPointer { s in broad.query(s, box) { found.append($0) } }
            let scan = shapes.indices.filter { shapes[$0].fatAABB.overlaps(box) }.map(Int32.init)
            #expect(found.sorted() == scan)
        }
    }

    /// Between steps the grid is stale: a removed shape must not be answered (its slot may be
    /// dead or reused) and an added one must be, until the next pair search rebuilds the grid.
    @Test func queryBetweenStepsSeesInsertsAndRemovals() {
        var shapes: [Shape] = (0..<20).map { i in
            var s = Shape()
            s.body = Int32(i + 1)
            s.itemGroups = 1
            s.isAlive = true
            s.fatAABB = AABB(lower: Vec2(Double(i), 0), upper: Vec2(Double(i) + 0.5, 0.5))
            return s
        }
        var broad = BroadPhase()
        for i in shapes.indices { broad.insert(Int32(i)) }
        var pairs: [UInt64] = []
        shapes.withBoundedPointer { broad.findPairs($0, into: &pairs) }
        func query() -> Set<Int32> {
            var found = Set<Int32>()
            shapes.withReadOnlyBoundedPointer { s in
                broad.query(s, AABB(lower: Vec2(-1, -1), upper: Vec2(30, 1))) { found.insert($0) }
            }
            return found
        }
        #expect(query() == Set(0..<20))
        broad.remove(5)
        shapes[5].isAlive = false
        var extra = Shape()
        extra.isAlive = true
        extra.fatAABB = AABB(lower: Vec2(25, 0), upper: Vec2(25.5, 0.5))
        shapes.append(extra)
        broad.insert(20)
        #expect(query() == Set(0..<21).subtracting([5]))
        shapes.withBoundedPointer { broad.findPairs($0, into: &pairs) }
        #expect(query() == Set(0..<21).subtracting([5]), "the same after the rebuild")
    }

    /// items(in:) through the broad phase agrees with the same query on items without shapes.
    @Test func itemsInRectThroughBroadPhase() {
        let animator = DynamicAnimator()
        let colliding = (0..<30).map {
            TestItem(center: CGPoint(x: 30 * Double($0), y: 0), size: CGSize(width: 20, height: 20))
        }
        let plain = (0..<30).map {
            TestItem(center: CGPoint(x: 30 * Double($0), y: 100), size: CGSize(width: 20, height: 20))
        }
        animator.addBehavior(CollisionBehavior(items: colliding))
        animator.addBehavior(DynamicItemBehavior(items: plain))
        animator.step(1.0 / 60.0)
        // x 100…200: centres 90…210 reach it (half size 10 plus the 10 pt margin = 20).
        let hits = animator.items(in: CGRect(x: 100, y: -50, width: 100, height: 200))
        let expected = (colliding + plain).filter { $0.center.x + 20 >= 100 && $0.center.x - 20 <= 200 }
        #expect(Set(hits.map { ObjectIdentifier($0) }) == Set(expected.map { ObjectIdentifier($0) }))
    }
}
