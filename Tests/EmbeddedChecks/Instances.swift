// The public classes an app makes but does not subclass (DynamicAnimator, CollectionView,
// ScrollView, GestureArena, ViewAnimator, the interactions…), made and driven from another
// module, and the subclasses of Subclasses.swift put to work. Compiled, never run: what matters
// is that Embedded Swift can emit, in this module, every method these calls reach.
import KineticAnimation
import KineticDynamics
import KineticGestures
import KineticInteractions
import KineticLayout
import KineticPlatform

/// An app's data: one section of numbers, movable, and drag and drop between views.
public final class AppDataSource: CollectionViewDataSource, CollectionViewDelegate, CollectionViewDragDelegate,
    CollectionViewDropDelegate, RearrangeableFlowLayoutDelegate
{
    public private(set) var numbers = Array(0..<40)
    public private(set) var selections = 0

    public init() {}

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        numbers.count
    }

    public func collectionView(
        _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
        numbers.insert(numbers.remove(at: sourceIndexPath.item), at: destinationIndexPath.item)
    }

    public func moveDataItem(from source: IndexPath, to destination: IndexPath) {
        numbers.insert(numbers.remove(at: source.item), at: destination.item)
    }

    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        selections += 1
    }

    public func scrollViewDidScroll(_ scrollView: ScrollView) {}

    public func collectionView(
        _ collectionView: CollectionView, itemsForBeginning session: CollectionViewDragSession, at indexPath: IndexPath
    ) -> [DragItem] {
        [DragItem(localObject: numbers[indexPath.item])]
    }

    public func collectionView(
        _ collectionView: CollectionView, performDropWith coordinator: CollectionViewDropCoordinator
    ) {
        guard let destination = coordinator.destinationIndexPath else { return }
        for item in coordinator.items {
            guard let number = item.dragItem.localObject(as: Int.self) else { continue }
            numbers.insert(number, at: min(destination.item, numbers.count))
            collectionView.insertItems(at: [IndexPath(item: min(destination.item, numbers.count - 1), section: 0)])
            coordinator.drop(item.dragItem, toItemAt: destination)
        }
    }
}

/// An animator's delegate, an arena participant and a recognizer's delegate, as an app's
/// controller is.
public final class AppController: DynamicAnimatorDelegate, GestureArenaParticipant, GestureRecognizerDelegate {
    public private(set) var pauses = 0
    public private(set) var frames = 0

    public init() {}

    public func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { pauses += 1 }
    public func arenaDidAdvance(to time: TimeInterval) { frames += 1 }

    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { true }
}

