import Foundation
import KineticDynamics
import KineticGestures
import KineticScenes
import Testing

@testable import KineticPlayground

/// What a page keeps: the drawables, updated by each frame's changes and removals.
struct ClientModel {
    var drawables: [Int: Drawable] = [:]
    mutating func apply(_ message: ServerMessage) {
        guard case .frame(_, _, let changed, let removed, _, _) = message else { return }
        for id in removed { drawables[id] = nil }
        for drawable in changed { drawables[drawable.id] = drawable }
    }
    func matches(_ scene: any InteractiveScene) -> Bool {
        drawables == Dictionary(uniqueKeysWithValues: scene.drawables.map { ($0.id, $0) })
    }
}

func touchJSON(_ phase: String, _ x: Double, _ y: Double) -> String {
    "{\"type\":\"touch\",\"id\":1,\"phase\":\"\(phase)\",\"x\":\(x),\"y\":\(y)}"
}

@Suite("Playground sessions")
struct PlaygroundSessionTests {
    /// The page's model, rebuilt only from the frames' changes, always equals the scene's
    /// drawables; a frame with nothing changed is not sent.
    @Test func framesCarryOnlyChangesAndRebuildTheScene() throws {
        let session = PlaygroundSession(scene: .toss, seed: 3)
        var model = ClientModel()
        for message in session.start() { model.apply(message) }
        #expect(model.matches(session.scene))
        #expect(session.tick(to: 1.0 / 120) == nil, "a card at rest sends nothing")
        var time = 1.0 / 120
        var sent = 0
        let path =
            [touchJSON("began", 250, 400)]
            + (1...6).map { touchJSON("moved", 250 + 15 * Double($0), 400 - 10 * Double($0)) } + [
                touchJSON("ended", 340, 340)
            ]
        for text in path {
            time += 1.0 / 120
            for message in try session.receive(text, at: time) { model.apply(message) }
            if let frame = session.tick(to: time) {
                model.apply(frame)
                sent += 1
            }
            #expect(model.matches(session.scene))
        }
        for _ in 0..<240 {
            time += 1.0 / 120
            if let frame = session.tick(to: time) {
                model.apply(frame)
                sent += 1
            }
            #expect(model.matches(session.scene))
        }
        #expect(sent > 50, "the flight and the way home were sent")
        #expect(session.tick(to: time + 1.0 / 120) == nil, "home and at rest: silence again")
    }

    /// A recording replays to the same state: the session stamps touches with its own clock,
    /// ticking on the replay's 120 Hz grid gives bit-identical scenes.
    @Test func aRecordingReplaysToTheSameState() throws {
        let session = PlaygroundSession(scene: .reorder, seed: 9)
        _ = session.start()
        var frame = 0
        func tick() {
            frame += 1
            _ = session.tick(to: Double(frame) / 120)
        }
        _ = try session.receive("{\"type\":\"record\",\"on\":true}", at: 0)
        let start = Double(frame) / 120
        _ = try session.receive(touchJSON("began", 43, 40), at: start)
        for _ in 0..<70 { tick() }
        for i in 1...40 {
            tick()
            _ = try session.receive(touchJSON("moved", 43 + 6 * Double(i), 40 + 2 * Double(i)), at: Double(frame) / 120)
        }
        tick()
        _ = try session.receive(touchJSON("ended", 283, 120), at: Double(frame) / 120)
        for _ in 0..<120 { tick() }
        let answer = try session.receive("{\"type\":\"record\",\"on\":false}", at: Double(frame) / 120)
        guard case .trace(let trace)? = answer.first else {
            Issue.record("no trace answered")
            return
        }
        #expect(trace.events.count == 42 && trace.scene == "reorder")
        // The same events on the replay's grid from a fresh scene.
        let replay = try #require(Replay(trace, tail: Double(frame) / 120 - start - trace.duration))
        #expect(replay.scene.state == session.scene.state)
    }

