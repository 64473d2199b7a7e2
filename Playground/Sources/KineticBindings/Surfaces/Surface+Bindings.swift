// `kinetic_surface_…` and the interactions' constructors: ready-made interactions on a page's
// elements, fed by its Pointer Events, read back as records (see `RecordWriter`).
import KineticGestures
import KineticLayout
import KineticPlatform

/// The interactions by handle.
nonisolated(unsafe) var surfaces = HandleTable<Surface>()

/// Where frames and orders are written for the page to read: `RecordWriter.width` doubles a
/// record. Grows as needed (its address may change at any call that writes it).
nonisolated(unsafe) var records = Buffer<Double>()

/// Bytes both ways: a label the page writes for the module to read, an announcement the module
/// writes for the page.
nonisolated(unsafe) var bytes = Buffer<UInt8>()

/// Memory the page reads and writes, grown (never shrunk) to what a call needs.
struct Buffer<Element: BitwiseCopyable> {
    private(set) var base = UnsafeMutablePointer<Element>.allocate(capacity: 64)
    private(set) var capacity = 64

    /// Makes room for `count` elements (keeping none of the old ones).
    mutating func reserve(_ count: Int) {
        guard count > capacity else { return }
        base.deallocate()
        capacity = max(count, capacity * 2)
        base = .allocate(capacity: capacity)
    }

    /// Writes `values` from the start.
    mutating func write(_ values: [Element]) {
        reserve(values.count)
        for (index, value) in values.enumerated() { base[index] = value }
    }
}

/// The largest length or coordinate a page may give (points): larger finite values (1e30,
/// 1.8e308) would overflow the layouts' sums, and no element is a million points big.
let largestLength = 1e6
/// The most elements an interaction takes.
let largestCount = 1_000_000
/// The latest time (seconds since the page made the interaction, about 31 years).
let latestTime = 1e9

private func length(_ value: Double) -> CGFloat? {
    value.isFinite && value >= 0 && value <= largestLength ? CGFloat(value) : nil
}

private func coordinate(_ value: Double) -> CGFloat? {
    value.isFinite && abs(value) <= largestLength ? CGFloat(value) : nil
}

/// The number of elements, or nil for one out of 0…`largestCount`.
private func elementCount(_ value: Int32) -> Int? {
    value >= 0 && Int(value) <= largestCount ? Int(value) : nil
}

private func metrics(_ itemWidth: Double, _ itemHeight: Double, _ spacing: Double, _ inset: Double, horizontal: Bool)
    -> FlowLayoutMetrics?
{
    guard let width = length(itemWidth), let height = length(itemHeight), width > 0, height > 0,
        let spacing = length(spacing), let inset = length(inset)
    else { return nil }
    return FlowLayoutMetrics(
        itemSize: CGSize(width: width, height: height), spacing: spacing, inset: inset, horizontal: horizontal)
}

// MARK: Making

/// A toss (seed 004) of an element `width` by `height` centred at (`x`, `y`) in a container
/// `containerWidth` by `containerHeight`; `seed` draws its spins.
@_cdecl("kinetic_toss_create")
public func kineticTossCreate(
    _ containerWidth: Double, _ containerHeight: Double, _ x: Double, _ y: Double, _ width: Double,
    _ height: Double, _ seed: Int32
) -> Int32 {
    guard let cw = length(containerWidth), let ch = length(containerHeight), let x = coordinate(x),
        let y = coordinate(y), let w = length(width), let h = length(height)
    else { return BindingError.badNumber.rawValue }
    return surfaces.insert(
        TossSurface(
            bounds: CGSize(width: cw, height: ch), center: CGPoint(x: x, y: y), size: CGSize(width: w, height: h),
            seed: UInt64(UInt32(bitPattern: seed))))
}

/// A long-press reorder (seed 003) of `count` elements in a container `width` by `height`, laid
/// out `itemWidth` by `itemHeight` with `spacing` between and `inset` around, scrolling down (or
/// across when `horizontal` is 1); `paging` 1 auto-scrolls a page at a time.
@_cdecl("kinetic_reorder_create")
public func kineticReorderCreate(
    _ width: Double, _ height: Double, _ count: Int32, _ itemWidth: Double, _ itemHeight: Double, _ spacing: Double,
    _ inset: Double, _ horizontal: Int32, _ paging: Int32
) -> Int32 {
    guard let w = length(width), let h = length(height), let n = elementCount(count),
        let metrics = metrics(itemWidth, itemHeight, spacing, inset, horizontal: horizontal == 1),
        horizontal == 0 || horizontal == 1, paging == 0 || paging == 1
    else { return BindingError.badNumber.rawValue }
    let layout = RearrangeableFlowLayout()
    metrics.apply(to: layout)
    layout.autoScroll.mode = paging == 1 ? .paging : .continuous
    guard let surface = ReorderSurface(size: CGSize(width: w, height: h), count: n, layout: layout) else {
        return BindingError.notApplicable.rawValue
    }
    return surfaces.insert(surface)
}

