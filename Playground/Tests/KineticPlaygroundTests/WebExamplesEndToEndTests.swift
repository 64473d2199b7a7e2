import ExternalTools
import Foundation
import Testing

extension LiveServerTests {
    /// kinetic.js's examples page (`web/examples.html`, served by `kinetic`) as a person uses it,
    /// in a headless Chromium, with the mouse and with emulated touch: `Tests/EndToEnd/examples.py`
    /// drives it and reports what it read back (element boxes, the document's order, the live
    /// region); this test checks it against the gestures' models. Screenshots go to
    /// `.build/e2e/examples/`.
    @Suite("Examples for web pages end to end", .serialized, .needs(.chromium, .chromedriver, .selenium, .pillow))
    struct WebExamplesEndToEndTests {
        static let script = ExternalTools.packageRoot.appendingPathComponent("Tests/EndToEnd/examples.py")

        @Test func aPersonTossesDragsReordersAndPages() async throws {
            try ExternalTools.require(.chromium, .chromedriver, .selenium, .pillow)
            let server = try await EndToEndTests.startServer()
            defer { server.process.stop() }
            let printed = try await EndToEndTests.drive(
                url: server.url + "web/examples.html", run: "examples", script: Self.script)
            let seen = try #require(try JSONSerialization.jsonObject(with: printed) as? [String: Any])
            if let error = seen["error"] as? String { Issue.record("the page run stopped: \(error)") }
            #expect(seen["steps"] as? Int == 10)
            #expect(seen["loaded"] as? [String] == ["toss", "fall", "springy", "grid", "board", "strip"])
            Self.checkToss(seen)
            Self.checkSpringy(seen)
            Self.checkGrid(seen)
            Self.checkBoard(seen)
            Self.checkStrip(seen)
            Self.checkBadInput(seen)
            // Nothing in the console but the favicon the test server does not have.
            let console = (seen["console"] as? [String] ?? []).filter { !$0.contains("favicon") }
            #expect(console.isEmpty, "\(console)")
        }

        static func doubles(_ value: Any?) -> [Double] { (value as? [NSNumber])?.map(\.doubleValue) ?? [] }
        static func points(_ value: Any?) -> [[Double]] {
            (value as? [[NSNumber]])?.map { $0.map(\.doubleValue) } ?? []
        }
        static func strings(_ value: Any?) -> [String] { value as? [String] ?? [] }

        /// Seed 004: the card follows the finger (and with the mouse's faster moves, is thrown past
        /// it), then comes home to its layout box to within a pixel (the snap back is an animation
        /// that ends exactly on the home transform).
        static func checkToss(_ seen: [String: Any]) {
            for (kind, least) in [("touch", 150.0), ("mouse", 300.0)] {
                let home = doubles(seen["toss.\(kind).home"]), back = doubles(seen["toss.\(kind).back"])
                let flew = (seen["toss.\(kind).flew"] as? NSNumber)?.doubleValue ?? 0
                #expect(flew > least, "\(kind): the card went \(flew) px")
                #expect(
                    home.count == 2 && back.count == 2 && abs(home[0] - back[0]) < 1 && abs(home[1] - back[1]) < 1,
                    "\(kind): home \(home), back at \(back)")
            }
        }

        /// Seed 000: three taps select three tiles; held after a long press and a drag by (90, 70),
        /// the selected tiles have moved most of that way and the others not at all; let go, every
        /// tile is back on its slot to within a pixel.
        static func checkSpringy(_ seen: [String: Any]) {
            #expect(seen["springy.selected"] as? Int == 3)
            #expect(strings(seen["springy.selectedText"]) == ["1", "2", "8"])
            let homes = points(seen["springy.homes"]), held = points(seen["springy.held"])
            let back = points(seen["springy.back"])
            #expect(homes.count == 9 && held.count == 9 && back.count == 9)
            guard homes.count == 9, held.count == 9, back.count == 9 else { return }
            for index in 0..<9 {
                let dx = held[index][0] - homes[index][0], dy = held[index][1] - homes[index][1]
                if [0, 1, 7].contains(index) {
                    #expect(dx > 60 && dy > 45, "selected tile \(index) moved (\(dx), \(dy))")
                } else {
                    #expect(abs(dx) < 0.5 && abs(dy) < 0.5, "unselected tile \(index) moved (\(dx), \(dy))")
                }
                #expect(abs(back[index][0] - homes[index][0]) < 1 && abs(back[index][1] - homes[index][1]) < 1)
            }
        }

