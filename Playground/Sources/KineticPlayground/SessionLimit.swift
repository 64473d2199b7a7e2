import Foundation

/// How many playground sessions run at once: one per WebSocket, refused past the maximum so a
/// crowd of clients cannot take the server's cores.
actor SessionLimit {
    let maximum: Int
    private(set) var count = 0

    init(maximum: Int) { self.maximum = max(0, maximum) }

    /// Takes a place, or answers false when all are taken.
    func enter() -> Bool {
        guard count < maximum else { return false }
        count += 1
        return true
    }

    /// Gives a place back.
    func leave() { count = max(0, count - 1) }
}