/// A springy multi-select drag (seed 000) of `count` elements in a container `width` by
/// `height`, laid out as the reorder's.
@_cdecl("kinetic_selection_create")
public func kineticSelectionCreate(
    _ width: Double, _ height: Double, _ count: Int32, _ itemWidth: Double, _ itemHeight: Double, _ spacing: Double,
    _ inset: Double
) -> Int32 {
    guard let w = length(width), let h = length(height), let n = elementCount(count),
        let metrics = metrics(itemWidth, itemHeight, spacing, inset, horizontal: false)
    else { return BindingError.badNumber.rawValue }
    let layout = DraggableLayout()
    metrics.apply(to: layout)
    guard let surface = SelectionSurface(size: CGSize(width: w, height: h), count: n, layout: layout) else {
        return BindingError.notApplicable.rawValue
    }
    return surfaces.insert(surface)
}

/// A board for drag and drop between columns (add them with `kinetic_board_add_column`), whose
/// elements are `itemWidth` by `itemHeight` with `spacing` between and `inset` around.
@_cdecl("kinetic_board_create")
public func kineticBoardCreate(_ itemWidth: Double, _ itemHeight: Double, _ spacing: Double, _ inset: Double) -> Int32 {
    guard let metrics = metrics(itemWidth, itemHeight, spacing, inset, horizontal: false) else {
        return BindingError.badNumber.rawValue
    }
    return surfaces.insert(BoardSurface(metrics: metrics))
}

/// Adds a column at (`x`, `y`, `width`, `height`) on the board holding `count` new elements (their
/// ids follow the previous columns'); answers the column's index.
@_cdecl("kinetic_board_add_column")
public func kineticBoardAddColumn(
    _ handle: Int32, _ x: Double, _ y: Double, _ width: Double, _ height: Double, _ count: Int32
) -> Int32 {
    guard let surface = surfaces[handle] else { return BindingError.unknownHandle.rawValue }
    guard let board = surface as? BoardSurface else { return BindingError.notApplicable.rawValue }
    guard let frame = frame(x, y, width, height), let n = elementCount(count),
        board.elementCount + n <= largestCount
    else { return BindingError.badNumber.rawValue }
    return Int32(board.addColumn(frame: frame, count: n))
}

/// A scroll view over a container `width` by `height` whose content is `contentWidth` by
/// `contentHeight`; `paging` 1 stops it on multiples of its size.
@_cdecl("kinetic_scroll_create")
public func kineticScrollCreate(
    _ width: Double, _ height: Double, _ contentWidth: Double, _ contentHeight: Double, _ paging: Int32
) -> Int32 {
    guard let w = length(width), let h = length(height), let cw = length(contentWidth),
        let ch = length(contentHeight), paging == 0 || paging == 1
    else { return BindingError.badNumber.rawValue }
    return surfaces.insert(
        ScrollSurface(
            size: CGSize(width: w, height: h), contentSize: CGSize(width: cw, height: ch), paging: paging == 1))
}

/// Destroys the interaction (a drag in flight ends with it).
@_cdecl("kinetic_surface_destroy")
public func kineticSurfaceDestroy(_ handle: Int32) -> Int32 {
    guard let surface = surfaces.remove(handle) else { return BindingError.unknownHandle.rawValue }
    surface.tearDown()
    return 0
}

// MARK: Input

/// One pointer's event at (`x`, `y`) in the surface's coordinates, `time` seconds after it was
/// made: `phase` 0 down, 1 move, 2 up, 3 cancelled (`pointercancel`). Pointers are told apart by
/// `id`; a second pointer is a second finger.
@_cdecl("kinetic_surface_touch")
public func kineticSurfaceTouch(
    _ handle: Int32, _ id: Int32, _ phase: Int32, _ x: Double, _ y: Double, _ time: Double
) -> Int32 {
    guard let surface = surfaces[handle] else { return BindingError.unknownHandle.rawValue }
    let phases: [Touch.Phase] = [.began, .moved, .ended, .cancelled]
    guard phases.indices.contains(Int(phase)), let x = coordinate(x), let y = coordinate(y), time.isFinite,
        time >= 0, time <= latestTime
    else { return BindingError.badNumber.rawValue }
    surface.handle(id: Int(id), phase: phases[Int(phase)], location: CGPoint(x: x, y: y), at: time)
    return 0
}

