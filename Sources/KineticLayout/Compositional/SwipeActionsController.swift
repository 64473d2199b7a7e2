import KineticDynamics
import KineticGestures
import KineticPlatform

/// A list's swipe actions (UIKit's feel): a mostly horizontal pan on a row with actions moves
/// the row; past its actions' width it follows with resistance, or 1:1 when a full swipe may
/// perform the first action; released, it settles open or closed on the scroll view's spring by
/// where it would come to rest (its offset plus 0.2 s of its velocity); a full swipe (past 60 %
/// of the row, our figure) performs the first action. One row is open at a time; a touch
/// elsewhere closes it; a tap on a button performs its action. The collection view's vertical
/// pan takes a mostly vertical pan first (a scroll view that scrolls on one axis takes only pans
/// that lean its way), so scrolling wins over a swipe that does not lean sideways.
final class SwipeActionsController: GestureArenaParticipant {
    /// The row that is moved or open, and how far (negative: trailing actions shown).
    struct Swipe {
        var indexPath: IndexPath
        var offset: CGFloat
        /// The offset where the drag began.
        var base: CGFloat
        var motion: ScrollMotion?
        /// Set while a full swipe's action runs.
        var performing = false
    }

    unowned(unsafe) let layout: CompositionalLayout
    let pan: SwipePanGestureRecognizer
    private(set) var swipe: Swipe?
    private var currentTime: TimeInterval = 0
    /// The full-swipe threshold, as a fraction of the row's width.
    static let fullSwipeFraction: CGFloat = 0.6

    init(layout: CompositionalLayout) {
        self.layout = layout
        pan = SwipePanGestureRecognizer()
        pan.name = "list swipe"
        pan.controller = self
        pan.addAction { pan in pan.controller?.panned() }
    }

    /// Installs the pan in the collection view's arena, once there is one.
    func installIfNeeded() {
        guard pan.arena == nil, let view = layout.collectionView, let arena = view.panGestureRecognizer.arena else {
            return
        }
        arena.addGestureRecognizer(pan, to: view)
        arena.addParticipant(self)
        currentTime = arena.currentTime
    }

    func uninstall() {
        guard let arena = pan.arena else { return }
        arena.removeGestureRecognizer(pan)
        arena.removeParticipant(self)
    }

    // MARK: Rows and actions

    /// The configuration of the row at `indexPath` from its trailing (or leading) edge.
    func configuration(_ indexPath: IndexPath, trailing: Bool) -> SwipeActionsConfiguration? {
        guard let list = layout.listConfiguration(section: indexPath.section) else { return nil }
        let provider =
            trailing ? list.trailingSwipeActionsConfigurationProvider : list.leadingSwipeActionsConfigurationProvider
        guard let configuration = provider?(indexPath), !configuration.actions.isEmpty else { return nil }
        return configuration
    }

    /// The row's frame as laid out (not moved by the swipe).
    func rowFrame(_ indexPath: IndexPath) -> CGRect? {
        layout.laidOutFrame(of: indexPath)
    }

    /// The buttons shown for the swiped row: each action's frame, the first nearest the edge,
    /// sharing the revealed width.
    func buttons() -> [(action: ContextualAction, index: Int, frame: CGRect)] {
        guard let swipe, swipe.offset != 0, let row = rowFrame(swipe.indexPath),
            let configuration = configuration(swipe.indexPath, trailing: swipe.offset < 0)
        else { return [] }
        let revealed = abs(swipe.offset), count = CGFloat(configuration.actions.count)
        let width = revealed / count
        return configuration.actions.enumerated().map { index, action in
            let x =
                swipe.offset < 0 ? row.maxX - CGFloat(index + 1) * width : row.minX + CGFloat(index) * width
            return (action, index, CGRect(x: x, y: row.minY, width: width, height: row.height))
        }
    }

    // MARK: Touches

