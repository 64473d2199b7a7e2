import Foundation
import KineticDynamics
import Testing
@testable import KineticGestures

/// A headless view: an item with bounds, transform and alpha.
final class TestView: AnimatableItem {
    var center: CGPoint
    var bounds: CGRect
    var transform: CGAffineTransform = .identity
    var alpha: CGFloat = 1

    init(center: CGPoint = CGPoint(x: 100, y: 100), size: CGSize = CGSize(width: 200, height: 200)) {
        self.center = center
        self.bounds = CGRect(origin: .zero, size: size)
    }
}

/// A touch event, tersely.
func touch(_ id: Int, _ phase: Touch.Phase, _ x: Double, _ y: Double, at time: Double) -> Touch {
    Touch(id: id, phase: phase, location: CGPoint(x: x, y: y), timestamp: time)
}

/// Records what the arena reports: every state change of every recognizer (including
/// `.failed` and resets, which actions never see) and, separately, the actions.
final class Recorder {
    struct Change: Equatable, CustomStringConvertible {
        let name: String
        let from: GestureRecognizer.State
        let to: GestureRecognizer.State
        var description: String { "\(name): \(from)→\(to)" }
    }

    private(set) var changes: [Change] = []
    private(set) var actions: [(name: String, state: GestureRecognizer.State, time: Double)] = []

    init(_ arena: GestureArena) {
        arena.onStateChange = { recognizer, from, to in
            self.changes.append(Change(name: recognizer.name ?? "?", from: from, to: to))
        }
    }

    /// Records `recognizer`'s actions under its name, with the arena's time.
    func watch(_ recognizer: GestureRecognizer) {
        recognizer.addAction { r in
            self.actions.append((r.name ?? "?", r.state, r.arena?.currentTime ?? .nan))
        }
    }

    /// The states `name` moved to, in order.
    func states(of name: String) -> [GestureRecognizer.State] {
        changes.filter { $0.name == name }.map(\.to)
    }

    /// The states the actions of `name` saw, in order.
    func actionStates(of name: String) -> [GestureRecognizer.State] {
        actions.filter { $0.name == name }.map(\.state)
    }

    func clear() {
        changes.removeAll()
        actions.removeAll()
    }
}

/// Allows two recognizers to recognize together, and optionally vetoes beginning.
final class PermissiveDelegate: GestureRecognizerDelegate {
    var allowsSimultaneous = true
    var shouldBegin = true
    var receives = true

    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool { allowsSimultaneous }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { shouldBegin }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { receives }
}

/// Whether `a` and `b` agree to within `tolerance`.
func close(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
    abs(a - b) <= tolerance
}

/// A small deterministic generator (64-bit LCG) for jitter, so runs are reproducible.
struct SeededGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    /// A uniform value in −1…1.
    mutating func nextSigned() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53) * 2 - 1
    }
}

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
