import Foundation
import Testing

@testable import KineticGestures

/// The trace fuzzer's corpus (Fuzz/Corpus/trace: the inputs that reached new code, and every
/// input that once broke the reader), replayed here so every test run checks them without
/// libFuzzer.
@Suite("Touch-trace fuzz corpus")
struct TraceCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/trace")

    static var files: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        return names.sorted().map { corpus.appendingPathComponent($0) }
    }

    @Test func theCorpusIsThere() {
        #expect(Self.files.count >= 10, "Fuzz/Corpus/trace holds \(Self.files.count) files")
    }

    /// Every input: refused with an error, or read into a trace that holds what the type
    /// promises, survives JSON and agrees with Foundation's own JSON parser.
    @Test(arguments: files.map(\.lastPathComponent))
    func corpusInput(_ name: String) throws {
        let data = try Data(contentsOf: Self.corpus.appendingPathComponent(name))
        let (_, violations) = TraceReaderInvariants.check(data)
        #expect(violations.isEmpty, "\(name): \(violations)")
    }
}

/// What the fuzzer found in the trace reader, one test per finding.
@Suite("What the trace fuzzer found")
struct TraceFuzzFindingsTests {
    /// Foundation's decoder checks only the values it reads: a file whose unused keys held text
    /// that is not JSON (a number written `010`, RFC 8259 allows no leading zero) was read as a
    /// trace, though the page's JSON.parse refuses the same file. Found while fuzzing the
    /// playground's messages, which carry traces (Fuzz/Corpus/websocket/crash-e555…).
    @Test func aFileThatIsNotJSONIsRefusedWhereverItIsWrong() throws {
        let good = "{\"version\":1,\"scene\":\"drag\",\"seed\":0,\"frameRate\":120,\"events\":[],\"note\":10}"
        #expect(try TouchTrace.decode(from: Data(good.utf8)).scene == "drag")
        let bad = good.replacingOccurrences(of: "\"note\":10", with: "\"note\":010")
        #expect(throws: (any Error).self) { try TouchTrace.decode(from: Data(bad.utf8)) }
        let control = good.replacingOccurrences(of: "\"note\":10", with: "\"note\":\"a\u{1}b\"")
        #expect(throws: (any Error).self) { try TouchTrace.decode(from: Data(control.utf8)) }
    }

    /// `kinetic replay` and `kinetic render` step a trace's scene at its frame rate up to its
    /// last event (and the playground's seek does at 120 Hz): a file naming 10³⁰⁰ Hz, or an
    /// event at 10⁶ s, made them loop for 10³⁰⁰ frames or 10⁸ steps (found reviewing the loops
    /// behind the reader; the message fuzzer's harness times out on such a trace, and
    /// Fuzz/Corpus/trace keeps both as review-…). The reader refuses them, and recording leaves
    /// such an event out.
    @Test func aTraceBeyondAnHourOrAThousandHertzIsRefused() throws {
        let touch = Touch(id: 0, phase: .began, location: .zero, timestamp: 3600)
        var trace = TouchTrace(scene: "drag", frameRate: 1000, events: [touch])
        try trace.validate()
        trace.frameRate = 1000.5
        #expect(throws: TouchTrace.ReadError.invalidFrameRate(1000.5)) { try trace.validate() }
        trace.frameRate = 1e300
        #expect(throws: TouchTrace.ReadError.invalidFrameRate(1e300)) { try trace.validate() }
        trace.frameRate = 120
        trace.events.append(Touch(id: 0, phase: .ended, location: .zero, timestamp: 3600.001))
        #expect(throws: TouchTrace.ReadError.invalidEvent(index: 1)) { try trace.validate() }
        #expect(throws: TouchTrace.ReadError.invalidEvent(index: 1)) { try TouchTrace.decode(from: trace.encoded()) }
        var recording = TouchTrace(scene: "drag")
        let kept = [
            recording.record(touch), recording.record(Touch(id: 0, phase: .ended, location: .zero, timestamp: 1e6)),
        ]
        #expect(kept == [true, false])
        #expect(recording.events == [touch])
    }

    /// A touch's location is `[x, y]`, but Foundation's `CGPoint` reads the first two numbers of
    /// any longer array: `[187, 187, 368.8]` was read as (187, 187), the rest dropped without a
    /// word. Found by the trace fuzzer (Fuzz/Corpus/trace/crash-a708…), whose independent
    /// reading of the JSON saw three numbers.
    @Test func aLocationIsExactlyTwoNumbers() throws {
        func trace(_ location: String) -> Data {
            Data(
                ("{\"version\":1,\"scene\":\"drag\",\"seed\":0,\"frameRate\":120,\"events\":[{\"id\":0,"
                    + "\"phase\":\"began\",\"location\":\(location),\"timestamp\":0}]}").utf8)
        }
        #expect(try TouchTrace.decode(from: trace("[187, 150]")).events.first?.location == CGPoint(x: 187, y: 150))
        for wrong in ["[187, 187, 368.8]", "[187]", "[]", "{\"x\": 1, \"y\": 2}"] {
            #expect(throws: DecodingError.self, "\(wrong)") { try TouchTrace.decode(from: trace(wrong)) }
        }
    }
}
