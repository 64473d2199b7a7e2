import KineticGestures
import KineticPlatform

/// Reordering without a finger, as dnd-kit's keyboard sensor and react-beautiful-dnd do it:
/// a focused item is lifted with space (or return), moved one slot per arrow key, dropped with
/// space and put back with escape. The moves are the finger's (single-item moves through the
/// delegate's `moveDataItem(from:to:)`, then the collection view's), so the data and the view
/// agree at every step, and every step is announced.
extension RearrangeableFlowLayout {
    /// The item with keyboard focus, or nil (the default).
    ///
    /// Setting it announces the item (``ReorderAnnouncement/Kind-swift.enum/focused``) and scrolls it into
    /// view; a path that names no item is logged and ignored. Setting it elsewhere, or to nil
    /// (the grid lost focus), while the keyboard moves an item cancels the move first.
    ///
    /// The focus stays on its item: the layout's own moves and batch updates from elsewhere
    /// carry it along. When its item is deleted, or the data reloaded, it becomes nil and
    /// that is announced (``ReorderAnnouncement/Kind-swift.enum/focusLost``).
    public var focusedIndexPath: IndexPath? {
        get { focus?.indexPath }
        set {
            guard let newValue else {
                if drag?.keyboardLabel != nil { cancelKeyboardMove() }
                focus = nil
                return
            }
            guard let collectionView, collectionView.isValid(newValue) else {
                collectionView?.logger.error("focusedIndexPath: ignored index path \(newValue), which names no item")
                return
            }
            guard newValue != focus?.indexPath else { return }
            if drag?.keyboardLabel != nil { cancelKeyboardMove() }
            moveFocus(to: newValue)
        }
    }

    /// Whether the keyboard is moving an item (lifted with space, not yet dropped).
    public var isMovingWithKeyboard: Bool { drag?.keyboardLabel != nil }

    /// Handles one key press and returns what it did, or nil if the key means nothing to a
    /// reorder (let it go to whatever else handles keys). Whatever it returns was also posted to
    /// the ``accessibilityDelegate``.
    ///
    /// - Space, return or keypad enter: lift the focused item, or drop the lifted one.
    /// - Arrows: move the lifted item one slot, or else the focus one item. Along the flow's
    ///   lines (left and right in a vertical flow, up and down in a horizontal one) a step is
    ///   the next or previous position, across sections; across the lines it is the item in the
    ///   next line over that is nearest the item's centre. A lifted item steps into empty
    ///   sections and onto the end of the previous section too.
    /// - Escape: cancel the move: every item goes back where it was when lifted.
    ///
    /// Each step asks the delegate as a finger's move does (`canMoveItem(at:)` to lift,
    /// `targetIndexPath(forMoveFrom:toProposed:)` for each slot) and scrolls the item into view.
    /// A key that cannot act answers with a ``ReorderAnnouncement/Kind-swift.enum/refused(_:)`` announcement
    /// and changes nothing; while a finger drags, every reorder key is refused.
    @discardableResult
    public func handleKeyPress(_ key: KeyboardHIDUsage) -> ReorderAnnouncement? {
        guard let collectionView else { return nil }
        let arrows: [KeyboardHIDUsage] = [
            .keyboardLeftArrow, .keyboardRightArrow, .keyboardUpArrow, .keyboardDownArrow,
        ]
        let lifts: [KeyboardHIDUsage] = [.keyboardSpacebar, .keyboardReturnOrEnter, .keypadEnter]
        let moving = isMovingWithKeyboard
        if key == .keyboardEscape { return moving ? cancelKeyboardMove() : nil }
        guard arrows.contains(key) || lifts.contains(key) else { return nil }
        if drag != nil, !moving { return refuse(.dragInProgress, key: key) }
        collectionView.layoutIfNeeded()
        if let focus, !collectionView.isValid(focus.indexPath) { self.focus = nil }
        guard let focus else { return refuse(.noFocusedItem, key: key) }
        if lifts.contains(key) { return moving ? dropKeyboardMove() : liftFocusedItem(focus.indexPath, key: key) }
        guard let destination = keyboardDestination(from: focus.indexPath, key: key, moving: moving) else {
            return refuse(.noDestination, key: key)
        }
        guard moving else { return moveFocus(to: destination) }
        guard moveBlock(proposing: destination) else { return refuse(.destinationRefused, key: key) }
        placeKeyboardRepresentation()
        return post(.moved, label: drag?.keyboardLabel)
    }

