import KineticPlatform

/// Where a ``RearrangeableFlowLayout`` lets a dragged cell go (dnd-kit's restrict-to-parent
/// modifiers): the cell is drawn clamped inside the rectangle, wholly, however far the finger
/// goes; it moves among the others from where it is drawn.
public enum RearrangeDragBounds: Sendable, Hashable, CaseIterable {
    /// Anywhere under the finger.
    case unbounded
    /// Inside the collection view's visible rectangle, less its content insets (the parent view).
    case visibleBounds
    /// Inside the content: the collection view's content size from its origin.
    case contentBounds
}