/// The engine: an animator with every behaviour, the app's subclasses among them, driven by
/// steps and by a driver on a manual clock.
public func useDynamics() -> Int {
    let items = (0..<4).map {
        AppItem(center: CGPoint(x: 40 + 60 * Double($0), y: 50), size: CGSize(width: 40, height: 40))
    }
    let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 320, height: 480))
    let controller = AppController()
    animator.delegate = controller
    animator.addBehavior(AppCompositeBehavior(items: [items[0], items[1]]))
    animator.addBehavior(AppGravityBehavior(items: items))
    animator.addBehavior(AppCollisionBehavior(items: items))
    animator.addBehavior(AppAttachmentBehavior(item: items[0], offsetFromCenter: .zero, attachedToAnchor: .zero))
    animator.addBehavior(
        AppAttachmentBehavior(item: items[1], offsetFromCenter: .zero, attachedTo: items[2], offsetFromCenter: .zero))
    animator.addBehavior(AppDynamicItemBehavior(items: items))
    animator.addBehavior(AppPushBehavior(items: [items[3]], mode: .instantaneous))
    animator.addBehavior(AppSnapBehavior(item: items[2], snapTo: CGPoint(x: 160, y: 240)))
    // Every kind of attachment, the field factories, the library's own behaviours as they are.
    let sliding = AttachmentBehavior.slidingAttachment(
        with: items[0], attachedTo: items[1], attachmentAnchor: CGPoint(x: 70, y: 50),
        axisOfTranslation: CGVector(dx: 1, dy: 0))
    let limit = AttachmentBehavior.limitAttachment(
        with: items[1], offsetFromCenter: .zero, attachedTo: items[2], offsetFromCenter: .zero)
    let fixed = AttachmentBehavior.fixedAttachment(with: items[2], attachedTo: items[3], attachmentAnchor: .zero)
    let pin = AttachmentBehavior.pinAttachment(with: items[0], attachedTo: items[3], attachmentAnchor: .zero)
    let group = AttachmentAnchorGroup(attachments: [sliding, limit], offsets: [.zero, .zero], point: .zero)
    group.moveAnchors(to: CGPoint(x: 10, y: 10))
    for behavior in [sliding, limit, fixed, pin] { animator.addBehavior(behavior) }
    let fields = [
        FieldBehavior.radialGravityField(position: CGPoint(x: 160, y: 240)),
        .linearGravityField(direction: CGVector(dx: 0, dy: 1)),
        .velocityField(direction: CGVector(dx: 1, dy: 0)), .noiseField(smoothness: 0.5, animationSpeed: 1),
        .turbulenceField(smoothness: 0.5, animationSpeed: 1), .springField(), .electricField(), .magneticField(),
        .dragField(), .vortexField(), .field { _, _, velocity, _, _, _ in velocity },
    ]
    for field in fields {
        field.addItem(items[0])
        field.region = Region(radius: 100).union(with: Region(size: CGSize(width: 50, height: 50)))
        animator.addBehavior(field)
    }
    let collision = CollisionBehavior(items: [DynamicItemGroup(items: [items[0], items[1]]), items[2]])
    collision.addBoundary(withIdentifier: 1, for: BezierPath(ovalIn: CGRect(x: 0, y: 0, width: 300, height: 300)))
    animator.addBehavior(collision)
    for _ in 0..<60 { animator.step(1.0 / 60) }
    animator.updateItem(usingCurrentState: items[0])
    let inRect = animator.items(in: CGRect(x: 0, y: 0, width: 100, height: 100)).count
    animator.removeBehavior(collision)
    let clock = ManualClock()
    let driver = AnimationDriver(animator: animator, clock: clock)
    clock.advance(by: 0.5)
    let ticks = driver.tick()
    animator.removeAllBehaviors()
    animator.delegate = nil
    return inRect + ticks + controller.pauses
}

/// View animations: curves and springs on a clock, cancelled and read back.
public func useAnimation() -> Bool {
    let clock = ManualClock()
    let animator = ViewAnimator(clock: clock)
    let item = AppItem(center: .zero, size: CGSize(width: 10, height: 10))
    animator.animate(withDuration: 0.3, items: [item]) { item.center = CGPoint(x: 100, y: 0) }
    let spring = animator.animate(with: Spring(response: 0.4, dampingRatio: 0.7), items: [item]) {
        item.alpha = 0.5
    }
    clock.advance(by: 0.1)
    animator.step(to: clock.now)
    _ = animator.centerVelocity(of: item)
    spring.cancel()
    animator.cancelAnimations(of: item)
    // A property animator: started, reversed, paused, scrubbed, carried on with a spring,
    // stopped and finished; a second one blending on top.
    let parameters = SpringTimingParameters(dampingRatio: 0.8, initialVelocity: CGVector(dx: 1, dy: 0))
    let property = ViewPropertyAnimator(duration: 0.4, curve: .easeOut, viewAnimator: animator, items: [item]) {
        item.center = CGPoint(x: 0, y: 80)
    }
    property.addCompletion { position in item.alpha = position == .end ? 1 : 0 }
    property.startAnimation()
    clock.advance(by: 0.1)
    animator.update()
    property.isReversed = true
    property.pauseAnimation()
    property.fractionComplete = 0.5
    property.continueAnimation(withTimingParameters: parameters, durationFactor: 0)
    let blended = ViewPropertyAnimator(
        duration: 0.3, timingParameters: SpringTimingParameters(duration: 0.3, bounce: 0.2), viewAnimator: animator,
        items: [item])
    blended.addAnimations({ item.transform = CGAffineTransform(rotationAngle: 0.3) }, delayFactor: 0.2)
    blended.startAnimation()
    clock.advance(by: 0.1)
    animator.update()
    property.stopAnimation(false)
    property.finishAnimation(at: .current)
    blended.stopAnimation(true)
    return animator.isAnimating || property.state != .inactive
}