    // MARK: Steps

    private func liftFocusedItem(_ path: IndexPath, key: KeyboardHIDUsage) -> ReorderAnnouncement? {
        if collectionView?.isPresentingMovement == true { return refuse(.dragInProgress, key: key) }
        guard isDraggable, let delegate, delegate.canMoveItem(at: path),
            let attributes = super.layoutAttributesForItem(at: path)
        else { return refuse(.itemCannotMove, key: key) }
        let label = itemName(at: path)
        focus?.label = label
        lift([path], pressed: path, attributes: attributes, finger: attributes.center, keyboardLabel: label)
        scrollFocusIntoView()
        return post(.lifted, label: label)
    }

    private func dropKeyboardMove() -> ReorderAnnouncement? {
        let label = drag?.keyboardLabel
        endDragging()
        return post(.dropped, label: label)
    }

    @discardableResult
    private func cancelKeyboardMove() -> ReorderAnnouncement? {
        let label = drag?.keyboardLabel
        cancelDragging()
        scrollFocusIntoView()
        return post(.cancelled, label: label)
    }

    @discardableResult
    private func moveFocus(to path: IndexPath) -> ReorderAnnouncement? {
        focus = (path, itemName(at: path))
        scrollFocusIntoView()
        return post(.focused, label: focus?.label)
    }

    /// The name of the item at `path`: the delegate's, or "item N".
    private func itemName(at path: IndexPath) -> String {
        if let label = accessibilityDelegate?.accessibilityLabel(forItemAt: path), !label.isEmpty { return label }
        return "item \(path.item + 1)"
    }

    /// Puts the keyboard-lifted item's representation on its slot.
    private func placeKeyboardRepresentation() {
        guard let drag else { return }
        collectionView?.layoutIfNeeded()
        let center = representationCenter(drag)
        for representation in drag.representations { representation.center = center }
        invalidateLayout(with: CollectionViewLayoutInvalidationContext())
        scrollFocusIntoView()
    }

    private func scrollFocusIntoView() {
        guard let collectionView, let path = focus?.indexPath else { return }
        collectionView.layoutIfNeeded()
        guard let frame = super.layoutAttributesForItem(at: path)?.frame else { return }
        collectionView.scrollRectToVisible(frame, animated: true)
    }

    // MARK: Data changes

    /// Carries the focus across an update by `mapping` (nil: the data reloaded); returns the
    /// name of a focus that was lost.
    func remapFocus(_ mapping: CollectionView.IndexPathMapping?) -> String? {
        guard let focus else { return nil }
        if let mapping, let path = mapping.newIndexPath(forOldIndexPath: focus.indexPath) {
            self.focus?.indexPath = path
            return nil
        }
        self.focus = nil
        return focus.label
    }

    /// Announces that the focused item `label` went with a data change.
    func announceFocusLost(_ label: String) {
        let reloaded = collectionView?.counts == nil
        let text = reloaded ? "The list was reloaded. No item has focus." : "\(label.sentence) was removed."
        _ = post(
            ReorderAnnouncement(
                kind: .focusLost, indexPath: nil, itemLabel: label, position: nil, count: nil, text: text))
    }

