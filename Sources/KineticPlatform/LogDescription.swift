// Foundation's geometry on Linux is not `CustomStringConvertible`: natively `"\(point)"` is
// written by reflection, which Embedded Swift lacks. Log lines use these descriptions instead,
// the text reflection gives (`CGPoint(x: 1.0, y: 2.0)`), so both builds log the same words.

/// A point's description for log lines.
extension CGPoint {
    /// `CGPoint(x: 1.0, y: 2.0)`, for log lines.
    public var logDescription: String { "CGPoint(x: \(x), y: \(y))" }
}

/// A size's description for log lines.
extension CGSize {
    /// `CGSize(width: 1.0, height: 2.0)`, for log lines.
    public var logDescription: String { "CGSize(width: \(width), height: \(height))" }
}

/// A rectangle's description for log lines.
extension CGRect {
    /// `CGRect(origin: CGPoint(x: 1.0, y: 2.0), size: CGSize(width: 3.0, height: 4.0))`, for log lines.
    public var logDescription: String { "CGRect(origin: \(origin.logDescription), size: \(size.logDescription))" }
}
