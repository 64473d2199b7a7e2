import KineticPlatform

/// One action a row shows when swiped (UIKit's `UIContextualAction`).
public final class ContextualAction {
    /// How an action looks and what a full swipe on it does (UIKit's `UIContextualAction.Style`).
    public enum Style: Hashable, Sendable {
        /// An ordinary action.
        case normal
        /// An action that removes the row: a full swipe, or a tap, collapses the row when the
        /// handler completes with true and the app deletes the item.
        case destructive
    }

    /// Where the action's button shows, handed to the handler in place of UIKit's source view.
    public struct SourceView: Hashable, Sendable {
        /// The button's frame, in the collection view's content coordinates.
        public let frame: CGRect
    }

    /// What the action does: given the action, its button, and a completion to call with whether
    /// it was performed (the row then closes).
    public typealias Handler = (ContextualAction, SourceView, @escaping (Bool) -> Void) -> Void

    /// The action's style.
    public let style: Style
    /// The button's title.
    public var title: String?
    /// What the action does.
    public let handler: Handler

    /// An action of `style` titled `title`, doing `handler`.
    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
    }
}

/// The actions a row shows from one edge when swiped (UIKit's `UISwipeActionsConfiguration`).
/// The first action is nearest the edge; a full swipe performs it when
/// ``performsFirstActionWithFullSwipe``.
public final class SwipeActionsConfiguration {
    /// The actions, the first nearest the edge the row is swiped from.
    public let actions: [ContextualAction]
    /// Whether swiping the row far enough performs the first action. Defaults to true.
    public var performsFirstActionWithFullSwipe = true

    /// A configuration of `actions`.
    public init(actions: [ContextualAction]) {
        self.actions = actions
    }

    /// The kind of an action button's attributes (index path: section, item, action).
    public static let actionElementKind = "Kinetic.SwipeAction"

    /// Each action button's width: 74 points (our figure, the width UIKit gives a one-word
    /// action; it sizes buttons to their titles, which a headless layout has no font for).
    public static let actionWidth: CGFloat = 74
}