/// Touches through an arena to the library's recognizers and the app's, with actions, failure
/// requirements and a delegate.
public func useGestures() -> Int {
    let clock = ManualClock()
    let arena = GestureArena(clock: clock)
    let view = AppItem(center: CGPoint(x: 100, y: 100), size: CGSize(width: 200, height: 200))
    let controller = AppController()
    let swipe = AppSwipeRecognizer()
    let tap = AppTapRecognizer()
    let longPress = AppLongPressRecognizer()
    let pan = AppPanRecognizer()
    var recognized = 0
    swipe.addAction { _ in recognized += 1 }
    tap.addAction { _ in recognized += 1 }
    longPress.addAction { _ in recognized += 1 }
    pan.addAction { recognizer in if recognizer.state == .changed { _ = recognizer.translation(in: nil) } }
    tap.require(toFail: swipe)
    pan.delegate = controller
    let pinch = AppPinchRecognizer()
    let rotation = AppRotationRecognizer()
    let librarySwipe = AppLibrarySwipeRecognizer()
    librarySwipe.direction = [.right, .down]
    let edgePan = AppEdgePanRecognizer()
    edgePan.screenBounds = CGRect(x: 0, y: 0, width: 200, height: 200)
    pinch.addAction { recognizer in if recognizer.state == .changed { _ = recognizer.scale * recognizer.velocity } }
    rotation.addAction { recognizer in _ = recognizer.rotation + recognizer.velocity }
    librarySwipe.addAction { _ in recognized += 1 }
    edgePan.addAction { recognizer in _ = recognizer.translation(in: nil) }
    for recognizer in [pinch, rotation, librarySwipe, edgePan] as [GestureRecognizer] {
        arena.addGestureRecognizer(recognizer, to: view)
    }
    for recognizer in [swipe, tap, longPress, pan] as [GestureRecognizer] {
        arena.addGestureRecognizer(recognizer, to: view)
    }
    arena.addParticipant(controller)
    arena.handle(Touch(id: 1, phase: .began, location: CGPoint(x: 10, y: 10), timestamp: 0))
    arena.handle([Touch(id: 1, phase: .moved, location: CGPoint(x: 80, y: 10), timestamp: 0.05)])
    arena.advance(to: 0.5)
    arena.handle(Touch(id: 1, phase: .ended, location: CGPoint(x: 90, y: 10), timestamp: 0.6))
    arena.update()
    pan.delegate = nil
    arena.removeParticipant(controller)
    for recognizer in [swipe, tap, longPress, pan] as [GestureRecognizer] { arena.removeGestureRecognizer(recognizer) }
    return recognized + arena.touches.count
}

