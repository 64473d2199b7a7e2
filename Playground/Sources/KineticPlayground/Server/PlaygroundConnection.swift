import Foundation
import HummingbirdWebSocket
import KineticScenes
import Logging

/// One WebSocket's session, behind an actor: the session and its scene are plain
/// single-threaded objects, and the reader and the frame ticker reach them from two tasks.
actor PlaygroundConnection {
    private let session: PlaygroundSession
    private let start = ContinuousClock.now
    /// Told when the connection's session is made and when it is freed.
    private let statistics: PlaygroundServer.Statistics?

    init(scene: InteractiveSceneName, seed: UInt64, statistics: PlaygroundServer.Statistics? = nil) {
        session = PlaygroundSession(scene: scene, seed: seed)
        self.statistics = statistics
        statistics?.sessionMade()
    }

    deinit {
        statistics?.sessionFreed()
    }

    /// Seconds since the connection opened.
    private var now: TimeInterval {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// The greeting and the first frame, as JSON texts.
    func greet() -> [String] {
        session.start().map(\.jsonText)
    }

    /// The answers to one client text; throws to drop the client.
    func receive(_ text: String) throws(PlaygroundError) -> [String] {
        try session.receive(text, at: now).map(\.jsonText)
    }

    /// The next frame, if anything changed, then the announcements and haptics it brought.
    func tick() -> [String] {
        let frame = session.tick(to: now)
        return ([frame].compactMap { $0 } + session.takeEvents()).map(\.jsonText)
    }

    /// When the session next needs a tick (see ``PlaygroundSession/nextWake``).
    func nextWake() -> PlaygroundSession.Wake {
        session.nextWake
    }

    /// The instant of session time `time`.
    func instant(at time: TimeInterval) -> ContinuousClock.Instant {
        start + .nanoseconds(Int64((time * 1e9).rounded(.up)))
    }
}
