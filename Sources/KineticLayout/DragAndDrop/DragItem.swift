import KineticPlatform

/// One thing being dragged (UIKit's `UIDragItem`): headless, it carries the app's own object
/// rather than an item provider.
public final class DragItem {
    /// The app's object for this item, read by the drop side (UIKit's `localObject`): `Any`
    /// natively, the stand-in `AnyValue` in the WebAssembly build (``localObject(as:)`` reads
    /// both).
    public var localObject: AnyValue?
    /// Where the item came from: the collection view and index path it was lifted at, or nil
    /// once that item left the source's data (deleted during the drag).
    public internal(set) var sourceIndexPath: IndexPath?
    /// The collection view the item was lifted from, while it lives (the item does not keep it
    /// alive).
    public internal(set) var sourceCollectionView: CollectionView? {
        get { sourceLink?.object }
        set { sourceLink = newValue?.collectionViewLink }
    }
    private var sourceLink: ObjectLink<CollectionView>?
    /// The lifted cell's size, which a gap made for it in a destination takes.
    public internal(set) var previewSize: CGSize = .zero
    /// How its preview looks while dragged (the source's drag delegate's answer); nil: the whole
    /// cell.
    public internal(set) var previewParameters: DragPreviewParameters?

    /// An item carrying `localObject`.
    public init(localObject: AnyValue? = nil) {
        self.localObject = localObject
    }

    /// An item carrying `localObject`: the spelling both builds share (`DragItem(localObject:
    /// card)`), where the WebAssembly build's `AnyValue` needs wrapping.
    public convenience init<Object>(localObject: Object?) {
        self.init(localObject: localObject.map { makeAnyValue($0) })
    }

    /// ``localObject`` as an `Object`, if it is one: the same spelling in both builds
    /// (`item.localObject as? Int` natively).
    public func localObject<Object>(as type: Object.Type) -> Object? {
        localObject.flatMap { castAnyValue($0, to: type) }
    }
}