    /// Bad clients get a clear reason and are dropped; requests that cannot be met get a
    /// notice and the connection stays.
    @Test func badClients() throws {
        let session = PlaygroundSession()
        _ = session.start()
        #expect(throws: PlaygroundError.messageTooLarge(bytes: PlaygroundSession.maximumMessageBytes + 1)) {
            try session.receive(String(repeating: "x", count: PlaygroundSession.maximumMessageBytes + 1), at: 0)
        }
        do {
            _ = try session.receive("{nope", at: 0)
            Issue.record("malformed JSON accepted")
        } catch {
            guard case .malformed(let reason) = error else {
                Issue.record("wrong refusal \(error)")
                return
            }
            #expect(!reason.isEmpty)
        }
        #expect(throws: PlaygroundError.self) { try session.receive("{\"type\":\"warp\"}", at: 0) }
        #expect(throws: PlaygroundError.self) {
            try session.receive("{\"type\":\"touch\",\"id\":1,\"phase\":\"began\",\"x\":1e999,\"y\":0}", at: 0)
        }
        #expect(
            try session.receive("{\"type\":\"scene\",\"name\":\"moon\"}", at: 0) == [.notice("unknown scene \"moon\"")])
        #expect(try session.receive("{\"type\":\"record\",\"on\":false}", at: 0) == [.notice("not recording")])
        let flood = PlaygroundSession()
        #expect(throws: PlaygroundError.flooding) {
            for _ in 0...PlaygroundSession.maximumMessagesPerSecond {
                _ = try flood.receive(touchJSON("moved", 1, 1), at: 0.5)
            }
        }
    }

    /// Protocol fuzz: 3000 random and mutated messages never crash the session; each is either
    /// answered or refused with a reason, and the scene stays finite.
    @Test func fuzzNeverCrashes() {
        var random = SeededRandom(seed: 77)
        let session = PlaygroundSession(scene: .drag)
        _ = session.start()
        let fragments = [
            "{", "}", "\"type\"", ":", "\"touch\"", "\"scene\"", "\"record\"", "\"replay\"", ",", "\"x\"", "1e308",
            "-0", "null",
            "[", "]", "\"phase\"", "\"began\"", "\"moved\"", "\"ended\"", "\"id\"", "99999999999999999999", "true",
            "\"trace\"", "\"\\u0000\"",
        ]
        let valid = [
            touchJSON("began", 100, 100), touchJSON("moved", 150, 300), touchJSON("ended", 150, 300),
            "{\"type\":\"scene\",\"name\":\"toss\"}", "{\"type\":\"record\",\"on\":true}",
            "{\"type\":\"replay\",\"trace\":{\"version\":1,\"scene\":\"toss\","
                + "\"seed\":1,\"frameRate\":120,\"events\":[]}}",
        ]
        var refused = 0
        for i in 0..<3000 {
            var text: String
            switch random.next() % 3 {
            case 0:
                text = (0..<Int(random.next() % 12)).map { _ in fragments[Int(random.next() % UInt64(fragments.count))]
                }.joined()
            case 1:
                var bytes = Array(valid[Int(random.next() % UInt64(valid.count))].utf8)
                for _ in 0..<Int(random.next() % 4) where !bytes.isEmpty {
                    bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
                }
                text = String(decoding: bytes, as: UTF8.self)
            default: text = valid[Int(random.next() % UInt64(valid.count))]
            }
            let time = Double(i) / 100
            do { _ = try session.receive(text, at: time) } catch { refused += 1 }
            _ = session.tick(to: time)
        }
        #expect(refused > 100, "the fuzz did exercise refusals")
        let state = session.scene.state
        #expect(state.allSatisfy { $0.isFinite })
    }
}

