import Foundation
import KineticAnimation
import KineticDynamics

/// A headless view for the tests: an item with bounds, transform and alpha, which recognizers
/// attach to and hit-test, and view animations and the toss move.
public final class TestView: AnimatableItem {
    public var center: CGPoint
    public var bounds: CGRect
    public var transform: CGAffineTransform = .identity
    public var alpha: CGFloat = 1

    public init(center: CGPoint = CGPoint(x: 100, y: 100), size: CGSize = CGSize(width: 200, height: 200)) {
        self.center = center
        self.bounds = CGRect(origin: .zero, size: size)
    }
}
