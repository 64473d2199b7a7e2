import Foundation

/// Why a client is dropped: each case is a clear close reason for the WebSocket.
public enum PlaygroundError: Error, Equatable, CustomStringConvertible {
    /// A message larger than ``PlaygroundSession/maximumMessageBytes``.
    case messageTooLarge(bytes: Int)
    /// Not JSON, or not a message this protocol knows.
    case malformed(String)
    /// More than ``PlaygroundSession/maximumMessagesPerSecond`` messages within a second.
    case flooding

    /// The reason sent in the close frame: the description cut on a character boundary to 123
    /// bytes of UTF-8, so the frame stays within RFC 6455's 125-byte control frames.
    public var closeReason: String { ClientText.truncated(description, toUTF8Bytes: 123) }

    public var description: String {
        switch self {
        case .messageTooLarge(let bytes):
            "message too large: \(bytes) bytes (limit \(PlaygroundSession.maximumMessageBytes))"
        case .malformed(let why): "malformed message: \(why)"
        case .flooding: "too many messages: more than \(PlaygroundSession.maximumMessagesPerSecond) in one second"
        }
    }
}
