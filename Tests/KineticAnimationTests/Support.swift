import Foundation
import Logging

/// A cubic timing curve's progress at elapsed fraction `x`, from the Bernstein form by
/// bisection on the parameter: an independent evaluation of the definition.
func bezierProgress(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
    func b(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var low = 0.0, high = 1.0
    for _ in 0..<200 {
        let mid = (low + high) / 2
        if b(mid, x1, x2) < x { low = mid } else { high = mid }
    }
    return b((low + high) / 2, y1, y2)
}

/// The damped oscillator y″ = −ω²y − 2ζωy′ from displacement y0 and velocity v0, in the forms a
/// physics text gives (amplitude and phase; critical; hyperbolic), written independently of
/// `Spring`: displacement and velocity (the latter by a central difference of the same formula).
func oscillator(y0: Double, v0: Double, omega w: Double, zeta: Double, t: Double) -> Double {
    if zeta < 1 {
        let wd = w * (1 - zeta * zeta).squareRoot()
        let q = (v0 + zeta * w * y0) / wd
        return (y0 * y0 + q * q).squareRoot() * exp(-zeta * w * t) * cos(wd * t - atan2(q, y0))
    } else if zeta == 1 {
        return (y0 + (v0 + w * y0) * t) * exp(-w * t)
    } else {
        let wh = w * (zeta * zeta - 1).squareRoot()
        return exp(-zeta * w * t) * (y0 * cosh(wh * t) + (v0 + zeta * w * y0) / wh * sinh(wh * t))
    }
}

/// ω₀ of the spring with damping ratio ζ < 1 whose envelope from rest, e^{−ζω₀T}/√(1 − ζ²), is
/// 0.001 at T: UIKit's duration-based spring as Kinetic defines it, solved by hand.
func durationSpringOmega(zeta: Double, duration: Double) -> Double {
    (-log(0.001) - 0.5 * log(1 - zeta * zeta)) / (zeta * duration)
}
