import Foundation
import KineticDynamics

/// A bare dynamic item, as a view would be: the engine writes its center and transform.
final class FuzzItem: DynamicItem, CustomStringConvertible {
    var center: CGPoint
    var bounds: CGRect
    var transform: CGAffineTransform = .identity
    let name: Int

    init(_ name: Int, center: CGPoint, size: CGSize = CGSize(width: 40, height: 40)) {
        self.name = name
        self.center = center
        self.bounds = CGRect(origin: .zero, size: size)
    }

    var description: String { "item \(name)" }
}
