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
    var calls = 0
    while !reader.isAtEnd, calls < 64 {
        calls += 1
        switch reader.byte() % 4 {
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
