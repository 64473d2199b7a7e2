// The WebAssembly module's interface (KineticWeb, the C functions a page calls) under random
// calls: bytes read as a sequence of calls with arguments taken from them, including names that
// are not UTF-8, NaN, infinities and out-of-range integers, each answer checked against the
// interface's documented contract (what makes each call answer 0, 1, 2 or 3). One file, used
// by the fuzz target (Fuzz/Sources/FuzzModule, through a symlink) and by KineticWebTests, which
// replays the seeds and the kept corpus.
//
// Each input costs little: a simulation runs at most 4 frames, and a replay is run only when
// the driver's own count of its frames (duration × frame rate + the tail) is at most 2 000. A
// longer replay is bounded by the trace's own limits (an hour at up to 1000 Hz), which the
// module's callers (the page) must mind: it is not run here.
//
// The page's session (kinetic_session_…) is driven the same way: opened in a named scene (or
// one that does not exist), then messages with their arguments (names, NaN and huge places,
// unknown phases, keys and actions), ticks, replays of the trace handed over; after each call
// what it answered is taken and checked: a JSON array of the server's message types, every
// number in it finite, nothing at all while no session is open.
import Foundation
import KineticGestures
import KineticScenes
import KineticWeb

/// Reads the fuzzer's bytes front to back; past the end, zeros.
struct ByteReader {
    var bytes: UnsafeRawBufferPointer
    var offset = 0

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func uint32() -> UInt32 { (0..<4).reduce(0) { value, _ in value << 8 | UInt32(byte()) } }
    mutating func int32() -> Int32 { Int32(bitPattern: uint32()) }
    mutating func double() -> Double {
        Double(bitPattern: (0..<8).reduce(UInt64(0)) { value, _ in value << 8 | UInt64(byte()) })
    }

    /// A double that is often ordinary: a small integer, a fraction, or any bit pattern.
    mutating func number() -> Double {
        switch byte() % 4 {
        case 0: Double(Int8(bitPattern: byte()))
        case 1: Double(byte()) / 16
        case 2: [Double.nan, .infinity, -.infinity, 0, -0.0, .greatestFiniteMagnitude, 1e-300][Int(byte() % 7)]
        default: double()
        }
    }
}

/// Why a call's answer broke the contract, or nil.
func check(_ condition: Bool, _ message: @autoclosure () -> String, into violations: inout [String]) {
    if !condition { violations.append(message()) }
}

