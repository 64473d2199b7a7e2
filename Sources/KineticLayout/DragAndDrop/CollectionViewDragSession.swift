import KineticPlatform

/// A drag in progress, as both sides see it (UIKit's `UIDragSession` and `UIDropSession` in
/// one): the items, where the finger is, and where they came from.
public final class CollectionViewDragSession {
    /// The items, in the order they joined (the first is the one lifted first).
    public internal(set) var items: [DragItem] = []
    /// The collection view the drag began in, while it lives (the session does not keep it
    /// alive).
    public internal(set) var sourceCollectionView: CollectionView? {
        get { sourceLink?.object }
        set { sourceLink = newValue?.collectionViewLink }
    }
    private var sourceLink: ObjectLink<CollectionView>?
    /// Anything the app wants to keep with the session (UIKit's `localContext`): `Any` natively,
    /// the stand-in `AnyValue` in the WebAssembly build (``localContext(as:)`` reads both).
    public var localContext: AnyValue?
    /// Whether a move is allowed (the drag delegate's `dragSessionAllowsMoveOperation`); when
    /// not, a proposed move counts as a copy.
    public internal(set) var allowsMoveOperation = true
    /// The finger, in the shared space the interaction works in.
    var locationInSpace: CGPoint = .zero
    /// Converts a point of the shared space to `view`'s content coordinates.
    var contentPoint: (CGPoint, CollectionView) -> CGPoint = { point, _ in point }

    init() {}

    /// ``localContext`` as a `Context`, if it is one: the same spelling in both builds.
    public func localContext<Context>(as type: Context.Type) -> Context? {
        localContext.flatMap { castAnyValue($0, to: type) }
    }

    /// The finger in `collectionView`'s content coordinates (UIKit's `location(in:)`).
    public func location(in collectionView: CollectionView) -> CGPoint {
        contentPoint(locationInSpace, collectionView)
    }

    /// The items lifted from `collectionView`, by source index path.
    func items(from collectionView: CollectionView) -> [DragItem] {
        items.filter { $0.sourceCollectionView === collectionView && $0.sourceIndexPath != nil }
    }
}
