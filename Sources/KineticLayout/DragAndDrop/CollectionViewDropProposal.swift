import KineticPlatform

/// A drop delegate's answer while items hover over its collection view (UIKit's
/// `UICollectionViewDropProposal`).
public final class CollectionViewDropProposal {
    /// What the drop would do.
    public let operation: DropOperation
    /// Where the items would go.
    public let intent: CollectionViewDropIntent

    /// A proposal of `operation`, with `intent`.
    public init(operation: DropOperation, intent: CollectionViewDropIntent = .unspecified) {
        self.operation = operation
        self.intent = intent
    }

    /// Whether a gap opens at the destination: the items would be inserted there.
    var opensGap: Bool {
        (operation == .move || operation == .copy) && intent == .insertAtDestinationIndexPath
    }
}
