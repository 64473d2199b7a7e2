// `kinetic_differential_run`: random call sequences on the engine, on a collection view and on
// a drag-and-drop board (fingers, the space's calls, the keyboard's reorder; DifferentialBoard),
// read from bytes, with a digest of the state after every call, for the differential test
// (KineticWebTests): the same bytes run natively and in the WebAssembly module must give the same
// digests, call after call. Bad values included: a number the bytes give may be NaN, infinite,
// huge or tiny, an index may name nothing. Built natively as a SwiftPM target and by
// `Scripts/wasm` into a module of its own (differential.wasm), never into the page's.
import KineticDynamics
import KineticLayout
import KineticPlatform

/// Runs the calls the `count` bytes at `bytes` describe and writes the state's digest after each
/// into `digests` (room for `capacity`); returns how many calls ran.
@_cdecl("kinetic_differential_run")
public func kineticDifferentialRun(
    _ bytes: UnsafeRawPointer?, _ count: Int32, _ digests: UnsafeMutablePointer<UInt64>?, _ capacity: Int32
) -> Int32 {
    guard let bytes, let digests, count > 0, capacity > 0 else { return 0 }
    var reader = DifferentialReader(bytes: UnsafeRawBufferPointer(start: bytes, count: Int(count)))
    let world = DifferentialWorld()
    var calls: Int32 = 0
    while !reader.isAtEnd, calls < capacity {
        world.perform(&reader)
        digests[Int(calls)] = world.digest()
        calls += 1
    }
    world.tearDown()
    return calls
}

/// The bytes, front to back; past the end, zeros.
struct DifferentialReader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A number: a small one, a fraction, a hostile one, or any bit pattern.
    mutating func number() -> Double {
        switch byte() % 4 {
        case 0: return Double(Int8(bitPattern: byte()))
        case 1: return Double(byte()) * 4
        case 2:
            let hostile: [Double] = [.nan, .infinity, -.infinity, 0, -0.0, .greatestFiniteMagnitude, 1e-300, 1e30]
            return hostile[Int(byte() % 8)]
        default:
            var bits: UInt64 = 0
            for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
            return Double(bitPattern: bits)
        }
    }

    /// An index that may name nothing: mostly within `count`, now and then past it or negative.
    mutating func index(_ count: Int) -> Int {
        let raw = Int(Int8(bitPattern: byte()))
        return raw >= 0 && count > 0 ? raw % (count + 1) : raw
    }
}

/// An item the animator moves.
final class DifferentialItem: DynamicItem {
    var center: CGPoint
    var bounds: CGRect
    var transform: CGAffineTransform = .identity

    init(center: CGPoint, size: CGSize) {
        self.center = center
        self.bounds = CGRect(origin: .zero, size: size)
    }
}

/// A collection view's data: item counts per section, moved as the view asks.
final class DifferentialData: CollectionViewDataSource {
    var counts = [6, 3, 0]
    func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        section >= 0 && section < counts.count ? counts[section] : 0
    }
    func collectionView(
        _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
        counts[sourceIndexPath.section] -= 1
        counts[destinationIndexPath.section] += 1
    }
}

