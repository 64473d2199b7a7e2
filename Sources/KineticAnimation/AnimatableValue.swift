import KineticDynamics
import KineticPlatform

/// One property's value, exactly as the item holds it (so an animation ends on precisely the
/// value the caller set), convertible to the numbers the animator interpolates.
enum AnimatableValue: Equatable {
    case center(CGPoint)
    case bounds(CGRect)
    case transform(CGAffineTransform)
    case alpha(CGFloat)

    /// Reads `property` from `item`.
    init(_ property: AnimatableProperty, of item: any AnimatableItem) {
        switch property {
        case .center: self = .center(item.center)
        case .bounds: self = .bounds(item.bounds)
        case .transform: self = .transform(item.transform)
        case .alpha: self = .alpha(item.alpha)
        }
    }

    /// Builds a value of `property` from interpolated numbers.
    init(_ property: AnimatableProperty, components c: [Double]) {
        switch property {
        case .center: self = .center(CGPoint(x: c[0], y: c[1]))
        case .bounds: self = .bounds(CGRect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .transform: self = .transform(TransformComponents(c).transform)
        case .alpha: self = .alpha(CGFloat(c[0]))
        }
    }

    /// The property this is a value of.
    var property: AnimatableProperty {
        switch self {
        case .center: .center
        case .bounds: .bounds
        case .transform: .transform
        case .alpha: .alpha
        }
    }

    /// The numbers interpolated.
    var components: [Double] {
        switch self {
        case .center(let p): [Double(p.x), Double(p.y)]
        case .bounds(let r): [Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height)]
        case .transform(let t): TransformComponents(t).array
        case .alpha(let a): [Double(a)]
        }
    }

    /// Whether every number is finite (a NaN target is not animated).
    var isFinite: Bool { components.allSatisfy { $0.isFinite } }

    /// Writes the value into `item`; alpha is clamped to 0…1.
    func write(to item: any AnimatableItem) {
        switch self {
        case .center(let p): item.center = p
        case .bounds(let r): item.bounds = r
        case .transform(let t): item.transform = t
        case .alpha(let a): item.alpha = min(max(a, 0), 1)
        }
    }
}
