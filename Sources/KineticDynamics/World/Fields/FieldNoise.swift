import KineticPlatform

/// The smooth, seeded noise behind noise and turbulence fields: gradient (Perlin-style) noise
/// over (x, y, time), summed over up to four octaves. Pure functions of their inputs: no global
/// state, no random number generator, so the same inputs give the same values bit for bit.
///
/// The base lattice cell is 1 m (100 pt) and one unit of time·animationSpeed. Octave k has
/// frequency 2^k and weight (1 − smoothness)^k, and the sum is divided by the total weight, so
/// smoothness 1 is one smooth octave and smoothness 0 adds detail down to 12.5 pt. Each
/// component lies in about −1 … 1. The lattice repeats every 4096 cells so that large
/// coordinates never overflow.
enum FieldNoise {
    static let octaves = 4
    private static let period: Double = 4096
    private static let periodMask: UInt32 = 4095

    /// A two-component noise vector at `p` (metres) and `time` (seconds).
    static func vector(_ p: Vec2, time: Double, smoothness: Double, speed: Double, seed: UInt32) -> Vec2 {
        let z = time * speed
        let x = fractal(p.x, p.y, z, smoothness: smoothness, seed: seed)
        let y = fractal(p.x, p.y, z, smoothness: smoothness, seed: seed ^ 0x5BD1_E995)
        return Vec2(x, y)
    }

    /// Octave sum of gradient noise, normalised by the total weight.
    static func fractal(_ x: Double, _ y: Double, _ z: Double, smoothness: Double, seed: UInt32) -> Double {
        let falloff = 1 - min(max(smoothness, 0), 1)
        var sum = 0.0, weights = 0.0, weight = 1.0, frequency = 1.0
        for octave in 0..<octaves {
            guard weight > 0 else { break }
            // A small offset per octave keeps lattice points of different octaves apart (gradient
            // noise is zero on its lattice).
            let shift = 0.371 + 0.193 * Double(octave)
            sum +=
                weight
                * gradientNoise(
                    x * frequency + shift, y * frequency + shift, z * frequency + shift,
                    seed: seed &+ UInt32(octave) &* 0x68E3_1DA4)
            weights += weight
            weight *= falloff
            frequency *= 2
        }
        return weights > 0 ? sum / weights : 0
    }

    /// Gradient noise at (x, y, z): zero on the integer lattice, smooth (C2) in between.
    /// Non-finite or enormous coordinates give 0.
    static func gradientNoise(_ x: Double, _ y: Double, _ z: Double, seed: UInt32) -> Double {
        guard let (xi, xf) = lattice(x), let (yi, yf) = lattice(y), let (zi, zf) = lattice(z) else { return 0 }
        let xj = (xi &+ 1) & periodMask, yj = (yi &+ 1) & periodMask, zj = (zi &+ 1) & periodMask
        let u = fade(xf), v = fade(yf), w = fade(zf)
        let n000 = gradient(hash(xi, yi, zi, seed), xf, yf, zf)
        let n100 = gradient(hash(xj, yi, zi, seed), xf - 1, yf, zf)
        let n010 = gradient(hash(xi, yj, zi, seed), xf, yf - 1, zf)
        let n110 = gradient(hash(xj, yj, zi, seed), xf - 1, yf - 1, zf)
        let n001 = gradient(hash(xi, yi, zj, seed), xf, yf, zf - 1)
        let n101 = gradient(hash(xj, yi, zj, seed), xf - 1, yf, zf - 1)
        let n011 = gradient(hash(xi, yj, zj, seed), xf, yf - 1, zf - 1)
        let n111 = gradient(hash(xj, yj, zj, seed), xf - 1, yf - 1, zf - 1)
        let x00 = lerp(n000, n100, u), x10 = lerp(n010, n110, u)
        let x01 = lerp(n001, n101, u), x11 = lerp(n011, n111, u)
        return lerp(lerp(x00, x10, v), lerp(x01, x11, v), w)
    }

    /// The lattice cell (wrapped to the period) and the position inside it.
    @inline(__always)
    private static func lattice(_ x: Double) -> (UInt32, Double)? {
        guard abs(x) < 4.0e15 else { return nil }  // also false for NaN
        let floor = x.rounded(.down)
        var cell = floor.truncatingRemainder(dividingBy: period)
        if cell < 0 { cell += period }
        return (UInt32(cell) & periodMask, x - floor)
    }

    @inline(__always) private static func fade(_ t: Double) -> Double { t * t * t * (t * (t * 6 - 15) + 10) }
    @inline(__always) private static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + t * (b - a) }

    /// The dot product of one of the twelve cube-edge directions (chosen by `h`) with (x, y, z).
    @inline(__always)
    private static func gradient(_ h: UInt32, _ x: Double, _ y: Double, _ z: Double) -> Double {
        switch h % 12 {
        case 0: return x + y
        case 1: return -x + y
        case 2: return x - y
        case 3: return -x - y
        case 4: return x + z
        case 5: return -x + z
        case 6: return x - z
        case 7: return -x - z
        case 8: return y + z
        case 9: return -y + z
        case 10: return y - z
        default: return -y - z
        }
    }

    @inline(__always)
    private static func hash(_ x: UInt32, _ y: UInt32, _ z: UInt32, _ seed: UInt32) -> UInt32 {
        mix(seed ^ mix(x &+ mix(y &+ mix(z))))
    }

    /// A 32-bit integer finaliser (xor-shift-multiply), so neighbouring inputs give unrelated
    /// outputs.
    @inline(__always)
    static func mix(_ value: UInt32) -> UInt32 {
        var h = value
        h ^= h >> 16
        h &*= 0x7FEB_352D
        h ^= h >> 15
        h &*= 0x846C_A68B
        h ^= h >> 16
        return h
    }
}
