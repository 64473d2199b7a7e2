import KineticPlatform

/// An area of effect for a field (UIKit's `UIRegion`): a circle, a rectangle, everything, or a
/// combination of regions by inverse, union, difference and intersection.
///
/// A region is measured in points and centred on its own origin; a field places that origin at
/// its `position`. Regions are immutable values: every operation returns a new region.
///
/// ```swift
/// // A ring 50 … 100 pt from the field's position.
/// let ring = Region(radius: 100).difference(from: Region(radius: 50))
/// ```
public final class Region: Sendable, CustomStringConvertible {
    /// The region as a tree of primitives and set operations, in points.
    indirect enum Shape: Sendable, Equatable {
        case everything
        case nothing
        case circle(radius: Double)
        case rectangle(halfWidth: Double, halfHeight: Double)
        case inverse(Shape)
        case union(Shape, Shape)
        case intersection(Shape, Shape)
        case difference(Shape, Shape)
    }

    let shape: Shape

    init(shape: Shape) {
        self.shape = shape
    }

    /// A circle of `radius` points centred on the origin. A negative or NaN radius gives an
    /// empty region (and is reported); an infinite radius contains every point.
    public convenience init(radius: CGFloat) {
        let r = Double(radius)
        guard r >= 0 else {
            detachedLogger.error("Region(radius:): ignored negative or NaN radius \(radius); the region is empty")
            self.init(shape: .nothing)
            return
        }
        self.init(shape: .circle(radius: r))
    }

    /// A rectangle of `size` points centred on the origin. A negative or NaN width or height
    /// gives an empty region (and is reported).
    public convenience init(size: CGSize) {
        let w = Double(size.width), h = Double(size.height)
        guard w >= 0, h >= 0 else {
            detachedLogger.error(
                "Region(size:): ignored negative or NaN size \(describeSize(size)); the region is empty")
            self.init(shape: .nothing)
            return
        }
        self.init(shape: .rectangle(halfWidth: w / 2, halfHeight: h / 2))
    }

    private static let everywhere = Region(shape: .everything)

    /// The region that contains every point (the default region of a field).
    public static var infinite: Region { everywhere }

    /// The points not in this region. The inverse of the infinite region is empty.
    public func inverse() -> Region {
        switch shape {
        case .everything: Region(shape: .nothing)
        case .nothing: Region.infinite
        case .inverse(let inner): Region(shape: inner)
        default: Region(shape: .inverse(shape))
        }
    }

    /// The points in this region or in `region`.
    public func union(with region: Region) -> Region {
        switch (shape, region.shape) {
        case (.everything, _), (_, .everything): Region.infinite
        case (.nothing, _): region
        case (_, .nothing): self
        default: Region(shape: .union(shape, region.shape))
        }
    }

    /// The points in this region and not in `region` (`region` is subtracted from this one).
    public func difference(from region: Region) -> Region {
        switch (shape, region.shape) {
        case (.nothing, _), (_, .everything): Region(shape: .nothing)
        case (_, .nothing): self
        default: Region(shape: .difference(shape, region.shape))
        }
    }

    /// The points in both this region and `region`.
    public func intersection(with region: Region) -> Region {
        switch (shape, region.shape) {
        case (.nothing, _), (_, .nothing): Region(shape: .nothing)
        case (.everything, _): region
        case (_, .everything): self
        default: Region(shape: .intersection(shape, region.shape))
        }
    }

    /// UIKit's spelling of ``union(with:)``.
    public func byUnion(with region: Region) -> Region { union(with: region) }
    /// UIKit's spelling of ``difference(from:)``: this region minus `region`.
    public func byDifference(from region: Region) -> Region { difference(from: region) }
    /// UIKit's spelling of ``intersection(with:)``.
    public func byIntersection(with region: Region) -> Region { intersection(with: region) }

    /// Whether `point` (in points, relative to the region's origin) lies in the region. Edges
    /// belong to the region; a NaN point lies in no bounded region.
    public func contains(_ point: CGPoint) -> Bool {
        Self.contains(shape, Double(point.x), Double(point.y))
    }

    /// Whether this is the infinite region (fields skip the region test).
    var isInfinite: Bool { shape == .everything }

    /// A textual description of the region's tree.
    public var description: String { "Region(\(shape))" }

    private static func contains(_ s: Shape, _ x: Double, _ y: Double) -> Bool {
        switch s {
        case .everything: true
        case .nothing: false
        case .circle(let r): x * x + y * y <= r * r
        case .rectangle(let hw, let hh): abs(x) <= hw && abs(y) <= hh
        case .inverse(let a): !contains(a, x, y)
        case .union(let a, let b): contains(a, x, y) || contains(b, x, y)
        case .intersection(let a, let b): contains(a, x, y) && contains(b, x, y)
        case .difference(let a, let b): contains(a, x, y) && !contains(b, x, y)
        }
    }

    /// The region flattened for the solver: nodes in metres, root first.
    func solverNodes() -> [RegionNode] {
        var nodes: [RegionNode] = []
        Self.flatten(shape, into: &nodes)
        return nodes
    }

    @discardableResult
    private static func flatten(_ s: Shape, into nodes: inout [RegionNode]) -> Int32 {
        let index = Int32(nodes.count)
        nodes.append(RegionNode(op: .nothing))
        let node: RegionNode
        switch s {
        case .everything:
            node = RegionNode(op: .everything)
        case .nothing:
            node = RegionNode(op: .nothing)
        case .circle(let r):
            node = RegionNode(op: .circle, a: r / pointsPerMeter)
        case .rectangle(let hw, let hh):
            node = RegionNode(op: .rectangle, a: hw / pointsPerMeter, b: hh / pointsPerMeter)
        case .inverse(let a):
            node = RegionNode(op: .inverse, left: flatten(a, into: &nodes))
        case .union(let a, let b):
            let l = flatten(a, into: &nodes)
            node = RegionNode(op: .union, left: l, right: flatten(b, into: &nodes))
        case .intersection(let a, let b):
            let l = flatten(a, into: &nodes)
            node = RegionNode(op: .intersection, left: l, right: flatten(b, into: &nodes))
        case .difference(let a, let b):
            let l = flatten(a, into: &nodes)
            node = RegionNode(op: .difference, left: l, right: flatten(b, into: &nodes))
        }
        nodes[Int(index)] = node
        return index
    }
}
