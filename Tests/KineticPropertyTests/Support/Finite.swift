import Foundation
import KineticDynamics

extension CGPoint {
    var isAllFinite: Bool { x.isFinite && y.isFinite }
}

extension CGRect {
    var isAllFinite: Bool { origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite }
}

extension CGAffineTransform {
    var isAllFinite: Bool { [a, b, c, d, tx, ty].allSatisfy(\.isFinite) }
}

extension CGVector {
    var isAllFinite: Bool { dx.isFinite && dy.isFinite }
}