    /// Announces that a data change from elsewhere ended the keyboard move of `label`.
    func announceInterruption(label: String) {
        let prefix = "Movement cancelled: the list changed."
        guard let path = focus?.indexPath else {
            let reloaded = collectionView?.counts == nil
            let what = reloaded ? "The list was reloaded." : "\(label.sentence) was removed."
            _ = post(
                ReorderAnnouncement(
                    kind: .interrupted, indexPath: nil, itemLabel: label, position: nil, count: nil,
                    text: "\(prefix) \(what)"))
            return
        }
        let (position, count, section) = place(of: path)
        _ = post(
            ReorderAnnouncement(
                kind: .interrupted, indexPath: path, itemLabel: label, position: position, count: count,
                text: "\(prefix) \(label.sentence) is at position \(position) of \(count)\(section)."))
    }

    // MARK: Destinations

    /// The slot (moving) or item (focus) one key step from `path`, or nil at the edge.
    private func keyboardDestination(from path: IndexPath, key: KeyboardHIDUsage, moving: Bool) -> IndexPath? {
        let vertical = scrollDirection == .vertical
        switch (key, vertical) {
        case (.keyboardLeftArrow, true), (.keyboardUpArrow, false):
            return flatNeighbour(of: path, forward: false, moving: moving)
        case (.keyboardRightArrow, true), (.keyboardDownArrow, false):
            return flatNeighbour(of: path, forward: true, moving: moving)
        case (.keyboardUpArrow, true), (.keyboardLeftArrow, false):
            return lineNeighbour(of: path, forward: false)
        default:
            return lineNeighbour(of: path, forward: true)
        }
    }

    /// The next or previous position in the flow, across sections. A moving item may go to
    /// an empty section (at 0) and to the end of the previous section; the focus goes to items.
    private func flatNeighbour(of path: IndexPath, forward: Bool, moving: Bool) -> IndexPath? {
        guard let collectionView else { return nil }
        let count = { collectionView.numberOfItems(inSection: $0) }
        if forward {
            if path.item + 1 < count(path.section) { return IndexPath(item: path.item + 1, section: path.section) }
            let next = (path.section + 1..<max(path.section + 1, collectionView.numberOfSections)).first {
                moving || count($0) > 0
            }
            return next.map { IndexPath(item: 0, section: $0) }
        }
        if path.item > 0 { return IndexPath(item: path.item - 1, section: path.section) }
        let previous = stride(from: path.section - 1, through: 0, by: -1).first { moving || count($0) > 0 }
        return previous.map { IndexPath(item: moving ? count($0) : count($0) - 1, section: $0) }
    }

    /// The item in the next line over (after or before along the scroll axis) whose centre is
    /// nearest `path`'s across it (the lower index path on a tie), or nil if there is no line.
    private func lineNeighbour(of path: IndexPath, forward: Bool) -> IndexPath? {
        guard let own = super.layoutAttributesForItem(at: path)?.frame else { return nil }
        let vertical = scrollDirection == .vertical
        let content = collectionViewContentSize
        let along = { (r: CGRect) in vertical ? r.midY : r.midX }
        let across = { (r: CGRect) in vertical ? r.midX : r.midY }
        let ownAlong = along(own), ownAcross = across(own)
        let end = max(vertical ? content.height : content.width, vertical ? own.maxY : own.maxX)
        let crossStart = min(0, vertical ? own.minX : own.minY)
        let crossLength = max(vertical ? content.width : content.height, vertical ? own.maxX : own.maxY) - crossStart
        var reach = max(vertical ? own.height : own.width, 1) * 2
        // Each round looks four times as far: past the content's end (10⁹ pt sizes, a billion
        // items) within a few dozen rounds; a reach that is no longer finite stops.
        while reach.isFinite {
            let low = forward ? ownAlong : ownAlong - reach
            let length = reach
            let rect =
                vertical
                ? CGRect(x: crossStart, y: low, width: crossLength, height: length)
                : CGRect(x: low, y: crossStart, width: length, height: crossLength)
            let cells = (super.layoutAttributesForElements(in: rect) ?? []).filter {
                $0.representedElementCategory == .cell && $0.indexPath != path
                    && (forward ? along($0.frame) > ownAlong + 0.5 : along($0.frame) < ownAlong - 0.5)
            }
            let nearest =
                forward
                ? cells.min { along($0.frame) < along($1.frame) } : cells.max { along($0.frame) < along($1.frame) }
            if let nearest {
                // The line: the cells beside the nearest one across the scroll axis.
                let line = cells.filter {
                    vertical
                        ? $0.frame.minY < nearest.frame.maxY && $0.frame.maxY > nearest.frame.minY
                        : $0.frame.minX < nearest.frame.maxX && $0.frame.maxX > nearest.frame.minX
                }
                return line.min {
                    (abs(across($0.frame) - ownAcross), $0.indexPath) < (
                        abs(across($1.frame) - ownAcross), $1.indexPath
                    )
                }?.indexPath
            }
            if forward ? low + length >= end : low <= 0 { return nil }
            reach *= 4
        }
        return nil
    }

