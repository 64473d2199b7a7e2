import Foundation
import KineticGestures
import KineticLayout
import KineticScenes
import Testing

/// A session's messages as JSON text (`ServerMessage.jsonText`, the one writer the server and the
/// WebAssembly module share), read back by an independent reader: Foundation's
/// `JSONSerialization` (is it JSON, are the strings the same) and `JSONDecoder` into the types'
/// own `Codable` forms (are the values the same, every `Double` bit for bit).
struct ServerMessageJSONTextTests {
    private func object(_ message: ServerMessage) throws -> [String: Any] {
        let data = Data(message.jsonText.utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(message.jsonText)")
    }

    /// Decodes member `key` of `message`'s text as a `T`.
    private func decode<T: Decodable>(_ type: T.Type, _ key: String, of message: ServerMessage) throws -> T {
        let member = try #require(try object(message)[key], "no \(key) in \(message.jsonText)")
        let data = try JSONSerialization.data(withJSONObject: member, options: [.fragmentsAllowed])
        return try JSONDecoder().decode(T.self, from: data)
    }

    /// Doubles that stress a number's text: the smallest subnormal, the largest finite, negative
    /// zero, values with 17 significant digits, integers past 2^53, tiny and huge exponents.
    static let awkward: [Double] = [
        0, -0.0, 0.1, 1.0 / 3, -2.5e-8, 5e-324, 2.2250738585072014e-308, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, 9_007_199_254_740_993, 1e21, 123_456.789_012_345_67, 0.000_001, 1e-7,
    ]

    @Test func aFrameReadsBackIntoTheSameDrawablesBitForBit() throws {
        // Bit patterns from Knuth's MMIX linear congruential generator: any finite double.
        var bits: UInt64 = 42
        var drawables: [Drawable] = []
        for (index, value) in Self.awkward.enumerated() {
            drawables.append(
                Drawable(
                    id: index - 3, kind: .cell, x: value, y: -value, width: 10, height: value.magnitude, angle: value,
                    z: index % 3 - 1, label: index.isMultiple(of: 2) ? nil : "\(index)"))
        }
        // And a thousand by bit pattern: any finite double.
        while drawables.count < 1000 {
            bits = bits &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let value = Double(bitPattern: bits)
            guard value.isFinite else { continue }
            drawables.append(Drawable(id: drawables.count, kind: .card, x: value, y: 1, width: 2, height: 3))
        }
        let message = ServerMessage.frame(
            time: 1.0 / 120, engineMicroseconds: 12.5, changed: drawables, removed: [3, 4, Int.max, Int.min],
            overlay: nil, touchTime: 1234.5678)
        let decoded = try decode([Drawable].self, "changed", of: message)
        #expect(decoded.count == drawables.count)
        for (written, read) in zip(drawables, decoded) {
            #expect(written.x.bitPattern == read.x.bitPattern, "\(written.x) read back as \(read.x)")
            #expect(written == read)
        }
        #expect(try decode([Int].self, "removed", of: message) == [3, 4, Int.max, Int.min])
        #expect(try decode(Double.self, "touchTime", of: message) == 1234.5678)
        #expect(try decode(Double.self, "time", of: message) == 1.0 / 120)
        #expect(try object(message)["type"] as? String == "frame")
        #expect(try object(message)["overlay"] == nil)
    }

    @Test func anOverlayReadsBackWithAndWithoutItsScrollingParts() throws {
        var overlay = DebugOverlay()
        overlay.joints = [
            .init(x1: 1, y1: 2, x2: 3.5, y2: -4, spring: true), .init(x1: 0, y1: 0, x2: 1, y2: 1, spring: false),
        ]
        overlay.anchors = [.init(x: 0.1, y: 0.2)]
        overlay.contacts = []
        let plain = ServerMessage.frame(time: 0, engineMicroseconds: 0, changed: [], removed: [], overlay: overlay)
        #expect(try decode(DebugOverlay.self, "overlay", of: plain) == overlay)
        #expect(try (object(plain)["overlay"] as? [String: Any])?["scrollVelocity"] == nil)
        overlay.scrollVelocity = .init(x1: 1, y1: 1, x2: 2, y2: 2, spring: false)
        overlay.scrollTargets = []
        let scrolling = ServerMessage.frame(time: 0, engineMicroseconds: 0, changed: [], removed: [], overlay: overlay)
        #expect(try decode(DebugOverlay.self, "overlay", of: scrolling) == overlay)
    }

    @Test func helloCarriesEveryScenesAboutAndParameters() throws {
        for name in InteractiveSceneName.allCases {
            let parameters = [
                SceneParameter(name: "gravity", minimum: 0, maximum: 3, value: 1, unit: "g"),
                SceneParameter(name: "paging", minimum: 0, maximum: 1, value: 0, isSwitch: true),
            ]
            let message = ServerMessage.hello(
                scenes: InteractiveSceneName.allCases.map(\.rawValue), scene: name.rawValue, frameRate: 120,
                parameters: parameters, about: name.about)
            #expect(try decode([SceneParameter].self, "parameters", of: message) == parameters)
            #expect(try decode(InteractiveSceneName.About.self, "about", of: message) == name.about)
            #expect(try decode([String].self, "scenes", of: message) == InteractiveSceneName.allCases.map(\.rawValue))
            #expect(try object(message)["scene"] as? String == name.rawValue)
        }
    }

    @Test func aTraceReadsBackAsTheFileReaderReadsIt() throws {
        var trace = TouchTrace(scene: "drag", seed: .max, frameRate: 120)
        for (index, value) in Self.awkward.enumerated() where value.magnitude < 1e6 {
            trace.record(
                Touch(
                    id: index, phase: [.began, .moved, .stationary, .ended, .cancelled][index % 5],
                    location: CGPoint(x: value, y: -value), timestamp: Double(index) / 7))
        }
        let member = try #require(try object(.trace(trace))["trace"])
        let data = try JSONSerialization.data(withJSONObject: member)
        // Through TouchTrace's own reader (the one `kinetic replay` uses), seed's 64 bits included.
        #expect(try TouchTrace.decode(from: data) == trace)
        // The text itself carries the seed's digits (a reader of doubles would round them).
        #expect(ServerMessage.trace(trace).jsonText.contains("\"seed\":18446744073709551615"))
    }

    @Test func textIsEscapedAsJSONRequiresAndReadsBackUnchanged() throws {
        let texts = [
            "plain", "quote \" backslash \\ slash /", "controls \u{0}\u{1}\u{1F}\n\r\t\u{7F}",
            "line and paragraph separators \u{2028}\u{2029}", "emoji 👩‍👩‍👧 and é (e\u{301})", "",
        ]
        for text in texts {
            for message in [ServerMessage.notice(text), .announcement(text)] {
                let read = try object(message)
                #expect((read["message"] ?? read["text"]) as? String == text, "\(message.jsonText)")
            }
        }
    }

    @Test func numbersThatAreNotFiniteAreNull() throws {
        let message = ServerMessage.frame(time: .nan, engineMicroseconds: .infinity, changed: [], removed: [])
        let read = try object(message)
        #expect(read["time"] is NSNull && read["engineMicroseconds"] is NSNull)
    }

    @Test func feedbackNamesUIKitsKindsAndStyles() throws {
        #expect(try object(.feedback(.selectionChanged)) as NSDictionary == ["type": "feedback", "kind": "selection"])
        let impact = try object(.feedback(.impactOccurred(style: .rigid, intensity: 0.75)))
        #expect(impact as NSDictionary == ["type": "feedback", "kind": "impact", "style": "rigid", "intensity": 0.75])
    }
}
