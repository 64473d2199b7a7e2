import KineticAnimation
import KineticDynamics
import KineticGestures
import KineticLayout
import KineticPlatform

/// iOS 11's drag and drop between collection views, by finger, over a
/// ``/KineticLayout/DragAndDropSpace``: a long press lifts the card (its preview scales up
/// slightly and follows the finger), taps by other fingers add cards to the stack (they fly into
/// it), moving over any view lets its layout make room, and lifting the finger drops: each card
/// lands in its slot on a spring, or, if the drop is refused or cancelled, flies back to where it
/// came from.
///
/// Feed it the phases in the space's coordinates (or ``install(in:)`` its recognizers in an
/// arena) and call ``advance(to:)`` every frame. Whoever draws shows the views, then
/// ``previews`` above them.
public final class DragAndDropInteraction: GestureArenaParticipant, GestureRecognizerDelegate {
    /// A dragged card's preview: attributes in the space's coordinates (the view's cell, copied),
    /// animated by this interaction.
    public final class Preview {
        /// The dragged item.
        public let item: DragItem
        /// Where and how the preview shows: centre, size, transform (the lift's scale), zIndex.
        public let attributes: CollectionViewLayoutAttributes
        /// Its place in the stack under the finger (0 on top).
        public fileprivate(set) var stackIndex: Int
        /// Whether it has been let go (landing, or flying home) rather than held.
        public fileprivate(set) var isReleased = false
        /// Whether it has arrived after being let go: it is no longer one of the ``previews``.
        fileprivate var hasArrived = false
        /// How it looks: the drag delegate's parameters while held, the drop delegate's while it
        /// lands; nil: the whole cell.
        public fileprivate(set) var parameters: DragPreviewParameters?

        init(item: DragItem, attributes: CollectionViewLayoutAttributes, stackIndex: Int) {
            self.item = item
            self.attributes = attributes
            self.stackIndex = stackIndex
        }
    }

    /// The space the drags move in.
    public let space: DragAndDropSpace
    /// Runs the lift, landing and return animations.
    public let viewAnimator: ViewAnimator
    /// How much a lifted card grows. Default 1.06.
    public var liftScale: CGFloat = 1.06
    /// The spring a lifted card grows on (response 0.25 s, damping ratio 0.8).
    public var liftSpring = Spring(response: 0.25, dampingRatio: 0.8)
    /// The spring a dropped card lands on (response 0.35 s, damping ratio 0.75: a slight settle).
    public var dropSpring = Spring(response: 0.35, dampingRatio: 0.75)
    /// The spring a refused or cancelled card flies home on (response 0.4 s, critically damped).
    public var returnSpring = Spring(response: 0.4, dampingRatio: 1)
    /// How far each card below the top of the stack sits, down and to the right, in points.
    public var stackOffset: CGFloat = 4

    /// The previews: the stack under the finger, and cards still landing or flying home.
    public var previews: [Preview] { allPreviews.filter { !$0.hasArrived } }
    /// The previews made, less those that arrived by the last `advance(to:)`. A preview's
    /// animation marks it arrived; it does not reach back into the interaction, whose view
    /// animator holds the animation (a cycle in the WebAssembly build, which has no `weak`).
    private var allPreviews: [Preview] = []
    private var finger: CGPoint = .zero
    private var lastTime: TimeInterval?
    /// The recognizers `install(in:)` made, by identity only: the interaction is their delegate
    /// and their actions' target, so holding them would be a cycle where references are strong
    /// (the WebAssembly build), and a non-owning reference could outlive them. Only a recognizer
    /// whose delegate is this interaction asks about itself, and only while it lives.
    private var pressID: ObjectIdentifier?
    private var tapID: ObjectIdentifier?
    private var pressTouch: Int?

    /// Drives drags in `space`, animating on `clock`.
    public init(space: DragAndDropSpace, clock: any AnimationClock) {
        self.space = space
        viewAnimator = ViewAnimator(clock: clock)
    }

    // MARK: Phases (the space's coordinates)

    /// A long press began at `point`: lifts what the view under it gives. Returns whether a drag
    /// began.
    @discardableResult
    public func began(at point: CGPoint) -> Bool {
        let items = space.beginDrag(at: point)
        guard !items.isEmpty else { return false }
        finger = point
        lift(items, from: point)
        return true
    }

