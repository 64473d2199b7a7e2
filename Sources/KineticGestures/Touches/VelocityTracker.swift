import KineticDynamics
import KineticPlatform

/// Estimates the velocity of a moving point from timed samples, as a pan gesture does for a
/// finger: the slope of the least-squares straight line through the samples of the last
/// ``window`` seconds (counted back from the newest sample, inclusive).
///
/// A straight-line fit is what a flick needs: it averages out the jitter of individual events
/// (a two-point difference amplifies it), yet 100 ms is short enough that a finger which stops
/// before lifting reports a velocity near zero. Per axis, with the window's n samples (tᵢ, xᵢ):
///
///     v = Σ (tᵢ − t̄)(xᵢ − x̄) / Σ (tᵢ − t̄)²
///
/// Fewer than two samples in the window, or samples all at one instant, give zero.
public struct VelocityTracker: Sendable {
    /// One timed position.
    struct Sample: Sendable {
        var time: Double
        var x: Double
        var y: Double
    }

    /// How far back from the newest sample the fit reaches, in seconds (0.1 by default).
    /// Negative or NaN values are treated as 0.
    public var window: TimeInterval

    /// The samples, oldest first, pruned to the window as new ones arrive.
    private(set) var samples: [Sample] = []

    /// At most this many samples are kept; a window's worth at even 1 kHz input fits.
    static let capacity = 256

    /// Samples older than this fraction of a nanosecond beyond the window still count, so a
    /// sample exactly `window` seconds old is included despite rounding in `latest − window`.
    static let boundaryTolerance = 1e-9

    /// Creates a tracker fitting over the last `window` seconds.
    public init(window: TimeInterval = 0.1) {
        self.window = window
    }

    /// The number of samples held (those within the window of the newest one).
    public var sampleCount: Int { samples.count }

    /// The time of the newest sample, or nil before any.
    public var latestTime: TimeInterval? { samples.last?.time }

    /// Adds a sample. Non-finite points or times are ignored; a time earlier than the newest
    /// sample is taken as the newest sample's time (input is expected in order, and a late
    /// timestamp still carries a valid position).
    public mutating func addSample(_ point: CGPoint, at time: TimeInterval) {
        guard point.x.isFinite, point.y.isFinite, time.isFinite else { return }
        let t = max(time, samples.last?.time ?? time)
        samples.append(Sample(time: t, x: Double(point.x), y: Double(point.y)))
        let cutoff = t - effectiveWindow - Self.boundaryTolerance
        if let keep = samples.firstIndex(where: { $0.time >= cutoff }), keep > 0 {
            samples.removeFirst(keep)
        }
        if samples.count > Self.capacity { samples.removeFirst(samples.count - Self.capacity) }
    }

    /// Forgets every sample.
    public mutating func reset() {
        samples.removeAll(keepingCapacity: true)
    }

    private var effectiveWindow: Double { window.isNaN ? 0 : max(window, 0) }

    /// The least-squares velocity over the window, in points per second.
    public var velocity: CGVector {
        guard let latest = samples.last?.time else { return .zero }
        let cutoff = latest - effectiveWindow - Self.boundaryTolerance
        let inWindow = samples.drop(while: { $0.time < cutoff })
        guard inWindow.count >= 2 else { return .zero }
        // Centre on the newest time first: absolute clock times (hours of uptime) squared would
        // lose the milliseconds that matter.
        let n = Double(inWindow.count)
        var meanT = 0.0, meanX = 0.0, meanY = 0.0
        for s in inWindow {
            meanT += s.time - latest
            meanX += s.x
            meanY += s.y
        }
        meanT /= n
        meanX /= n
        meanY /= n
        var stt = 0.0, stx = 0.0, sty = 0.0
        for s in inWindow {
            let dt = s.time - latest - meanT
            stt += dt * dt
            stx += dt * (s.x - meanX)
            sty += dt * (s.y - meanY)
        }
        guard stt > 1e-14 else { return .zero }
        return CGVector(dx: stx / stt, dy: sty / stt)
    }
}
