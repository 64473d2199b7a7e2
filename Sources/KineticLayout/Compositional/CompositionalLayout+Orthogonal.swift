import KineticDynamics
import KineticGestures
import KineticPlatform

/// An orthogonal section's scroll view: its content is the section's line of groups across the
/// layout; it settles as the section's behaviour says (as its own delegate's
/// `scrollViewWillEndDragging`), and it takes a pan only when the pan leans its way (see
/// ``ScrollView``'s single-axis rule), so the layout's scroll takes the others.
final class OrthogonalSectionScroller: ScrollViewDelegate {
    let scrollView: ScrollView
    var behavior: CollectionLayoutSection.OrthogonalScrollingBehavior = .continuous
    /// The section's groups across the layout: where the first starts, the pitch, the group's
    /// length, how many, and the leading inset (where a group's leading edge rests).
    var firstGroup: CGFloat = 0
    var pitch: CGFloat = 0
    var groupLength: CGFloat = 0
    var groupCount = 0
    var leadingInset: CGFloat = 0
    /// A self-sizing section's group starts relative to the first (one more: where the last
    /// ends, its spacing after it), and the spacing; nil when every group is `pitch` apart.
    var groupStarts: [CGFloat]?
    var spacing: CGFloat = 0
    /// Whether the layout scrolls vertically (the section then scrolls horizontally).
    var layoutIsVertical = true
    /// The offset when the drag began, for paging at most one group a fling.
    private var dragStart: CGFloat = 0

    init() {
        scrollView = ScrollView(frame: .zero)
        scrollView.delegate = self
    }

    private func across(_ point: CGPoint) -> CGFloat { layoutIsVertical ? point.x : point.y }

    func scrollViewWillBeginDragging(_ scrollView: ScrollView) {
        dragStart = across(scrollView.contentOffset)
    }

    /// The resting offset for `group`: its leading edge at the leading inset, or its centre at
    /// the view's centre.
    private func restingOffset(ofGroup group: Int, centred: Bool) -> CGFloat {
        var leading = firstGroup + pitch * CGFloat(group)
        var length = groupLength
        if let starts = groupStarts, starts.indices.contains(group + 1) {
            leading = firstGroup + starts[group]
            length = starts[group + 1] - starts[group] - spacing
        }
        guard centred else { return leading - leadingInset }
        let visible = layoutIsVertical ? scrollView.frame.width : scrollView.frame.height
        return leading + length / 2 - visible / 2
    }

    /// The group whose resting offset is nearest `offset`.
    private func nearestGroup(to offset: CGFloat, centred: Bool) -> Int {
        guard groupCount > 0 else { return 0 }
        if groupStarts != nil {
            // Resting offsets grow with the group: the first at or past `offset`, or the one
            // before it if that is nearer.
            var low = 0, high = groupCount - 1
            while low < high {
                let mid = (low + high) / 2
                if restingOffset(ofGroup: mid, centred: centred) < offset { low = mid + 1 } else { high = mid }
            }
            if low > 0,
                offset - restingOffset(ofGroup: low - 1, centred: centred)
                    < restingOffset(ofGroup: low, centred: centred) - offset
            {
                return low - 1
            }
            return low
        }
        guard pitch > 0 else { return 0 }
        let base = restingOffset(ofGroup: 0, centred: centred)
        let group = ((offset - base) / pitch).rounded()
        return Int(min(max(group.isFinite ? group : 0, 0), CGFloat(groupCount - 1)))
    }

    /// Settles group-wise: `.continuousGroupLeadingBoundary` on the group nearest the
    /// projection; `.groupPaging` and `.groupPagingCentered` likewise, but at most one group from
    /// where the drag began (and at least one in the fling's direction when it is fast enough to
    /// project past the middle of the next).
    func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        let centred = behavior == .groupPagingCentered
        let projected = across(targetContentOffset.pointee)
        var group: Int
        switch behavior {
        case .continuousGroupLeadingBoundary:
            group = nearestGroup(to: projected, centred: false)
        case .groupPaging, .groupPagingCentered:
            let start = nearestGroup(to: dragStart, centred: centred)
            group = min(max(nearestGroup(to: projected, centred: centred), start - 1), start + 1)
        case .none, .continuous, .paging:
            return
        }
        group = min(max(group, 0), max(0, groupCount - 1))
        let rest = restingOffset(ofGroup: group, centred: centred)
        if layoutIsVertical { targetContentOffset.pointee.x = rest } else { targetContentOffset.pointee.y = rest }
    }
}

