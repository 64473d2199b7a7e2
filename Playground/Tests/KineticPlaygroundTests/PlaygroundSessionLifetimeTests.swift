import Foundation
import KineticScenes
import Testing

@testable import KineticPlayground

/// A session and every scene it made are freed once the session is dropped (issue 32): no
/// reference cycle between a session, its scenes, their arenas, recognisers, views and
/// animators. The truth is a weak reference to each object.
@Suite("Playground session lifetime")
struct PlaygroundSessionLifetimeTests {
    /// Weak references by name.
    final class Watchlist {
        private final class Entry {
            let name: String
            weak var object: AnyObject?
            init(_ name: String, _ object: AnyObject) {
                self.name = name
                self.object = object
            }
        }
        private var entries: [Entry] = []
        func watch(_ object: AnyObject?, _ name: String) {
            if let object { entries.append(Entry(name, object)) }
        }
        var count: Int { entries.count }
        var survivors: [String] { entries.filter { $0.object != nil }.map(\.name) }
    }

    /// Watches a scene and what it is made of that every scene has: its arena, its clock, its
    /// recognisers and its scroll view.
    static func watch(_ scene: any InteractiveScene, _ name: String, in watch: Watchlist) {
        watch.watch(scene, "\(name) scene")
        watch.watch(scene.arena, "\(name) arena")
        watch.watch(scene.clock, "\(name) clock")
        watch.watch(scene.scrollView, "\(name) scroll view")
        for recognizer in scene.arena.gestureRecognizers { watch.watch(recognizer, "\(name) \(type(of: recognizer))") }
    }

    /// A session used as a page uses it (touches in every scene, a recording replayed, the debug
    /// overlay, slow motion, the wheel, the keyboard), dropped while its last scene still moves.
    static func playedSession(_ watch: Watchlist) throws {
        let session = PlaygroundSession(scene: .drag, seed: 5)
        _ = session.start()
        var time = 0.0
        func tick(_ count: Int = 1) {
            for _ in 0..<count {
                time += 1.0 / 120
                _ = session.tick(to: time)
                _ = session.takeEvents()
            }
        }
        func send(_ text: String) throws {
            _ = try session.receive(text, at: time)
        }
        _ = try session.receive("{\"type\":\"debug\",\"on\":true}", at: 0)
        for name in InteractiveSceneName.allCases {
            try send("{\"type\":\"scene\",\"name\":\"\(name.rawValue)\"}")
            Self.watch(session.scene, name.rawValue, in: watch)
            try send(touchJSON("began", 120, 200))
            tick(70)  // past a long press
            for i in 1...10 {
                try send(touchJSON("moved", 120 + 8 * Double(i), 200 + 20 * Double(i)))
                tick()
            }
            try send(touchJSON("ended", 200, 400))
            tick(5)
            if name == .board || name == .reorder {
                try send("{\"type\":\"focus\",\"on\":true}")
                try send("{\"type\":\"key\",\"code\":\"Space\"}")
                try send("{\"type\":\"key\",\"code\":\"ArrowDown\"}")
            }
            if session.scene.scrollView != nil { try send("{\"type\":\"wheel\",\"dx\":0,\"dy\":40}") }
        }
        try send("{\"type\":\"slow\",\"on\":true}")
        try send("{\"type\":\"scene\",\"name\":\"toss\"}")
        try send("{\"type\":\"record\",\"on\":true}")
        try send(touchJSON("began", 250, 400))
        for i in 1...6 {
            tick()
            try send(touchJSON("moved", 250 + 15 * Double(i), 400 - 10 * Double(i)))
        }
        try send(touchJSON("ended", 340, 340))
        let answers = try session.receive("{\"type\":\"record\",\"on\":false}", at: time)
        guard case .trace(let trace)? = answers.first else {
            Issue.record("no trace: \(answers)")
            return
        }
        let json = ServerMessage.trace(trace).jsonText
            .replacingOccurrences(of: "\"type\":\"trace\"", with: "\"type\":\"replay\"")
        try send(json)
        tick(20)
        try send("{\"type\":\"replay-control\",\"action\":\"seek\",\"time\":0.05}")
        Self.watch(session.scene, "replayed toss", in: watch)
        try send("{\"type\":\"replay-control\",\"action\":\"play\"}")
        tick(10)
        watch.watch(session, "session")
    }

    /// Every scene a session made, and the session, are gone once it is dropped.
    @Test func aDroppedSessionFreesEverySceneItMade() throws {
        let watch = Watchlist()
        try Self.playedSession(watch)
        #expect(watch.count >= 30, "the session watched too little to prove anything")
        #expect(watch.survivors == [], "still alive after the session was dropped")
    }
}
