// A hostile page, played into a playground session as the server plays it, with every answer
// checked: shared by the corpus regression tests (FuzzCorpusTests) and the fuzz targets, which
// compile this file through a symlink (Fuzz/Sources/…), so both check the very same things.
import Foundation
import KineticGestures
import KineticScenes

@testable import KineticPlayground

/// Plays a client's text messages into a ``PlaygroundSession`` the way the server does (each
/// message at the current time, answered at once and followed by a tick; between messages the
/// frame loop ticks at 120 Hz while the session says something moves, sleeps until its wake
/// time or the next message otherwise) and checks every answer against what the protocol
/// promises, keeping a page's model of the drawables from the frames alone.
final class SessionDriver {
    static let period = 1.0 / 120
    /// The longest notice a client's text can earn: a sentence of the server's (under 160
    /// scalars) quoting at most ``ClientText/maximumCharacters`` scalars of it, each escaped to
    /// at most 9 (`\u{e007f}`), with quotes and an ellipsis.
    static let maximumNoticeScalars = 160 + ClientText.maximumCharacters * 9 + 3
    /// The messages the protocol knows, by `type` (from ``ClientMessage``'s documentation).
    static let messageTypes: Set<String> = [
        "scene", "touch", "wheel", "record", "replay", "parameter", "debug", "slow", "focus", "key",
        "replay-control",
    ]

    let session: PlaygroundSession
    /// Seconds since the session started, as the server's clock passes them.
    private(set) var wall: TimeInterval = 0
    private var lastTick = -SessionDriver.period
    /// What a page holds: the drawables, by id, rebuilt from hellos and frames only.
    private var model: [Int: Drawable] = [:]
    /// When the messages of the last second arrived, counted here, not by the session.
    private var arrivals: [TimeInterval] = []
    /// Why the session dropped the client, once it did.
    private(set) var dropped: PlaygroundError?
    private(set) var violations: [String] = []
    private(set) var messagesSent = 0
    private(set) var ticks = 0

    /// The most a fuzz input may let time pass, in seconds (each second is 120 ticks).
    static let maximumWait: TimeInterval = 10

