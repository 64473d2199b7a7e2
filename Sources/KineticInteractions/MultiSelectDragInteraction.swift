import KineticDynamics
import KineticGestures
import KineticLayout
import KineticPlatform

/// Seed 000's view controller as a reusable controller: a tap toggles a cell's selection, a long
/// press drags every selected cell on springs with a ``/KineticLayout/DraggableLayout``, and they spring home
/// when the press ends.
///
/// Feed it gesture phases in the collection view's content coordinates (directly, or through
/// ``install(in:)``'s recognizers), and call ``step(_:)`` once per frame, or let the arena it is
/// installed in do that: ``/KineticGestures/GestureArena/advance(to:)`` steps it by the time since the last frame.
public final class MultiSelectDragInteraction: GestureArenaParticipant {
    /// The arena's time at the last frame (``install(in:)`` sets it).
    private var lastTime: TimeInterval?

    /// The collection view, laid out by ``layout``.
    public let collectionView: CollectionView
    /// The layout that drags.
    public let layout: DraggableLayout

    /// Drives `collectionView`, whose layout must be a ``/KineticLayout/DraggableLayout``; turns on multiple
    /// selection, as toggling needs it.
    public init?(collectionView: CollectionView) {
        guard let layout = collectionView.collectionViewLayout as? DraggableLayout else { return nil }
        self.collectionView = collectionView
        self.layout = layout
        collectionView.allowsMultipleSelection = true
    }

    /// The selected cells, ascending. The collection view keeps them, so batch updates remap
    /// them.
    public var selectedIndexPaths: [IndexPath] { collectionView.indexPathsForSelectedItems ?? [] }

    /// A tap at `point`: toggles the cell there, if any (multiple selection: a tap on a selected
    /// cell deselects it), telling the collection view's delegate as a tap does.
    public func tap(at point: CGPoint) {
        guard let indexPath = collectionView.indexPathForItem(at: point) else { return }
        collectionView.userDidTapItem(at: indexPath)
    }

    /// A long press began at `point`: the selected cells start following it.
    public func longPressBegan(at point: CGPoint) {
        layout.startDragging(indexPaths: selectedIndexPaths, from: point)
    }

    /// The long press moved to `point`.
    public func longPressChanged(to point: CGPoint) {
        layout.updateDragLocation(point)
    }

    /// The long press ended, was cancelled or failed: the cells spring home.
    public func longPressEnded() {
        layout.endDragging()
    }

    /// Advances the drag's springs by one frame of `dt` seconds.
    public func step(_ dt: TimeInterval) {
        layout.animator?.step(dt)
        collectionView.layoutIfNeeded()
    }

    // MARK: Recognizers

    /// Adds a tap recognizer (toggling selection) and a long-press recognizer (dragging the
    /// selection) to `arena`, over everything (the collection view fills it), with touches in
    /// the collection view's own coordinates. A quick tap taps; a held press drags.
    @discardableResult
    public func install(in arena: GestureArena) -> (tap: TapGestureRecognizer, longPress: LongPressGestureRecognizer) {
        // The arena holds the recognizers, which hold these actions: the actions hold this
        // interaction weakly (strongly in the WebAssembly build, where the interaction holds
        // neither the recognizers nor the arena: no cycle).
        let owner = WeakReference(wrappedValue: self)
        let tap = TapGestureRecognizer()
        _ = tap.addAction { tap in
            guard let self = owner.wrappedValue, tap.state == .recognized else { return }
            self.tap(at: self.content(tap.location))
        }
        let press = LongPressGestureRecognizer()
        _ = press.addAction { press in
            guard let self = owner.wrappedValue else { return }
            switch press.state {
            case .began: self.longPressBegan(at: self.content(press.location))
            case .changed: self.longPressChanged(to: self.content(press.location))
            case .ended, .cancelled, .failed: self.longPressEnded()
            default: break
            }
        }
        arena.addGestureRecognizer(tap)
        arena.addGestureRecognizer(press)
        lastTime = arena.currentTime
        arena.addParticipant(self)
        return (tap, press)
    }

    /// Steps the springs by the time since the arena's last frame.
    public func arenaDidAdvance(to time: TimeInterval) {
        if let lastTime, time > lastTime { step(time - lastTime) }
        lastTime = max(lastTime ?? time, time)
    }

    /// A recognizer's location in content coordinates, within the drag's range: the arena already
    /// reported a touch beyond ±10¹² pt, so the location computed from it is held silently.
    private func content(_ point: CGPoint) -> CGPoint {
        RectangleAttachmentBehavior.clampedLocation(
            CGPoint(x: point.x + collectionView.contentOffset.x, y: point.y + collectionView.contentOffset.y))
    }

    /// Deselects every cell.
    public func clearSelection() {
        for indexPath in selectedIndexPaths { collectionView.deselectItem(at: indexPath, animated: false) }
    }
}
