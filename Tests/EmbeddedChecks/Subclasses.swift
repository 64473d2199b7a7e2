// `EmbeddedSubclassChecks`: every open class of the libraries subclassed from another module, as
// an app subclasses UIKit's (UIDynamicBehavior, UICollectionViewFlowLayout, UIGestureRecognizer…).
// Embedded Swift emits a class's methods again in every module that uses or subclasses it, so a
// method the library's own build compiles may not compile here (a closure in a private method has
// a linkage another module cannot call: "function has wrong linkage to be called from …").
// Scripts/wasm compiles this module after the libraries, and does not link it; natively it belongs
// to no target (swiftc can compile it against a native build's modules).
import KineticAnimation
import KineticDynamics
import KineticGestures
import KineticLayout
import KineticPlatform

// MARK: - An app's item

/// A plain view-like item, as an app's view (or a test double) would be.
public final class AppItem: AnimatableItem {
    public var center: CGPoint
    public var bounds: CGRect
    public var transform: CGAffineTransform = .identity
    public var alpha: CGFloat = 1

    public init(center: CGPoint, size: CGSize) {
        self.center = center
        self.bounds = CGRect(origin: .zero, size: size)
    }
}

// MARK: - KineticDynamics

/// A composite behaviour (UIKit's canonical subclass): gravity and collision as children, an
/// action that reads the animator, and the hooks UIKit calls.
public final class AppCompositeBehavior: DynamicBehavior {
    public let gravity: GravityBehavior
    public let collision: CollisionBehavior
    public private(set) var frames = 0
    public private(set) var movedTo: DynamicAnimator?

    public init(items: [any DynamicItem]) {
        gravity = GravityBehavior(items: items)
        collision = CollisionBehavior(items: items)
        super.init()
        collision.translatesReferenceBoundsIntoBoundary = true
        addChildBehavior(gravity)
        addChildBehavior(collision)
        action = { [unowned(unsafe) self] in
            frames += 1
            if let animator = dynamicAnimator, animator.elapsedTime > 10 { removeChildBehavior(gravity) }
        }
    }

    public override func addChildBehavior(_ behavior: DynamicBehavior) { super.addChildBehavior(behavior) }
    public override func removeChildBehavior(_ behavior: DynamicBehavior) { super.removeChildBehavior(behavior) }
    public override func willMove(to dynamicAnimator: DynamicAnimator?) { movedTo = dynamicAnimator }
}

public final class AppGravityBehavior: GravityBehavior {
    public private(set) var frames = 0

    public override init(items: [any DynamicItem]) {
        super.init(items: items)
        magnitude = 2
        action = { [unowned(unsafe) self] in frames += 1 }
    }

    public override func willMove(to dynamicAnimator: DynamicAnimator?) { super.willMove(to: dynamicAnimator) }
}

public final class AppCollisionBehavior: CollisionBehavior {
    /// Counts the contacts with boundaries. Not the behaviour itself: the WebAssembly build holds
    /// delegates strongly.
    public let observer = AppCollisionObserver()

    public override init(items: [any DynamicItem]) {
        super.init(items: items)
        collisionMode = .everything
        translatesReferenceBoundsIntoBoundary = true
        addBoundary(withIdentifier: "floor", from: CGPoint(x: 0, y: 400), to: CGPoint(x: 300, y: 400))
        collisionDelegate = observer
        action = { [unowned(unsafe) self] in
            if observer.contacts > 100 { removeAllBoundaries() }
        }
    }

    public override func willMove(to dynamicAnimator: DynamicAnimator?) { super.willMove(to: dynamicAnimator) }
}

public final class AppCollisionObserver: CollisionBehaviorDelegate {
    public private(set) var contacts = 0

    public func collisionBehavior(
        _ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
        withBoundaryIdentifier identifier: AnyHashable?, at point: CGPoint
    ) { contacts += 1 }
}

public final class AppAttachmentBehavior: AttachmentBehavior {
    public override init(item: any DynamicItem, offsetFromCenter offset: Offset, attachedToAnchor point: CGPoint) {
        super.init(item: item, offsetFromCenter: offset, attachedToAnchor: point)
        length = 50
        frequency = 2
        damping = 0.5
        action = { [unowned(unsafe) self] in anchorPoint.x += 1 }
    }

    public override init(
        item item1: any DynamicItem, offsetFromCenter offset1: Offset, attachedTo item2: any DynamicItem,
        offsetFromCenter offset2: Offset
    ) {
        super.init(item: item1, offsetFromCenter: offset1, attachedTo: item2, offsetFromCenter: offset2)
        attachmentRange = FloatRange(minimum: 10, maximum: 80)
    }

    public override func willMove(to dynamicAnimator: DynamicAnimator?) { super.willMove(to: dynamicAnimator) }
}