@Suite("Sandbox through the session")
struct SandboxSessionTests {
    /// The sandbox's knobs arrive with the hello; setting gravity to 0 stops the fall (the boxes
    /// start in the air, so with gravity 1 they drop, with 0 they stay put); bad values are
    /// refused with a notice and change nothing.
    @Test func parametersTurnTheKnobs() throws {
        let falling = PlaygroundSession(scene: .sandbox)
        let still = PlaygroundSession(scene: .sandbox)
        guard case .hello(_, "sandbox", _, let parameters, _)? = still.start().first else {
            Issue.record("no hello")
            return
        }
        #expect(parameters.map(\.name) == ["gravity", "elasticity", "field"])
        _ = falling.start()
        #expect(try still.receive("{\"type\":\"parameter\",\"name\":\"gravity\",\"value\":0}", at: 0).isEmpty)
        #expect(
            try still.receive("{\"type\":\"parameter\",\"name\":\"gravity\",\"value\":9}", at: 0) == [
                .notice("parameter \"gravity\" cannot be 9.0")
            ])
        #expect(
            try still.receive("{\"type\":\"parameter\",\"name\":\"warp\",\"value\":1}", at: 0) == [
                .notice("parameter \"warp\" cannot be 1.0")
            ])
        let start = still.scene.state
        for frame in 1...60 {
            _ = still.tick(to: Double(frame) / 120)
            _ = falling.tick(to: Double(frame) / 120)
        }
        // Positions pass through metres (÷ 100, × 100), so "unmoved" is to rounding: 1e-9 pt.
        #expect(zip(still.scene.state, start).allSatisfy { abs($0 - $1) < 1e-9 }, "no gravity, no motion")
        // ½·g·t² with g = 1000 pt/s² over 0.5 s is 125 pt; the first box has fallen most of it.
        #expect(falling.scene.state[1] - start[1] > 100)
    }

    /// Whatever a person does, the boxes stay inside the walls (the reference boundary).
    @Test func flingsStayInsideTheWalls() throws {
        let session = PlaygroundSession(scene: .sandbox)
        _ = session.start()
        var random = SeededRandom(seed: 5)
        let width = Double(InteractiveSceneName.viewSize.width), height = Double(InteractiveSceneName.viewSize.height)
        var time = 0.0
        for _ in 0..<20 {
            let x = Double(random.next() % UInt64(width)), y = Double(random.next() % UInt64(height))
            time += 0.05
            _ = try session.receive(touchJSON("began", x, y), at: time)
            for step in 1...8 {
                time += 1.0 / 120
                _ = try session.receive(touchJSON("moved", x + Double(step) * 25, y - Double(step) * 30), at: time)
                _ = session.tick(to: time)
            }
            _ = try session.receive(touchJSON("ended", x + 200, y - 240), at: time)
            for _ in 0..<30 {
                time += 1.0 / 120
                _ = session.tick(to: time)
            }
        }
        for _ in 0..<240 {
            time += 1.0 / 120
            _ = session.tick(to: time)
        }
        let state = session.scene.state
        for box in stride(from: 0, to: state.count, by: 4) {
            #expect(
                (0...width).contains(state[box]) && (0...height).contains(state[box + 1]),
                "box \(box / 4) at \(state[box]), \(state[box + 1])")
        }
    }
}

@Suite("Debug overlay through the session")
struct DebugOverlaySessionTests {
    /// The overlay a frame carries, if any.
    func overlay(_ message: ServerMessage?) -> DebugOverlay? {
        guard case .frame(_, _, _, _, let overlay, _)? = message else { return nil }
        return overlay
    }

    /// Off by default; on, the sandbox's frames carry its overlay: while a box is dragged, one
    /// joint from the finger (its anchor) to the box, and once the boxes rest, contact points
    /// on the floor (within 1 pt: slop and the manifold's midpoint). Off again, frames carry none.
    @Test func theSandboxShowsItsDragJointAndContacts() throws {
        let session = PlaygroundSession(scene: .sandbox)
        _ = session.start()
        var time = 0.0
        func tick() -> ServerMessage? {
            time += 1.0 / 120
            return session.tick(to: time)
        }
        for _ in 0..<360 { #expect(overlay(tick()) == nil, "no overlay unless asked") }

        let on = try session.receive("{\"type\":\"debug\",\"on\":true}", at: time)
        let resting = try #require(overlay(on.first), "turning it on sends the overlay at once")
        #expect(resting.joints.isEmpty && resting.anchors.isEmpty)
        #expect(
            resting.contacts.count >= 8, "eight boxes on the floor or on each other: \(resting.contacts.count) points")
        #expect(
            resting.contacts.contains { abs($0.y - Double(InteractiveSceneName.viewSize.height)) <= 1 },
            "some on the floor")

