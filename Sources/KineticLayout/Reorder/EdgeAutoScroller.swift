import KineticPlatform

/// How a dragged item scrolls the content when held near an edge.
public enum RearrangeAutoScrollMode: Sendable, Hashable {
    /// Scroll continuously, faster the deeper into the edge zone and the longer it is held.
    case continuous
    /// Turn a page at a time and turn again while held (seed 003's behaviour).
    case paging
}

/// Edge auto-scroll during a drag: where the finger is relative to the visible edges decides a
/// scroll each frame. Pure arithmetic over the visible rectangle, so the layout stays simple
/// and the rules are tested alone.
struct EdgeAutoScroller {
    /// How long the finger has been in an edge zone without leaving it.
    var heldTime: TimeInterval = 0
    /// Seconds until paging may turn the next page; counts down only between turns.
    var pageCooldown: TimeInterval = 0
    /// A page turn in progress: start and end offsets along the axis, and its progress 0…1.
    var pageTurn: (from: CGFloat, to: CGFloat, progress: Double)?

    /// The new offset along the scroll axis after `dt`, or nil when nothing scrolls.
    ///
    /// - Parameters:
    ///   - finger: the finger along the scroll axis, in view coordinates (0 at the view's edge).
    ///   - length: the view's length along the axis.
    ///   - insets: the content insets at the start and end of the axis: the visible area, where
    ///     the zones are, lies inside them.
    ///   - offset: the current content offset along the axis.
    ///   - clamp: an offset along the axis clamped to the scrollable range.
    mutating func step(
        dt: TimeInterval, finger: CGFloat, length: CGFloat, insets: (start: CGFloat, end: CGFloat),
        offset: CGFloat, clamp: (CGFloat) -> CGFloat, settings: RearrangeableFlowLayout.AutoScrollSettings
    ) -> CGFloat? {
        if var turn = pageTurn {
            // A page turn runs to its end even if the finger leaves, as a scroll animation would.
            turn.progress = min(1, turn.progress + dt / max(settings.pageTurnDuration, 1e-6))
            pageTurn = turn.progress >= 1 ? nil : turn
            let t = turn.progress
            let eased = t * t * (3 - 2 * t)
            return turn.from + (turn.to - turn.from) * CGFloat(eased)
        }
        let zone = settings.edgeSize
        let visibleStart = insets.start, visibleEnd = length - insets.end
        // Depth into a zone, 0…1, signed: negative toward the start of the content.
        var depth: CGFloat = 0
        if finger < visibleStart + zone {
            depth = -min(1, (visibleStart + zone - finger) / zone)
        } else if finger > visibleEnd - zone {
            depth = min(1, (finger - (visibleEnd - zone)) / zone)
        }
        guard depth != 0, zone > 0 else {
            heldTime = 0
            pageCooldown = 0
            return nil
        }
        heldTime += dt
        switch settings.mode {
        case .continuous:
            let ramp = settings.rampDuration > 0 ? min(1, heldTime / settings.rampDuration) : 1
            let next = offset + depth * settings.maximumSpeed * CGFloat(ramp) * CGFloat(dt)
            let clamped = clamp(next)
            return clamped == offset ? nil : clamped
        case .paging:
            pageCooldown -= dt
            guard pageCooldown <= 0 else { return nil }
            let page = max(1, visibleEnd - visibleStart)
            let target = clamp(offset + (depth < 0 ? -page : page))
            guard target != offset else { return nil }
            pageCooldown = settings.pageRepeatInterval
            pageTurn = (offset, target, 0)
            return step(
                dt: 0, finger: finger, length: length, insets: insets, offset: offset, clamp: clamp, settings: settings)
        }
    }
}