public final class AppDynamicItemBehavior: DynamicItemBehavior {
    public override init(items: [any DynamicItem]) {
        super.init(items: items)
        elasticity = 0.5
        resistance = 1
        allowsRotation = false
        action = { [unowned(unsafe) self] in
            for item in items where linearVelocity(for: item).y > 1000 { isAnchored = true }
        }
    }
}

public final class AppPushBehavior: PushBehavior {
    public override init(items: [any DynamicItem], mode: Mode) {
        super.init(items: items, mode: mode)
        setAngle(.pi / 2, magnitude: 1)
        action = { [unowned(unsafe) self] in
            if magnitude > 0 { active = false }
        }
    }
}

public final class AppSnapBehavior: SnapBehavior {
    public override init(item: any DynamicItem, snapTo point: CGPoint) {
        super.init(item: item, snapTo: point)
        damping = 0.3
        action = { [unowned(unsafe) self] in snapPoint.y -= 1 }
    }
}

/// FieldBehavior has no public initializer (UIKit's `UIFieldBehavior` neither: only its class
/// factories make one), so a subclass can be declared but never made; its fields are used as the
/// factories return them (``useDynamics()``).
public final class AppFieldBehavior: FieldBehavior {}

// MARK: - KineticGestures

/// A custom recognizer as UIKit's subclasses write one: touches in, `state` out.
public final class AppSwipeRecognizer: GestureRecognizer {
    private var start: CGPoint?

    public override func touchesBegan(_ touches: [Touch]) {
        super.touchesBegan(touches)
        if start == nil { start = touches.first?.location } else { state = .failed }
    }

    public override func touchesMoved(_ touches: [Touch]) {
        super.touchesMoved(touches)
        guard let start, let touch = touches.first else { return }
        if touch.location.x - start.x > 50 { state = .recognized }
    }

    public override func touchesEnded(_ touches: [Touch]) {
        super.touchesEnded(touches)
        if state == .possible { state = .failed }
    }

    public override func touchesCancelled(_ touches: [Touch]) {
        super.touchesCancelled(touches)
        state = .cancelled
    }

    public override func reset() {
        super.reset()
        start = nil
    }

    public override func location(in view: (any DynamicItem)?) -> CGPoint { super.location(in: view) }
    public override func canPrevent(_ preventedGestureRecognizer: GestureRecognizer) -> Bool { true }
    public override func canBePrevented(by preventingGestureRecognizer: GestureRecognizer) -> Bool { false }
    public override func shouldRequireFailure(of otherGestureRecognizer: GestureRecognizer) -> Bool { false }
    public override func shouldBeRequiredToFail(by otherGestureRecognizer: GestureRecognizer) -> Bool {
        otherGestureRecognizer is TapGestureRecognizer
    }
}

public final class AppTapRecognizer: TapGestureRecognizer {
    public private(set) var began = 0

    public override func touchesBegan(_ touches: [Touch]) {
        began += 1
        super.touchesBegan(touches)
    }

    public override func touchesMoved(_ touches: [Touch]) { super.touchesMoved(touches) }
    public override func touchesEnded(_ touches: [Touch]) { super.touchesEnded(touches) }
    public override func touchesCancelled(_ touches: [Touch]) { super.touchesCancelled(touches) }
    public override func location(in view: (any DynamicItem)?) -> CGPoint { super.location(in: view) }

    public override func reset() {
        super.reset()
        began = 0
    }
}

public final class AppLongPressRecognizer: LongPressGestureRecognizer {
    public private(set) var moves = 0

    public override init() {
        super.init()
        minimumPressDuration = 0.3
    }

    public override func touchesBegan(_ touches: [Touch]) { super.touchesBegan(touches) }

    public override func touchesMoved(_ touches: [Touch]) {
        moves += 1
        super.touchesMoved(touches)
    }

    public override func touchesEnded(_ touches: [Touch]) { super.touchesEnded(touches) }
    public override func touchesCancelled(_ touches: [Touch]) { super.touchesCancelled(touches) }

    public override func reset() {
        super.reset()
        moves = 0
    }
}

public final class AppPanRecognizer: PanGestureRecognizer {
    public private(set) var lastVelocity = CGPoint.zero

    public override func touchesBegan(_ touches: [Touch]) { super.touchesBegan(touches) }

    public override func touchesMoved(_ touches: [Touch]) {
        super.touchesMoved(touches)
        lastVelocity = velocity(in: nil)
    }

    public override func touchesEnded(_ touches: [Touch]) { super.touchesEnded(touches) }
    public override func touchesCancelled(_ touches: [Touch]) { super.touchesCancelled(touches) }

    public override func reset() {
        super.reset()
        lastVelocity = .zero
    }
}

