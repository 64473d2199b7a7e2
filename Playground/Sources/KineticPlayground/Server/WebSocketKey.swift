import Foundation

/// RFC 6455 §4.2.1's check of a handshake's `Sec-WebSocket-Key`: a base64 encoding of 16
/// bytes (24 characters). Anything else is refused with 400 before the upgrade.
enum WebSocketKey {
    static func isValid(_ key: String?) -> Bool {
        guard let key, key.utf8.count == 24, let bytes = Data(base64Encoded: key) else { return false }
        return bytes.count == 16
    }
}
