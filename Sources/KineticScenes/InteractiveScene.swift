import Foundation
import KineticAnimation
import KineticDynamics
import KineticGestures
import KineticInteractions
import KineticLayout

/// A scene a person plays with: touches in (in the scene's view coordinates), frames out. The
/// playground runs one per connection; `kinetic replay` runs one from a trace.
public protocol InteractiveScene: AnyObject {
    /// The scene's clock: replays and tests move it.
    var clock: ManualClock { get }
    /// Where the scene's touches go: its recognizers run there.
    var arena: GestureArena { get }
    /// Runs timers, animations and physics up to `time`.
    func advance(to time: TimeInterval)
    /// Every number that makes up the current frame (positions, angles, the data order), for
    /// comparing runs bit for bit.
    var state: [Double] { get }
    /// A few human-readable lines about the current frame.
    var summary: String { get }
    /// What a canvas draws for the current frame, in view coordinates.
    var drawables: [Drawable] { get }
    /// The engine's joints, anchors and contacts for the debug overlay, in view coordinates
    /// (empty where the scene runs no physics).
    var overlay: DebugOverlay { get }
}

extension InteractiveScene {
    public var overlay: DebugOverlay { DebugOverlay() }

    /// Delivers one touch event to the scene's recognizers.
    public func handle(_ touch: Touch) { arena.handle(touch) }

    /// Drawables for layout attributes seen through a view scrolled to `offset`.
    static func drawables(of attributes: [CollectionViewLayoutAttributes], offset: CGPoint, selected: Set<IndexPath> = [], label: (IndexPath) -> String? = { _ in nil }) -> [Drawable] {
        attributes.filter { !$0.isHidden && $0.representedElementCategory == .cell }.map { a in
            Drawable(
                id: a.indexPath.item * 2 + (a.zIndex > 0 ? 1 : 0), kind: selected.contains(a.indexPath) ? .selectedCell : .cell,
                x: Double(a.center.x - offset.x), y: Double(a.center.y - offset.y),
                width: Double(a.size.width), height: Double(a.size.height),
                angle: Double(atan2(a.transform.b, a.transform.a)), z: a.zIndex, label: label(a.indexPath)
            )
        }
    }
}

/// The scenes a trace can name.
public enum InteractiveSceneName: String, CaseIterable, Sendable {
    case drag, reorder, toss, springy, sandbox

    /// The view every scene draws into, in points (an iPhone's 375 × 667).
    public static let viewSize = CGSize(width: 375, height: 667)

    /// A fresh scene, its random choices drawn from `seed`.
    public func make(seed: UInt64) -> any InteractiveScene {
        switch self {
        case .drag: DragPlayScene()
        case .reorder: ReorderPlayScene()
        case .toss: TossPlayScene(seed: seed)
        case .springy: SpringyPlayScene()
        case .sandbox: SandboxPlayScene()
        }
    }
}

/// Seed 000: 1000 cells of 50 pt in a 375×667 view; tap to select, long press to drag the
/// selection on springs.
public final class DragPlayScene: InteractiveScene {
    public let clock = ManualClock()
    public let arena: GestureArena
    public let collectionView: CollectionView
    public let interaction: MultiSelectDragInteraction
    private let data = CountSource(count: 1000)
    private var lastTime: TimeInterval = 0

    public init() {
        arena = GestureArena(clock: clock)
        collectionView = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: DraggableLayout())
        collectionView.dataSource = data
        collectionView.layoutIfNeeded()
        interaction = MultiSelectDragInteraction(collectionView: collectionView)!
        interaction.install(in: arena)
    }

    public func advance(to time: TimeInterval) {
        clock.sleep(until: time)
        arena.advance(to: time)
        if time > lastTime { interaction.step(time - lastTime) }
        lastTime = max(lastTime, time)
    }

    public var state: [Double] {
        collectionView.visibleLayoutAttributes().sorted { $0.indexPath < $1.indexPath }.flatMap {
            [Double($0.indexPath.item), Double($0.center.x), Double($0.center.y), Double($0.zIndex)]
        } + interaction.selectedIndexPaths.map { Double($0.item) }
    }

    public var summary: String {
        let selected = interaction.selectedIndexPaths.map { String($0.item) }.joined(separator: ",")
        let dragging = interaction.layout.animator != nil
        return "selected: [\(selected)]\ndragging: \(dragging)"
    }

    public var drawables: [Drawable] {
        Self.drawables(of: collectionView.visibleLayoutAttributes(), offset: collectionView.contentOffset, selected: Set(interaction.selectedIndexPaths))
    }

    public var overlay: DebugOverlay {
        DebugOverlay(interaction.layout.animator.map { [$0] } ?? [], offset: collectionView.contentOffset)
    }
}

/// Seed 003: 100 numbered cells of 80 pt in a 375×667 view; long press, drag, drop; edges scroll.
public final class ReorderPlayScene: TunableScene {
    public let clock = ManualClock()
    public let arena: GestureArena
    public let collectionView: CollectionView
    public let interaction: ReorderInteraction
    public let data = NumberedCells(count: 100)
    private let layout = RearrangeableFlowLayout()

