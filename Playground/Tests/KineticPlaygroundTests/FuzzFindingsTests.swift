import Foundation
import KineticGestures
import KineticScenes
import Testing

@testable import KineticPlayground

/// What the fuzzers (Fuzz/, Scripts/fuzz) found in the playground, one test per finding; the
/// inputs that found them are kept in Fuzz/Corpus and replayed by FuzzCorpusTests.
@Suite("What the fuzzers found")
struct FuzzFindingsTests {
    /// Foundation's decoder checks only the values a message reads, so text that is not JSON
    /// (RFC 8259: no raw control characters in a string, no leading zero in a number) in a field
    /// no message uses passed as a message; the README promises 1007 for any text that is not
    /// the protocol's JSON. Found by the message fuzzer (Fuzz/Corpus/messages/crash-f846…) and the
    /// WebSocket fuzzer (Fuzz/Corpus/websocket/crash-e555…).
    @Test func textThatIsNotJSONIsMalformedWhereverItLies() throws {
        let notJSON = [
            "{\"type\":\"scene\",\"name\":\"sey\",\"code\":\"Page\u{18}\u{0}Down\"}",
            "{\"type\":\"touch\",\"id\":2,\"phase\":\"began\",\"x\":100,\"y\":85,\"t4\":010}",
        ]
        for text in notJSON {
            let session = PlaygroundSession()
            #expect(throws: PlaygroundError.malformed("not JSON")) { try session.receive(text, at: 0) }
            #expect(PlaygroundError.malformed("not JSON").closeCode == 1007)
        }
        // The same messages written as JSON are taken.
        let json = [
            "{\"type\":\"scene\",\"name\":\"sey\",\"code\":\"Page\\u0018\\u0000Down\"}",
            "{\"type\":\"touch\",\"id\":2,\"phase\":\"began\",\"x\":100,\"y\":85,\"t4\":10}",
        ]
        for text in json {
            _ = try PlaygroundSession().receive(text, at: 0)
        }
    }

    /// A replay's seek steps the scene from the start to the time asked, up to 2 s past the
    /// trace's last event: a trace whose one event lay at 10⁶ s made one seek message step the
    /// scene 1.2 × 10⁸ times (found reviewing the loops the harness drives; the message fuzzer
    /// times out on it: Fuzz/Corpus/messages/review-seek-past-1e6-s). Traces now end by
    /// ``TouchTrace/maximumDuration``, and a page's replay by
    /// ``PlaygroundSession/maximumReplayDuration``: a longer one is refused with a notice and
    /// nothing changes; one at the limit replays, and a seek far past its end lands 2 s after
    /// its last event.
    @Test func aReplayTooLongToSeekIsRefused() throws {
        func replay(_ scene: String, eventAt time: Double) -> String {
            "{\"type\":\"replay\",\"trace\":{\"version\":1,\"scene\":\"\(scene)\",\"seed\":0,\"frameRate\":120,"
                + "\"events\":[{\"id\":0,\"phase\":\"began\",\"location\":[10,10],\"timestamp\":\(time)}]}}"
        }
        let session = PlaygroundSession(scene: .toss)
        for (time, expected) in [(1_000_000.0, "comes after 3600 s"), (600, "longer than the 120 s")] {
            let answers = try session.receive(replay("drag", eventAt: time), at: 0)
            guard case .notice(let text) = answers.first, answers.count == 1 else {
                Issue.record("a replay of \(time) s answered \(answers)")
                continue
            }
            #expect(text.contains(expected), "\(text)")
            #expect(session.sceneName == .toss, "a refused replay changes nothing")
        }
        let answers = try session.receive(replay("drag", eventAt: PlaygroundSession.maximumReplayDuration), at: 0)
        guard case .hello(_, "drag", _, _, _) = answers.first else {
            Issue.record("a replay at the limit answered \(answers)")
            return
        }
        let seek = try session.receive("{\"type\":\"replay-control\",\"action\":\"seek\",\"time\":1e9}", at: 0)
        guard case .frame(let time, _, _, _, _, _) = seek.first else {
            Issue.record("a seek answered \(seek)")
            return
        }
        #expect(time == PlaygroundSession.maximumReplayDuration + 2)
    }

