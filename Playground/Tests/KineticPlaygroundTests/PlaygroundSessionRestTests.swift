import Foundation
import KineticScenes
import Testing

@testable import KineticPlayground

/// A session at rest costs nothing: its frame loop sleeps until a message or a gesture's timer
/// (``PlaygroundSession/nextWake``), and sleeping changes nothing a person could see.
@Suite("Playground sessions at rest")
struct PlaygroundSessionRestTests {
    /// Drives `session` through `script` (touch texts at session times) up to `end`, ticking at
    /// 120 Hz. With `sleeping`, it skips every tick `nextWake` says is not needed, as the
    /// server's frame loop does; returns how many ticks it ran.
    @discardableResult
    private static func drive(
        _ session: PlaygroundSession, script: [(at: Double, text: String)], until end: Double, sleeping: Bool
    ) throws -> Int {
        _ = session.start()
        var pending = script[...]
        var ticks = 0
        var asleepUntil: Double? = nil  // nil: awake; .infinity: until the next message
        for frame in 1...Int(end * 120) {
            let time = Double(frame) / 120
            while let next = pending.first, next.at <= time {
                _ = try session.receive(next.text, at: next.at)
                pending.removeFirst()
                asleepUntil = nil
            }
            if let wake = asleepUntil, time < wake { continue }
            _ = session.tick(to: time)
            ticks += 1
            guard sleeping else { continue }
            switch session.nextWake {
            case .nextFrame: asleepUntil = nil
            case .at(let deadline): asleepUntil = deadline
            case .nextMessage: asleepUntil = .infinity
            }
        }
        return ticks
    }

    /// After ``PlaygroundSession/quietTicksBeforeRest`` ticks that change nothing, a scene
    /// with no finger down rests until the next message; the message wakes it.
    @Test func aQuietSceneRestsAfterAQuarterSecond() throws {
        let session = PlaygroundSession(scene: .toss, seed: 3)
        _ = session.start()
        for frame in 1..<PlaygroundSession.quietTicksBeforeRest {
            #expect(session.tick(to: Double(frame) / 120) == nil)
            #expect(session.nextWake == .nextFrame)
        }
        #expect(session.tick(to: Double(PlaygroundSession.quietTicksBeforeRest) / 120) == nil)
        #expect(session.nextWake == .nextMessage)
        _ = try session.receive("{\"type\":\"debug\",\"on\":false}", at: 1)
        #expect(session.nextWake == .nextFrame, "a message wakes the session")
    }

    /// A finger held still changes nothing on screen, yet its long press is due: the session
    /// stays awake while any finger is down.
    @Test func aFingerDownKeepsItAwake() throws {
        let session = PlaygroundSession(scene: .drag, seed: 1)
        _ = session.start()
        _ = try session.receive(touchJSON("began", 60, 60), at: 0.01)
        for frame in 2...120 { _ = session.tick(to: Double(frame) / 120) }
        #expect(session.nextWake == .nextFrame)
        _ = try session.receive(touchJSON("ended", 60, 60), at: 1.01)
        for frame in 122...240 { _ = session.tick(to: Double(frame) / 120) }
        #expect(session.nextWake == .nextMessage)
    }

    /// Sleeping loses nothing: for every scene, with the same touches (a long press and drag, a
    /// tap, a flick after a rest), a session that sleeps whenever it may ends bit for bit where one ticked
    /// at every frame ends, and sleeps through most of the time once things settle.
    @Test(arguments: InteractiveSceneName.allCases)
    func sleepingChangesNothingVisible(scene: InteractiveSceneName) throws {
        var script: [(at: Double, text: String)] = [(0.5, touchJSON("began", 80, 120))]
        // Held for a long press, then dragged and flung.
        for i in 1...30 {
            let step = Double(i)
            script.append((1.1 + step / 120, touchJSON("moved", 80 + 6 * step, 120 + 9 * step)))
        }
        script.append((1.4, touchJSON("ended", 260, 390)))
        script.append((3.0, touchJSON("began", 200, 200)))
        script.append((3.05, touchJSON("ended", 200, 200)))
        // A flick after a rest (the playground's end-to-end fling): the scroll view decelerates.
        script.append((4.5, touchJSON("began", 60, 560)))
        for i in 1...8 { script.append((4.5 + Double(i) * 0.0125, touchJSON("moved", 60, 560 - 10 * Double(i)))) }
        script.append((4.6125, touchJSON("ended", 60, 480)))
        let awake = PlaygroundSession(scene: scene, seed: 5)
        let sleepy = PlaygroundSession(scene: scene, seed: 5)
        let allTicks = try Self.drive(awake, script: script, until: 8, sleeping: false)
        let sleptTicks = try Self.drive(sleepy, script: script, until: 8, sleeping: true)
        #expect(sleepy.scene.state == awake.scene.state, "\(scene): the rested session ended elsewhere")
        #expect(sleptTicks < allTicks, "\(scene): \(sleptTicks) of \(allTicks) ticks")
    }

    /// A replay runs every frame until its last event, whatever the scene does meanwhile.
    @Test func aReplayStaysAwakeUntilItsLastEvent() throws {
        let recorder = PlaygroundSession(scene: .toss, seed: 2)
        _ = recorder.start()
        _ = try recorder.receive("{\"type\":\"record\",\"on\":true}", at: 0)
        _ = try recorder.receive(touchJSON("began", 100, 100), at: 0.1)
        _ = try recorder.receive(touchJSON("ended", 100, 100), at: 2)
        guard case .trace(let trace)? = try recorder.receive("{\"type\":\"record\",\"on\":false}", at: 2.1).first
        else {
            Issue.record("no trace")
            return
        }
        let json = "{\"type\":\"replay\",\"trace\":\(String(decoding: try JSONEncoder().encode(trace), as: UTF8.self))}"
        let player = PlaygroundSession(scene: .toss, seed: 2)
        _ = player.start()
        _ = try player.receive(json, at: 0)
        var time = 0.0
        while time < 1.9 {
            time += 1.0 / 120
            _ = player.tick(to: time)
            #expect(player.nextWake == .nextFrame, "asleep at \(time) with events to come")
        }
    }
}