        // Grab a box and drag it up: the overlay's spring runs from the finger (its anchor) to
        // the grab point on the box, within the box's half diagonal of its centre.
        let box = session.scene.drawables[0]
        var finger = (x: box.x, y: box.y)
        _ = try session.receive(touchJSON("began", finger.x, finger.y), at: time)
        var latest: DebugOverlay?
        for step in 1...30 {
            finger.y = box.y - 4 * Double(step)
            _ = try session.receive(touchJSON("moved", finger.x, finger.y), at: time)
            if let o = overlay(tick()) { latest = o }
        }
        let dragging = try #require(latest)
        #expect(dragging.joints.count == 1 && dragging.joints[0].spring)
        // Points pass through metres (÷ 100, × 100): equal to rounding, 1e-9 pt.
        let atFinger = { (x: Double, y: Double) in abs(x - finger.x) < 1e-9 && abs(y - finger.y) < 1e-9 }
        #expect(
            dragging.anchors.count == 1 && dragging.anchors.allSatisfy { atFinger($0.x, $0.y) }, "\(dragging.anchors)")
        let joint = try #require(dragging.joints.first)
        let ends = [(joint.x1, joint.y1), (joint.x2, joint.y2)]
        #expect(ends.contains { atFinger($0.0, $0.1) }, "one end at the finger: \(ends)")
        let moved = session.scene.drawables[0]
        #expect(
            ends.contains { hypot($0.0 - moved.x, $0.1 - moved.y) <= hypot(moved.width, moved.height) / 2 + 1e-9 },
            "one end on the box: \(ends)")

        #expect(try session.receive("{\"type\":\"debug\",\"on\":false}", at: time).isEmpty)
        _ = try session.receive(touchJSON("ended", finger.x, finger.y), at: time)
        for _ in 0..<120 { #expect(overlay(tick()) == nil, "off again") }
    }
}

@Suite("Reorder's paging switch through the session")
struct ReorderPagingSessionTests {
    /// Long-press cell 0, drag to the bottom edge zone and hold: with the switch on, the view
    /// turns a whole page (the visible height, 667 pt) in 0.3 s; off, it ramps continuously and
    /// is part way down at the same moment. The hello lists the switch; other values are refused.
    @Test func thePagingSwitchTurnsWholePages() throws {
        func offset(after paging: Bool) throws -> Double {
            let session = PlaygroundSession(scene: .reorder)
            guard case .hello(_, "reorder", _, let parameters, _)? = session.start().first else {
                throw TestFailure("no hello")
            }
            #expect(parameters == [SceneParameter(name: "paging", minimum: 0, maximum: 1, value: 0, isSwitch: true)])
            #expect(
                try session.receive("{\"type\":\"parameter\",\"name\":\"paging\",\"value\":0.5}", at: 0) == [
                    .notice("parameter \"paging\" cannot be 0.5")
                ])
            if paging {
                #expect(try session.receive("{\"type\":\"parameter\",\"name\":\"paging\",\"value\":1}", at: 0).isEmpty)
            }
            let view = try #require(session.scene as? ReorderPlayScene)
            let cell = try #require(session.scene.drawables.first { $0.label == "0" })
            var time = 0.0
            func tick(_ seconds: Double) {
                for _ in 0..<Int((seconds * 120).rounded()) {
                    time += 1.0 / 120
                    _ = session.tick(to: time)
                }
            }
            _ = try session.receive(touchJSON("began", cell.x, cell.y), at: time)
            tick(0.6)
            for step in 1...10 {
                _ = try session.receive(
                    touchJSON("moved", cell.x, cell.y + (650 - cell.y) * Double(step) / 10), at: time)
                tick(1.0 / 120)
            }
            let arrived = time
            tick(0.35)
            #expect(time - arrived > 0.3)
            return Double(view.collectionView.contentOffset.y)
        }
        let page = Double(InteractiveSceneName.viewSize.height)
        #expect(try offset(after: true) == page)
        let continuous = try offset(after: false)
        #expect(continuous > 0 && continuous < page, "continuous scroll part way: \(continuous)")
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Touches carry the browser's event times: the session maps them onto its clock, so a burst
/// of late packets keeps the finger's real spacing, and a lying clock cannot move a touch into
/// the future, back in time, or more than `maximumTouchDelay` into the past.
@Suite("Touch times through the session")
struct TouchTimeSessionTests {
    static func touch(_ phase: String, y: Double, t: Double) -> String {
        "{\"type\":\"touch\",\"id\":1,\"phase\":\"\(phase)\",\"x\":100,\"y\":\(y),\"t\":\(t)}"
    }