    /// Plays a fuzz input: lines, each a text message, except that a line `+N` (N digits) lets N
    /// milliseconds pass (at most ``maximumWait`` seconds in all); the session starts in Drag.
    static func play(_ input: some Collection<UInt8>) -> SessionDriver {
        let driver = SessionDriver()
        var waited: TimeInterval = 0
        for line in input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            if line.first == UInt8(ascii: "+"), line.count > 1, line.count <= 7,
                line.dropFirst().allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            {
                let seconds = min(
                    Double(String(decoding: line.dropFirst(), as: UTF8.self))! / 1000, maximumWait - waited)
                waited += seconds
                driver.advance(by: seconds)
            } else if !driver.receive(String(decoding: line, as: UTF8.self)) {
                break
            }
        }
        return driver
    }

    init(scene: InteractiveSceneName = .drag, seed: UInt64 = 1) {
        session = PlaygroundSession(scene: scene, seed: seed)
        check(session.start(), after: "the greeting")
        checkModel(after: "the greeting")
    }

    private func fail(_ what: String) {
        // The first few are enough to read; a broken invariant tends to repeat every tick.
        if violations.count < 20 { violations.append(what) }
    }

    // MARK: Input

    /// Sends one text message at the current time; false once the session has dropped the
    /// client (this message or an earlier one), as the server would close the socket.
    @discardableResult
    func receive(_ text: String) -> Bool {
        guard dropped == nil else { return false }
        messagesSent += 1
        let bytes = text.utf8.count
        if bytes <= PlaygroundSession.maximumMessageBytes {
            arrivals.append(wall)
            arrivals.removeAll { $0 < wall - 1 }
        }
        let answers: [ServerMessage]
        do {
            answers = try session.receive(text, at: wall)
        } catch {
            dropped = error
            checkRefusal(error, of: text, bytes: bytes)
            return false
        }
        let described = "message \(messagesSent) (\(ClientText.quoted(text)))"
        checkAccepted(text, bytes: bytes, described)
        check(answers, after: described)
        // A message wakes the frame loop for a tick at once.
        tick(at: max(wall, lastTick + Self.period / 8))
        return true
    }

    /// Lets `seconds` pass: the frame loop ticks as the session's ``PlaygroundSession/nextWake``
    /// asks, as the server's does.
    func advance(by seconds: TimeInterval) {
        guard dropped == nil, seconds.isFinite, seconds > 0 else { return }
        let target = wall + seconds
        var budget = Int((seconds / Self.period).rounded(.up)) * 8 + 8
        while budget > 0 {
            budget -= 1
            let next: TimeInterval
            switch session.nextWake {
            case .nextFrame: next = lastTick + Self.period
            case .at(let time):
                guard time.isFinite else {
                    fail("the session wants waking at \(time)")
                    return
                }
                next = max(time, lastTick + Self.period / 8)
            case .nextMessage: next = .infinity
            }
            guard next <= target else { break }
            tick(at: max(next, wall))
        }
        wall = max(wall, target)
    }

    private func tick(at time: TimeInterval) {
        wall = time
        lastTick = time
        ticks += 1
        let frame = session.tick(to: time)
        check([frame].compactMap { $0 } + session.takeEvents(), after: "the tick at \(time) s")
        checkModel(after: "the tick at \(time) s")
    }

    // MARK: Checks

    /// A refusal is the one the protocol documents for this text: too large, flooding, or
    /// malformed, with a close reason that fits a close frame and cannot forge a log line.
    private func checkRefusal(_ error: PlaygroundError, of text: String, bytes: Int) {
        let expected: String
        if bytes > PlaygroundSession.maximumMessageBytes {
            expected = "too large"
            if error != .messageTooLarge(bytes: bytes) { fail("a \(bytes)-byte message refused with \(error)") }
        } else if arrivals.count > PlaygroundSession.maximumMessagesPerSecond {
            expected = "flooding"
            if error != .flooding { fail("message \(arrivals.count) within a second refused with \(error)") }
        } else {
            expected = "malformed"
            guard case .malformed = error else {
                fail("\(ClientText.quoted(text)) refused with \(error)")
                return
            }
        }
        if error.closeReason.utf8.count > 123 { fail("close reason over 123 bytes: \(error.closeReason)") }
        if let bad = Self.unsafeScalar(in: error.closeReason) {
            let code = String(bad.value, radix: 16)
            fail("close reason (\(expected)) holds U+\(code): \(error.closeReason.debugDescription)")
        }
    }

    /// An accepted text is a message of the protocol, by an independent reading.
    private func checkAccepted(_ text: String, bytes: Int, _ described: String) {
        if bytes > PlaygroundSession.maximumMessageBytes { fail("\(described) accepted at \(bytes) bytes") }
        if arrivals.count > PlaygroundSession.maximumMessagesPerSecond {
            fail("\(described) accepted as message \(arrivals.count) within a second")
        }
        // The README's promise: text that is not JSON is refused (1007), whatever fields hold it.
        if (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) == nil {
            fail("\(described) accepted, but it is not JSON")
        }
        guard let message = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)), case .object = message
        else {
            fail("\(described) accepted, but it is not a JSON object")
            return
        }
        guard let type = message["type"]?.string, Self.messageTypes.contains(type) else {
            fail("\(described) accepted with type \(String(describing: message["type"]))")
            return
        }
        func number(_ key: String) -> Double? { message[key]?.number }
        func isBool(_ key: String) -> Bool { if case .bool = message[key] { true } else { false } }
        switch type {
        case "scene":
            if message["name"]?.string == nil { fail("\(described) accepted a scene without a name") }
        case "touch":
            if !(number("x")?.isFinite == true && number("y")?.isFinite == true) {
                fail("\(described) accepted a touch without a finite x and y")
            }
            if let id = number("id"), id.rounded() != id { fail("\(described) accepted a touch id \(id)") }
            let phases: Set = ["began", "moved", "stationary", "ended", "cancelled"]
            if !phases.contains(message["phase"]?.string ?? "") { fail("\(described) accepted a touch's phase") }
        case "wheel":
            if !(number("dx")?.isFinite == true && number("dy")?.isFinite == true) {
                fail("\(described) accepted a wheel without finite deltas")
            }
        case "record", "debug", "slow", "focus":
            if !isBool("on") { fail("\(described) accepted without a true or false \"on\"") }
        case "parameter":
            if message["name"]?.string == nil || number("value") == nil {
                fail("\(described) accepted a parameter without a name and a value")
            }
        case "replay":
            guard case .object = message["trace"] else { return fail("\(described) accepted a replay without a trace") }
        case "replay-control":
            let action = message["action"]?.string
            if !["pause", "play", "step", "seek"].contains(action ?? "") {
                fail("\(described) accepted \(action ?? "")")
            }
            if action == "seek", number("time")?.isFinite != true {
                fail("\(described) accepted a seek without a time")
            }
        case "key":
            if KeyboardHIDUsage(code: message["code"]?.string ?? "") == nil { fail("\(described) accepted a key") }
        default: break
        }
    }

    /// Whether `message`'s JSON text is JSON (Foundation reads it) and, for a frame, reads back
    /// into the very drawables it carries (a number that is not finite has no JSON form).
    static func readsBack(_ message: ServerMessage) -> Bool {
        let data = Data(message.jsonText.utf8)
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return false }
        guard case .frame(_, _, let changed, _, _, _) = message else { return true }
        guard let members = object["changed"], let text = try? JSONSerialization.data(withJSONObject: members) else {
            return false
        }
        return (try? JSONDecoder().decode([Drawable].self, from: text)) == changed
    }

    /// Every answer can be sent as JSON that reads back, and says only what the protocol allows.
    private func check(_ answers: [ServerMessage], after: String) {
        for answer in answers {
            if !Self.readsBack(answer) { fail("an answer to \(after) is not JSON that reads back: \(answer.jsonText)") }
            switch answer {
            case .hello(let scenes, let scene, let frameRate, let parameters, _):
                if scenes != InteractiveSceneName.allCases.map(\.rawValue) || !scenes.contains(scene) {
                    fail("hello after \(after) names \(scene) of \(scenes)")
                }
                if frameRate != 120 { fail("hello after \(after) at \(frameRate) Hz") }
                for p in parameters where !(p.minimum <= p.value && p.value <= p.maximum) {
                    fail("hello after \(after): parameter \(p.name) = \(p.value) outside \(p.minimum)…\(p.maximum)")
                }
                // The page starts afresh: it forgets every drawable.
                model = [:]
            case .frame(let time, let micros, let changed, let removed, let overlay, _):
                if !(time.isFinite && time >= 0) { fail("frame after \(after) at time \(time)") }
                if !(micros.isFinite && micros >= 0) { fail("frame after \(after) took \(micros) µs") }
                if Set(changed.map(\.id)).count != changed.count { fail("frame after \(after) repeats an id") }
                for id in removed where model[id] == nil { fail("frame after \(after) removes \(id), never sent") }
                for drawable in changed where !SceneInvariants.isFinite(drawable) {
                    fail("frame after \(after) draws \(drawable)")
                }
                if let overlay, !SceneInvariants.isFinite(overlay) { fail("frame after \(after): overlay \(overlay)") }
                for id in removed { model[id] = nil }
                for drawable in changed { model[drawable.id] = drawable }
            case .trace(let trace):
                if let bad = trace.events.indices.first(where: { index in
                    let event = trace.events[index]
                    return !(event.location.x.isFinite && event.location.y.isFinite && event.timestamp.isFinite)
                        || (index > 0 && event.timestamp < trace.events[index - 1].timestamp)
                }) {
                    fail("the recording after \(after) holds an event it cannot replay: \(trace.events[bad])")
                }
                if (try? TouchTrace.decode(from: trace.encoded())) != trace {
                    fail("the recording after \(after) does not survive JSON")
                }
            case .notice(let text), .announcement(let text):
                // At most 40 scalars of client text, each escaped to at most 9 characters, in a
                // sentence of the server's.
                if text.unicodeScalars.count > Self.maximumNoticeScalars {
                    fail("a \(text.unicodeScalars.count)-scalar text after \(after)")
                }
                if let bad = Self.unsafeScalar(in: text) {
                    fail("text after \(after) holds U+\(String(bad.value, radix: 16)): \(text.debugDescription)")
                }
            case .feedback(.impactOccurred(_, let intensity)):
                if !(0...1).contains(intensity) { fail("an impact of intensity \(intensity) after \(after)") }
            case .feedback(.selectionChanged): break
            }
        }
    }

    /// The page's model, rebuilt from the frames alone, is what the scene draws; the scene's
    /// numbers are finite.
    private func checkModel(after: String) {
        let drawn = Dictionary(session.scene.drawables.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        if drawn != model {
            let wrong = Set(drawn.keys).symmetricDifference(model.keys).sorted()
            let stale = drawn.keys.filter { model[$0] != nil && model[$0] != drawn[$0] }.sorted()
            fail("after \(after) the page holds ids \(wrong) the scene does not draw or lacks, stale \(stale)")
        }
        for violation in SceneInvariants.violations(of: session.scene) { fail("after \(after): \(violation)") }
    }

    /// A scalar that would let client text forge a line of the server's log or a page's notice:
    /// a control, format or line-breaking character.
    static func unsafeScalar(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: true
            default: false
            }
        }
    }
}