/// The multi-touch recognizers, subclassed as an app would (UIKit's pinch, rotation, swipe and
/// screen-edge pan are open too).
public final class AppPinchRecognizer: PinchGestureRecognizer {
    public private(set) var scales: [CGFloat] = []

    public override func touchesMoved(_ touches: [Touch]) {
        super.touchesMoved(touches)
        scales.append(scale)
    }

    public override func reset() {
        super.reset()
        scales.removeAll()
    }
}

public final class AppRotationRecognizer: RotationGestureRecognizer {
    public private(set) var fastest: CGFloat = 0

    public override func touchesMoved(_ touches: [Touch]) {
        super.touchesMoved(touches)
        fastest = max(fastest, abs(velocity))
    }

    public override func touchesEnded(_ touches: [Touch]) { super.touchesEnded(touches) }
}

public final class AppLibrarySwipeRecognizer: SwipeGestureRecognizer {
    public private(set) var strokes = 0

    public override func touchesBegan(_ touches: [Touch]) {
        strokes += 1
        super.touchesBegan(touches)
    }
}

public final class AppEdgePanRecognizer: ScreenEdgePanGestureRecognizer {
    public override init() {
        super.init()
        edges = [.left, .right]
    }

    public override func touchesBegan(_ touches: [Touch]) { super.touchesBegan(touches) }
    public override func shouldBeRequiredToFail(by otherGestureRecognizer: GestureRecognizer) -> Bool {
        super.shouldBeRequiredToFail(by: otherGestureRecognizer)
    }
}

// MARK: - KineticLayout

/// Layout attributes with a value of their own, copied and compared (UIKit's subclasses override
/// `copy(with:)` and `isEqual(_:)`).
public final class AppLayoutAttributes: CollectionViewLayoutAttributes {
    public var shade: CGFloat = 0

    public required init(forCellWith indexPath: IndexPath) { super.init(forCellWith: indexPath) }

    public required init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        super.init(forSupplementaryViewOfKind: elementKind, with: indexPath)
    }

    public required init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        super.init(forDecorationViewOfKind: decorationViewKind, with: indexPath)
    }

    public override func copy() -> Self {
        let copy = super.copy()
        copy.shade = shade
        return copy
    }

    public override func isEqual(_ other: CollectionViewLayoutAttributes) -> Bool {
        guard let other = other as? AppLayoutAttributes else { return false }
        return shade == other.shade && super.isEqual(other)
    }
}

public final class AppInvalidationContext: CollectionViewLayoutInvalidationContext {
    public var invalidateShades = false
}

/// A layout from scratch (UIKit's custom `UICollectionViewLayout`): a single column computed in
/// `prepare()` and answered from a cache.
public final class AppColumnLayout: CollectionViewLayout {
    public var rowHeight: CGFloat = 44
    private var cache: [AppLayoutAttributes] = []
    private var height: CGFloat = 0

    public override func prepare() {
        super.prepare()
        cache.removeAll()
        guard let collectionView else { return }
        let width = collectionView.bounds.width
        var y: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            for item in 0..<collectionView.numberOfItems(inSection: section) {
                let attributes = AppLayoutAttributes(forCellWith: IndexPath(item: item, section: section))
                attributes.frame = CGRect(x: 0, y: y, width: width, height: rowHeight)
                attributes.shade = CGFloat(item % 2)
                cache.append(attributes)
                y += rowHeight
            }
        }
        height = y
    }

    public override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: height)
    }

    public override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        // Element by element: Embedded Swift has no run-time cast, which converting the
        // whole array ([AppLayoutAttributes] to [CollectionViewLayoutAttributes]) takes.
        cache.filter { $0.frame.intersects(rect) }.map { $0 as CollectionViewLayoutAttributes }
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        cache.first { $0.indexPath == indexPath }
    }

    public override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> CollectionViewLayoutAttributes?
    { nil }

    public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.width != collectionView?.bounds.width
    }

    public override func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
        if let context = context as? AppInvalidationContext, context.invalidateShades { cache.removeAll() }
        super.invalidateLayout(with: context)
    }

    public override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
    }

    public override func finalizeCollectionViewUpdates() { super.finalizeCollectionViewUpdates() }

    public override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        CGPoint(x: 0, y: (proposedContentOffset.y / rowHeight).rounded() * rowHeight)
    }
}

/// A flow layout that tilts its cells (the commonest UICollectionViewFlowLayout subclass):
/// super's attributes, copied and changed.
public final class AppFlowLayout: FlowLayout {
    public override init() {
        super.init()
        itemSize = CGSize(width: 80, height: 80)
        minimumLineSpacing = 8
    }

    public override func prepare() { super.prepare() }

