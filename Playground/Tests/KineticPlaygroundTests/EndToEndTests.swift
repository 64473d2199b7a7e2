import ExternalTools
import Foundation
import KineticGestures
import KineticPlayground
import KineticScenes
import Testing

extension LiveServerTests {
    /// The playground as a person uses it: the real server (`kinetic serve`), the real page in a headless Chromium
    /// (Debian's chromium and chromium-driver), touch input through WebDriver's pointer actions
    /// (selenium), state read back from the page and pixels from its canvas and from screenshots.
    /// `Tests/EndToEnd/playground.py` drives the page and reports what it saw; this test checks it.
    /// Screenshots go to `.build/e2e/`. `Scripts/test` installs the browser and the Python packages;
    /// without them this test is skipped with the reason (or fails, under
    /// `KINETIC_REQUIRE_ALL_TESTS=1`).
    @Suite("Playground end to end", .serialized, .needs(.chromium, .chromedriver, .selenium, .pillow))
    struct EndToEndTests {
        static let root = ExternalTools.packageRoot
        static let script = root.appendingPathComponent("Tests/EndToEnd/playground.py")
        static let screenshots = root.appendingPathComponent(".build/e2e")
        /// The page's look, as documented in its drawing.js: item `n` is hsl(11·n mod 360, 62 %,
        /// 58 %) in the light scheme; a selected cell is tinted 35 % with iOS's system blue
        /// (0, 122, 255) and carries a check mark of that blue. Converted here independently
        /// (CSS Color 4's HSL to sRGB, rounded to bytes), not read from the page.
        static let accent = [0, 122, 255]
        static func itemColor(_ n: Int) -> [Int] {
            let (h, s, l) = (Double((n * 11) % 360), 0.62, 0.58)
            func channel(_ k0: Double) -> Int {
                let k = (k0 + h / 30).truncatingRemainder(dividingBy: 12)
                let a = s * min(l, 1 - l)
                return Int(((l - a * max(-1, min(k - 3, 9 - k, 1))) * 255).rounded())
            }
            return [channel(0), channel(8), channel(4)]
        }
        static func tinted(_ base: [Int]) -> [Int] {
            zip(base, accent).map { Int((Double($0) * 0.65 + Double($1) * 0.35).rounded()) }
        }
        /// Within `tolerance` per channel: canvas compositing rounds in its own order.
        static func close(_ pixel: Any?, _ expected: [Int], tolerance: Int = 3) -> Bool {
            guard let pixel = ints(pixel), pixel.count == 3 else { return false }
            return zip(pixel, expected).allSatisfy { abs($0 - $1) <= tolerance }
        }

        /// The page as `kinetic` serves it: the scenes run in the page, in the WebAssembly module.
        @Test func aPersonDragsReordersTossesAndSwitchesScenes() async throws {
            try ExternalTools.require(.chromium, .chromedriver, .selenium, .pillow)
            let server = try await Self.startServer()
            defer { server.process.stop() }
            let printed = try await Self.drive(url: server.url, run: "module")
            // Ctrl-C stops the server cleanly: it exits with status 0 within 5 s.
            kill(server.process.processIdentifier, SIGINT)
            for _ in 0..<100 where server.process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
            #expect(
                !server.process.isRunning && server.process.terminationReason == .exit
                    && server.process.terminationStatus == 0,
                "after SIGINT: running \(server.process.isRunning)")
            try Self.check(printed, transport: "module")
        }

        /// The same page with `?server`: the scenes run on the server, over the WebSocket.
        @Test func theSameOnTheServerOverTheWebSocket() async throws {
            try ExternalTools.require(.chromium, .chromedriver, .selenium, .pillow)
            let server = try await Self.startServer()
            defer { server.process.stop() }
            let printed = try await Self.drive(url: server.url + "?server", run: "server")
            try Self.check(printed, transport: "server")
        }