/// Scroll and collection views with the library's layouts and the app's, their main calls, and
/// drag and drop between two views.
public func useLayout() -> Int {
    let clock = ManualClock()
    let arena = GestureArena(clock: clock)
    let data = AppDataSource()
    let scroll = AppScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    scroll.contentSize = CGSize(width: 320, height: 2000)
    scroll.delegate = data
    scroll.install(in: arena)
    scroll.setContentOffset(CGPoint(x: 0, y: 300), animated: true)
    scroll.scrollRectToVisible(CGRect(x: 0, y: 1000, width: 10, height: 10), animated: false)
    scroll.scroll(byWheel: CGPoint(x: 0, y: 20))
    scroll.scrollToTop()
    arena.advance(to: 1)
    var count = 0
    let layouts: [CollectionViewLayout] = [
        AppColumnLayout(), AppFlowLayout(), AppSpringyLayout(), AppDraggableLayout(), AppRearrangeableLayout(),
        FlowLayout(), SpringyFlowLayout(), DraggableLayout(), RearrangeableFlowLayout(), AppCompositionalLayout(),
    ]
    for layout in layouts {
        let view = AppCollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.dataSource = data
        view.delegate = data
        view.install(in: arena)
        view.reloadData()
        view.layoutIfNeeded()
        count += view.visibleLayoutAttributes().count + view.numberOfItems(inSection: 0)
        view.selectItem(at: IndexPath(item: 1, section: 0), animated: false, scrollPosition: [])
        view.scrollToItem(at: IndexPath(item: 30, section: 0), at: .centeredVertically, animated: true)
        arena.advance(to: 2)
        view.performBatchUpdates {
            view.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 3, section: 0))
        }
        if view.beginInteractiveMovementForItem(at: IndexPath(item: 2, section: 0)) {
            view.updateInteractiveMovementTargetPosition(CGPoint(x: 40, y: 300))
            view.endInteractiveMovement()
        }
        _ = view.indexPathForItem(at: CGPoint(x: 40, y: 40))
        layout.invalidateLayout(with: AppInvalidationContext())
        if let springy = layout as? SpringyFlowLayout {
            springy.touchLocation = CGPoint(x: 10, y: 10)
            view.setContentOffset(CGPoint(x: 0, y: 50), animated: false)
        }
        if let draggable = layout as? DraggableLayout {
            draggable.startDragging(indexPaths: [IndexPath(item: 0, section: 0)], from: CGPoint(x: 40, y: 40))
            draggable.updateDragLocation(CGPoint(x: 80, y: 80))
            draggable.animator?.step(1.0 / 60)
            draggable.endDragging()
        }
        if let compositional = layout as? CompositionalLayout {
            compositional.orthogonalScrollView(forSection: 0)?.contentOffset = CGPoint(x: 100, y: 0)
            count += compositional.swipedRow == nil ? 1 : 0
        }
        if let rearrangeable = layout as? RearrangeableFlowLayout {
            rearrangeable.delegate = data
            if rearrangeable.beginDragging(at: CGPoint(x: 40, y: 40)) {
                rearrangeable.updateDragging(to: CGPoint(x: 40, y: 200))
                rearrangeable.step(1.0 / 60)
                rearrangeable.endDragging()
            }
            rearrangeable.delegate = nil
        }
        view.removeFromArena()
        view.dataSource = nil
        view.delegate = nil
    }
    // An app's own dynamic layout (UIKit's springy-list recipe): an animator made for the layout,
    // the layout's attributes as its items, and seed 000's behaviours.
    let springLayout = AppFlowLayout()
    let springView = CollectionView(
        frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: springLayout)
    springView.dataSource = data
    springView.layoutIfNeeded()
    let layoutAnimator = DynamicAnimator(collectionViewLayout: springLayout)
    let visible = springLayout.layoutAttributesForElements(in: springView.bounds) ?? []
    for attributes in visible {
        layoutAnimator.addBehavior(AttachmentBehavior(item: attributes, attachedToAnchor: attributes.center))
    }
    if let first = visible.first {
        layoutAnimator.addBehavior(RectangleAttachmentBehavior(item: first, point: first.center))
        let drag = DragBehavior(items: [first], point: first.center)
        layoutAnimator.addBehavior(drag)
        drag.updateDragLocation(with: CGPoint(x: 100, y: 100))
    }
    layoutAnimator.step(1.0 / 60)
    count += layoutAnimator.layoutAttributesForCell(at: IndexPath(item: 0, section: 0)) == nil ? 0 : 1
    layoutAnimator.removeAllBehaviors()
    springView.dataSource = nil
    // Drag and drop between two views.
    let views = (0..<2).map { index in
        let view = CollectionView(
            frame: CGRect(x: 330 * Double(index), y: 0, width: 320, height: 480), collectionViewLayout: FlowLayout())
        view.dataSource = data
        view.dragDelegate = data
        view.dropDelegate = data
        view.layoutIfNeeded()
        return view
    }
    let space = DragAndDropSpace(collectionViews: views) { $0.frame }
    if !space.beginDrag(at: CGPoint(x: 40, y: 40)).isEmpty {
        space.moveDrag(to: CGPoint(x: 400, y: 100))
        space.step(1.0 / 60)
        _ = space.endDrag()
    }
    let impact = ImpactFeedbackGenerator(style: .heavy)
    impact.prepare()
    impact.impactOccurred()
    SelectionFeedbackGenerator().selectionChanged()
    AppFeedbackGenerator().prepare()
    for view in views {
        view.dataSource = nil
        view.dragDelegate = nil
        view.dropDelegate = nil
    }
    scroll.delegate = nil
    return count
}

