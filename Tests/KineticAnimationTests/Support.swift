import Foundation

/// A cubic timing curve's progress at elapsed fraction `x`, from the Bernstein form by
/// bisection on the parameter: an independent evaluation of the definition.
func bezierProgress(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
    func b(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var low = 0.0, high = 1.0
    for _ in 0..<200 {
        let mid = (low + high) / 2
        if b(mid, x1, x2) < x { low = mid } else { high = mid }
    }
    return b((low + high) / 2, y1, y2)
}