    /// A finger came down: a touch off the open row closes it; on a button, the pan's tap
    /// performs it when the finger lifts without dragging.
    func fingerDown(at point: CGPoint) {
        guard let swipe, !swipe.performing else { return }
        if let row = rowFrame(swipe.indexPath),
            row.contains(point) || buttons().contains(where: { $0.frame.contains(point) })
        {
            return
        }
        settle(to: 0, velocity: 0)
    }

    /// The finger lifted without a drag at `point`: a tap on a button performs its action.
    func tapped(at point: CGPoint) {
        guard let swipe, !swipe.performing,
            let button = buttons().first(where: { $0.frame.contains(point) })
        else { return }
        perform(button.action, frame: button.frame, at: swipe.indexPath)
    }

    /// Whether a pan that has moved by `translation` from `start` may begin: it leans sideways,
    /// over a row that has actions on the side it reveals (or that is open).
    func shouldBegin(translation: CGPoint, start: CGPoint) -> Bool {
        guard abs(translation.x) > abs(translation.y), let path = layout.rowIndexPath(at: start) else { return false }
        if let swipe, swipe.indexPath == path { return true }
        return configuration(path, trailing: translation.x < 0) != nil
    }

    func panned() {
        guard let view = layout.collectionView else { return }
        switch pan.state {
        case .began:
            let start = pan.startLocation(in: view)
            guard let path = layout.rowIndexPath(at: start) else { return }
            if let open = swipe, open.indexPath != path { settle(to: 0, velocity: 0) }
            let base = swipe?.indexPath == path ? swipe?.offset ?? 0 : 0
            swipe = Swipe(indexPath: path, offset: base, base: base, motion: nil)
            follow(pan.translation(in: view).x)
        case .changed:
            follow(pan.translation(in: view).x)
        case .ended:
            release(velocity: pan.velocity(in: view).x)
        case .cancelled:
            settle(to: 0, velocity: 0)
        default: break
        }
    }

    /// The row follows the finger: 1:1 up to its actions' width, then 1:1 toward a full swipe
    /// or with the scroll view's rubber band; not at all toward a side without actions.
    private func follow(_ translation: CGFloat) {
        guard var swipe, let row = rowFrame(swipe.indexPath), translation.isFinite else { return }
        let raw = swipe.base + translation
        let trailing = raw < 0
        guard let configuration = configuration(swipe.indexPath, trailing: trailing) else {
            swipe.offset = 0
            self.swipe = swipe
            return
        }
        let actions = SwipeActionsConfiguration.actionWidth * CGFloat(configuration.actions.count)
        let width = min(actions, row.width)
        var shown = abs(raw)
        if shown > width {
            shown =
                configuration.performsFirstActionWithFullSwipe
                ? min(shown, row.width)
                : width + ScrollPhysics.rubberBand(shown - width, dimension: row.width)
        }
        swipe.offset = trailing ? -shown : shown
        swipe.motion = nil
        self.swipe = swipe
    }

    /// Released: a full swipe performs the first action; otherwise the row settles open or
    /// closed by where it would come to rest.
    private func release(velocity: CGFloat) {
        guard let swipe, let row = rowFrame(swipe.indexPath) else { return }
        let trailing = swipe.offset < 0
        guard let configuration = configuration(swipe.indexPath, trailing: trailing) else {
            settle(to: 0, velocity: 0)
            return
        }
        let speed = velocity.isFinite ? velocity : 0
        if configuration.performsFirstActionWithFullSwipe, abs(swipe.offset) > row.width * Self.fullSwipeFraction {
            let first = configuration.actions[0]
            let full = trailing ? -row.width : row.width
            self.swipe?.offset = full
            // A full swipe's button is the whole row.
            perform(first, frame: row, at: swipe.indexPath)
            return
        }
        let width = min(SwipeActionsConfiguration.actionWidth * CGFloat(configuration.actions.count), row.width)
        let projected = abs(swipe.offset + speed * 0.2)
        let opens = projected > width / 2 && (swipe.offset + speed * 0.2 < 0) == trailing
        settle(to: opens ? (trailing ? -width : width) : 0, velocity: speed)
    }

