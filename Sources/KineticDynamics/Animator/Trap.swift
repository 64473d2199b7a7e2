import KineticPlatform

/// Stops the program with UIKit's message for a misuse UIKit itself traps on. Everything else
/// that is merely odd input is logged and ignored instead.
func dynamicsTrap(_ message: String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError(message, file: file, line: line)
}

/// `{w, h}`, the way UIKit prints a size in its messages.
func describeSize(_ size: CGSize) -> String {
    "{\(formatNumber(size.width)), \(formatNumber(size.height))}"
}

private func formatNumber(_ value: CGFloat) -> String {
    value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : value.description
}
