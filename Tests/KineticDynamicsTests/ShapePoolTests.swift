import Foundation
import Testing

@testable import KineticDynamics

/// The vertex pools under random creation and removal of shapes: the live vertex count the world
/// keeps equals the sum over the live polygons, and compaction (when most of the pool is dead)
/// keeps every live shape's vertices and normals as they were created.
@Suite("Shape pools: live vertices through removals")
struct ShapePoolTests {
    @Test(arguments: [3, 4] as [UInt64])
    func liveVerticesSurviveRemovals(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        func unit() -> Double { Double(rng.next() >> 11) * 0x1p-53 }
        let world = World()
        let body = world.createBody(position: .zero, angle: 0, halfExtents: Vec2(1, 1))
        var live: [(id: ShapeID, vertices: [Vec2], normals: [Vec2])] = []
        for _ in 0..<600 {
            if live.isEmpty || unit() < 0.55 {
                let polygon =
                    unit() < 0.5
                    ? boxPolygon(halfWidth: 0.1 + unit(), halfHeight: 0.1 + unit())
                    : ellipsePolygon(halfWidth: 0.1 + unit(), halfHeight: 0.1 + unit(), vertexCount: 16)
                let id = world.createPolygonShape(
                    body: body.index, vertices: polygon.vertices, normals: polygon.normals)
                live.append((id, polygon.vertices, polygon.normals))
            } else {
                let k = Int(unit() * Double(live.count))
                world.destroyShape(live.remove(at: k).id)
            }
            let sum = live.reduce(0) { $0 + $1.vertices.count }
            #expect(world.liveVertexCount == sum)
            #expect(world.vertexPool.count <= max(64, 2 * sum) + 16, "the pool is compacted once mostly dead")
        }
        for shape in live {
            let s = world.shapes[Int(shape.id.index)]
            let range = Int(s.vertexStart)..<Int(s.vertexStart) + Int(s.vertexCount)
            #expect(Array(world.vertexPool[range]) == shape.vertices)
            #expect(Array(world.normalPool[range]) == shape.normals)
        }
    }
}