    /// Starting a recording restarts the scene, and its frame was built as if the page held
    /// nothing, though no hello tells the page to forget: a Drag scrolled by the wheel kept 36
    /// cells of the old scroll position drawn over the fresh scene (found by review with the
    /// fuzz harness's check that the page's model, rebuilt from frames, is what the scene draws;
    /// Fuzz/Corpus/messages/review-record-after-scrolling).
    @Test func startingARecordingRemovesWhatTheFreshSceneDoesNotDraw() throws {
        let session = PlaygroundSession(scene: .drag)
        var model = ClientModel()
        for message in session.start() { model.apply(message) }
        for message in try session.receive("{\"type\":\"wheel\",\"dx\":0,\"dy\":400}", at: 0) { model.apply(message) }
        var time = 0.0
        for _ in 0..<72 {
            time += 1.0 / 120
            if let frame = session.tick(to: time) { model.apply(frame) }
        }
        #expect(model.matches(session.scene))
        let before = Set(model.drawables.keys)
        for message in try session.receive("{\"type\":\"record\",\"on\":true}", at: time) { model.apply(message) }
        let ghosts = Set(model.drawables.keys).subtracting(session.scene.drawables.map(\.id))
        #expect(ghosts.isEmpty, "the page still draws \(ghosts.count) cells of before")
        let matches = model.matches(session.scene)
        #expect(matches)
        #expect(!before.isSubset(of: Set(session.scene.drawables.map(\.id))), "the fresh scene shows other cells")
    }

    /// Client text in a notice was cut after 40 characters, but one character may hold any
    /// number of Unicode scalars (a letter and its combining marks): a scene name of "a" and
    /// 100 000 combining acute accents, one character, came back whole, 200 kB in the notice,
    /// where ``ClientText`` promises a client cannot make the server repeat much. The message
    /// fuzzer's bound on notices led here (its own report, a name of DEL characters escaped to a
    /// 252-character notice, Fuzz/Corpus/messages/crash-bfc8…, was within the promise: the
    /// check counted characters too tightly); `ClientText.quoted` now counts scalars.
    @Test func aNoticeRepeatsAtMostFortyScalarsOfClientText() throws {
        let name = "a" + String(repeating: "\u{301}", count: 100_000)
        #expect(name.count == 1, "one character")
        let json = try JSONSerialization.data(withJSONObject: ["type": "scene", "name": name])
        let answers = try PlaygroundSession().receive(String(decoding: json, as: UTF8.self), at: 0)
        guard case .notice(let text) = answers.first else {
            Issue.record("answered \(answers.map { "\($0)".prefix(80) })")
            return
        }
        // "unknown scene " and the quotes, 40 scalars (the accent is not escaped), an ellipsis.
        #expect(text.unicodeScalars.count == 14 + 2 + 40 + 1, "\(text.utf8.count) bytes")
    }

    /// Foundation's error for an enum's invalid raw value repeats the client's string raw
    /// ("Cannot initialize Phase from invalid String value be\0gan"), and the session passed it
    /// on as the close reason, which the server also logs: a touch whose phase held a line break
    /// forged a line in the server's log. Found by the message fuzzer
    /// (Fuzz/Corpus/messages/crash-7da2…); such descriptions are now escaped.
    @Test func aCloseReasonNeverRepeatsRawClientText() {
        for phase in ["be\u{0}gan", "x\n2026-01-01T00:00:00Z error forged line", "x\r\u{1b}[2J\u{2028}\u{202e}"] {
            let json = try! JSONSerialization.data(withJSONObject: [
                "type": "touch", "id": 1, "phase": phase, "x": 1, "y": 2,
            ])
            #expect(throws: PlaygroundError.self) {
                try PlaygroundSession().receive(String(decoding: json, as: UTF8.self), at: 0)
            }
            do {
                _ = try PlaygroundSession().receive(String(decoding: json, as: UTF8.self), at: 0)
            } catch {
                #expect(error.closeCode == 1007)
                let unsafe = error.closeReason.unicodeScalars.filter {
                    [.control, .format, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
                }
                #expect(unsafe.isEmpty, "\(error.closeReason.debugDescription)")
                #expect(error.closeReason.contains("\\u{"), "the text is there, escaped: \(error.closeReason)")
            }
        }
    }
}
