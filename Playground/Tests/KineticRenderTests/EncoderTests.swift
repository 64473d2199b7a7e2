import ExternalTools
import Foundation
import KineticDynamics
import Testing

@testable import KineticRender

extension Canvas {
    /// RGB bytes row by row, as Pillow reports them.
    var bytes: [UInt8] { pixels.flatMap { [$0.r, $0.g, $0.b] } }
}

@Suite("PNG and GIF encoders, read back by Pillow")
struct EncoderTests {
    /// A canvas with a few turned, overlapping rectangles: anti-aliased edges, tens of colours.
    func sample(width: Int = 120, height: Int = 90, shift: Double = 0) -> Canvas {
        var c = Canvas(width: width, height: height)
        c.fillRect(x: 40 + shift, y: 40, width: 50, height: 30, angle: 0.4, color: RGB(hex: 0x4a7bd0))
        c.fillRect(x: 70, y: 50 + shift, width: 40, height: 40, angle: -0.2, color: RGB(hex: 0xe0302a))
        c.drawText("42", x: 70, y: 50, size: 14, color: RGB(255, 255, 255))
        return c
    }

    @Test(.needs(.pillow)) func aPNGDecodesToTheSamePixels() async throws {
        let canvas = sample()
        let png = try PNGEncoder.encode(canvas)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let image = try await Pillow.decode(png)
        #expect(image.width == 120 && image.height == 90 && image.frames.count == 1)
        #expect(image.frames.first == canvas.bytes)
    }

    /// Frames that move decode frame by frame to the same pixels (the later ones stored as
    /// changed rectangles over the earlier); an unchanged frame lengthens the one before; the
    /// GIF loops forever and each frame lasts its delay.
    @Test(.needs(.pillow)) func anAnimatedGIFDecodesFrameByFrame() async throws {
        let frames = [sample(shift: 0), sample(shift: 3), sample(shift: 3), sample(shift: 7)]
        let gif = try GIFEncoder.encode(frames, delay: 4)
        let image = try await Pillow.decode(gif)
        #expect(image.frames.count == 3)
        #expect(image.frames == [frames[0].bytes, frames[1].bytes, frames[3].bytes])
        #expect(image.durations == [40, 80, 40])
        #expect(image.loop == 0)
    }

    /// Noise with 200 colours forces the LZW table to fill and clear many times (a 256 × 256
    /// frame of random indices needs far more than 4096 codes); it still decodes exactly.
    @Test(.needs(.pillow)) func lzwTableResetsDecodeExactly() async throws {
        var random = SeededRandom(seed: 3)
        let colors = (0..<200).map { _ in RGB(hex: UInt32(truncatingIfNeeded: random.next()) & 0xffffff) }
        var canvas = Canvas(width: 256, height: 256)
        for y in 0..<256 {
            for x in 0..<256 {
                canvas.fillRect(
                    x: Double(x) + 0.5, y: Double(y) + 0.5, width: 1, height: 1, color: colors[Int(random.next() % 200)]
                )
            }
        }
        let image = try await Pillow.decode(try GIFEncoder.encode([canvas], delay: 10))
        #expect(image.frames == [canvas.bytes])
    }

    /// A frame of 4096 colours (a 16 × 16 × 16 grid, 17 levels a step) is quantised to 255 (the
    /// 256th index is the encoder's "unchanged"): it decodes, the palette is full, and every pixel
    /// is close to its original. Median cut halves the grid seven times and all but one box an
    /// eighth (each box's widest channel), leaving boxes of 2 × 2 × 4 colours and one of
    /// 2 × 4 × 4: a colour is at most 1.5 steps (25.5 levels) from its box's mean on any channel,
    /// and the nearest entry is no farther.
    @Test(.needs(.pillow)) func moreThan256ColoursAreQuantised() async throws {
        var canvas = Canvas(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 {
                let i = y * 64 + x
                canvas.fillRect(
                    x: Double(x) + 0.5, y: Double(y) + 0.5, width: 1, height: 1,
                    color: RGB(UInt8(i & 15) * 17, UInt8(i >> 4 & 15) * 17, UInt8(i >> 8 & 15) * 17))
            }
        }
        let image = try await Pillow.decode(try GIFEncoder.encode([canvas], delay: 10))
        let decoded = try #require(image.frames.first)
        let worst = zip(decoded, canvas.bytes).map { abs(Int($0) - Int($1)) }.max() ?? .max
        #expect(worst <= 26, "worst channel error \(worst)")
        let distinct: Set<[UInt8]> = Set(
            stride(from: 0, to: decoded.count, by: 3).map { (i: Int) -> [UInt8] in Array(decoded[i..<i + 3]) })
        #expect(distinct.count == 255)
    }

    @Test func aGIFNeedsFramesOfOneSize() {
        #expect(throws: GIFEncoder.Failure.noFrames) { try GIFEncoder.encode([], delay: 4) }
        #expect(throws: GIFEncoder.Failure.sizeMismatch) {
            try GIFEncoder.encode([Canvas(width: 2, height: 2), Canvas(width: 3, height: 2)], delay: 4)
        }
    }
}