    /// Performs `action` of the row at `indexPath`; when it completes, the row closes (a
    /// destructive action's row is gone once the app deletes its item).
    private func perform(_ action: ContextualAction, frame: CGRect, at indexPath: IndexPath) {
        swipe?.performing = true
        action.handler(action, ContextualAction.SourceView(frame: frame)) { [self] _ in
            guard swipe?.indexPath == indexPath else { return }
            swipe?.performing = false
            settle(to: 0, velocity: 0)
        }
    }

    /// Moves the swiped row to `offset` on the scroll view's spring (from its velocity in
    /// points per second); at rest closed, it is forgotten.
    private func settle(to offset: CGFloat, velocity: CGFloat) {
        guard var swipe else { return }
        syncTime()
        if swipe.offset == offset {
            self.swipe = offset == 0 ? nil : swipe
            return
        }
        swipe.motion = ScrollMotion(
            kind: .spring(rest: offset, offset: swipe.offset - offset, velocity: velocity.isFinite ? velocity : 0),
            began: currentTime)
        self.swipe = swipe
    }

    private func syncTime() {
        if let time = pan.arena?.currentTime, time.isFinite { currentTime = max(currentTime, time) }
    }

    func arenaDidAdvance(to time: TimeInterval) {
        currentTime = max(currentTime, time)
        guard var swipe, var motion = swipe.motion else { return }
        let sample = motion.sample(at: currentTime)
        swipe.offset = sample.position
        swipe.motion = sample.done ? nil : motion
        self.swipe = sample.done && sample.position == 0 ? nil : swipe
    }

    /// After a batch update: the swiped row follows its item, or is forgotten with it.
    func remap(_ mapping: CollectionView.IndexPathMapping) {
        guard let swipe else { return }
        if let moved = mapping.newIndexPath(forOldIndexPath: swipe.indexPath) {
            self.swipe?.indexPath = moved
        } else {
            self.swipe = nil
        }
    }
}

/// The list's swipe pan: a pan that tells its controller when a finger comes down (to close an
/// open row) and when one lifts without dragging (a tap on a button), and begins only when the
/// controller agrees (its own delegate asks). The layout removes it from its arena before the
/// controller goes, so the unowned references never dangle.
final class SwipePanGestureRecognizer: PanGestureRecognizer {
    unowned(unsafe) var controller: SwipeActionsController?
    private var downLocation: CGPoint?
    private let ownDelegate = SwipePanDelegate()

    override init() {
        super.init()
        ownDelegate.pan = self
        delegate = ownDelegate
    }

    /// Where the pan's touch came down, in `view`'s coordinates.
    func startLocation(in view: CollectionView) -> CGPoint {
        let translation = translation(in: view)
        let now = location(in: view)
        return CGPoint(x: now.x - translation.x, y: now.y - translation.y)
    }

    override func touchesBegan(_ touches: [Touch]) {
        super.touchesBegan(touches)
        if let view = controller?.layout.collectionView {
            let point = location(in: view)
            downLocation = point
            controller?.fingerDown(at: point)
        }
    }

    override func touchesEnded(_ touches: [Touch]) {
        let wasPossible = state == .possible
        super.touchesEnded(touches)
        if wasPossible, let point = downLocation { controller?.tapped(at: point) }
        downLocation = nil
    }

    /// Whether the pan may begin now (asked by its delegate).
    func mayBegin() -> Bool {
        guard let controller, let view = controller.layout.collectionView else { return false }
        return controller.shouldBegin(translation: translation(in: view), start: startLocation(in: view))
    }
}

/// The swipe pan's delegate: asks the pan's controller.
final class SwipePanDelegate: GestureRecognizerDelegate {
    unowned(unsafe) var pan: SwipePanGestureRecognizer?

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        pan?.mayBegin() ?? false
    }
}
