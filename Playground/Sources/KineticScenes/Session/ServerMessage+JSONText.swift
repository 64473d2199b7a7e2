// A session's messages as the JSON text the page reads (`JSON.parse`), natively (the server
// sends it over the WebSocket) and in the WebAssembly build (the module hands it to the page):
// one writer for both, so the page reads one format.
import KineticGestures
import KineticLayout
import KineticPlatform

extension ServerMessage {
    /// The message as a JSON object with a `type`: `hello`, `frame`, `trace`, `notice`,
    /// `announcement` or `feedback` (see each case). Optional members that are absent are left out.
    public var jsonText: String {
        var json = JSONText()
        write(into: &json)
        return json.text
    }

    /// Writes the message into `json` (several messages make an array this way).
    package func write(into json: inout JSONText) {
        json.object { json in
            switch self {
            case .hello(let scenes, let scene, let frameRate, let parameters, let about):
                json.member("type", "hello")
                json.key("scenes")
                json.array { json in for name in scenes { json.string(name) } }
                json.member("scene", scene)
                json.member("frameRate", frameRate)
                json.key("parameters")
                json.array { json in for parameter in parameters { parameter.write(into: &json) } }
                json.key("about")
                about.write(into: &json)
            case .frame(let time, let micros, let changed, let removed, let overlay, let touchTime):
                json.member("type", "frame")
                json.member("time", time)
                json.member("engineMicroseconds", micros)
                json.key("changed")
                json.array { json in for drawable in changed { drawable.write(into: &json) } }
                json.key("removed")
                json.array { json in for id in removed { json.integer(id) } }
                if let overlay {
                    json.key("overlay")
                    overlay.write(into: &json)
                }
                if let touchTime { json.member("touchTime", touchTime) }
            case .trace(let trace):
                json.member("type", "trace")
                json.key("trace")
                trace.write(into: &json)
            case .notice(let message):
                json.member("type", "notice")
                json.member("message", message)
            case .announcement(let text):
                json.member("type", "announcement")
                json.member("text", text)
            case .feedback(.selectionChanged):
                json.member("type", "feedback")
                json.member("kind", "selection")
            case .feedback(.impactOccurred(let style, let intensity)):
                json.member("type", "feedback")
                json.member("kind", "impact")
                json.member("style", Self.name(of: style))
                json.member("intensity", Double(intensity))
            }
        }
    }

    /// UIKit's name for an impact style.
    private static func name(of style: ImpactFeedbackGenerator.FeedbackStyle) -> String {
        switch style {
        case .light: "light"
        case .medium: "medium"
        case .heavy: "heavy"
        case .soft: "soft"
        case .rigid: "rigid"
        }
    }
}

// The members below are those of the types' `Codable` forms (the names of their stored
// properties; optionals that are nil left out), so Foundation's `JSONDecoder` reads this text
// back into equal values: the tests check exactly that.

extension Drawable {
    func write(into json: inout JSONText) {
        json.object { json in
            json.member("id", id)
            json.member("kind", kind.rawValue)
            json.member("x", x)
            json.member("y", y)
            json.member("width", width)
            json.member("height", height)
            json.member("angle", angle)
            json.member("z", z)
            if let label { json.member("label", label) }
        }
    }
}

extension DebugOverlay {
    func write(into json: inout JSONText) {
        json.object { json in
            json.key("joints")
            json.array { json in for line in joints { line.write(into: &json) } }
            json.key("anchors")
            json.array { json in for point in anchors { point.write(into: &json) } }
            json.key("contacts")
            json.array { json in for point in contacts { point.write(into: &json) } }
            if let scrollVelocity {
                json.key("scrollVelocity")
                scrollVelocity.write(into: &json)
            }
            if let scrollTargets {
                json.key("scrollTargets")
                json.array { json in for line in scrollTargets { line.write(into: &json) } }
            }
        }
    }
}

extension DebugOverlay.Line {
    func write(into json: inout JSONText) {
        json.object { json in
            json.member("x1", x1)
            json.member("y1", y1)
            json.member("x2", x2)
            json.member("y2", y2)
            json.member("spring", spring)
        }
    }
}

extension DebugOverlay.Point {
    func write(into json: inout JSONText) {
        json.object { json in
            json.member("x", x)
            json.member("y", y)
        }
    }
}

extension SceneParameter {
    func write(into json: inout JSONText) {
        json.object { json in
            json.member("name", name)
            json.member("minimum", minimum)
            json.member("maximum", maximum)
            json.member("value", value)
            json.member("isSwitch", isSwitch)
            json.member("unit", unit)
        }
    }
}

extension InteractiveSceneName.About {
    func write(into json: inout JSONText) {
        json.object { json in
            json.member("title", title)
            json.member("origin", origin)
            json.member("hint", hint)
            json.key("sources")
            json.array { json in for source in sources { json.string(source) } }
            json.member("keyboard", keyboard)
        }
    }
}

extension TouchTrace {
    /// The trace in its file form (`kinetic replay` reads it): version, scene, seed (all 64 bits,
    /// as digits), frame rate and the events, each `{"id", "phase", "location": [x, y],
    /// "timestamp"}`.
    package func write(into json: inout JSONText) {
        json.object { json in
            json.member("version", version)
            json.member("scene", scene)
            json.key("seed")
            json.unsigned(seed)
            json.member("frameRate", frameRate)
            json.key("events")
            json.array { json in
                for event in events {
                    json.object { json in
                        json.member("id", event.id)
                        json.member("phase", event.phase.rawValue)
                        json.key("location")
                        json.array { json in
                            json.number(Double(event.location.x))
                            json.number(Double(event.location.y))
                        }
                        json.member("timestamp", event.timestamp)
                    }
                }
            }
        }
    }
}