    public override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        super.layoutAttributesForElements(in: rect)?.map { tilted($0.copy()) }
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        super.layoutAttributesForItem(at: indexPath).map { tilted($0.copy()) }
    }

    public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

    public override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        super.targetContentOffset(forProposedContentOffset: proposedContentOffset)
    }

    private func tilted(_ attributes: CollectionViewLayoutAttributes) -> CollectionViewLayoutAttributes {
        attributes.transform = CGAffineTransform(rotationAngle: 0.05 * CGFloat(attributes.indexPath.item % 3 - 1))
        return attributes
    }
}

/// A compositional layout an app subclasses: a carousel section above a list with swipe actions,
/// its attributes faded by distance from the top (super's, changed in place).
public final class AppCompositionalLayout: CompositionalLayout {
    public init() {
        super.init(
            sectionProvider: { index, environment in
                if index == 0 {
                    let item = CollectionLayoutItem(
                        layoutSize: CollectionLayoutSize(
                            widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                    let group = CollectionLayoutGroup.horizontal(
                        layoutSize: CollectionLayoutSize(
                            widthDimension: .fractionalWidth(0.8), heightDimension: .absolute(120)),
                        subitems: [item])
                    let section = CollectionLayoutSection(group: group)
                    section.orthogonalScrollingBehavior = .groupPagingCentered
                    section.visibleItemsInvalidationHandler = { items, offset, _ in
                        for item in items { item.alpha = item.frame.minX - offset.x < 0 ? 0.5 : 1 }
                    }
                    return section
                }
                var list = CollectionLayoutListConfiguration(appearance: .insetGrouped)
                list.headerMode = .supplementary
                list.trailingSwipeActionsConfigurationProvider = { _ in
                    SwipeActionsConfiguration(actions: [
                        ContextualAction(style: .destructive, title: "Delete") { _, _, completion in completion(true) }
                    ])
                }
                return .list(using: list, layoutEnvironment: environment)
            }, configuration: CompositionalLayoutConfiguration())
    }

    public override func prepare() { super.prepare() }

    public override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        let all = super.layoutAttributesForElements(in: rect)
        for attributes in all ?? [] where attributes.frame.minY > 400 { attributes.alpha = 0.8 }
        return all
    }

    public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        super.shouldInvalidateLayout(forBoundsChange: newBounds)
    }
}

public final class AppSpringyLayout: SpringyFlowLayout {
    public override init() {
        super.init()
        springDamping = 0.5
    }

    public override func prepare() { super.prepare() }

    public override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        super.layoutAttributesForElements(in: rect)
    }

    public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        super.shouldInvalidateLayout(forBoundsChange: newBounds)
    }
}

public final class AppDraggableLayout: DraggableLayout {
    public private(set) var pauses = 0

    public override func prepare() { super.prepare() }

    public override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        super.layoutAttributesForElements(in: rect)
    }

    public override func dynamicAnimatorDidPause(_ animator: DynamicAnimator) {
        pauses += 1
        super.dynamicAnimatorDidPause(animator)
    }
}

public final class AppRearrangeableLayout: RearrangeableFlowLayout {
    public override func prepare() { super.prepare() }

    public override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        super.layoutAttributesForElements(in: rect)
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        super.layoutAttributesForItem(at: indexPath)
    }

    public override func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
        super.invalidateLayout(with: context)
    }
}

public final class AppScrollView: ScrollView {
    public private(set) var programmaticScrolls = 0

    public override var contentSize: CGSize {
        didSet { programmaticScrolls = 0 }
    }

    public override func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        programmaticScrolls += 1
        super.setContentOffset(contentOffset, animated: animated)
    }

    public override func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        super.scrollRectToVisible(rect, animated: animated)
    }
}

public final class AppCollectionView: CollectionView {
    public private(set) var reloads = 0

    public override func reloadData() {
        reloads += 1
        super.reloadData()
    }

    public override func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        super.setContentOffset(contentOffset, animated: animated)
    }
}

public final class AppFeedbackGenerator: FeedbackGenerator {
    public private(set) var prepared = false

    public override func prepare() {
        prepared = true
        super.prepare()
    }
}

/// A cell carrying its label, as a scene's cell provider makes one.
public final class AppCell: CollectionViewCell {
    public let label: String
    public init(label: String) { self.label = label }
    /// Self-sizing: as wide as proposed, a line of text per 8 characters.
    public override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: 20 * CGFloat(1 + label.utf8.count / 8))
    }
}

/// A diffable data source that counts the snapshots it applies.
public final class AppDiffableDataSource: CollectionViewDiffableDataSource<Int, String> {
    public private(set) var applied = 0

    public override func apply(
        _ snapshot: DiffableDataSourceSnapshot<Int, String>, animatingDifferences: Bool = true,
        completion: (() -> Void)? = nil
    ) {
        applied += 1
        super.apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
    }
}
