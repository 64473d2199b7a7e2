// Any JSON value, read independently of Kinetic's readers: what the fuzz checks compare a
// reader's result with. One file, compiled into the libraries' tests, the playground's tests
// (Playground/Tests/KineticPlaygroundTests/Fuzzing/JSONValue.swift) and the fuzz targets
// (Fuzz/Sources/…/JSONValue.swift), each through a symlink to this one.
import Foundation

/// Any JSON value, read with Foundation's JSON decoder but none of the reader's own decoding:
/// the independent reading the checks compare with. (Foundation's JSONSerialization checks
/// that the whole text is JSON, but does not read the values here: it takes the last of two
/// equal keys where the decoder takes the first, a disagreement about JSON itself, not about
/// what the reader did.)
enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
    /// A number Foundation's decoder cannot make a Double of, though it is JSON (`4e-330`, which
    /// underflows): a reader built on that decoder refuses it wherever it reads it.
    case unrepresentable

    init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: AnyKey.self) {
            var object: [String: JSONValue] = [:]
            for key in container.allKeys where object[key.stringValue] == nil {
                object[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
            }
            self = .object(object)
        } else if var container = try? decoder.unkeyedContainer() {
            var array: [JSONValue] = []
            while !container.isAtEnd { array.append(try container.decode(JSONValue.self)) }
            self = .array(array)
        } else {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                self = .null
            } else if let bool = try? value.decode(Bool.self) {
                self = .bool(bool)
            } else if let number = try? value.decode(Double.self) {
                self = .number(number)
            } else if let string = try? value.decode(String.self) {
                self = .string(string)
            } else {
                self = .unrepresentable
            }
        }
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { object[key] } else { nil }
    }

    var string: String? { if case .string(let text) = self { text } else { nil } }
    var number: Double? { if case .number(let number) = self { number } else { nil } }
    var array: [JSONValue]? { if case .array(let array) = self { array } else { nil } }
}