/// Scrolls container `container` by a wheel's (`dx`, `dy`).
@_cdecl("kinetic_surface_wheel")
public func kineticSurfaceWheel(_ handle: Int32, _ container: Int32, _ dx: Double, _ dy: Double) -> Int32 {
    guard let surface = surfaces[handle] else { return BindingError.unknownHandle.rawValue }
    guard let dx = coordinate(dx), let dy = coordinate(dy) else { return BindingError.badNumber.rawValue }
    return surface.scroll(container: Int(container), byWheel: CGPoint(x: dx, y: dy))
        ? 0 : BindingError.notApplicable.rawValue
}

/// The keyboard's focus came in (1) or left (0).
@_cdecl("kinetic_surface_focus")
public func kineticSurfaceFocus(_ handle: Int32, _ focused: Int32) -> Int32 {
    guard let surface = surfaces[handle] else { return BindingError.unknownHandle.rawValue }
    guard focused == 0 || focused == 1 else { return BindingError.badNumber.rawValue }
    return surface.setKeyboardFocus(focused == 1) ? 0 : BindingError.notApplicable.rawValue
}

/// A key, by its USB HID usage (0x2C space, 0x4F…0x52 arrows, 0x29 escape, 0x28 return); answers
/// 1 if the interaction used it (the page then keeps the browser from using it), 0 if not.
@_cdecl("kinetic_surface_key")
public func kineticSurfaceKey(_ handle: Int32, _ usage: Int32) -> Int32 {
    guard let surface = surfaces[handle] else { return BindingError.unknownHandle.rawValue }
    guard let key = KeyboardHIDUsage(rawValue: Int(usage)) else { return 0 }
    return surface.handleKey(key) ? 1 : 0
}

/// Takes element `id` out of the interaction: the page removed it from the document. Its id
/// leaves the data order and its cell the view (the others close the gap; a drag that carries it
/// ends). `notApplicable` for an interaction without an order (a toss, a scroll view) or an id
/// that is not one of its elements (never made, or removed already).
@_cdecl("kinetic_surface_remove_element")
public func kineticSurfaceRemoveElement(_ handle: Int32, _ id: Int32) -> Int32 {
    guard let surface = surfaces[handle] else { return BindingError.unknownHandle.rawValue }
    return surface.removeElement(Int(id)) ? 0 : BindingError.notApplicable.rawValue
}

/// Adds a new element at `index` of container `container`'s data order (the page inserted one;
/// 0 puts it first, the container's count last). Answers its id, the next after every id the
/// interaction made (ids are never reused: an element put back gets a new one). The others make
/// room; in a list or grid a drag in flight ends, cancelled. `notApplicable` for an interaction
/// without an order (a toss, a scroll view) or no such container; `badNumber` for an index past
/// the container's end or an interaction that has made `largestCount` elements.
@_cdecl("kinetic_surface_insert_element")
public func kineticSurfaceInsertElement(_ handle: Int32, _ container: Int32, _ index: Int32) -> Int32 {
    guard let surface = surfaces[handle] else { return BindingError.unknownHandle.rawValue }
    guard let ids = surface.order(of: Int(container)) else { return BindingError.notApplicable.rawValue }
    guard index >= 0, Int(index) <= ids.count, let id = surface.insertElement(at: Int(index), in: Int(container))
    else { return BindingError.badNumber.rawValue }
    return Int32(id)
}

/// Names element `id` for the announcements with the `length` bytes of UTF-8 at `kinetic_bytes`
/// (invalid sequences read as U+FFFD).
@_cdecl("kinetic_surface_set_label")
public func kineticSurfaceSetLabel(_ handle: Int32, _ id: Int32, _ length: Int32) -> Int32 {
    guard let surface = surfaces[handle] else { return BindingError.unknownHandle.rawValue }
    guard length >= 0, Int(length) <= bytes.capacity else { return BindingError.badNumber.rawValue }
    let label = String(decoding: UnsafeBufferPointer(start: bytes.base, count: Int(length)), as: UTF8.self)
    return surface.setLabel(label, of: Int(id)) ? 0 : BindingError.notApplicable.rawValue
}

/// The address of at least `capacity` bytes for a label (answers 0 for a capacity out of 0…2²⁰).
@_cdecl("kinetic_bytes")
public func kineticBytes(_ capacity: Int32) -> UnsafeMutablePointer<UInt8>? {
    guard capacity >= 0, capacity <= 1 << 20 else { return nil }
    bytes.reserve(Int(capacity))
    return bytes.base
}

