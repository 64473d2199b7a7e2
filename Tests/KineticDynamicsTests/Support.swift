import Foundation
import Logging
import Testing

@testable import KineticDynamics

/// A bare dynamic item, as a view would be.
final class TestItem: DynamicItem {
    var center: CGPoint
    var bounds: CGRect
    var transform: CGAffineTransform = .identity

    init(center: CGPoint = CGPoint(x: 100, y: 100), size: CGSize = CGSize(width: 100, height: 100)) {
        self.center = center
        self.bounds = CGRect(origin: .zero, size: size)
    }

    var angle: Double { atan2(Double(transform.b), Double(transform.a)) }
}

/// Counts delegate calls, remembering the frame each happened on.
final class DelegateSpy: DynamicAnimatorDelegate {
    var resumes = 0
    var pauses = 0
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator) { resumes += 1 }
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { pauses += 1 }
}

/// Collects log messages so tests can assert that bad input was reported.
final class LogCapture: LogHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lock.lock()
        storage.append("\(event.level): \(event.message)")
        lock.unlock()
    }

    var messages: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    /// A logger writing into this capture.
    var logger: Logger { Logger(label: "test") { _ in self } }
}

/// The sub-step UIKit uses, Float(1/120), computed independently of the engine.
let subStep = Double(Float(1.0 / 120.0))

/// An item behaviour that removes velocity damping, for comparisons with undamped analytics.
func undamped(_ items: [any DynamicItem]) -> DynamicItemBehavior {
    let b = DynamicItemBehavior(items: items)
    b.resistance = 0
    b.angularResistance = 0
    return b
}

/// Steps `animator` `frames` times by `dt`.
func run(_ animator: DynamicAnimator, frames: Int, dt: Double = 1.0 / 60.0) {
    for _ in 0..<frames { animator.step(dt) }
}

/// Distance between two disjoint convex polygons (world vertices), independently of the
/// collision routines: the least distance from a vertex of one to an edge of the other (the
/// closest points of disjoint convex polygons always include a vertex).
func convexPolygonDistance(_ a: [Vec2], _ b: [Vec2]) -> Double {
    func toEdge(_ p: Vec2, _ s: Vec2, _ e: Vec2) -> Double {
        let d = e - s
        let t = min(max(dot(p - s, d) / dot(d, d), 0), 1)
        return length(p - (s + t * d))
    }
    var best = Double.infinity
    for (ps, qs) in [(a, b), (b, a)] {
        for p in ps { for i in qs.indices { best = min(best, toEdge(p, qs[i], qs[(i + 1) % qs.count])) } }
    }
    return best
}
