import KineticPlatform

/// The numbers of iOS's scrolling, from public measurements of `UIScrollView`, as formulas on
/// one axis. Positions in points, times in milliseconds where UIKit counts them so
/// (`decelerationRate` is a factor per millisecond), in seconds elsewhere.
///
/// Sources: the rubber band's formula and its 0.55 are Grant Paul's (@chpwn) measurement, written
/// up in "Analysis of Apple's rubber band scrolling" (squareb.wordpress.com, 2013); the
/// deceleration is a velocity multiplied by the rate every millisecond, whose projection WWDC 2018
/// session 803 ("Designing Fluid Interfaces") gives, and whose equation of motion Ilya Lobanov
/// derives in "Deceleration mechanics of UIScrollView" (2019), with a critically damped spring
/// for the bounce.
enum ScrollPhysics {
    /// The rubber band's constant c in (1 − 1/(x·c/D + 1))·D.
    static let rubberBandCoefficient = 0.55

    /// How far the content shows past an edge when the finger has pulled it `overshoot` points
    /// past, in a view `dimension` points long: (1 − 1/(x·c/D + 1))·D, which starts with slope
    /// c (a pull moves the content 0.55 as far) and never reaches D. Odd in `overshoot`; 0 for
    /// a non-positive or non-finite dimension.
    static func rubberBand(_ overshoot: Double, dimension: Double) -> Double {
        guard dimension.isFinite, dimension > 0, overshoot.isFinite else { return 0 }
        let x = abs(overshoot)
        let shown = (1 - 1 / (x * rubberBandCoefficient / dimension + 1)) * dimension
        return overshoot < 0 ? -shown : shown
    }

    /// The pull that shows `shown` points past an edge: the rubber band's inverse,
    /// x = b·D / (c·(D − b)), for |b| < D (a shown distance of D or more is out of reach and
    /// maps to the largest finite pull).
    static func inverseRubberBand(_ shown: Double, dimension: Double) -> Double {
        guard dimension.isFinite, dimension > 0, shown.isFinite else { return 0 }
        let b = min(abs(shown), dimension * (1 - 1e-12))
        let pull = b * dimension / (rubberBandCoefficient * (dimension - b))
        return shown < 0 ? -pull : pull
    }

    /// The deceleration rates the physics uses (any rate may be set; it is clamped here): a rate
    /// of 1 or more would never stop, and one above 0.9995 (a projection of 1999·v) takes
    /// minutes to come to rest; 0 or less stops at once.
    static let rateRange = 0.0...0.9995

    /// The travel of a release at `velocity` points per millisecond when each millisecond
    /// keeps `rate` of the last one's speed: the sum of v·dᵏ for k ≥ 1, v·d/(1 − d)
    /// (for 0.998, 499·v).
    static func projectedTravel(velocity: Double, rate: Double) -> Double {
        let d = min(max(rate, rateRange.lowerBound), rateRange.upperBound)
        return velocity * d / (1 - d)
    }

    /// How much of the way to its target a deceleration has gone `milliseconds` after it began:
    /// 1 − dᵗ. The motion x(t) = x₀ + (T − x₀)(1 − dᵗ) is, at whole milliseconds with T the
    /// projection, exactly the sum of the per-millisecond steps; between them it is the same
    /// exponential. A target the delegate moved is reached by the same curve scaled.
    static func decelerationProgress(milliseconds t: Double, rate: Double) -> Double {
        let d = min(max(rate, rateRange.lowerBound), rateRange.upperBound)
        guard d > 0, t > 0 else { return t > 0 ? 1 : 0 }
        return 1 - Elementary.pow(d, t)
    }

    /// A deceleration ends, on its target exactly, once less than this many points remain
    /// (a tenth of a point: below a pixel on a 3× screen).
    static let restDistance = 0.1

    /// The bounce back to an edge, and a page's settling, are a critically damped spring of this
    /// response (seconds per undamped period, ω₀ = 2π/response): it returns a 100 pt overshoot
    /// at rest to within half a point in about 0.55 s and never crosses the edge from rest.
    static let springResponse = 0.5

    /// The spring's natural angular frequency, ω₀ = 2π / response.
    static var springFrequency: Double { 2 * .pi / springResponse }

    /// A critically damped spring toward 0: x(t) = (x₀ + (v₀ + ω₀x₀)t)·e^(−ω₀t), and its velocity
    /// v(t) = (v₀ − ω₀(v₀ + ω₀x₀)t)·e^(−ω₀t), `t` in seconds, `velocity` in points per second.
    static func spring(offset x0: Double, velocity v0: Double, seconds t: Double) -> (offset: Double, velocity: Double)
    {
        let w = springFrequency
        let decay = Elementary.exp(-w * t)
        // Long after (an arena's clock may jump by any finite time) the spring is at rest: the
        // products below would be ∞·0.
        guard decay > 0 else { return (0, 0) }
        let b = v0 + w * x0
        return ((x0 + b * t) * decay, (v0 - w * b * t) * decay)
    }

    /// A spring ends on its rest point once within ``restDistance`` and slower than this
    /// (points per second).
    static let restSpeed = 1.0

    /// A paging release that would stay on its page turns it anyway when faster than this, in
    /// points per millisecond, in the direction of travel (a flick, however short).
    static let pageTurnVelocity = 0.1

    /// How long an animated scroll (`setContentOffset(_:animated:)`, `scrollRectToVisible`,
    /// scroll to top) takes, in seconds, on an ease-in-out curve.
    static let animationDuration = 0.3
}