    /// The finger moved to `point`: the stack follows it.
    public func changed(to point: CGPoint) {
        guard space.session != nil, point.x.isFinite, point.y.isFinite else { return }
        finger = point
        space.moveDrag(to: point)
    }

    /// Another finger tapped `point`: the card there joins the stack, flying into it.
    @discardableResult
    public func tapped(at point: CGPoint) -> Bool {
        guard space.session != nil else { return false }
        let items = space.addItems(at: point)
        guard !items.isEmpty else { return false }
        lift(items, from: point)
        return true
    }

    /// The finger lifted: drop. Each card the drop delegate landed flies to its slot; the others
    /// fly home.
    public func ended() {
        guard space.session != nil else { return }
        let held = previews.filter { !$0.isReleased }
        let coordinator = space.endDrag()
        var landed = Set<ObjectIdentifier>()
        for landing in coordinator?.landings ?? [] {
            guard let preview = held.first(where: { $0.item === landing.item }),
                let target = center(of: landing.landing, in: coordinator!)
            else { continue }
            landed.insert(ObjectIdentifier(preview))
            if case .item(let path) = landing.landing {
                let view = coordinator!.destinationCollectionView
                preview.parameters = view.dropDelegate?.collectionView(view, dropPreviewParametersForItemAt: path)
            }
            release(preview, to: target, spring: dropSpring)
        }
        for preview in held where !landed.contains(ObjectIdentifier(preview)) { sendHome(preview) }
    }

    /// The drag was cancelled (the system, a gesture failing): every card flies home.
    public func cancelled() {
        guard space.session != nil else { return }
        let held = previews.filter { !$0.isReleased }
        space.cancelDrag()
        for preview in held { sendHome(preview) }
    }

    /// Advances the space (auto-scroll, cadence) and the animations to `time`.
    public func advance(to time: TimeInterval) {
        guard time.isFinite else { return }
        if let lastTime, time > lastTime {
            let dt = time - lastTime
            space.step(dt)
            // Held cards follow the finger closely, each to its place in the stack: an
            // exponential approach with a 50 ms time constant (cards tapped in fly across in a
            // few frames, the top card keeps up with the finger).
            let k = CGFloat(1 - Elementary.exp(-dt / 0.05))
            for preview in previews where !preview.isReleased {
                let target = stackCenter(preview.stackIndex)
                let c = preview.attributes.center
                preview.attributes.center = CGPoint(x: c.x + (target.x - c.x) * k, y: c.y + (target.y - c.y) * k)
            }
        }
        lastTime = time
        viewAnimator.step(to: time)
        allPreviews.removeAll { $0.hasArrived }
    }

    // MARK: Previews

    /// Where the preview at `index` of the stack sits under the finger.
    private func stackCenter(_ index: Int) -> CGPoint {
        CGPoint(x: finger.x + CGFloat(index) * stackOffset, y: finger.y + CGFloat(index) * stackOffset)
    }

    /// Makes previews of `items` at their cells and animates them into the stack, scaled up.
    private func lift(_ items: [DragItem], from point: CGPoint) {
        let base = previews.filter { !$0.isReleased }.count
        for (offset, item) in items.enumerated() {
            guard let view = item.sourceCollectionView, let source = item.sourceIndexPath else { continue }
            let attributes = CollectionViewLayoutAttributes(forCellWith: source)
            attributes.size = item.previewSize
            if let presented = view.presentedIndexPath(forDataIndexPath: source),
                let cell = view.layoutAttributesForItem(at: presented)
            {
                attributes.center = space.spacePoint(cell.center, in: view)
            } else {
                attributes.center = point
            }
            attributes.zIndex = 1000 + base + offset
            let preview = Preview(item: item, attributes: attributes, stackIndex: base + offset)
            preview.parameters = item.previewParameters
            allPreviews.append(preview)
            // It grows on a spring; `advance(to:)` carries it into the stack.
            let scale = liftScale
            viewAnimator.animate(with: liftSpring, items: [attributes]) {
                attributes.transform = CGAffineTransform(scaleX: scale, y: scale)
            }
        }
        // The stack's order: the cards in the order they joined, the first on top.
        let current = previews
        for preview in current where !preview.isReleased {
            preview.attributes.zIndex = 1000 + (current.count - preview.stackIndex)
        }
    }

