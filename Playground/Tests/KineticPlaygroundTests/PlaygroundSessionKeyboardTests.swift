import Foundation
import KineticLayout
import KineticScenes
import Testing

@testable import KineticPlayground

func keyJSON(_ code: String) -> String { "{\"type\":\"key\",\"code\":\"\(code)\"}" }
func focusJSON(_ on: Bool) -> String { "{\"type\":\"focus\",\"on\":\(on)}" }

/// The Reorder scene by keyboard, through a session as the page drives it: focus, keys, and
/// the announcements and haptics that come back.
@Suite("Playground keyboard reorder")
struct PlaygroundSessionKeyboardTests {
    /// Tabbed into, the first cell is focused (a ring drawn on it, announced); space, right
    /// arrow, space move number 0 to position 2 with its haptics; escape after a second move
    /// puts it back.
    @Test func keysReorderTheNumbers() throws {
        let session = PlaygroundSession(scene: .reorder)
        guard case .hello(_, "reorder", _, _, let about)? = session.start().first else { throw TestFailure("no hello") }
        #expect(about.keyboard)
        let scene = try #require(session.scene as? ReorderPlayScene)
        #expect(
            try session.receive(focusJSON(true), at: 0.01) == [
                .announcement("Item 0. Position 1 of 100. Press space to pick up.")
            ])
        guard case .frame(_, _, let changed, _, _, _)? = session.tick(to: 0.02) else { throw TestFailure("no frame") }
        let ring = try #require(changed.first { $0.kind == .focusRing })
        let cell = try #require(scene.drawables.first { $0.label == "0" })
        #expect(ring.x == cell.x && ring.y == cell.y && ring.width == 80 && ring.z > cell.z)
        let medium = Feedback.impactOccurred(style: .medium, intensity: 1)
        let light = Feedback.impactOccurred(style: .light, intensity: 1)
        #expect(
            try session.receive(keyJSON("Space"), at: 0.03) == [
                .feedback(medium), .announcement("Picked up item 0. Position 1 of 100."),
            ])
        #expect(
            try session.receive(keyJSON("ArrowRight"), at: 0.04) == [
                .feedback(.selectionChanged), .announcement("Moved to position 2 of 100."),
            ])
        #expect(
            try session.receive(keyJSON("Enter"), at: 0.05) == [
                .feedback(light), .announcement("Item 0 dropped at position 2."),
            ])
        #expect(Array(scene.data.items.prefix(3)) == [1, 0, 2])
        _ = try session.receive(keyJSON("Space"), at: 0.06)
        _ = try session.receive(keyJSON("ArrowDown"), at: 0.07)
        #expect(scene.data.items[1] != 0)
        #expect(
            try session.receive(keyJSON("Escape"), at: 0.08) == [
                .feedback(light), .announcement("Movement cancelled. Item 0 returned to position 2."),
            ])
        #expect(Array(scene.data.items.prefix(3)) == [1, 0, 2] && scene.data.items.sorted() == Array(0..<100))
        // Focus out: no ring.
        #expect(try session.receive(focusJSON(false), at: 0.09).isEmpty)
        _ = session.tick(to: 0.1)
        #expect(!scene.drawables.contains { $0.kind == .focusRing })
    }

    /// A long press lifts a cell in a tick (its timer), so the tick's haptics follow its frame.
    @Test func aFingerLiftPlaysInTheTick() throws {
        let session = PlaygroundSession(scene: .reorder)
        _ = session.start()
        let cell = try #require(session.scene.drawables.first { $0.label == "3" })
        _ = try session.receive(touchJSON("began", cell.x, cell.y), at: 0)
        var heard: [ServerMessage] = []
        var time = 0.0
        for _ in 0..<80 {
            time += 1.0 / 120
            _ = session.tick(to: time)
            heard += session.takeEvents()
        }
        #expect(heard == [.feedback(.impactOccurred(style: .medium, intensity: 1))])
        #expect(session.takeEvents().isEmpty, "taken once")
    }

    /// Keys reach only a scene with keyboard control, and never while recording or replaying
    /// (traces hold touches only); an unknown key code is a malformed message.
    @Test func keysAreRefusedWhereTheyCannotAct() throws {
        let drag = PlaygroundSession(scene: .drag)
        _ = drag.start()
        #expect(try drag.receive(keyJSON("Space"), at: 0) == [.notice("drag has no keyboard control")])
        #expect(try drag.receive(focusJSON(false), at: 0).isEmpty, "losing focus needs no answer")
        let reorder = PlaygroundSession(scene: .reorder)
        _ = reorder.start()
        _ = try reorder.receive("{\"type\":\"record\",\"on\":true}", at: 0)
        let refusal = ServerMessage.notice("keys are not recorded: the keyboard rests while recording or replaying")
        #expect(try reorder.receive(focusJSON(true), at: 0.01) == [refusal])
        #expect(try reorder.receive(keyJSON("Space"), at: 0.02) == [refusal])
        #expect(throws: PlaygroundError.self) { try reorder.receive(keyJSON("KeyQ"), at: 0.03) }
    }

    /// The announcement and haptics as the page reads them.
    @Test func eventsEncodeAsThePageReadsThem() throws {
        let encode = { (message: ServerMessage) in
            try JSONSerialization.jsonObject(with: Data(message.jsonText.utf8)) as? NSDictionary
        }
        #expect(try encode(.announcement("Moved.")) == ["type": "announcement", "text": "Moved."])
        #expect(try encode(.feedback(.selectionChanged)) == ["type": "feedback", "kind": "selection"])
        #expect(
            try encode(.feedback(.impactOccurred(style: .rigid, intensity: 0.5)))
                == ["type": "feedback", "kind": "impact", "style": "rigid", "intensity": 0.5])
    }
}
