import CompressNIO
import Foundation
import NIOCore

/// Writes a canvas as a PNG: 8-bit RGB, no interlace, each row unfiltered, the image data
/// deflated by zlib (through compress-nio).
public enum PNGEncoder {
    public static func encode(_ canvas: Canvas) throws -> Data {
        // Each row: its filter (none), then RGB bytes; built through buffer pointers, which debug
        // builds keep fast.
        let row = 1 + 3 * canvas.width
        let bytes = canvas.pixels.withUnsafeBufferPointer { pixels in
            [UInt8](unsafeUninitializedCapacity: canvas.height * row) { buffer, count in
                for y in 0..<canvas.height {
                    buffer[y * row] = 0
                    for x in 0..<canvas.width {
                        let p = pixels[y * canvas.width + x], i = y * row + 1 + 3 * x
                        (buffer[i], buffer[i + 1], buffer[i + 2]) = (p.r, p.g, p.b)
                    }
                }
                count = canvas.height * row
            }
        }
        var raw = ByteBufferAllocator().buffer(capacity: bytes.count)
        raw.writeBytes(bytes)
        let compressed = try raw.compress(with: .zlib(configuration: .init(compressionLevel: .bestCompression)))

        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.append(bigEndian: UInt32(canvas.width))
        header.append(bigEndian: UInt32(canvas.height))
        header.append(contentsOf: [8, 2, 0, 0, 0])  // depth 8, RGB, deflate, filter 0, no interlace
        chunk("IHDR", header, into: &png)
        chunk("IDAT", Data(compressed.readableBytesView), into: &png)
        chunk("IEND", Data(), into: &png)
        return png
    }

    /// Length, type, data, and the CRC of type and data.
    private static func chunk(_ type: String, _ data: Data, into png: inout Data) {
        png.append(bigEndian: UInt32(data.count))
        let typed = Data(type.utf8) + data
        png.append(typed)
        png.append(bigEndian: CRC32.checksum(typed))
    }
}

extension Data {
    mutating func append(bigEndian value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff),
        ])
    }
}
