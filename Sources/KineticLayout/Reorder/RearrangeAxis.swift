import KineticPlatform

/// The direction a finger may drag a cell of a ``RearrangeableFlowLayout`` in
/// (KDRearrangeable's `axis`; dnd-kit's restrict-to-axis modifiers).
public enum RearrangeAxis: Sendable, Hashable, CaseIterable {
    /// Any direction.
    case free
    /// Left and right only: the cell stays on the horizontal line through its place when lifted.
    case horizontal
    /// Up and down only: the cell stays on the vertical line through its place when lifted.
    case vertical
}