/// The engine and the collection view the calls act on.
final class DifferentialWorld {
    let items = (0..<6).map {
        DifferentialItem(
            center: CGPoint(x: 40 + Double($0) * 50, y: 60 + Double($0 % 3) * 40), size: CGSize(width: 30, height: 20))
    }
    let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 375, height: 667))
    var behaviors: [DynamicBehavior] = []
    let data = DifferentialData()
    let layout = FlowLayout()
    let view: CollectionView
    let board = DifferentialBoard()

    init() {
        view = CollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.dataSource = data
        view.layoutIfNeeded()
    }

    /// Lets go of what refers back (the WebAssembly build holds delegates strongly).
    func tearDown() {
        view.dataSource = nil
        for behavior in behaviors { animator.removeBehavior(behavior) }
        board.tearDown()
    }

    private func item(_ reader: inout DifferentialReader) -> DifferentialItem {
        items[Int(reader.byte()) % items.count]
    }
    private func some(_ reader: inout DifferentialReader) -> [DifferentialItem] {
        let mask = reader.byte() | 1
        return items.enumerated().filter { mask & (1 << UInt8($0.offset)) != 0 }.map { $0.element }
    }
    private func point(_ reader: inout DifferentialReader) -> CGPoint {
        CGPoint(x: reader.number(), y: reader.number())
    }
    private func add(_ behavior: DynamicBehavior) {
        behaviors.append(behavior)
        animator.addBehavior(behavior)
    }

    /// One call, chosen and filled in by the bytes.
    func perform(_ reader: inout DifferentialReader) {
        switch reader.byte() % 26 {
        case 0, 1: animator.step([1.0 / 120, 1.0 / 60, reader.number()][Int(reader.byte() % 3)])
        case 2:
            let gravity = GravityBehavior(items: some(&reader))
            gravity.magnitude = reader.number()
            gravity.angle = reader.number()
            add(gravity)
        case 3:
            let collision = CollisionBehavior(items: some(&reader))
            collision.translatesReferenceBoundsIntoBoundary = reader.byte() % 2 == 0
            add(collision)
        case 4:
            let attachment = AttachmentBehavior(
                item: item(&reader), offsetFromCenter: .zero, attachedToAnchor: point(&reader))
            attachment.length = reader.number()
            attachment.frequency = reader.number()
            attachment.damping = reader.number()
            add(attachment)
        case 5:
            let one = item(&reader), other = item(&reader)
            guard one !== other else { return }
            let offset = Offset(horizontal: reader.number(), vertical: reader.number())
            add(AttachmentBehavior(item: one, offsetFromCenter: offset, attachedTo: other, offsetFromCenter: .zero))
        case 6:
            let snap = SnapBehavior(item: item(&reader), snapTo: point(&reader))
            snap.damping = reader.number()
            add(snap)
        case 7:
            let push = PushBehavior(items: some(&reader), mode: reader.byte() % 2 == 0 ? .instantaneous : .continuous)
            push.magnitude = reader.number()
            push.angle = reader.number()
            add(push)
        case 8:
            let properties = DynamicItemBehavior(items: some(&reader))
            properties.elasticity = reader.number()
            properties.friction = reader.number()
            properties.resistance = reader.number()
            properties.density = reader.number()
            properties.allowsRotation = reader.byte() % 2 == 0
            add(properties)
        case 9:
            guard !behaviors.isEmpty else { return }
            animator.removeBehavior(behaviors.remove(at: Int(reader.byte()) % behaviors.count))
        case 10:
            let moved = item(&reader)
            moved.center = point(&reader)
            animator.updateItem(usingCurrentState: moved)
        case 11:
            let field = FieldBehavior.radialGravityField(position: point(&reader))
            field.strength = reader.number()
            field.addItem(item(&reader))
            add(field)
        case 12:
            let section = reader.index(data.counts.count), at = reader.index(8)
            guard section >= 0, section < data.counts.count, at >= 0, at <= data.counts[section] else { return }
            view.performBatchUpdates {
                self.data.counts[section] += 1
                self.view.insertItems(at: [IndexPath(item: at, section: section)])
            }
        case 13:
            let section = reader.index(data.counts.count), at = reader.index(8)
            guard section >= 0, section < data.counts.count, at >= 0, at < data.counts[section] else { return }
            view.performBatchUpdates {
                self.data.counts[section] -= 1
                self.view.deleteItems(at: [IndexPath(item: at, section: section)])
            }
        case 14:
            // A batch that does not describe the data's change (nothing changed, an item said
            // inserted): refused, and nothing changes.
            let section = reader.index(data.counts.count)
            view.performBatchUpdates { self.view.insertItems(at: [IndexPath(item: 0, section: section)]) }
        case 15:
            let at = reader.index(data.counts.count)
            guard at >= 0, at <= data.counts.count else { return }
            let count = Int(reader.byte() % 4)
            view.performBatchUpdates {
                self.data.counts.insert(count, at: at)
                self.view.insertSections(IndexSet(integer: at))
            }
        case 16:
            view.reloadData()
        case 17:
            view.setContentOffset(point(&reader), animated: false)
        case 18:
            layout.itemSize = CGSize(width: reader.number(), height: reader.number())
        case 19:
            layout.minimumLineSpacing = reader.number()
        case 20:
            let section = reader.index(data.counts.count), at = reader.index(8)
            _ = view.beginInteractiveMovementForItem(at: IndexPath(item: at, section: section))
            view.updateInteractiveMovementTargetPosition(point(&reader))
            if reader.byte() % 2 == 0 { view.endInteractiveMovement() } else { view.cancelInteractiveMovement() }
        case 21:
            view.layoutIfNeeded()
        default:
            board.perform(&reader)
        }
    }

    /// FNV-1a over the state's bit patterns: every item's center and transform, the view's offset
    /// and content size, the data's counts, every visible item's path and frame, and the board's
    /// state (``DifferentialBoard/digest(_:)``).
    func digest() -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: UInt64) {
            hash = (hash ^ value) &* 0x0000_0100_0000_01b3
        }
        func mix(_ value: Double) { mix(value.bitPattern) }
        for item in items {
            mix(Double(item.center.x))
            mix(Double(item.center.y))
            mix(Double(item.transform.a))
            mix(Double(item.transform.b))
        }
        mix(Double(view.contentOffset.x))
        mix(Double(view.contentOffset.y))
        mix(Double(view.contentSize.width))
        mix(Double(view.contentSize.height))
        for count in data.counts { mix(UInt64(truncatingIfNeeded: count)) }
        view.layoutIfNeeded()
        for attributes in view.visibleLayoutAttributes() {
            mix(UInt64(truncatingIfNeeded: attributes.indexPath.section))
            mix(UInt64(truncatingIfNeeded: attributes.indexPath.item))
            mix(Double(attributes.frame.origin.x))
            mix(Double(attributes.frame.origin.y))
            mix(Double(attributes.frame.size.width))
            mix(Double(attributes.frame.size.height))
        }
        board.digest(mix)
        return hash
    }
}
