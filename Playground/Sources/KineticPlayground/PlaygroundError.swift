import Foundation
import KineticScenes

/// Why a client is dropped: each case is a clear close reason for the WebSocket, and maps to
/// RFC 6455's close code (§7.4.1).
public enum PlaygroundError: Error, Equatable, CustomStringConvertible {
    /// A message larger than ``PlaygroundSession/maximumMessageBytes`` (counting each frame's
    /// overhead): 1009.
    case messageTooLarge(bytes: Int)
    /// A message split into more frames than the server allows: 1009.
    case tooManyFrames(limit: Int)
    /// Not JSON, or not a message this protocol knows: 1007.
    case malformed(String)
    /// A text message that is not UTF-8: 1007.
    case invalidUTF8
    /// A kind of data the protocol does not carry (binary messages): 1003.
    case unsupportedData(String)
    /// Frames out of order (RFC 6455 §5.4): 1002.
    case protocolViolation(String)
    /// More than ``PlaygroundSession/maximumMessagesPerSecond`` messages within a second: 1008.
    case flooding

    /// The close code RFC 6455 gives this failure.
    public var closeCode: UInt16 {
        switch self {
        case .messageTooLarge, .tooManyFrames: 1009
        case .malformed, .invalidUTF8: 1007
        case .unsupportedData: 1003
        case .protocolViolation: 1002
        case .flooding: 1008
        }
    }

    /// The reason sent in the close frame: the description cut on a character boundary to 123
    /// bytes of UTF-8, so the frame stays within RFC 6455's 125-byte control frames.
    public var closeReason: String { ClientText.truncated(description, toUTF8Bytes: 123) }

    public var description: String {
        switch self {
        case .messageTooLarge(let bytes):
            "message too large: \(bytes) bytes (limit \(PlaygroundSession.maximumMessageBytes))"
        case .tooManyFrames(let limit): "message split into more than \(limit) frames"
        case .malformed(let why): "malformed message: \(why)"
        case .invalidUTF8: "text message is not valid UTF-8"
        case .unsupportedData(let why): "unsupported data: \(why)"
        case .protocolViolation(let why): "protocol error: \(why)"
        case .flooding: "too many messages: more than \(PlaygroundSession.maximumMessagesPerSecond) in one second"
        }
    }
}
