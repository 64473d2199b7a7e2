import Foundation

extension PlaygroundServer {
    /// What a running server counts: its open sessions and the scene steps they have taken.
    /// Safe to read from any thread.
    public final class Statistics: @unchecked Sendable {
        private let lock = NSLock()
        private var sessions = 0
        private var steps = 0
        private var refusals = 0
        private var alive = 0

        /// A fresh count.
        public init() {}

        /// Sessions open now.
        public var openSessions: Int { lock.withLock { sessions } }
        /// Scene steps (frame ticks) taken by every session so far. Resting sessions take none.
        public var sceneSteps: Int { lock.withLock { steps } }
        /// Connections refused because the server was full.
        public var refusedSessions: Int { lock.withLock { refusals } }
        /// Sessions still in memory: made for a connection and not yet freed. A connection's
        /// session is freed before its place is given back, so once ``openSessions`` is 0 this
        /// is 0 too, unless something still holds a session that has closed.
        public var sessionsInMemory: Int { lock.withLock { alive } }

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

        func sessionMade() { lock.withLock { alive += 1 } }

        func sessionFreed() { lock.withLock { alive -= 1 } }
    }
}