extension CompositionalLayout {
    /// The scroll view of orthogonal section `section` (one whose
    /// ``CollectionLayoutSection/orthogonalScrollingBehavior`` is not `.none`), or nil. Its
    /// content offset is how far the section is scrolled; its pan is in the collection view's
    /// gesture arena once the collection view is. Items of the section are reported where they
    /// show: moved by that offset.
    public final func orthogonalScrollView(forSection section: Int) -> ScrollView? {
        prepareIfNeeded()
        return orthogonalScrollers[section]?.scrollView
    }

    /// Makes, keeps or drops the orthogonal sections' scroll views after a preparation: one per
    /// orthogonal section, its offset kept while the section stays.
    final func updateOrthogonalScrollers() {
        var kept: [Int: OrthogonalSectionScroller] = [:]
        for index in geometry.sections.indices where geometry.sections[index].orthogonal != .none {
            let section = geometry.sections[index]
            let scroller = orthogonalScrollers[index] ?? OrthogonalSectionScroller()
            scroller.behavior = section.orthogonal
            scroller.layoutIsVertical = geometry.vertical
            scroller.firstGroup = section.repeatsVertically ? section.firstGroup.y : section.firstGroup.x
            scroller.pitch = section.pitch
            scroller.groupCount = section.groupCount
            scroller.groupLength = section.groupLength
            scroller.leadingInset = section.orthogonalInsets.leading
            scroller.groupStarts = section.estimated?.starts
            scroller.spacing = section.pitch - section.groupLength
            let scrollView = scroller.scrollView
            scrollView.isPagingEnabled = section.orthogonal == .paging
            scrollView.decelerationRate =
                section.orthogonal == .continuous || section.orthogonal == .continuousGroupLeadingBoundary
                ? .normal : .fast
            scrollView.contentSize =
                geometry.vertical
                ? CGSize(width: section.orthogonalLength, height: 0)
                : CGSize(width: 0, height: section.orthogonalLength)
            kept[index] = scroller
        }
        for (index, scroller) in orthogonalScrollers where kept[index] !== scroller {
            scroller.scrollView.removeFromArena()
        }
        orthogonalScrollers = kept
        placeOrthogonalScrollViews()
    }

    /// Puts each orthogonal section's scroll view where its section shows in the collection
    /// view's frame (clipped to it along the layout's scroll axis, so only a touch on the part
    /// shown reaches it), and installs it in the collection view's arena once there is one.
    final func placeOrthogonalScrollViews(offset: CGPoint? = nil) {
        guard let view = collectionView, !orthogonalScrollers.isEmpty else { return }
        let arena = view.panGestureRecognizer.arena
        let outer = view.frame, offset = offset ?? view.contentOffset
        for (index, scroller) in orthogonalScrollers {
            guard geometry.sections.indices.contains(index) else { continue }
            let section = geometry.sections[index]
            let scrollView = scroller.scrollView
            // The section's groups' span along the layout's scroll axis, on screen.
            var frame: CGRect
            if geometry.vertical {
                let top = section.firstGroup.y - offset.y + outer.minY
                let bottom = top + section.lineLength
                let clippedTop = max(top, outer.minY), clippedBottom = min(bottom, outer.maxY)
                frame = CGRect(
                    x: outer.minX, y: clippedTop, width: outer.width, height: max(0, clippedBottom - clippedTop))
            } else {
                let left = section.firstGroup.x - offset.x + outer.minX
                let right = left + section.lineLength
                let clippedLeft = max(left, outer.minX), clippedRight = min(right, outer.maxX)
                frame = CGRect(
                    x: clippedLeft, y: outer.minY, width: max(0, clippedRight - clippedLeft), height: outer.height)
            }
            if !frame.minX.isFinite || !frame.minY.isFinite { frame = .zero }
            // The width (height) across stays the collection view's: the scroll range needs it.
            scrollView.frame = frame
            if let arena, scrollView.panGestureRecognizer.arena == nil { scrollView.install(in: arena) }
        }
    }

    /// The orthogonal section whose line of groups contains `point` (content coordinates) along
    /// the layout's scroll axis, if any: where a drag scrolls the section at its edges.
    final func orthogonalSection(containing point: CGPoint) -> Int? {
        prepareIfNeeded()
        let along = geometry.vertical ? point.y : point.x
        for index in geometry.sections(meeting: along, along) where geometry.sections[index].orthogonal != .none {
            let section = geometry.sections[index]
            let start = geometry.vertical ? section.firstGroup.y : section.firstGroup.x
            if along >= start, along <= start + section.lineLength { return index }
        }
        return nil
    }

    /// How far orthogonal section `index` is scrolled across the layout (0 for other sections).
    final func orthogonalOffset(_ index: Int) -> CGFloat {
        guard let scroller = orthogonalScrollers[index] else { return 0 }
        let offset = scroller.scrollView.contentOffset
        return geometry.vertical ? offset.x : offset.y
    }
}
