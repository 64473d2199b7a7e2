// `JSONText`: JSON written without Foundation, for what a session sends (the same text natively
// and in the WebAssembly build, where Embedded Swift has neither `Codable` nor Foundation).
import KineticPlatform

/// Writes one JSON value into a string: objects and arrays by closures, scalars directly.
///
/// Numbers are written in Swift's shortest form that reads back to the same `Double`
/// (`description`: `0.1`, `1e-05`, `1.0`), which JSON's grammar accepts and every JSON reader
/// (Foundation's, JavaScript's `JSON.parse`) reads back bit for bit. A number that is not finite
/// has no JSON form and is written as `null`; a session never sends one (its scenes keep no NaN),
/// and a reader then sees a missing value rather than text it cannot parse. Strings are escaped as
/// RFC 8259 requires: the quote, the backslash and U+0000…U+001F; everything else is written as
/// UTF-8.
package struct JSONText {
    package private(set) var text = ""
    /// Whether the container being written has a member already (a comma goes before the next).
    private var needsComma = false

    package init() {}

    /// An object: `members` writes its members with ``member(_:_:)``.
    package mutating func object(_ members: (inout JSONText) -> Void) {
        comma()
        text += "{"
        needsComma = false
        members(&self)
        text += "}"
        needsComma = true
    }

    /// An array: `elements` writes its elements.
    package mutating func array(_ elements: (inout JSONText) -> Void) {
        comma()
        text += "["
        needsComma = false
        elements(&self)
        text += "]"
        needsComma = true
    }

    /// A member's key; the value follows with any of the writing functions.
    package mutating func key(_ name: StaticString) {
        comma()
        text += "\""
        name.withUTF8Buffer { text += String(decoding: $0, as: UTF8.self) }
        text += "\":"
        needsComma = false
    }

    package mutating func string(_ value: String) {
        comma()
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.utf8.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
        needsComma = true
    }

    package mutating func number(_ value: Double) {
        comma()
        text += value.isFinite ? value.description : "null"
        needsComma = true
    }

    package mutating func integer(_ value: Int) {
        comma()
        text += value.description
        needsComma = true
    }

    package mutating func unsigned(_ value: UInt64) {
        comma()
        text += value.description
        needsComma = true
    }

    package mutating func bool(_ value: Bool) {
        comma()
        text += value ? "true" : "false"
        needsComma = true
    }

    // Member helpers: a key and its value in one call.
    package mutating func member(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    package mutating func member(_ name: StaticString, _ value: Double) {
        key(name)
        number(value)
    }

    package mutating func member(_ name: StaticString, _ value: Int) {
        key(name)
        integer(value)
    }

    package mutating func member(_ name: StaticString, _ value: Bool) {
        key(name)
        bool(value)
    }

    private mutating func comma() {
        if needsComma { text += "," }
    }
}