    static func recordedTimes(_ sends: [(text: String, at: Double)]) throws -> [Double] {
        let session = PlaygroundSession(scene: .drag)
        _ = session.start()
        _ = try session.receive("{\"type\":\"record\",\"on\":true}", at: 0.1)
        for send in sends { _ = try session.receive(send.text, at: send.at) }
        let answers = try session.receive("{\"type\":\"record\",\"on\":false}", at: 2)
        guard case .trace(let trace)? = answers.first else { throw TestFailure("no trace: \(answers)") }
        return trace.events.map(\.timestamp)
    }

    @Test func aBurstKeepsTheBrowsersSpacing() throws {
        // Six events the browser timed 8 ms apart; the first arrives at 0.5 s, the rest together at 0.6 s.
        var sends = [(Self.touch("began", y: 500, t: 20_000), 0.5)]
        for k in 1...5 {
            sends.append(
                (Self.touch(k == 5 ? "ended" : "moved", y: 500 - 40 * Double(k), t: 20_000 + 8 * Double(k)), 0.6))
        }
        let times = try Self.recordedTimes(sends)
        #expect(times.count == 6)
        for (a, b) in zip(times, times.dropFirst()) { #expect(abs((b - a) - 0.008) < 1e-9, "\(times)") }
        // Mapped by the least delay (the first packet's): it starts at the first arrival.
        #expect(abs(times[0] - 0.4) < 1e-9, "scene time of the first touch: \(times[0])")
    }

    @Test func aLyingClockStaysBounded() throws {
        let sends: [(String, Double)] = [
            (Self.touch("began", y: 500, t: 1_000), 0.5),
            (Self.touch("moved", y: 490, t: 1e15), 0.55),  // far in the future
            (Self.touch("moved", y: 480, t: -1e15), 0.6),  // far in the past
            (Self.touch("moved", y: 470, t: 1_001), 0.9),
            (Self.touch("ended", y: 460, t: 900), 1.0),
        ]
        let times = try Self.recordedTimes(sends)
        let arrivals = sends.map { $0.1 - 0.1 }
        #expect(times.count == 5)
        for (time, arrival) in zip(times, arrivals) {
            #expect(
                time <= arrival + 1e-12 && time >= arrival - PlaygroundSession.maximumTouchDelay - 1e-12, "\(times)")
        }
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "never back in time: \(times)")
    }
}

/// The mouse wheel scrolls the scene's scroll view by its deltas, clamped; it is refused
/// while recording (traces hold touches only) and where nothing scrolls.
@Suite("The wheel through the session")
struct WheelSessionTests {
    @Test func theWheelScrollsClampedAndIsNotRecorded() throws {
        let session = PlaygroundSession(scene: .scroll)
        _ = session.start()
        _ = try session.receive("{\"type\":\"wheel\",\"dx\":0,\"dy\":120}", at: 0.1)
        let view = try #require(session.scene.scrollView)
        #expect(view.contentOffset.y == 120)
        _ = try session.receive("{\"type\":\"wheel\",\"dx\":0,\"dy\":-1e9}", at: 0.2)
        #expect(view.contentOffset.y == 0)
        _ = try session.receive("{\"type\":\"record\",\"on\":true}", at: 0.3)
        let refused = try session.receive("{\"type\":\"wheel\",\"dx\":0,\"dy\":50}", at: 0.4)
        #expect(refused.count == 1 && session.scene.scrollView?.contentOffset.y == 0)
        #expect(throws: PlaygroundError.self) { try session.receive("{\"type\":\"wheel\",\"dx\":0}", at: 0.5) }
        let toss = PlaygroundSession(scene: .toss)
        _ = toss.start()
        #expect(try toss.receive("{\"type\":\"wheel\",\"dx\":0,\"dy\":5}", at: 0.1).count == 1)
    }
}

