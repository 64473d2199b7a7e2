import Foundation

/// One change of a batch update, as a layout sees it (UIKit's `UICollectionViewUpdateItem`).
public struct CollectionViewUpdateItem: Hashable, Sendable {
    /// What the change does.
    public enum Action: Hashable, Sendable {
        case insert, delete, reload, move, none
    }

    /// The index path before the update: nil for an insert. A path with one index names a
    /// whole section.
    public let indexPathBeforeUpdate: IndexPath?
    /// The index path after the update: nil for a delete.
    public let indexPathAfterUpdate: IndexPath?
    /// What the change does.
    public let updateAction: Action

    /// A change of `action` from `before` to `after`.
    public init(action: Action, before: IndexPath?, after: IndexPath?) {
        updateAction = action
        indexPathBeforeUpdate = before
        indexPathAfterUpdate = after
    }
}
