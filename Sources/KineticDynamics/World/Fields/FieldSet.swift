/// The fields acting in a world (at most 32 per animator), evaluated once per sub-step before
/// velocities are integrated. Each field acts only on its own bodies.
struct FieldSet {
    /// Whether there is no field (the step skips field evaluation).
    var isEmpty: Bool { true }

    /// Adds every field's force on its bodies for a sub-step of `h` seconds at world time
    /// `time`, as a velocity change v += h·F/m (angular untouched).
    mutating func apply(to bodies: UnsafeMutablePointer<Body>, count: Int, h: Double, time: Double) {}
}