// MARK: Output

/// Advances the interaction to `time` (seconds since it was made; an earlier time than the last
/// is read as the last) and writes the frame's records at `kinetic_records`: every element's if
/// `everything` is 1, else those in view. Answers how many; the scratch doubles hold 1 while the
/// interaction moves (0: the page may stop asking until the next event) and the order version
/// (when it changes, the page reads `kinetic_surface_order`).
@_cdecl("kinetic_surface_advance")
public func kineticSurfaceAdvance(_ handle: Int32, _ time: Double, _ everything: Int32) -> Int32 {
    guard let surface = surfaces[handle] else { return BindingError.unknownHandle.rawValue }
    guard time.isFinite, time >= 0, time <= latestTime, everything == 0 || everything == 1 else {
        return BindingError.badNumber.rawValue
    }
    let (frame, moving) = surface.advance(to: time, everything: everything == 1)
    records.write(frame.values)
    scratch[0] = moving ? 1 : 0
    scratch[1] = Double(surface.orderVersion)
    return Int32(frame.count)
}

/// The address of the records the last call wrote.
@_cdecl("kinetic_records")
public func kineticRecords() -> UnsafeMutablePointer<Double> { records.base }

/// Writes container `container`'s ids in data order at `kinetic_records` (one double each);
/// answers how many.
@_cdecl("kinetic_surface_order")
public func kineticSurfaceOrder(_ handle: Int32, _ container: Int32) -> Int32 {
    guard let surface = surfaces[handle] else { return BindingError.unknownHandle.rawValue }
    guard let ids = surface.order(of: Int(container)) else { return BindingError.notApplicable.rawValue }
    records.write(ids.map(Double.init))
    return Int32(ids.count)
}

/// Writes container `container`'s scroll position and content size to the scratch doubles
/// (offset x, y, width, height).
@_cdecl("kinetic_surface_container")
public func kineticSurfaceContainer(_ handle: Int32, _ container: Int32) -> Int32 {
    guard let surface = surfaces[handle] else { return BindingError.unknownHandle.rawValue }
    guard container >= 0, Int(container) < surface.containerCount else { return BindingError.notApplicable.rawValue }
    let offset = surface.contentOffset(of: Int(container)), size = surface.contentSize(of: Int(container))
    for (index, value) in [offset.x, offset.y, size.width, size.height].enumerated() { scratch[index] = Double(value) }
    return 0
}

/// The container was resized or moved to (`x`, `y`, `width`, `height`) (mid-drag too).
@_cdecl("kinetic_surface_set_frame")
public func kineticSurfaceSetFrame(
    _ handle: Int32, _ container: Int32, _ x: Double, _ y: Double, _ width: Double, _ height: Double
) -> Int32 {
    guard let surface = surfaces[handle] else { return BindingError.unknownHandle.rawValue }
    guard let frame = frame(x, y, width, height) else { return BindingError.badNumber.rawValue }
    return surface.setFrame(frame, of: Int(container)) ? 0 : BindingError.notApplicable.rawValue
}

/// The container's content was resized to `width` by `height` (a scroll view's).
@_cdecl("kinetic_surface_set_content_size")
public func kineticSurfaceSetContentSize(_ handle: Int32, _ container: Int32, _ width: Double, _ height: Double)
    -> Int32
{
    guard let surface = surfaces[handle] else { return BindingError.unknownHandle.rawValue }
    guard let w = length(width), let h = length(height) else { return BindingError.badNumber.rawValue }
    return surface.setContentSize(CGSize(width: w, height: h), of: Int(container))
        ? 0 : BindingError.notApplicable.rawValue
}

/// Writes the oldest announcement not yet taken as UTF-8 at `kinetic_bytes`; answers its length
/// in bytes, 0 when there is none.
@_cdecl("kinetic_surface_announcement")
public func kineticSurfaceAnnouncement(_ handle: Int32) -> Int32 {
    guard let surface = surfaces[handle] else { return BindingError.unknownHandle.rawValue }
    guard !surface.announcements.isEmpty else { return 0 }
    let text = Array(surface.announcements.removeFirst().utf8.prefix(1 << 20))
    bytes.write(text)
    return Int32(text.count)
}

private func frame(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> CGRect? {
    guard let x = coordinate(x), let y = coordinate(y), let w = length(width), let h = length(height) else {
        return nil
    }
    return CGRect(x: x, y: y, width: w, height: h)
}

/// How many interactions are alive: for tests that check that destroying frees.
@_cdecl("kinetic_live_interactions")
public func kineticLiveInteractions() -> Int32 { Int32(min(surfaces.count, Int(Int32.max))) }
