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
                if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                    || scalar.properties.generalCategory == .lineSeparator
                    || scalar.properties.generalCategory == .paragraphSeparator
                {
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
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator:
                escaped += "\\u{\(String(scalar.value, radix: 16))}"
            default: escaped.unicodeScalars.append(scalar)
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
}