        /// `kinetic export-site`'s folder served by Python's static file server, no Swift process
        /// behind it: everything works, and the page opens no WebSocket.
        @Test func theStaticSiteWorksWithNoSwiftBehindIt() async throws {
            try ExternalTools.require(.chromium, .chromedriver, .selenium, .pillow)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-site-e2e-\(getpid())")
            defer { try? FileManager.default.removeItem(at: folder) }
            try? FileManager.default.removeItem(at: folder)
            try StaticSite.export(to: folder)
            let server = try await StaticServer.start(folder: folder)
            defer { server.stop() }
            let printed = try await Self.drive(url: server.url, run: "static")
            try Self.check(printed, transport: "module")
            let seen = try #require(try JSONSerialization.jsonObject(with: printed) as? [String: Any])
            #expect(
                seen["desktop.webSockets"] as? Int == 0,
                "the page opened \(seen["desktop.webSockets"] ?? "?") WebSockets")
        }

        /// What the driver saw, checked: the same whichever way the scenes run.
        static func check(_ printed: Data, transport: String) throws {
            let seen = try #require(try JSONSerialization.jsonObject(with: printed) as? [String: Any])
            if let error = seen["error"] as? String { Issue.record("the page run stopped: \(error)") }
            #expect(seen["transport"] as? String == transport, "the scenes ran \(seen["transport"] ?? "nowhere")")
            #expect(
                seen["scenes"] as? [String] == [
                    "drag_scene", "reorder_scene", "board_scene", "toss_scene", "sandbox_scene", "photos_scene",
                    "time_controls", "latency", "bad_input", "figures", "phone",
                ])

            // Photos: Alt and the wheel pinched the first photo (its 335 pt width grew past half
            // again), in the page's module and on the server alike.
            let photos = seen["photos"] as? [String: Any]
            #expect(photos != nil, "the Photos scene on \(transport): \(seen["photos"] ?? "nothing")")
            let widths = ["before", "after"].map { (photos?[$0] as? NSNumber)?.doubleValue ?? 0 }
            #expect(widths[0] == 335 && widths[1] > widths[0] * 1.5, "the mouse's pinch: \(widths)")

            // Drag (seed 000): cells are coloured along the data order; a tapped cell is selected:
            // tinted blue with a blue check mark, on the canvas and on screen; its neighbour keeps
            // its own colour and has no check mark.
            #expect(seen["drag.selectedKind"] as? String == "selectedCell")
            let first = Self.itemColor(0), second = Self.itemColor(1)
            #expect(
                Self.close(seen["drag.unselectedCanvasPixel"], first), "\(seen["drag.unselectedCanvasPixel"] ?? "")")
            #expect(Self.close(seen["drag.canvasPixel"], Self.tinted(first)), "\(seen["drag.canvasPixel"] ?? "")")
            #expect(Self.close(seen["drag.screenshotPixel"], Self.tinted(first)))
            #expect(Self.close(seen["drag.badgePixel"], Self.accent), "\(seen["drag.badgePixel"] ?? "")")
            #expect((seen["drag.neighbour"] as? [String: Any])?["label"] as? String == "1")
            #expect(Self.close(seen["drag.unselectedScreenshotPixel"], second))
            #expect(Self.close(seen["drag.unselectedBadgePixel"], second))
            // Long-pressed and dragged, the selected cell travels to the finger and, held there,
            // settles on it: 4 springs of 0.5 pt rest length pull it to within 0.5 pt (the layout
            // tests' bound) of the finger as the server has it (the middle of the anchors below:
            // the finger lands on whole CSS pixels, a little off the target). Released, it
            // returns exactly (the layout puts it back in its slot).
            let cell = try #require(Self.point(seen["drag.cell"]))
            let target = try #require(Self.doubles(seen["drag.target"]))
            let held = try #require(Self.point(seen["drag.heldAt"]))
            let path = (seen["drag.path"] as? [[Double]]) ?? []
            let places = Set(path.map { [$0[0], $0[1]] })
            #expect(places.count > 2, "the page drew the drag in \(places.count) places over \(path.count) frames")
            #expect(path.contains { hypot($0[0] - cell.x, $0[1] - cell.y) > 100 }, "the cell left its slot")
            let returned = try #require(Self.point(seen["drag.returned"]))
            #expect(returned.x == cell.x && returned.y == cell.y)
            // The debug overlay while holding: the seed's rectangle attachment, four springs from the
            // cell's centre (where the page draws the held cell, to rounding through metres) to four
            // anchors at the corners of a 40 × 40 pt square around the finger (to within 1 pt: the
            // finger lands on whole CSS pixels). Released, the springs are gone.
            let overlay = seen["drag.overlay"] as? [String: Any] ?? [:]
            let springs = overlay["joints"] as? [[String: Any]] ?? []
            #expect(springs.count == 4 && springs.allSatisfy { $0["spring"] as? Bool == true }, "\(springs)")
            for spring in springs {
                let end = (x: (spring["x2"] as? Double) ?? .nan, y: (spring["y2"] as? Double) ?? .nan)
                #expect(
                    hypot(end.x - held.x, end.y - held.y) < 1e-9, "a spring pulls the cell's centre: \(end) vs \(held)")
            }
            let anchors = (overlay["anchors"] as? [Any] ?? []).compactMap(Self.point)
            let middle = (x: anchors.map(\.x).reduce(0, +) / 4, y: anchors.map(\.y).reduce(0, +) / 4)
            #expect(
                anchors.count == 4 && hypot(middle.x - target[0], middle.y - target[1]) < 1,
                "anchors around the finger: \(anchors)")
            #expect(hypot(held.x - middle.x, held.y - middle.y) < 0.5, "held at \(held), finger at \(middle)")
            for corner in [(-20.0, -20.0), (20, -20), (20, 20), (-20, 20)] {
                #expect(
                    anchors.contains { hypot($0.x - middle.x - corner.0, $0.y - middle.y - corner.1) < 1e-9 },
                    "an anchor at corner \(corner): \(anchors)")
            }
            let after = seen["drag.overlayAfter"] as? [String: Any] ?? [:]
            #expect((after["joints"] as? [Any])?.isEmpty == true, "no springs after the drag")

            // The grid scrolls: a flick decelerates, and the cell seen beside the overlay's target line
            // (the content that will rest at the top) comes to rest that far higher, to within a
            // point (the snapshot and the line are from one frame; positions round to CSS pixels only
            // in the gesture). A long press on a cell still lifts the selection afterwards.
            let targetLine = try #require(seen["fling.line"] as? Double)
            let seenAt = try #require(seen["fling.before"] as? Double)
            let restedAt = try #require(seen["fling.after"] as? Double)
            #expect(targetLine > 20, "the target line while decelerating: \(targetLine) pt below the top")
            #expect(
                abs(restedAt - (seenAt - targetLine)) < 1, "rested at \(restedAt), predicted \(seenAt - targetLine)")
            #expect(seen["fling.liftedAfter"] as? Bool == true)

            // Reorder (seed 003): cell "0" dropped past cell "2" takes slot 2; the others shift back.
            #expect(seen["reorder.before"] as? [String] == ["0", "1", "2", "3", "4"])
            #expect(seen["reorder.after"] as? [String] == ["1", "2", "0", "3", "4"])
            // By keyboard: tabbed into, the grid's first cell ("1") has the focus ring; space,
            // two right arrows and space move it to position 3, announced step by step in the
            // live region; lift, two slot changes and the drop are four haptics (a desktop's
            // mouse pointer vibrates nothing).
            #expect(seen["keyboard.tabbedIn"] as? Bool == true)
            let ring = try #require(Self.point(seen["keyboard.ring"]))
            let firstCell = try #require(Self.point(seen["keyboard.first"]))
            #expect(ring.x == firstCell.x && ring.y == firstCell.y, "the ring \(ring) on the first cell \(firstCell)")
            #expect(seen["keyboard.after"] as? [String] == ["2", "0", "1", "3", "4"])
            #expect(
                seen["keyboard.announcements"] as? [String] == [
                    "Item 1. Position 1 of 100. Press space to pick up.", "Picked up item 1. Position 1 of 100.",
                    "Moved to position 2 of 100.", "Moved to position 3 of 100.", "Item 1 dropped at position 3.",
                ])
            #expect(seen["keyboard.liveRegion"] as? [String] == ["Item 1 dropped at position 3.", "polite"])
            #expect(seen["keyboard.feedback"] as? Int == 4)
            #expect(seen["keyboard.vibrations"] as? Int == 0)

            // The board (issue 23): every card exists exactly once in every state; card 1 went
            // to the second column; the stack of 0, 3 and 4 left the first column for the second,
            // in that order; the keyboard moved the first column's first card one place on.
            let columns = { (key: String) in (seen[key] as? [[Int]]) ?? [] }
            #expect(columns("board.before") == [Array(0..<8), Array(8..<13), Array(13..<16)])
            for key in ["board.before", "board.moved", "board.stacked", "board.keyboard"] {
                #expect(columns(key).joined().sorted() == Array(0..<16), "\(key): \(columns(key))")
            }
            let moved = columns("board.moved")
            #expect(moved.count == 3 && !moved[0].contains(1) && moved[1].contains(1), "\(moved)")
            let stacked = columns("board.stacked")
            #expect(stacked.count == 3 && stacked[0] == [2, 5, 6, 7], "\(stacked)")
            #expect(stacked.count == 3 && stacked[1].filter { [0, 3, 4].contains($0) } == [0, 3, 4], "\(stacked)")
            let keyed = columns("board.keyboard")
            #expect(keyed.count == 3 && keyed[0] == [5, 2, 6, 7], "\(keyed)")
            #expect(seen["board.announcement"] as? String == "Card 2 dropped at position 2.")

            // Toss (seed 004): holding shows the anchor and attachment squares; a flick faster than
            // 1000 pt/s is a throw, so the card keeps going after the finger lifts (a slow release
            // would turn home at once), then comes home square.
            #expect(seen["toss.heldKinds"] as? [String] == ["anchor", "attachment", "card"])
            let home = try #require(Self.point(seen["toss.home"]))
            // In the scene's time, from the frame that answered the lift: what the page's clock
            // says depends on how late the server and the browser run.
            let releasedAt = try #require(seen["toss.releasedAt"] as? Double)
            let flight = ((seen["toss.path"] as? [[Double]]) ?? []).map {
                (distance: hypot($0[0] - home.x, $0[1] - home.y), time: $0[4])
            }
            // 0.3 s after the lift a thrown card is still flying away (it flies 0.4 s); a released
            // one would be most of its 0.45 s way home.
            let atRelease = flight.first { $0.time >= releasedAt }?.distance ?? .infinity
            let later = flight.first { $0.time >= releasedAt + 0.3 }?.distance ?? 0
            #expect(later > atRelease + 20, "from \(atRelease) pt at release to \(later) pt from home 0.3 s later")
            #expect((seen["toss.attempts"] as? Int ?? 99) <= 3)
            let tossReturned = try #require(Self.point(seen["toss.returned"]))
            #expect(hypot(tossReturned.x - home.x, tossReturned.y - home.y) < 0.01)

            // Sandbox: its sliders are on the page; while the boxes fall the server sends frames, the
            // scene's clock goes on and the page draws. How many per second of the page's clock is
            // reported, not checked: that measures the machine, loaded or sanitized, not the
            // playground (how the scene's clock runs is checked below, by the scene's own times).
            #expect(
                seen["sandbox.sliders"] as? [String] == [
                    "parameter-gravity", "parameter-elasticity", "parameter-field",
                ])
            #expect((seen["sandbox.frames"] as? Int ?? 0) > 0, "no frame while the boxes fell")
            #expect((seen["sandbox.sceneTime"] as? Double ?? 0) > 0, "the scene's clock stood still")
            #expect((seen["sandbox.draws"] as? Int ?? 0) > 0, "the page drew nothing while the boxes fell")
            print(
                "sandbox, per second of the page's clock: scene time \(seen["sandbox.sceneTimeRate"] ?? "–") s, "
                    + "server frames \(seen["sandbox.serverFrameRate"] ?? "–"), "
                    + "page draws \(seen["sandbox.drawRate"] ?? "–")"
            )

            // Touch to frame, on loopback, over a drag of the Toss card in 60 small moves: every touch
            // the page sends is answered by a frame that echoes its time stamp (or a later touch's:
            // the server answers all it read since its last tick with one frame), in order, the lift
            // included; and the page draws each answer at the next animation frame after it arrives,
            // with no interpolation delay. How long that takes is reported, not checked (on a loaded
            // machine or under a sanitizer it measures those).
            let latency = seen["latency"] as? [String: Any] ?? [:]
            let sent = Self.doubles(latency["sent"]) ?? []
            let answers = Self.samples(latency["answers"])
            let draws = Self.samples(latency["draws"])
            #expect(sent.count >= 3, "\(sent.count) touches sent")
            #expect(
                answers.allSatisfy { sent.contains($0.touch) }, "a frame echoed a touch never sent: \(answers)")
            #expect(zip(answers, answers.dropFirst()).allSatisfy { $0.touch < $1.touch }, "out of order: \(answers)")
            #expect(answers.last?.touch == sent.last, "the last touch (the lift) unanswered: \(answers), \(sent)")
            for answer in answers {
                #expect(
                    draws.contains { $0.frame == answer.frame + 1 && $0.touch >= answer.touch },
                    "the answer to \(answer.touch) (after animation frame \(answer.frame)) not drawn next: \(draws)")
            }
            let received = ((latency["received"] as? [NSNumber]) ?? []).map(\.doubleValue).sorted()
            let drawn = ((latency["drawn"] as? [NSNumber]) ?? []).map(\.doubleValue).sorted()
            let p95 = { (values: [Double]) in values.isEmpty ? .nan : values[values.count * 95 / 100] }
            let p50 = { (values: [Double]) in values.isEmpty ? .nan : values[values.count / 2] }
            print(
                "touch to frame (ms): received p50 \(p50(received)), p95 \(p95(received)); "
                    + "drawn p50 \(p50(drawn)), p95 \(p95(drawn)); \(sent.count) touches, \(answers.count) answers"
            )

            // The scene's clock against the page's, by the scene's own time stamps: a drag recorded
            // at full speed holds its touches as far apart as the page stamped them, and one recorded
            // with slow animations on, a tenth as far. The server maps each touch's time stamp onto
            // its clock by the least delay it has seen (PlaygroundSession.stamp), not by when the
            // touch arrived, so this holds however late the messages come; the 5 % is for a drag
            // whose own touches lower that least delay (by far less than a millisecond, after the
            // hundreds of touches before it).
            for (name, scale) in [("record", 1.0), ("slow", PlaygroundSession.slowTimeScale)] {
                let stamped = Self.doubles(seen["\(name).sent"]) ?? []
                let recorded = Self.doubles(seen["\(name).recorded"]) ?? []
                #expect(stamped.count >= 3 && recorded.count == stamped.count, "\(name): \(recorded) for \(stamped)")
                guard let first = stamped.first, let last = stamped.last, last > first,
                    let start = recorded.first, let end = recorded.last
                else { continue }
                let rate = (end - start) / ((last - first) / 1000)
                #expect(abs(rate / scale - 1) < 0.05, "\(name): the scene's clock at \(rate) × the page's")
            }
            #expect(seen["slow.button"] as? Bool == true)

            // A trace recorded in the page replays natively to the digest the page's module gives
            // it, and a sample trace recorded natively (Traces/toss.json) replays in the page to the
            // native digest: `kinetic replay`'s fold of every frame's digest, two seconds past the end.
            let recordedObject = try #require(seen["record.trace"] as? [String: Any], "no recording")
            let recorded = try TouchTrace.decode(from: JSONSerialization.data(withJSONObject: recordedObject))
            let fold = { (trace: TouchTrace) -> String in
                let digest = (Replay(trace, tail: 2)?.frameDigests ?? []).reduce(UInt64(0)) { $0 &* 31 &+ $1 }
                return String(digest, radix: 16)
            }
            if transport == "module" {
                let page = try #require(seen["record.pageDigests"] as? [String: String], "no digests from the page")
                #expect(
                    page["recorded"] == fold(recorded), "the page's recording: page \(page), native \(fold(recorded))")
                let sample = try TouchTrace.decode(
                    from: Data(contentsOf: ExternalTools.repositoryRoot.appendingPathComponent("Traces/toss.json")))
                #expect(page["sample"] == fold(sample), "Traces/toss.json: page \(page), native \(fold(sample))")
            }

            // The replay timeline: scrubbed to 0.5 s, stepped one frame, scrubbed on to 0.8 s and back
            // to 0.5 s, the card is where it was the first time (every run is deterministic).
            let firstVisit = try #require(seen["replay.at05"] as? [String: Any])
            let secondVisit = try #require(seen["replay.at05again"] as? [String: Any])
            #expect(firstVisit["x"] as? Double == secondVisit["x"] as? Double)
            #expect(firstVisit["y"] as? Double == secondVisit["y"] as? Double)
            #expect(firstVisit["angle"] as? Double == secondVisit["angle"] as? Double)
            let stepped = try #require(seen["replay.stepped"] as? Double)
            #expect(abs(stepped - (0.5 + 1.0 / 120)) < 1e-6)
            #expect(seen["replay.timeline"] as? String == "0.50 s")

            // The code view shows the toss scene's sources, exactly as they are in the repository.
            let about = InteractiveSceneName.toss.about
            #expect(seen["code.files"] as? [String] == about.sources)
            let onDisk = try String(
                contentsOf: ExternalTools.repositoryRoot.appendingPathComponent(about.sources[0]), encoding: .utf8)
            #expect(seen["code.text"] as? String == onDisk)

            // Bad input (issue 33): trace files that are not JSON, cut short, hold NaN, go back in time
            // or name an unknown scene get a notice and change nothing (the drag scene stays, no
            // replay starts); touches at NaN or 1e300 pt leave every drawable finite; a tab hidden and
            // shown again goes on where it was (the module's clock skips the hidden time); a resize
            // mid-drag loses nothing; a trap in the module restarts its scene and says so.
            let traces = seen["bad.traces"] as? [String: [Any]] ?? [:]
            #expect(Set(traces.keys) == ["notJSON", "truncated", "nan", "backwards", "unknownScene"], "\(traces)")
            for (name, observed) in traces {
                let notice = observed.first as? String ?? ""
                #expect(!notice.isEmpty, "\(name): no notice")
                if ["notJSON", "truncated", "nan"].contains(name) {
                    #expect(notice.hasPrefix("not a trace"), "\(name): \(notice)")
                }
                if name == "backwards" { #expect(notice.contains("event 1"), "\(name): \(notice)") }
                if name == "unknownScene" { #expect(notice.contains("unknown scene"), "\(name): \(notice)") }
                #expect(
                    observed.count == 4 && observed[1] as? String == "drag" && observed[2] as? Bool == true
                        && observed[3] as? Bool == true, "\(name): the page changed: \(observed)")
            }
            let touches = seen["bad.touches"] as? [String: Any] ?? [:]
            #expect(touches["finite"] as? Bool == true && touches["scene"] as? String == "drag", "\(touches)")
            #expect((touches["count"] as? Int ?? 0) > 30, "\(touches)")
            let hidden = seen["bad.hidden"] as? [String: Any] ?? [:]
            #expect(hidden["finite"] as? Bool == true && hidden["scene"] as? String == "drag", "\(hidden)")
            if transport == "module" {
                // Hidden for 2 s by the driver's clock: the page's clock skipped at least most of it.
                let skipped = (hidden["hiddenMs"] as? NSNumber)?.doubleValue ?? 0
                #expect(skipped >= 1900 && skipped < 10000, "the module's clock skipped \(skipped) ms")
            }
            let resize = seen["bad.resize"] as? [String: Any] ?? [:]
            #expect(resize["finite"] as? Bool == true, "\(resize)")
            #expect(resize["before"] as? Int == resize["after"] as? Int, "drawables before and after: \(resize)")
            if transport == "module" {
                let trap = seen["bad.trap"] as? String ?? ""
                #expect(trap.contains("drag") && trap.contains("restarted") && trap.contains(" s"), "\(trap)")
                let after = seen["bad.afterTrap"] as? [String: Any] ?? [:]
                #expect(after["scene"] as? String == "drag" && after["restarts"] as? Int == 1, "\(after)")
                #expect((after["count"] as? Int ?? 0) > 30, "\(after)")
            }
            // Figures, printed (a benchmark's, not checked): time to first frame, the module's load,
            // the step cost per scene (µs, in the page or on the server).
            let figures = seen["figures"] as? [String: Any] ?? [:]
            let steps = figures["stepMicroseconds"] as? [String: [NSNumber]] ?? [:]
            let costs = steps.keys.sorted().map { scene -> String in
                let sorted = (steps[scene] ?? []).map(\.doubleValue).sorted()
                guard !sorted.isEmpty else { return "\(scene) –" }
                let p = { (q: Double) in sorted[min(sorted.count - 1, Int(q * Double(sorted.count)))] }
                // The page's clock ticks in 100 µs steps (Chromium's, without cross-origin isolation):
                // the mean of many such readings is still the mean step.
                let mean = Int((sorted.reduce(0, +) / Double(sorted.count)).rounded())
                return "\(scene) mean \(mean) p50 \(Int(p(0.5))) p95 \(Int(p(0.95))) µs (\(sorted.count))"
            }
            print(
                "figures (\(transport)): first frame at \(figures["firstFrameMs"] ?? "–") ms, module loaded in "
                    + "\(figures["moduleLoadMs"] ?? "–") ms; step cost: \(costs.joined(separator: "; "))")

            // No console warnings or errors (a missing favicon would be one), on either screen.
            #expect((seen["desktop.console"] as? [String]) == [], "\(seen["desktop.console"] ?? "")")
            #expect((seen["phone.console"] as? [String]) == [], "\(seen["phone.console"] ?? "")")

            // A phone (390 × 844, touch): the header is one line and the scene starts right below
            // the scene's two-line description; nothing is wider than the screen; the HUD stays out
            // of the way; a tap of a finger selects; the keyboard's scene shortcut switches.
            let phone = try #require(seen["phone.layout"] as? [String: Any])
            let number = { (key: String) in (phone[key] as? NSNumber)?.doubleValue ?? .nan }
            #expect(number("headerHeight") <= 44, "header \(number("headerHeight")) px high")
            #expect(number("canvasTop") <= 100, "the scene starts \(number("canvasTop")) px down")
            #expect(number("canvasLeft") >= 0 && number("canvasRight") <= number("width"))
            #expect(number("canvasBottom") <= number("height"))
            #expect(number("scrollWidth") == number("width"))
            #expect(phone["hud"] as? String == "none")
            #expect(seen["phone.selected"] as? String == "selectedCell")
            #expect(seen["phone.keyScene"] as? String == "springy")
            // A finger's reorder on the phone: each haptic (lift, slot changes, drop) vibrates 10 ms.
            let vibrated = Self.ints(seen["phone.vibrated"]) ?? []
            #expect(vibrated.count >= 3 && vibrated.allSatisfy { $0 == 10 }, "\(vibrated)")
        }

        // MARK: Running the server and the browser

        /// The command a person runs, `kinetic serve`, in a process of its own (the build's
        /// `kinetic`, beside this test bundle) on a free port: in this test process the server's
        /// tasks would share the two cooperative threads with every other test running in
        /// parallel, and stall.
        static func startServer() async throws -> ServerProcess {
            try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)
            return try await ServerProcess.start(log: screenshots.appendingPathComponent("server.log"))
        }

        struct Failure: Error, CustomStringConvertible { let description: String }

        /// Runs the driver script against `url` and returns what it printed (one JSON object).
        /// Waits on the process's termination handler: `Process.waitUntilExit()` spins its run
        /// loop on Linux and starved the server of the two cores.
        static func drive(url: String, run: String, script: URL = script) async throws -> Data {
            let python = try #require(ExternalTools.python)
            let screenshots = screenshots.appendingPathComponent(run)
            try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)
            let output = screenshots.appendingPathComponent("observations.json")
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = [script.path, url, screenshots.path]
            var environment = ProcessInfo.processInfo.environment
            environment["KINETIC_CHROMIUM"] = ExternalTools.chromium
            environment["KINETIC_CHROMEDRIVER"] = ExternalTools.chromedriver
            process.environment = environment
            process.standardOutput = try FileHandle(forWritingTo: output)
            // A browser that hangs must not hang the suite: the script's own waits are bounded,
            // and the whole run gets three minutes.
            let watchdog = Task {
                try await Task.sleep(for: .seconds(180))
                process.stop()
            }
            defer { watchdog.cancel() }
            let status = try await process.runUntilExit()
            let data = try Data(contentsOf: output)
            guard status == 0, (try? JSONSerialization.jsonObject(with: data)) is [String: Any] else {
                throw Failure(
                    description:
                        "the driver exited \(status) (with \(python)): \(String(decoding: data, as: UTF8.self))")
            }
            return data
        }

        static func doubles(_ value: Any?) -> [Double]? { (value as? [NSNumber])?.map(\.doubleValue) }
        /// The page's latency samples: [a touch's time stamp, an animation frame, …].
        static func samples(_ value: Any?) -> [(touch: Double, frame: Int)] {
            ((value as? [[NSNumber]]) ?? []).compactMap { $0.count >= 2 ? ($0[0].doubleValue, $0[1].intValue) : nil }
        }
        static func ints(_ value: Any?) -> [Int]? { (value as? [NSNumber])?.map(\.intValue) }
        static func point(_ value: Any?) -> (x: Double, y: Double)? {
            guard let d = value as? [String: Any], let x = (d["x"] as? NSNumber)?.doubleValue,
                let y = (d["y"] as? NSNumber)?.doubleValue
            else { return nil }
            return (x, y)
        }
    }
}