    /// The centre, in the space, a landing takes the preview to.
    private func center(
        of landing: CollectionViewDropCoordinator.Landing, in coordinator: CollectionViewDropCoordinator
    )
        -> CGPoint?
    {
        let destination = coordinator.destinationCollectionView
        destination.layoutIfNeeded()
        switch landing {
        case .item(let path):
            return destination.layoutAttributesForItem(at: path).map { space.spacePoint($0.center, in: destination) }
        case .into(_, let rect):
            return space.spacePoint(CGPoint(x: rect.midX, y: rect.midY), in: destination)
        case .placeholder(let context):
            guard let place = context.placeIndexPath, let cell = destination.layoutAttributesForItem(at: place) else {
                return nil
            }
            return space.spacePoint(cell.center, in: destination)
        }
    }

    /// Lets `preview` go to `target` on `spring`, back to its normal size; it goes when it lands.
    private func release(_ preview: Preview, to target: CGPoint, spring: Spring) {
        preview.isReleased = true
        viewAnimator.animate(with: spring, items: [preview.attributes]) {
            preview.attributes.center = target
            preview.attributes.transform = .identity
        } completion: { _ in
            preview.hasArrived = true
        }
    }

    /// Flies `preview` back to its item's cell (or just drops it where it is if the item went).
    private func sendHome(_ preview: Preview) {
        let item = preview.item
        guard let view = item.sourceCollectionView, let source = item.sourceIndexPath,
            let presented = view.presentedIndexPath(forDataIndexPath: source),
            let cell = view.layoutAttributesForItem(at: presented)
        else {
            release(preview, to: preview.attributes.center, spring: returnSpring)
            return
        }
        release(preview, to: space.spacePoint(cell.center, in: view), spring: returnSpring)
    }

    // MARK: Recognizers

    /// Adds to `arena` a long press (the drag's finger) and a one-finger tap that only other
    /// fingers reach while a drag is in flight (adding cards), both driving this interaction,
    /// and returns them. The arena's points are the space's.
    @discardableResult
    public func install(in arena: GestureArena) -> (LongPressGestureRecognizer, TapGestureRecognizer) {
        // The arena holds the recognizers, which hold these actions: the actions hold this
        // interaction weakly (strongly in the WebAssembly build, where the interaction does not
        // hold the recognizers: no cycle).
        let owner = WeakReference(wrappedValue: self)
        let press = LongPressGestureRecognizer()
        press.delegate = self
        _ = press.addAction { press in
            guard let self = owner.wrappedValue else { return }
            switch press.state {
            case .began: self.began(at: press.location)
            case .changed: self.changed(to: press.location)
            case .ended: self.ended()
            case .cancelled, .failed: self.cancelled()
            default: break
            }
        }
        let tap = TapGestureRecognizer()
        tap.delegate = self
        _ = tap.addAction { tap in
            guard let self = owner.wrappedValue, tap.state == .ended else { return }
            self.tapped(at: tap.location)
        }
        arena.addGestureRecognizer(press)
        arena.addGestureRecognizer(tap)
        arena.addParticipant(self)
        pressID = ObjectIdentifier(press)
        tapID = ObjectIdentifier(tap)
        return (press, tap)
    }

    /// The press gets only the first finger once it has one; the tap only other fingers, and
    /// only during a drag.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        let id = ObjectIdentifier(gestureRecognizer)
        if id == pressID {
            if gestureRecognizer.numberOfTouches == 0 { pressTouch = touch.id }
            return touch.id == pressTouch
        }
        if id == tapID { return space.session != nil && touch.id != pressTouch }
        return true
    }

    /// The tap and the press recognize together: a tap while dragging adds a card.
    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool {
        let pair = (ObjectIdentifier(gestureRecognizer), ObjectIdentifier(otherGestureRecognizer))
        return (pair.0 == pressID && pair.1 == tapID) || (pair.0 == tapID && pair.1 == pressID)
    }

    /// Advances to the arena's time.
    public func arenaDidAdvance(to time: TimeInterval) { advance(to: time) }
}
