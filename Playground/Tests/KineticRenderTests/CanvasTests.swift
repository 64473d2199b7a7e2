import Foundation
import KineticScenes
import Testing

@testable import KineticRender

@Suite("Canvas")
struct CanvasTests {
    let red = RGB(255, 0, 0)

    /// Covered fraction of each pixel, from how far it moved from white towards red.
    func coverage(_ c: Canvas) -> [Double] { c.pixels.map { 1 - Double($0.g) / 255 } }

    /// A rectangle on whole pixels fills exactly those pixels, fully, and nothing else.
    @Test func aRectangleOnWholePixelsIsExact() {
        var c = Canvas(width: 20, height: 10)
        c.fillRect(x: 7, y: 5, width: 6, height: 4, color: red)
        for y in 0..<10 {
            for x in 0..<20 {
                #expect(
                    c[x, y] == ((4..<10).contains(x) && (3..<7).contains(y) ? red : RGB(255, 255, 255)),
                    "pixel \(x), \(y)")
            }
        }
    }

    /// How far a shape's total coverage may be from its area. Along an edge, the one-pixel
    /// ramp of coverage by distance differs from the exact area a straight line cuts from a
    /// pixel by under 1/8 (0 for edges on the pixel grid, at most 0.043 at 45°), and only the
    /// pixels whose centres lie within √2/2 of the edge differ at all: fewer than 2 per pixel of
    /// edge, plus a few at each end. Each of those pixels is also rounded to 8 bits (1/510 at most).
    func tolerance(perimeter: Double) -> Double { (1.0 / 8 + 1.0 / 510) * (2 * perimeter + 16) }

    /// A turned rectangle's coverage adds up to its area, at any angle.
    @Test(arguments: [0.0, 0.3, 0.785, 1.2, 2.9])
    func coverageAddsUpToTheArea(angle: Double) {
        var c = Canvas(width: 200, height: 200, scale: 2)
        c.fillRect(x: 50, y: 50, width: 60, height: 24, angle: angle, color: red)
        let area = 60.0 * 24 * 4, perimeter = 2 * (60.0 + 24) * 2
        let covered = coverage(c).reduce(0, +)
        #expect(abs(covered - area) <= tolerance(perimeter: perimeter), "covered \(covered) of \(area) px² at \(angle)")
    }

    /// A rounded rectangle covers its area, w h − (4 − π) r², at any angle; a disc π r², a ring
    /// 2π r w, and a stroked segment with round caps its length × width plus one cap's disc.
    @Test(arguments: [0.0, 0.5, 0.785, 2.2])
    func roundedShapesCoverTheirArea(angle: Double) {
        let s = 2.0
        var rounded = Canvas(width: 240, height: 240, scale: s)
        rounded.fillRoundedRect(x: 60, y: 60, width: 70, height: 40, radius: 12, angle: angle, color: red)
        let roundedArea = (70 * 40 - (4 - Double.pi) * 144) * s * s
        let roundedPerimeter = (2 * (70 + 40) - (8 - 2 * Double.pi) * 12) * s
        var covered = coverage(rounded).reduce(0, +)
        #expect(abs(covered - roundedArea) <= tolerance(perimeter: roundedPerimeter), "\(covered) of \(roundedArea)")

        var disc = Canvas(width: 100, height: 100, scale: s)
        disc.fillCircle(x: 25.3 + angle, y: 24.8, radius: 17, color: red)
        covered = coverage(disc).reduce(0, +)
        #expect(abs(covered - .pi * 34 * 34) <= tolerance(perimeter: 2 * .pi * 34))

        var ring = Canvas(width: 100, height: 100, scale: s)
        ring.strokeCircle(x: 25.3, y: 24.8 + angle, radius: 15, lineWidth: 3, color: red)
        covered = coverage(ring).reduce(0, +)
        #expect(abs(covered - 2 * .pi * 30 * 6) <= tolerance(perimeter: 4 * .pi * 30))

        var line = Canvas(width: 100, height: 100, scale: s)
        let (dx, dy) = (20 * cos(angle), 20 * sin(angle))
        line.strokePolyline([(25 - dx, 25 - dy), (25 + dx, 25 + dy)], lineWidth: 4, color: red)
        covered = coverage(line).reduce(0, +)
        #expect(abs(covered - (80 * 8 + .pi * 16)) <= tolerance(perimeter: 2 * 80 + 2 * .pi * 4))
    }

    /// A drawable with a higher z is drawn above one with a lower z, whatever their order in
    /// the list (cells at z 0 and below are not lifted: no scale, no shadow).
    @Test func higherZIsDrawnOnTop() {
        let low = Drawable(id: 2, kind: .cell, x: 100, y: 100, width: 80, height: 80, z: -1)
        let high = Drawable(id: 4, kind: .cell, x: 110, y: 110, width: 80, height: 80, z: 0)
        func byte(_ c: Expected.Color) -> RGB { RGB(UInt8(c.r), UInt8(c.g), UInt8(c.b)) }
        for order in [[low, high], [high, low]] {
            let c = SceneRenderer.draw(order, scale: 1)
            #expect(c[120, 120] == byte(Expected.cell(2)), "the higher cell, item 2 (id 4 >> 1)")
            #expect(c[65, 100] == byte(Expected.cell(1)), "the lower cell, item 1")
        }
    }

    /// Bad numbers draw nothing rather than trap.
    @Test func nonFiniteOrEmptyShapesDrawNothing() {
        var c = Canvas(width: 10, height: 10)
        let blank = c
        c.fillRect(x: .nan, y: 5, width: 4, height: 4, color: red)
        c.fillRect(x: 5, y: 5, width: 0, height: 4, color: red)
        c.fillRect(x: 5, y: 5, width: 4, height: .infinity, color: red)
        c.fillRect(x: 5, y: 5, width: 4, height: 4, angle: .nan, color: red)
        c.fillRoundedRect(x: 5, y: 5, width: 4, height: 4, radius: .nan, color: red)
        c.fillRoundedRect(x: .infinity, y: 5, width: 4, height: 4, radius: 1, gradient: red, red)
        c.fillCircle(x: 5, y: .nan, radius: 3, color: red)
        c.fillCircle(x: 5, y: 5, radius: -1, color: red)
        c.strokeCircle(x: 5, y: 5, radius: .infinity, lineWidth: 1, color: red)
        c.strokePolyline([(1, 1), (.nan, 4)], lineWidth: 1, color: red)
        c.strokePolyline([(1, 1)], lineWidth: 1, color: red)
        c.dropShadow(x: 5, y: 5, width: 4, height: 4, radius: 1, blur: .nan, offsetY: 0, opacity: 1)
        c.dropShadow(x: 5, y: .infinity, width: 4, height: 4, radius: 1, blur: 4, offsetY: 0, opacity: 1)
        c.drawText("12", x: .nan, y: 5, size: 8, color: red)
        c.drawText("12", x: 5, y: 5, size: .infinity, color: red)
        c.drawText("ab", x: 5, y: 5, size: 8, color: red)
        #expect(c == blank)
    }
}
