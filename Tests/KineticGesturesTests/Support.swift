import Foundation
import KineticDynamics
import KineticTestSupport
import Testing

@testable import KineticGestures

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
