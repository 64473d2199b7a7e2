/// Sort-and-sweep broad phase over the shapes' fat boxes.
///
/// Shapes stay sorted by the lower x of their fat box; each sub-step re-sorts with an
/// insertion sort, which is linear when the scene is coherent (bodies move little between
/// sub-steps), then sweeps: a shape is tested only against the shapes whose boxes start before
/// its own box ends. Cost is O(n + pairs + disorder), about n log n in practice, and no
/// allocation once the arrays have grown.
struct BroadPhase {
    /// Live shape slots, sorted by fat box lower x.
    private(set) var order: [Int32] = []

    mutating func insert(_ shape: Int32) {
        order.append(shape)
    }

    mutating func remove(_ shape: Int32) {
        if let i = order.firstIndex(of: shape) { order.remove(at: i) }
    }

    /// Re-sorts and reports every overlapping pair the filter admits, as (lower, higher) slot
    /// pairs packed in a UInt64, into `pairs` (cleared first).
    mutating func findPairs(_ shapes: UnsafeMutablePointer<Shape>, into pairs: inout [UInt64]) {
        pairs.removeAll(keepingCapacity: true)
        order.withUnsafeMutableBufferPointer { order in
            let n = order.count
            // Insertion sort: nearly sorted input costs nearly nothing.
            if n > 1 {
                for i in 1..<n {
                    let key = order[i]
                    let x = shapes[Int(key)].fatAABB.lower.x
                    var j = i - 1
                    while j >= 0 && shapes[Int(order[j])].fatAABB.lower.x > x {
                        order[j + 1] = order[j]
                        j -= 1
                    }
                    order[j + 1] = key
                }
            }
            for i in 0..<n {
                let a = Int(order[i])
                let boxA = shapes[a].fatAABB
                var j = i + 1
                while j < n {
                    let b = Int(order[j])
                    let boxB = shapes[b].fatAABB
                    if boxB.lower.x > boxA.upper.x { break }
                    if boxB.lower.y <= boxA.upper.y && boxB.upper.y >= boxA.lower.y
                        && Shape.shouldCollide(shapes[a], shapes[b])
                    {
                        let lo = UInt64(min(a, b)), hi = UInt64(max(a, b))
                        pairs.append(lo << 32 | hi)
                    }
                    j += 1
                }
            }
        }
    }

    /// Shape slots whose fat boxes overlap `box` (a query, not a step).
    func query(_ shapes: UnsafePointer<Shape>, _ box: AABB, _ visit: (Int32) -> Void) {
        for s in order {
            let fat = shapes[Int(s)].fatAABB
            if fat.lower.x > box.upper.x { break }
            if fat.overlaps(box) { visit(s) }
        }
    }
}