        /// Seed 003: tile 2 dragged to the bottom edge scrolled the grid to its end (the flow layout's
        /// content height less the view's) and dropped in the last slot: the document's order is
        /// the model move (tile 2 removed and appended), the event reported it; the keyboard then
        /// moved the first tile two places right, each step spoken in the live region.
        static func checkGrid(_ seen: [String: Any]) {
            let offset = (seen["grid.expectedOffset"] as? NSNumber)?.doubleValue ?? 0
            #expect(seen["grid.scrolledTo"] as? String == "translate(0px, \(-Int(offset))px)")
            var model = (1...1000).map(String.init)
            model.append(model.remove(at: 1))
            #expect(strings(seen["grid.after"]) == model)
            #expect(seen["grid.event"] as? String == model.prefix(5).joined(separator: ","))
            let before = strings(seen["keyboard.before"])
            var moved = before
            if !moved.isEmpty { moved.insert(moved.remove(at: 0), at: 2) }
            #expect(strings(seen["keyboard.after"]) == moved, "before \(before)")
            let spoken = strings(seen["keyboard.spoken"])
            #expect(spoken.count == 4 && spoken.allSatisfy { $0.contains(before.first ?? "?") }, "\(spoken)")
            #expect(spoken.last?.contains("position 3") == true, "\(spoken)")
            #expect(seen["keyboard.focused"] as? Bool == true)
        }

        /// Drag and drop: with the mouse, then by touch, a column's first card dropped at the foot of
        /// the third column is its last, gone from the first, and nothing stays in the drag layer.
        static func checkBoard(_ seen: [String: Any]) {
            for kind in ["mouse", "touch"] {
                let before = (seen["board.\(kind).before"] as? [[String]]) ?? []
                let after = (seen["board.\(kind).after"] as? [[String]]) ?? []
                guard before.count == 3, after.count == 3, let card = before[0].first else {
                    Issue.record("\(kind): columns \(before) → \(after)")
                    continue
                }
                #expect(after[0] == Array(before[0].dropFirst()), "\(kind)")
                #expect(after[1] == before[1], "\(kind)")
                #expect(after[2] == before[2] + [card], "\(kind)")
                #expect(seen["board.\(kind).layer"] as? Int == 0)
            }
        }

        /// The photo strip: two flicks left rest on the third page (offset twice the strip's width);
        /// pulled 150 px past its start it stretches less than that (rubber band) and springs back
        /// to 0.
        static func checkStrip(_ seen: [String: Any]) {
            let width = (seen["strip.touch.width"] as? NSNumber)?.doubleValue ?? 0
            #expect((seen["strip.touch.offset"] as? NSNumber)?.doubleValue == 2 * width && width > 0)
            let pulled = (seen["strip.pulled"] as? NSNumber)?.doubleValue ?? 0
            #expect(pulled < -10 && pulled > -150, "pulled \(pulled)")
            #expect((seen["strip.released"] as? NSNumber)?.doubleValue == 0)
        }

        /// Bad arguments throw the error kind the API promises, naming the argument; a resize
        /// mid-drag, a cancelled pointer and a second pointer keep every element, the document's
        /// order equal to the data's, and a cancelled drag changes nothing.
        static func checkBadInput(_ seen: [String: Any]) {
            let errors = seen["bad.errors"] as? [String: String] ?? [:]
            let expected: [String: String] = [
                "nanSpacing": "RangeError: options.spacing", "hugeSpacing": "RangeError: options.spacing",
                "hugeFiniteSpacing": "RangeError: options.spacing must be at most 1e6",
                "hugeFiniteItem": "RangeError: options.itemSize must be at most 1e6",
                "infiniteSize": "RangeError: options.itemSize.width", "negativeSize": "RangeError: options.itemSize",
                "notElement": "TypeError: container", "noItems": "RangeError: options.itemSize",
                "badDirection": "RangeError: options.scrollDirection", "columnOutside": "RangeError: columns[0]",
                "noColumns": "RangeError: columns", "pagingNotBoolean": "TypeError: options.pagingEnabled",
                "destroyed": "TypeError: the interaction has been destroyed",
            ]
            for (name, prefix) in expected {
                #expect(errors[name]?.hasPrefix(prefix) == true, "\(name): \(errors[name] ?? "nothing")")
            }
            let all = (0..<30).map(String.init)
            for key in ["bad.resized", "bad.cancelled", "bad.twoPointers"] {
                #expect(strings(seen[key]).sorted() == all.sorted(), "\(key): \(strings(seen[key]))")
            }
            #expect(strings(seen["bad.cancelled"]) == strings(seen["bad.cancelBefore"]))
            #expect(strings(seen["bad.order"]) == strings(seen["bad.twoPointers"]))
        }
    }
}