/// Scrolling is recorded as touches and replays bit for bit: a fling recorded live in the Scroll
/// scene, replayed from its trace, comes to rest at the very same offset.
@Suite("Recording scrolling")
struct ScrollRecordingTests {
    @Test func aRecordedFlingReplaysExactly() throws {
        let session = PlaygroundSession(scene: .scroll)
        _ = session.start()
        _ = try session.receive("{\"type\":\"record\",\"on\":true}", at: 0)
        var frame = 0
        func tick(_ frames: Int) {
            for _ in 0..<frames {
                frame += 1
                _ = session.tick(to: Double(frame) / 120)
            }
        }
        tick(6)
        for k in 0...10 {
            let phase = k == 0 ? "began" : k == 10 ? "ended" : "moved"
            // Each touch arrives a third of a frame after the last tick.
            _ = try session.receive(touchJSON(phase, 180, 600 - 25 * Double(k)), at: (Double(frame) + 1.0 / 3) / 120)
            tick(1)
        }
        tick(600)
        let live = try #require(session.scene.scrollView).contentOffset
        let answers = try session.receive("{\"type\":\"record\",\"on\":false}", at: Double(frame) / 120)
        guard case .trace(let trace)? = answers.first else { throw TestFailure("no trace") }
        let replay = try #require(Replay(trace, tail: 5))
        let replayed = try #require(replay.scene.scrollView).contentOffset
        #expect(live.y > 200, "the fling scrolled: \(live)")
        #expect(replayed == live)
        #expect(try #require(Replay(trace, tail: 5)).frameDigests == replay.frameDigests)
    }
}

/// Client text is never repeated raw or unbounded: in notices, close reasons and the log it is
/// escaped (no line breaks or control characters) and bounded, and a close reason fits a
/// WebSocket control frame (RFC 6455 §5.5: 125 bytes, 2 of them the code), cut on a character.
@Suite("Client text, escaped and bounded")
struct ClientTextTests {
    @Test func aLongOrForgedMessageTypeGivesAShortCleanReason() {
        let session = PlaygroundSession(scene: .drag)
        _ = session.start()
        for type in [
            String(repeating: "x", count: 1000), "a\n2026-01-01 error forged line\r\u{7}",
            String(repeating: "é🙂", count: 300),
        ] {
            let json = String(decoding: try! JSONSerialization.data(withJSONObject: ["type": type]), as: UTF8.self)
            do {
                _ = try session.receive(json, at: 0.1)
                Issue.record("accepted a message of type \(type.prefix(20))")
            } catch {
                let reason = error.closeReason
                #expect(reason.utf8.count <= 123, "\(reason.utf8.count) bytes")
                #expect(
                    !reason.contains("\n") && !reason.contains("\r")
                        && !reason.unicodeScalars.contains { $0.value < 0x20 })
                #expect(error.description.count < 200)
            }
        }
    }

    /// The escaped scalars' table is Unicode's general categories Cc, Cf, Zl and Zp, as the
    /// standard library's own table gives them, for every scalar.
    @Test func theEscapedScalarsAreUnicodesControlFormatAndSeparatorCategories() {
        var mismatches: [UInt32] = []
        for value in UInt32(0)...0x10_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let category = scalar.properties.generalCategory
            let expected = [.control, .format, .lineSeparator, .paragraphSeparator].contains(category)
            if ClientText.isEscaped(scalar) != expected { mismatches.append(value) }
        }
        #expect(
            mismatches.isEmpty, "scalars the table gets wrong: \(mismatches.prefix(10).map { String($0, radix: 16) })")
        let ranges = ClientText.escapedScalars
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound + 1 < $1.lowerBound }, "sorted, apart")
    }

    @Test func truncationKeepsWholeCharacters() {
        let text = String(repeating: "é🙂", count: 100)
        for limit in 0...130 {
            let cut = ClientText.truncated(text, toUTF8Bytes: limit)
            #expect(cut.utf8.count <= limit)
            #expect(String(decoding: Array(cut.utf8), as: UTF8.self) == cut)
        }
        #expect(ClientText.truncated("short", toUTF8Bytes: 123) == "short")
        #expect(ClientText.quoted("a\"b\\c\nd\u{202E}") == "\"a\\\"b\\\\c\\nd\\u{202e}\"")
        #expect(ClientText.quoted(String(repeating: "y", count: 100)).count == ClientText.maximumCharacters + 3)
    }

    @Test func noticesQuoteClientNamesBounded() throws {
        let session = PlaygroundSession(scene: .drag)
        _ = session.start()
        let answers = try session.receive(
            "{\"type\":\"scene\",\"name\":\"\(String(repeating: "z", count: 500))\\n\"}", at: 0.1)
        guard case .notice(let text)? = answers.first else {
            Issue.record("no notice: \(answers)")
            return
        }
        #expect(text.count < 80 && !text.contains("\n"), "\(text)")
    }
}
