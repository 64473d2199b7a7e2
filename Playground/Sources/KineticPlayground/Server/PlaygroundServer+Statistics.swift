import Foundation

extension PlaygroundServer {
    /// What a running server counts: its open sessions and the scene steps they have taken.
    /// Safe to read from any thread.
    public final class Statistics: @unchecked Sendable {
        private let lock = NSLock()
        private var sessions = 0
        private var steps = 0
        private var refusals = 0

        /// A fresh count.
        public init() {}

        /// Sessions open now.
        public var openSessions: Int { lock.withLock { sessions } }
        /// Scene steps (frame ticks) taken by every session so far. Resting sessions take none.
        public var sceneSteps: Int { lock.withLock { steps } }
        /// Connections refused because the server was full.
        public var refusedSessions: Int { lock.withLock { refusals } }

        /// Takes a place if fewer than `limit` sessions are open.
        func openSession(limit: Int) -> Bool {
            lock.withLock {
                guard sessions < limit else {
                    refusals += 1
                    return false
                }
                sessions += 1
                return true
            }
        }

        func closeSession() { lock.withLock { sessions -= 1 } }

        func countStep() { lock.withLock { steps += 1 } }
    }
}
