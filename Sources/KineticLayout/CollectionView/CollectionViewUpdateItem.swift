import KineticPlatform

/// One change of a batch update, as a layout sees it (UIKit's `UICollectionViewUpdateItem`).
public struct CollectionViewUpdateItem: Hashable, Sendable {
    /// What the change does.
    public enum Action: Hashable, Sendable {
        /// An item or section is inserted.
        case insert
        /// An item or section is deleted.
        case delete
        /// An item or section is reloaded: deleted and inserted at the same place.
        case reload
        /// An item or section is moved.
        case move
        /// No change (UIKit's `UICollectionUpdateActionNone`).
        case none
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
