import KineticPlatform

/// What a drop would do (UIKit's `UIDropOperation`).
public enum DropOperation: Int, Sendable, Hashable {
    /// Nothing: the drop is not wanted here, and the items go back.
    case cancel = 0
    /// The drop would be wanted but is not allowed now: the items go back.
    case forbidden = 1
    /// The items are copied: the source keeps them.
    case copy = 2
    /// The items are moved: the source gives them up.
    case move = 3
}
