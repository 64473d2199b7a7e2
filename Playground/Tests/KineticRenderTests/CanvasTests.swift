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

    /// A turned rectangle's coverage adds up to its area: with 4 × 4 samples each pixel the
    /// edge crosses is off by at most a quarter of a pixel's column or row of samples, so the
    /// total is within a quarter pixel per pixel of perimeter (here 0.25 × 2 × (60 + 24) × 2).
    /// Rounding each pixel's blend to 8 bits adds at most 1/510 per pixel.
    @Test(arguments: [0.0, 0.3, 0.785, 1.2, 2.9])
    func coverageAddsUpToTheArea(angle: Double) {
        var c = Canvas(width: 200, height: 200, scale: 2)
        c.fillRect(x: 50, y: 50, width: 60, height: 24, angle: angle, color: red)
        let area = 60.0 * 24 * 4, perimeter = 2 * (60.0 + 24) * 2
        let covered = coverage(c).reduce(0, +)
        #expect(
            abs(covered - area) <= 0.25 * perimeter + Double(c.pixels.count) / 510,
            "covered \(covered) of \(area) px² at \(angle) rad")
    }

    /// Later rectangles cover earlier ones; the renderer draws in z order, so the higher z wins
    /// where drawables overlap, whatever their order in the list.
    @Test func higherZIsDrawnOnTop() {
        let low = Drawable(id: 1, kind: .cell, x: 100, y: 100, width: 80, height: 80, z: 0)
        let high = Drawable(id: 2, kind: .selectedCell, x: 110, y: 110, width: 80, height: 80, z: 1)
        for order in [[low, high], [high, low]] {
            let c = SceneRenderer.draw(order, scale: 1)
            #expect(c[120, 120] == SceneRenderer.color(of: .selectedCell))
            #expect(c[65, 65] == SceneRenderer.color(of: .cell))
        }
    }

    /// Bad numbers draw nothing rather than trap.
    @Test func nonFiniteOrEmptyRectanglesDrawNothing() {
        var c = Canvas(width: 10, height: 10)
        let blank = c
        c.fillRect(x: .nan, y: 5, width: 4, height: 4, color: red)
        c.fillRect(x: 5, y: 5, width: 0, height: 4, color: red)
        c.fillRect(x: 5, y: 5, width: 4, height: .infinity, color: red)
        c.fillRect(x: 5, y: 5, width: 4, height: 4, angle: .nan, color: red)
        #expect(c == blank)
    }
}
