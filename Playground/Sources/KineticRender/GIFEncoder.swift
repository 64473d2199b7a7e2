import Foundation

/// Writes frames as an animated GIF89a that loops forever: one global palette for all frames
/// (`Palette`), and each frame after the first stored as only the rectangle that changed since
/// the previous one, drawn over it, its unchanged pixels transparent (long runs of one index,
/// which LZW packs tightly). A frame identical to the previous one lengthens its delay.
public enum GIFEncoder {
    /// Errors: frames of different sizes, or none.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case noFrames
        case sizeMismatch

        public var description: String {
            switch self {
            case .noFrames: "a GIF needs at least one frame"
            case .sizeMismatch: "every frame of a GIF must have the same size"
            }
        }
    }

    /// `frames`, each shown for `delay` hundredths of a second.
    public static func encode(_ frames: [Canvas], delay: Int) throws -> Data {
        guard let first = frames.first else { throw Failure.noFrames }
        guard frames.allSatisfy({ $0.width == first.width && $0.height == first.height }) else {
            throw Failure.sizeMismatch
        }
        let width = first.width, height = first.height

        // Colours counted a run of equal pixels at a time (flat fills make long runs); the loops
        // over pixels read through buffer pointers, which debug builds keep fast.
        var counts: [UInt32: Int] = [:]
        for frame in frames {
            frame.pixels.withUnsafeBufferPointer { pixels in
                var run = (color: pixels[0].packed, length: 0)
                for i in 0..<pixels.count {
                    let packed = pixels[i].packed
                    if packed == run.color {
                        run.length += 1
                    } else {
                        counts[run.color, default: 0] += run.length
                        run = (packed, 1)
                    }
                }
                counts[run.color, default: 0] += run.length
            }
        }
        let palette = Palette(counts: counts)
        // The index after the colours stands for "unchanged": transparent over the last frame.
        let unchanged = UInt8(palette.colors.count)
        var bits = 1
        while 1 << bits < palette.colors.count + 1 { bits += 1 }

        var gif = Data("GIF89a".utf8)
        gif.append(littleEndian: UInt16(width))
        gif.append(littleEndian: UInt16(height))
        gif.append(contentsOf: [0x80 | UInt8(bits - 1) << 4 | UInt8(bits - 1), 0, 0])  // global table of 2^bits
        for i in 0..<(1 << bits) {
            let c = i < palette.colors.count ? palette.colors[i] : RGB(0, 0, 0)
            gif.append(contentsOf: [c.r, c.g, c.b])
        }
        // NETSCAPE2.0: loop forever.
        gif.append(contentsOf: [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0])

        // Each frame as palette indices, then as the changed rectangle with its delay.
        var previous: [UInt8]?
        var pending: (x: Int, y: Int, w: Int, h: Int, indices: [UInt8], delay: Int)?
        func flush() {
            guard let f = pending else { return }
            // Graphic control: no disposal (the next frame draws over this one), the delay, and
            // the transparent index.
            gif.append(contentsOf: [0x21, 0xF9, 4, 0x05])
            gif.append(littleEndian: UInt16(min(f.delay, 0xFFFF)))
            gif.append(contentsOf: [unchanged, 0])
            gif.append(0x2C)
            for v in [f.x, f.y, f.w, f.h] { gif.append(littleEndian: UInt16(v)) }
            gif.append(0)
            let minimumCodeSize = max(2, bits)
            gif.append(UInt8(minimumCodeSize))
            let data = LZW.encode(f.indices, minimumCodeSize: minimumCodeSize)
            var start = 0
            while start < data.count {
                let n = min(255, data.count - start)
                gif.append(UInt8(n))
                gif.append(contentsOf: data[start..<start + n])
                start += n
            }
            gif.append(0)
        }
        for frame in frames {
            // Palette indices, looked up once per run of equal pixels.
            let indices = frame.pixels.withUnsafeBufferPointer { pixels in
                [UInt8](unsafeUninitializedCapacity: pixels.count) { buffer, count in
                    var last = (color: pixels[0].packed, index: palette[pixels[0]])
                    for i in 0..<pixels.count {
                        let packed = pixels[i].packed
                        if packed != last.color { last = (packed, palette[pixels[i]]) }
                        buffer[i] = last.index
                    }
                    count = pixels.count
                }
            }
            var (x0, y0, x1, y1) = (0, 0, width - 1, height - 1)
            if let previous {
                (x0, y0, x1, y1) = (width, height, -1, -1)
                indices.withUnsafeBufferPointer { now in
                    previous.withUnsafeBufferPointer { before in
                        for y in 0..<height {
                            for x in 0..<width where now[y * width + x] != before[y * width + x] {
                                (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))
                            }
                        }
                    }
                }
                if x1 < 0 {
                    pending?.delay += delay
                    continue
                }
            }
            flush()
            let (w, h) = (x1 - x0 + 1, y1 - y0 + 1)
            let before = previous ?? []
            let rect = indices.withUnsafeBufferPointer { now in
                before.withUnsafeBufferPointer { before in
                    [UInt8](unsafeUninitializedCapacity: w * h) { buffer, count in
                        for y in 0..<h {
                            for x in 0..<w {
                                let i = (y0 + y) * width + x0 + x
                                buffer[y * w + x] = !before.isEmpty && before[i] == now[i] ? unchanged : now[i]
                            }
                        }
                        count = w * h
                    }
                }
            }
            pending = (x0, y0, w, h, rect, delay)
            previous = indices
        }
        flush()
        gif.append(0x3B)
        return gif
    }
}

extension Data {
    mutating func append(littleEndian value: UInt16) {
        append(contentsOf: [UInt8(value & 0xff), UInt8(value >> 8)])
    }
}
