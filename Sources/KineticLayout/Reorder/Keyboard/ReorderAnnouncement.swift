import KineticPlatform

/// What one step of a keyboard reorder did, and the sentence a screen reader speaks for it
/// (UIKit posts such sentences with `UIAccessibility.post(notification: .announcement, argument:)`).
///
/// A ``RearrangeableFlowLayout`` makes one for every key it handles and every change that ends a
/// keyboard move or takes the focus away, hands it to its ``RearrangeableFlowLayout/accessibilityDelegate``
/// and returns it from `handleKeyPress(_:)`. ``text`` is English, in the shape of dnd-kit's and
/// react-beautiful-dnd's announcements; the other properties let an app say it another way.
public struct ReorderAnnouncement: Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// The focus moved to an item (or was given to one).
        case focused
        /// The focused item was lifted.
        case lifted
        /// The lifted item moved one step.
        case moved
        /// The lifted item was dropped where it is; the data keeps the move.
        case dropped
        /// The move was cancelled: the item and every other are back where they were.
        case cancelled
        /// The data changed from elsewhere during the move: the move ended where it was, the
        /// data as the change left it.
        case interrupted
        /// The focused item was deleted, or the data reloaded: no item has focus.
        case focusLost
        /// The key asked for something that cannot be done; nothing changed.
        case refused(Refusal)
    }

    /// Why a key changed nothing.
    public enum Refusal: Hashable, Sendable {
        /// No item has focus (none was given, or the focused one was deleted).
        case noFocusedItem
        /// The focused item may not be lifted: the delegate's `canMoveItem(at:)` says no, there
        /// is no delegate, or dragging is off.
        case itemCannotMove
        /// There is no slot in that direction (the first or last position, the top or bottom line).
        case noDestination
        /// The delegate's `targetIndexPath(forMoveFrom:toProposed:)` keeps the item where it is.
        case destinationRefused
        /// A finger is dragging (this layout's drag, the collection view's interactive movement or
        /// a drop from elsewhere): the keyboard waits until it lets go.
        case dragInProgress
    }

    /// What happened.
    public var kind: Kind
    /// Where the item is after the step, or nil when no item is concerned (or it was deleted).
    public var indexPath: IndexPath?
    /// The item's name: its accessibility label, or "item N" from its position when it was
    /// focused or lifted. Nil when no item is concerned.
    public var itemLabel: String?
    /// The item's position in its section after the step, from 1; nil without an item.
    public var position: Int?
    /// The number of items in that section; nil without an item.
    public var count: Int?
    /// The sentence to speak.
    public var text: String

    /// An announcement of `kind` with the sentence `text`.
    public init(
        kind: Kind, indexPath: IndexPath?, itemLabel: String?, position: Int?, count: Int?, text: String
    ) {
        self.kind = kind
        self.indexPath = indexPath
        self.itemLabel = itemLabel
        self.position = position
        self.count = count
        self.text = text
    }

    /// The sentence.
    public var description: String { text }
}
