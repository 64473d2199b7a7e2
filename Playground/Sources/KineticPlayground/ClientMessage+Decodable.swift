import Foundation
import KineticGestures
import KineticLayout
import KineticScenes

// How the server reads a page's text messages (JSON objects with a `type`; see `ClientMessage`).

extension ClientMessage: Decodable {
    private enum Key: String, CodingKey {
        case type, name, id, phase, x, y, on, trace, value, t, dx, dy, action, time, code
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        switch try c.decode(String.self, forKey: .type) {
        case "scene": self = .scene(try c.decode(String.self, forKey: .name))
        case "touch":
            let x = try c.decode(Double.self, forKey: .x), y = try c.decode(Double.self, forKey: .y)
            guard x.isFinite, y.isFinite else {
                throw DecodingError.dataCorruptedError(
                    forKey: .x, in: c, debugDescription: "touch location must be finite")
            }
            let clientTime = try c.decodeIfPresent(Double.self, forKey: .t)
            self = .touch(
                id: try c.decode(Int.self, forKey: .id), phase: try c.decode(Touch.Phase.self, forKey: .phase),
                location: CGPoint(x: x, y: y), clientTime: clientTime?.isFinite == true ? clientTime : nil)
        case "wheel":
            let dx = try c.decode(Double.self, forKey: .dx), dy = try c.decode(Double.self, forKey: .dy)
            guard dx.isFinite, dy.isFinite else {
                throw DecodingError.dataCorruptedError(
                    forKey: .dx, in: c, debugDescription: "wheel deltas must be finite")
            }
            self = .wheel(dx: dx, dy: dy)
        case "record": self = .record(try c.decode(Bool.self, forKey: .on))
        case "parameter":
            self = .parameter(
                name: try c.decode(String.self, forKey: .name), value: try c.decode(Double.self, forKey: .value))
        case "replay": self = .replay(try c.decode(TouchTrace.self, forKey: .trace))
        case "debug": self = .debug(try c.decode(Bool.self, forKey: .on))
        case "slow": self = .slow(try c.decode(Bool.self, forKey: .on))
        case "focus": self = .focus(try c.decode(Bool.self, forKey: .on))
        case "key":
            let code = try c.decode(String.self, forKey: .code)
            guard let key = KeyboardHIDUsage(code: code) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .code, in: c, debugDescription: "unknown key \(ClientText.quoted(code))")
            }
            self = .key(key)
        case "replay-control":
            switch try c.decode(String.self, forKey: .action) {
            case "pause": self = .replayControl(.pause)
            case "play": self = .replayControl(.play)
            case "step": self = .replayControl(.step)
            case "seek":
                let time = try c.decode(Double.self, forKey: .time)
                guard time.isFinite else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .time, in: c, debugDescription: "seek time must be finite")
                }
                self = .replayControl(.seek(time))
            case let other:
                throw DecodingError.dataCorruptedError(
                    forKey: .action, in: c, debugDescription: "unknown replay action \(ClientText.quoted(other))")
            }
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: c, debugDescription: "unknown message type \(ClientText.quoted(other))")
        }
    }
}
