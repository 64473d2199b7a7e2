/// One node of a field's region, flattened for the step: a tree in an array, root at index 0,
/// children by index. Sizes are in metres and the region is centred on the field's position.
struct RegionNode {
    enum Op: UInt8 {
        /// Every point.
        case everything
        /// No point.
        case nothing
        /// |p| ≤ a.
        case circle
        /// |p.x| ≤ a and |p.y| ≤ b.
        case rectangle
        /// Not `left`.
        case inverse
        /// `left` or `right`.
        case union
        /// `left` and `right`.
        case intersection
        /// `left` and not `right`.
        case difference
    }

    var op: Op
    var a: Double = 0
    var b: Double = 0
    var left: Int32 = -1
    var right: Int32 = -1

    /// Whether `p` (metres, relative to the field's position) lies in the region `nodes`.
    /// Recursive over the tree; allocation-free.
    static func contains(_ nodes: [RegionNode], _ p: Vec2) -> Bool {
        nodes.withUnsafeBufferPointer { contains($0, 0, p) }
    }

    private static func contains(_ nodes: UnsafeBufferPointer<RegionNode>, _ index: Int32, _ p: Vec2) -> Bool {
        let i = Int(index)
        guard i >= 0, i < nodes.count else { return false }
        let n = nodes[i]
        switch n.op {
        case .everything: return true
        case .nothing: return false
        case .circle: return p.x * p.x + p.y * p.y <= n.a * n.a
        case .rectangle: return abs(p.x) <= n.a && abs(p.y) <= n.b
        case .inverse: return !contains(nodes, n.left, p)
        case .union: return contains(nodes, n.left, p) || contains(nodes, n.right, p)
        case .intersection: return contains(nodes, n.left, p) && contains(nodes, n.right, p)
        case .difference: return contains(nodes, n.left, p) && !contains(nodes, n.right, p)
        }
    }
}
