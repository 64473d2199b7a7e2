/// Whether `a` and `b` agree to within `tolerance`.
public func close(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
    abs(a - b) <= tolerance
}