    public init() {
        arena = GestureArena(clock: clock)
        layout.itemSize = CGSize(width: 80, height: 80)
        layout.delegate = data
        collectionView = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
        collectionView.dataSource = data
        collectionView.layoutIfNeeded()
        interaction = ReorderInteraction(collectionView: collectionView, clock: clock)!
        interaction.install(in: arena)
    }

    public func advance(to time: TimeInterval) {
        clock.sleep(until: time)
        arena.advance(to: time)
        interaction.advance(to: time)
        collectionView.layoutIfNeeded()
    }

    public var state: [Double] {
        data.items.map(Double.init) + [Double(collectionView.contentOffset.y)]
            + collectionView.visibleLayoutAttributes().sorted { ($0.indexPath, $0.zIndex) < ($1.indexPath, $1.zIndex) }.flatMap {
                [Double($0.center.x), Double($0.center.y), $0.isHidden ? 1 : 0]
            }
    }

    public var summary: String {
        "order: \(data.items.prefix(20).map(String.init).joined(separator: ","))…\nscrolled: \(collectionView.contentOffset.y) pt"
    }

    /// The edge auto-scroll's mode: continuous, or a page at a time (seed 003's).
    public var parameters: [SceneParameter] {
        [SceneParameter(name: "paging", minimum: 0, maximum: 1, value: layout.autoScroll.mode == .paging ? 1 : 0, isSwitch: true)]
    }

    public func setParameter(_ name: String, to value: Double) -> Bool {
        guard name == "paging", value == 0 || value == 1 else { return false }
        layout.autoScroll.mode = value == 1 ? .paging : .continuous
        return true
    }

    public var drawables: [Drawable] {
        // Cells are labelled with their numbers, which travel with the data.
        Self.drawables(of: collectionView.visibleLayoutAttributes(), offset: collectionView.contentOffset) { [data] in
            data.items.indices.contains($0.item) ? String(data.items[$0.item]) : nil
        }
    }
}

/// Seed 004: a 200×200 card at (187.5, 333.5) in a 375×667 view; drag it, throw it.
public final class TossPlayScene: InteractiveScene {
    public let clock = ManualClock()
    public let arena: GestureArena
    public let card = Card(center: CGPoint(x: 187.5, y: 333.5), size: CGSize(width: 200, height: 200))
    public let interaction: TossInteraction

    public init(seed: UInt64) {
        arena = GestureArena(clock: clock)
        interaction = TossInteraction(item: card, referenceBounds: CGRect(x: 0, y: 0, width: 375, height: 667), clock: clock, seed: seed)
        interaction.install(in: arena)
    }

    public func advance(to time: TimeInterval) {
        clock.sleep(until: time)
        arena.advance(to: time)
        interaction.advance(to: time)
    }

    public var state: [Double] {
        let t = card.transform
        return [card.center.x, card.center.y, t.a, t.b, t.c, t.d, card.bounds.width, card.bounds.height].map(Double.init)
    }

    public var summary: String {
        let angle = atan2(card.transform.b, card.transform.a)
        return String(format: "card: center (%.2f, %.2f), angle %.4f rad", card.center.x, card.center.y, angle)
    }

    public var overlay: DebugOverlay { DebugOverlay([interaction.animator]) }

    public var drawables: [Drawable] {
        var all = [Drawable(id: 0, kind: .card, x: Double(card.center.x), y: Double(card.center.y), width: Double(card.bounds.width),
                            height: Double(card.bounds.height), angle: Double(atan2(card.transform.b, card.transform.a)))]
        // The tutorial's debug squares: red at the anchor, blue at the grab point on the card.
        if let anchor = interaction.anchorPoint {
            all.append(Drawable(id: 1, kind: .anchor, x: Double(anchor.x), y: Double(anchor.y), width: 10, height: 10, z: 2))
        }
        if let attached = interaction.attachmentPoint {
            all.append(Drawable(id: 2, kind: .attachment, x: Double(attached.x), y: Double(attached.y), width: 10, height: 10, z: 1))
        }
        return all
    }
}

/// A headless view: what the toss moves.
public final class Card: AnimatableItem {
    public var center: CGPoint
    public var bounds: CGRect
    public var transform: CGAffineTransform = .identity
    public var alpha: CGFloat = 1

    /// A card of `size` centred at `center`.
    public init(center: CGPoint, size: CGSize) {
        self.center = center
        bounds = CGRect(origin: .zero, size: size)
    }
}

/// Numbered cells that a reorder moves.
public final class NumberedCells: CollectionViewDataSource, RearrangeableFlowLayoutDelegate {
    /// The numbers, in the order shown.
    public private(set) var items: [Int]
    init(count: Int) { items = Array(0..<count) }
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
    public func moveDataItem(from source: IndexPath, to destination: IndexPath) {
        items.insert(items.remove(at: source.item), at: destination.item)
    }
}

/// One section of `count` items.
final class CountSource: CollectionViewDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
}
