import KineticPlatform

/// A path of lines and curves, UIKit's `UIBezierPath` as far as Dynamics uses it: collision
/// boundaries and item collision bounding paths.
///
/// Curves are flattened into line segments when the engine reads the path (a quadratic or
/// cubic becomes 16 segments), so any path the API accepts becomes polylines.
public final class BezierPath {
    /// One drawing command.
    public enum Element: Hashable, Sendable {
        /// Starts a new subpath at a point (`move(to:)`).
        case move(to: CGPoint)
        /// A straight line from the current point (`addLine(to:)`).
        case line(to: CGPoint)
        /// A quadratic Bézier curve from the current point (`addQuadCurve(to:controlPoint:)`).
        case quadCurve(to: CGPoint, control: CGPoint)
        /// A cubic Bézier curve from the current point (`addCurve(to:controlPoint1:controlPoint2:)`).
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        /// Closes the subpath with a line back to its first point (`close()`).
        case close
    }

    /// The commands, in order.
    public private(set) var elements: [Element] = []

    /// Segments per flattened curve.
    static let curveSegments = 16

    /// Creates an empty path.
    public init() {}

    /// A closed rectangle, drawn clockwise on screen from its origin (as UIKit draws it).
    public convenience init(rect: CGRect) {
        self.init()
        move(to: CGPoint(x: rect.minX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        close()
    }

    /// A closed ellipse inscribed in `rect`, drawn clockwise on screen, as four cubic curves.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        let k: CGFloat = 0.5522847498  // cubic approximation of a quarter circle
        let cx = rect.midX, cy = rect.midY, rx = rect.width / 2, ry = rect.height / 2
        move(to: CGPoint(x: cx + rx, y: cy))
        addCurve(
            to: CGPoint(x: cx, y: cy + ry), controlPoint1: CGPoint(x: cx + rx, y: cy + k * ry),
            controlPoint2: CGPoint(x: cx + k * rx, y: cy + ry))
        addCurve(
            to: CGPoint(x: cx - rx, y: cy), controlPoint1: CGPoint(x: cx - k * rx, y: cy + ry),
            controlPoint2: CGPoint(x: cx - rx, y: cy + k * ry))
        addCurve(
            to: CGPoint(x: cx, y: cy - ry), controlPoint1: CGPoint(x: cx - rx, y: cy - k * ry),
            controlPoint2: CGPoint(x: cx - k * rx, y: cy - ry))
        addCurve(
            to: CGPoint(x: cx + rx, y: cy), controlPoint1: CGPoint(x: cx + k * rx, y: cy - ry),
            controlPoint2: CGPoint(x: cx + rx, y: cy - k * ry))
        close()
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) { elements.append(.move(to: point)) }
    /// Adds a straight line to `point`.
    public func addLine(to point: CGPoint) { elements.append(.line(to: point)) }
    /// Adds a quadratic Bézier curve to `point`.
    public func addQuadCurve(to point: CGPoint, controlPoint: CGPoint) {
        elements.append(.quadCurve(to: point, control: controlPoint))
    }
    /// Adds a cubic Bézier curve to `point`.
    public func addCurve(to point: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        elements.append(.curve(to: point, control1: controlPoint1, control2: controlPoint2))
    }
    /// Closes the current subpath with a line back to its start.
    public func close() { elements.append(.close) }

    /// Whether the path has no drawing commands.
    public var isEmpty: Bool { elements.isEmpty }

    /// The path flattened into polylines, one per subpath, with whether each is closed.
    /// Duplicate consecutive points are dropped.
    public func flattened() -> [(points: [CGPoint], isClosed: Bool)] {
        var result: [(points: [CGPoint], isClosed: Bool)] = []
        var current: [CGPoint] = []
        var start = CGPoint.zero
        var pen = CGPoint.zero
        func finish(closed: Bool) {
            if current.count > 1 || (closed && current.count > 0) { result.append((current, closed)) }
            current = []
        }
        func add(_ p: CGPoint) {
            if current.last != p { current.append(p) }
            pen = p
        }
        let n = Self.curveSegments
        for element in elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                start = p
                add(p)
            case .line(let p):
                if current.isEmpty { add(pen) }
                add(p)
            case .quadCurve(let p, let c):
                if current.isEmpty { add(pen) }
                let p0 = pen
                for i in 1...n {
                    let t = CGFloat(i) / CGFloat(n), u = 1 - t
                    add(
                        CGPoint(
                            x: u * u * p0.x + 2 * u * t * c.x + t * t * p.x,
                            y: u * u * p0.y + 2 * u * t * c.y + t * t * p.y))
                }
            case .curve(let p, let c1, let c2):
                if current.isEmpty { add(pen) }
                let p0 = pen
                for i in 1...n {
                    let t = CGFloat(i) / CGFloat(n), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    add(
                        CGPoint(
                            x: a * p0.x + b * c1.x + c * c2.x + d * p.x, y: a * p0.y + b * c1.y + c * c2.y + d * p.y))
                }
            case .close:
                if current.count > 1, current.last == start { current.removeLast() }
                finish(closed: true)
                pen = start
            }
        }
        finish(closed: false)
        return result
    }

    /// Whether every coordinate is finite.
    var isFinite: Bool {
        elements.allSatisfy { element in
            switch element {
            case .move(let p), .line(let p): p.isFinite
            case .quadCurve(let p, let c): p.isFinite && c.isFinite
            case .curve(let p, let c1, let c2): p.isFinite && c1.isFinite && c2.isFinite
            case .close: true
            }
        }
    }
}

extension BezierPath: CustomStringConvertible {
    /// `BezierPath(3 elements)`: the number of drawing commands, for log lines.
    public var description: String { "BezierPath(\(elements.count) elements)" }
}
