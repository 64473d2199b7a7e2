import KineticPlatform

/// Text a client sent, made safe to repeat: in a notice, a close reason or the server's log it
/// is escaped (control characters, quotes and backslashes as Swift escapes, so a client cannot
/// forge a log line) and bounded (a client cannot make the server repeat a megabyte).
public enum ClientText {
    /// The most Unicode scalars of client text repeated anywhere (scalars, not characters: one
    /// character may hold any number of combining scalars).
    public static let maximumCharacters = 40

    /// `text` escaped and, past ``maximumCharacters`` scalars, cut with an ellipsis, in quotes.
    public static func quoted(_ text: String) -> String {
        var escaped = ""
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if index == maximumCharacters {
                escaped += "…"
                break
            }
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            default:
                if isEscaped(scalar) {
                    escaped += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return "\"\(escaped)\""
    }

    /// `text` with every control, format and line-breaking scalar escaped (`\u{a}`), nothing
    /// else changed: for text that may repeat a client's raw text, such as Foundation's decoding
    /// errors ("Cannot initialize Phase from invalid String value …").
    public static func escapingControls(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            if isEscaped(scalar) {
                escaped += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// `text` cut to at most `bytes` bytes of UTF-8 on a character boundary (a WebSocket close
    /// reason: RFC 6455 §5.5 caps a control frame's payload at 125 bytes, 2 of them the code).
    public static func truncated(_ text: String, toUTF8Bytes bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        let ellipsis = "…"
        guard bytes >= ellipsis.utf8.count else { return "" }
        var result = ""
        var used = 0
        for character in text {
            let size = String(character).utf8.count
            if used + size + ellipsis.utf8.count > bytes { break }
            result.append(character)
            used += size
        }
        return result + ellipsis
    }

    /// Whether `scalar` is escaped: its general category is control (Cc), format (Cf), line
    /// separator (Zl) or paragraph separator (Zp), the scalars that break, hide or reorder text
    /// (a line break, a right-to-left override, a zero-width space).
    ///
    /// Read from ``escapedScalars``, not from `Unicode.Scalar.Properties.generalCategory`: that
    /// property links the standard library's whole general-category table (tens of kilobytes)
    /// into the WebAssembly module for these 23 ranges. A test compares the two over every
    /// scalar, so a Unicode update that adds a format scalar is caught.
    public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        var low = 0
        var high = escapedScalars.count
        // The last range whose first scalar is at most `value` holds it, if any does.
        while low < high {
            let middle = (low + high) / 2
            if escapedScalars[middle].lowerBound <= value { low = middle + 1 } else { high = middle }
        }
        return low > 0 && escapedScalars[low - 1].contains(value)
    }

    /// The scalars ``isEscaped(_:)`` names, as sorted ranges: Unicode's control (Cc), format
    /// (Cf), line separator (Zl) and paragraph separator (Zp) characters.
    public static let escapedScalars: [ClosedRange<UInt32>] = [
        0x0...0x1F, 0x7F...0x9F, 0xAD...0xAD, 0x600...0x605, 0x61C...0x61C, 0x6DD...0x6DD, 0x70F...0x70F,
        0x890...0x891, 0x8E2...0x8E2, 0x180E...0x180E, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064,
        0x2066...0x206F, 0xFEFF...0xFEFF, 0xFFF9...0xFFFB, 0x110BD...0x110BD, 0x110CD...0x110CD,
        0x13430...0x1343F, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0001...0xE0001, 0xE0020...0xE007F,
    ]
}