/// The promises `bytes`, read as calls, broke (none: empty).
func moduleContractViolations(_ bytes: UnsafeRawBufferPointer) -> [String] {
    var reader = ByteReader(bytes: bytes)
    var violations: [String] = []
    // The module keeps a trace begun by an earlier input (a page's calls follow each other);
    // each input starts from none, as the model below assumes. (Found by the fuzzer: an input
    // that ran without beginning got the digest of the trace a previous input had left.)
    kineticReplayCancel()
    // What the driver knows of the trace being handed over: begun, its frame rate, the last
    // accepted time stamp.
    var begun: (frameRate: Double, last: Double)?
    var session = SessionDriver()
    kineticSessionClose()
    defer { kineticSessionClose() }
    var calls = 0
    while !reader.isAtEnd, calls < 64 {
        calls += 1
        switch reader.byte() % 8 {
        case 0:
            let scene = Int32(Int8(bitPattern: reader.byte())), frames = Int32(reader.byte() % 5) - 1
            let dt = reader.number()
            let digest = kineticSimulateDigest(scene, frames, dt)
            let valid = scene >= 0 && Int(scene) < SceneName.allCases.count && frames >= 0 && dt.isFinite && dt > 0
            check(
                (digest != 0) == valid, "simulate(\(scene), \(frames), \(dt)) gave \(digest)",
                into: &violations)
        case 1:
            let length = Int(reader.byte() % 12)
            var name = (0..<length).map { _ in reader.byte() }
            let pick = reader.byte()
            if pick % 2 == 0 {
                let names = InteractiveSceneName.allCases
                name = Array(names[Int(pick / 2) % names.count].rawValue.utf8)
            }
            let high = reader.uint32(), low = reader.uint32(), frameRate = reader.number()
            let answer = name.withUnsafeBytes {
                kineticReplayBegin($0.baseAddress, Int32($0.count), high, low, frameRate)
            }
            let known = InteractiveSceneName(rawValue: String(decoding: name, as: UTF8.self)) != nil
            let rateValid = frameRate.isFinite && frameRate > 0 && frameRate <= TouchTrace.maximumFrameRate
            let expected: Int32 = !known ? 1 : !rateValid ? 2 : 0
            check(answer == expected, "begin(\(name), \(frameRate)) gave \(answer), not \(expected)", into: &violations)
            begun = answer == 0 ? (frameRate, -.infinity) : nil
        case 2:
            let id = reader.int32(), phase = Int32(Int8(bitPattern: reader.byte()) % 7)
            let x = reader.number(), y = reader.number(), time = reader.number()
            let answer = kineticReplayTouch(id, phase, x, y, time)
            let expected: Int32
            if let trace = begun {
                if phase < 0 || phase > 4 {
                    expected = 2
                } else if !x.isFinite || !y.isFinite || !time.isFinite || time < trace.last
                    || time > TouchTrace.maximumDuration
                {
                    expected = 3
                } else {
                    expected = 0
                }
            } else {
                expected = 1
            }
            check(
                answer == expected, "touch(\(phase), \(x), \(y), \(time)) gave \(answer), not \(expected)",
                into: &violations)
            if answer == 0, begun != nil { begun!.last = time }
        case 4, 5, 6:
            session.step(&reader, begun: &begun, violations: &violations)
        default:
            let tail = Double(reader.byte() % 4) / 4
            guard let trace = begun else {
                check(kineticReplayRun(tail) == 0, "run without a trace gave a digest", into: &violations)
                continue
            }
            let duration = max(trace.last, 0)
            guard (duration + tail) * trace.frameRate <= 2000 else { continue }
            let digest = kineticReplayRun(tail)
            check(digest != 0, "run of a begun trace gave 0", into: &violations)
            check(
                kineticReplayRun(tail) == 0, "a second run gave a digest: the trace was not consumed", into: &violations
            )
            begun = nil
        }
    }
    return violations
}

/// Drives the page's session (`kinetic_session_…`) from the fuzzer's bytes and checks each answer.
struct SessionDriver {
    var isOpen = false
    /// The wall time passed last: mostly a few frames on, now and then any number at all.
    var time = 0.0

    mutating func nextTime(_ reader: inout ByteReader) -> Double {
        let step = reader.byte()
        if step == 255 { return reader.number() }
        time += Double(step) / 256
        return time
    }