    // MARK: Announcements

    /// The item's position from 1, its section's count, and " in section N" when there are
    /// several sections.
    private func place(of path: IndexPath) -> (position: Int, count: Int, section: String) {
        let sections = collectionView?.numberOfSections ?? 1
        let count = collectionView?.numberOfItems(inSection: path.section) ?? 0
        return (path.item + 1, count, sections > 1 ? " in section \(path.section + 1)" : "")
    }

    /// Announces `kind` about the focused item, named `label`.
    private func post(_ kind: ReorderAnnouncement.Kind, label: String?) -> ReorderAnnouncement? {
        guard let path = focus?.indexPath, let label else { return nil }
        let (position, count, section) = place(of: path)
        let text: String
        switch kind {
        case .focused: text = "\(label.sentence). Position \(position) of \(count)\(section). Press space to pick up."
        case .lifted: text = "Picked up \(label). Position \(position) of \(count)\(section)."
        case .moved: text = "Moved to position \(position) of \(count)\(section)."
        case .dropped: text = "\(label.sentence) dropped at position \(position)\(section)."
        default: text = "Movement cancelled. \(label.sentence) returned to position \(position)\(section)."
        }
        return post(
            ReorderAnnouncement(
                kind: kind, indexPath: path, itemLabel: label, position: position, count: count, text: text))
    }

    /// Announces that `key` could not act, for `reason`.
    private func refuse(_ reason: ReorderAnnouncement.Refusal, key: KeyboardHIDUsage) -> ReorderAnnouncement {
        let path = focus?.indexPath
        let label = drag?.keyboardLabel ?? focus?.label
        let place = path.map(place(of:))
        let name = label?.sentence ?? "The item"
        let direction =
            switch key {
            case .keyboardLeftArrow: "left"
            case .keyboardRightArrow: "right"
            case .keyboardUpArrow: "up"
            default: "down"
            }
        let text =
            switch reason {
            case .noFocusedItem: "No item has focus."
            case .itemCannotMove: "\(name) cannot be moved."
            case .noDestination: "\(name) cannot move further \(direction)."
            case .destinationRefused: "\(name) cannot move there."
            case .dragInProgress: "An item is being dragged."
            }
        return post(
            ReorderAnnouncement(
                kind: .refused(reason), indexPath: path, itemLabel: path == nil ? nil : label,
                position: place?.position, count: place?.count, text: text))
    }

    /// Hands `announcement` to the delegate and returns it.
    private func post(_ announcement: ReorderAnnouncement) -> ReorderAnnouncement {
        accessibilityDelegate?.rearrangeableFlowLayout(self, didPost: announcement)
        return announcement
    }
}

extension String {
    /// The string made to start a sentence: a first letter from a to z in upper case, anything
    /// else as written. Case in other scripts depends on the language (Turkish upper-cases i
    /// as İ), which the layout does not know, and an app's labels are usually capitalised
    /// already; the default label, "item N", is the case this is for.
    fileprivate var sentence: String {
        guard let first = unicodeScalars.first, ("a"..."z").contains(first) else { return self }
        var capitalised = String(Unicode.Scalar(UInt8(first.value) - 0x20))
        capitalised.unicodeScalars.append(contentsOf: unicodeScalars.dropFirst())
        return capitalised
    }
}