/// The interactions on collection views and an item, installed in an arena and advanced with it.
public func useInteractions() -> Int {
    let clock = ManualClock()
    let arena = GestureArena(clock: clock)
    let data = AppDataSource()
    let frame = CGRect(x: 0, y: 0, width: 320, height: 480)
    let dragView = CollectionView(frame: frame, collectionViewLayout: AppDraggableLayout())
    let reorderView = CollectionView(frame: frame, collectionViewLayout: AppRearrangeableLayout())
    var count = 0
    for view in [dragView, reorderView] {
        view.dataSource = data
        view.layoutIfNeeded()
    }
    if let drag = MultiSelectDragInteraction(collectionView: dragView) {
        _ = drag.install(in: arena)
        drag.tap(at: CGPoint(x: 40, y: 40))
        drag.longPressBegan(at: CGPoint(x: 40, y: 40))
        drag.longPressChanged(to: CGPoint(x: 60, y: 90))
        drag.longPressEnded()
        drag.step(1.0 / 60)
        count += drag.selectedIndexPaths.count
        drag.clearSelection()
    }
    if let reorder = ReorderInteraction(collectionView: reorderView, clock: clock) {
        _ = reorder.install(in: arena)
        if reorder.began(at: CGPoint(x: 40, y: 40), time: 0) {
            reorder.changed(to: CGPoint(x: 40, y: 200), time: 0.1)
            reorder.ended()
        }
        reorder.advance(to: 0.5)
    }
    let card = AppItem(center: CGPoint(x: 160, y: 240), size: CGSize(width: 100, height: 150))
    let toss = TossInteraction(item: card, referenceBounds: frame, clock: clock, seed: 4)
    _ = toss.install(in: arena)
    toss.began(at: CGPoint(x: 170, y: 250))
    toss.changed(to: CGPoint(x: 200, y: 200))
    toss.ended(velocity: CGPoint(x: 2000, y: -500))
    let space = DragAndDropSpace(collectionViews: [reorderView]) { $0.frame }
    let dragAndDrop = DragAndDropInteraction(space: space, clock: clock)
    _ = dragAndDrop.install(in: arena)
    if dragAndDrop.began(at: CGPoint(x: 40, y: 40)) {
        dragAndDrop.changed(to: CGPoint(x: 40, y: 300))
        dragAndDrop.ended()
    }
    clock.advance(by: 1)
    arena.advance(to: clock.now)
    count += dragAndDrop.previews.count
    toss.resetDemo()
    for view in [dragView, reorderView] { view.dataSource = nil }
    // A diffable data source: snapshots applied, the view updated by their difference.
    let diffableView = CollectionView(frame: frame, collectionViewLayout: FlowLayout())
    let diffable = AppDiffableDataSource(collectionView: diffableView) { _, _, item in AppCell(label: item) }
    var snapshot = DiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0, 1])
    snapshot.appendItems(["a", "b", "c"], toSection: 0)
    snapshot.appendItems(["d"], toSection: 1)
    diffable.apply(snapshot)
    snapshot.moveItem("a", afterItem: "d")
    snapshot.reloadItems(["b"])
    snapshot.deleteSections([0])
    diffable.apply(snapshot, animatingDifferences: false)
    count +=
        diffable.applied + diffable.snapshot().numberOfItems
        + (diffable.cell(at: IndexPath(item: 0, section: 0)) == nil ? 0 : 1)
    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append(["settings"])
    outline.append(["wifi", "bluetooth"], to: "settings")
    diffable.apply(outline, to: 2)
    diffable.sectionSnapshotHandlers.willExpandItem = { _ in count += 1 }
    diffable.reorderingHandlers.canReorderItem = { $0 != "settings" }
    diffable.reorderingHandlers.didReorder = { count += $0.finalSnapshot.numberOfItems + $0.difference.count }
    if diffable.expand("settings") { count += diffable.snapshot(for: 2).visibleItems.count }
    diffable.moveDataItem(from: IndexPath(item: 1, section: 1), to: IndexPath(item: 2, section: 1))
    // Self-sizing cells: shown items sized by their cells, the offset kept while items above size.
    let sizingLayout = FlowLayout()
    sizingLayout.estimatedItemSize = CGSize(width: 300, height: 44)
    diffableView.collectionViewLayout = sizingLayout
    diffableView.contentOffset = CGPoint(x: 0, y: 10)
    count += diffableView.visibleLayoutAttributes().count
    sizingLayout.estimatedItemSize = FlowLayout.automaticSize
    count += diffableView.visibleLayoutAttributes().count
    diffableView.dataSource = nil
    return count
}
