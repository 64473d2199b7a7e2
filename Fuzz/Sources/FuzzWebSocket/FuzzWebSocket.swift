// The fuzz target for a client's raw WebSocket bytes: every input is a byte stream played
// through the server's frame pipeline into a session by WebSocketDriver (its first byte sets
// the socket reads' size; a ping lets time pass), which checks what the pipeline writes and
// every answer of the session. A broken invariant aborts with the list, which libFuzzer reports
// as a crash and keeps the input.
//
// Run with KINETIC_FUZZ_FRAME_SEEDS=FROM:TO, it instead writes each file of folder FROM (a
// FuzzMessages input: one text message a line, `+N` to wait N ms) into folder TO as the bytes
// a browser would send (masked frames, a ping for each wait, long messages in two fragments),
// the seeds of this target, and exits.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebSocket(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    let driver = WebSocketDriver.play(input)
    guard driver.allViolations.isEmpty else {
        FileHandle.standardError.write(
            Data(("broken invariants:\n" + driver.allViolations.joined(separator: "\n") + "\n").utf8))
        abort()
    }
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<CInt>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    guard let folders = ProcessInfo.processInfo.environment["KINETIC_FUZZ_FRAME_SEEDS"] else { return 0 }
    let parts = folders.split(separator: ":", maxSplits: 1).map(String.init)
    guard parts.count == 2 else {
        FileHandle.standardError.write(Data("KINETIC_FUZZ_FRAME_SEEDS wants FROM:TO\n".utf8))
        exit(2)
    }
    let manager = FileManager.default
    try? manager.createDirectory(atPath: parts[1], withIntermediateDirectories: true)
    for name in (try? manager.contentsOfDirectory(atPath: parts[0])) ?? [] {
        guard let lines = manager.contents(atPath: parts[0] + "/" + name) else { continue }
        _ = manager.createFile(atPath: parts[1] + "/" + name, contents: Data(browserBytes(lines)))
    }
    exit(0)
}

/// What a browser sends for a FuzzMessages input: one read, each message a masked text frame
/// (in two fragments past 200 bytes), each wait a ping whose first byte counts 8 ms units.
func browserBytes(_ input: Data) -> [UInt8] {
    var bytes: [UInt8] = [0]
    var mask: [UInt8] = [0, 0, 0, 0]
    func frame(fin: Bool, opcode: UInt8, _ payload: some Collection<UInt8>) {
        bytes.append((fin ? 0x80 : 0) | opcode)
        switch payload.count {
        case ..<126: bytes.append(0x80 | UInt8(payload.count))
        case ..<65536: bytes += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xff)]
        default: bytes += [0x80 | 127] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: payload.count >> ($0 * 8)) }
        }
        bytes += mask
        bytes += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        // Browsers draw a fresh mask per frame: every other frame here has one.
        mask = mask == [0, 0, 0, 0] ? [0x37, 0xfa, 0x21, 0x3d] : [0, 0, 0, 0]
    }
    for line in input.split(separator: UInt8(ascii: "\n")) {
        if line.first == UInt8(ascii: "+"), let ms = Int(String(decoding: line.dropFirst(), as: UTF8.self)) {
            frame(fin: true, opcode: 0x9, [UInt8(min(255, max(1, ms / 8)))])
        } else if line.count > 200 {
            let half = line.startIndex + line.count / 2
            frame(fin: false, opcode: 0x1, line[..<half])
            frame(fin: true, opcode: 0x0, line[half...])
        } else {
            frame(fin: true, opcode: 0x1, line)
        }
    }
    return bytes
}