    mutating func step(
        _ reader: inout ByteReader, begun: inout (frameRate: Double, last: Double)?, violations: inout [String]
    ) {
        func name() -> [UInt8] {
            let length = Int(reader.byte() % 12)
            let bytes = (0..<length).map { _ in reader.byte() }
            let pick = reader.byte()
            guard pick % 2 == 0 else { return bytes }
            let names = InteractiveSceneName.allCases.map(\.rawValue) + ["gravity", "paging", "Space", "ArrowUp"]
            return Array(names[Int(pick / 2) % names.count].utf8)
        }
        let operation = reader.byte() % 16
        let what: String
        switch operation {
        case 0:
            let scene = name()
            let answer = scene.withUnsafeBytes {
                kineticSessionOpen($0.baseAddress, Int32($0.count), reader.uint32(), 1)
            }
            let known = InteractiveSceneName(rawValue: String(decoding: scene, as: UTF8.self)) != nil
            check(answer == (known ? 0 : 1), "open(\(scene)) gave \(answer)", into: &violations)
            isOpen = answer == 0
            time = 0
            what = "open"
        case 1:
            kineticSessionClose()
            isOpen = false
            what = "close"
        case 2:
            let scene = name(), at = nextTime(&reader)
            scene.withUnsafeBytes { kineticSessionScene($0.baseAddress, Int32($0.count), at) }
            what = "scene"
        case 3:
            let parameter = name(), value = reader.number(), at = nextTime(&reader)
            parameter.withUnsafeBytes { kineticSessionParameter($0.baseAddress, Int32($0.count), value, at) }
            what = "parameter"
        case 4, 5, 6:
            let id = Int32(reader.byte() % 4), phase = Int32(Int8(bitPattern: reader.byte()) % 7)
            let x = reader.number(), y = reader.number(), client = reader.number(), at = nextTime(&reader)
            kineticSessionTouch(id, phase, x, y, client, at)
            what = "touch(\(phase), \(x), \(y))"
        case 7:
            kineticSessionWheel(reader.number(), reader.number(), nextTime(&reader))
            what = "wheel"
        case 8:
            let on = Int32(reader.byte() % 2), kind = reader.byte() % 4, at = nextTime(&reader)
            switch kind {
            case 0: kineticSessionRecord(on, at)
            case 1: kineticSessionDebug(on, at)
            case 2: kineticSessionSlow(on, at)
            default: kineticSessionFocus(on, at)
            }
            what = "switch \(kind)"
        case 9:
            let key = name(), at = nextTime(&reader)
            key.withUnsafeBytes { kineticSessionKey($0.baseAddress, Int32($0.count), at) }
            what = "key"
        case 10:
            // A replay only of a trace the driver knows to be short (the session steps it at 120 Hz
            // and a seek goes through it from the start); a long one is dropped.
            if let trace = begun, max(trace.last, 0) > 16 {
                kineticReplayCancel()
                begun = nil
            }
            let answer = kineticSessionReplay(nextTime(&reader))
            let expected: Int32 = isOpen && begun != nil ? 0 : 1
            check(answer == expected, "session replay gave \(answer), not \(expected)", into: &violations)
            if isOpen { begun = nil }
            what = "replay"
        case 11:
            let action = Int32(Int8(bitPattern: reader.byte()) % 6), seek = reader.number()
            kineticSessionReplayControl(action, seek, nextTime(&reader))
            what = "replay-control(\(action), \(seek))"
        default:
            _ = kineticSessionTick(nextTime(&reader))
            let wake = kineticSessionNextWake()
            check(!wake.isNaN && wake >= 0, "next wake \(wake)", into: &violations)
            what = "tick"
        }
        checkTaken(after: what, violations: &violations)
    }

    /// What the session answered: a JSON array of the server's message types, every number finite
    /// (`JSONText` writes a number that is not finite as null); nothing while no session is open.
    func checkTaken(after what: String, violations: inout [String]) {
        let count = kineticSessionTake()
        guard let bytes = kineticSessionTaken() else {
            check(count == 0, "a take of \(count) bytes with no bytes", into: &violations)
            return
        }
        let data = Data(bytes: bytes, count: Int(count))
        guard let messages = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            violations.append(
                "after \(what): not a JSON array of objects: \(String(decoding: data, as: UTF8.self).prefix(200))")
            return
        }
        if !isOpen { check(messages.isEmpty, "after \(what): answers with no session open", into: &violations) }
        let types: Set<String> = ["hello", "frame", "trace", "notice", "announcement", "feedback"]
        for message in messages {
            let type = message["type"] as? String ?? ""
            check(types.contains(type), "after \(what): a message of type \(type)", into: &violations)
            check(
                Self.allFinite(message), "after \(what): a \(type) with a number that is not finite", into: &violations)
        }
    }

    /// Whether every number in `value`, however deep, is finite (and none is null).
    static func allFinite(_ value: Any) -> Bool {
        switch value {
        case is NSNull: false
        case let number as NSNumber: number.doubleValue.isFinite
        case let array as [Any]: array.allSatisfy(allFinite)
        case let object as [String: Any]: object.values.allSatisfy(allFinite)
        default: true
        }
    }
}
