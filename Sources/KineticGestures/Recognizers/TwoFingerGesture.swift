import KineticDynamics
import KineticPlatform

/// The two fingers a pinch or a rotation follows: the first two of the recognizer's touches, in
/// the order they came down, and the vector from the first to the second.
struct FingerPair: Equatable {
    let first: UInt64
    let second: UInt64
}

/// Below this distance, in points, two fingers count as one place: a pinch measures its scale
/// from at least this span and a rotation holds its angle (their direction is noise). Our
/// choice: a tenth of a point, far below any two real fingertips (≈ 8 mm apart at least).
let minimumFingerSpan = 0.1

extension GestureRecognizer {
    /// The first two tracked touches other than `excluded`, and the vector between them.
    final func fingerPair(excluding excluded: [Touch] = []) -> (pair: FingerPair, dx: Double, dy: Double)? {
        let gone = Set(excluded.map { $0.id })
        var found: [TrackedTouch] = []
        for t in trackedTouches where !gone.contains(t.touch.id) {
            found.append(t)
            if found.count == 2 { break }
        }
        guard found.count == 2 else { return nil }
        let a = found[0].touch.location, b = found[1].touch.location
        return (FingerPair(first: found[0].serial, second: found[1].serial), Double(b.x - a.x), Double(b.y - a.y))
    }
}
