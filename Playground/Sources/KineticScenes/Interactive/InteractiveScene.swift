import KineticDynamics
import KineticGestures
import KineticLayout
// The `InteractiveScene` protocol: what every scene a person plays with (the playground,
// `kinetic replay`, `kinetic render`) is, and the helper that draws a collection view's cells.
import KineticPlatform

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
    /// The scroll view a mouse wheel or trackpad scrolls, if the scene has one.
    var scrollView: ScrollView? { get }
    /// The announcements and haptics since the last call, oldest first; the scene forgets them.
    func takeEvents() -> [SceneEvent]
    /// Lets go of the delegates and data sources the scene set to itself. Natively they are
    /// weak and this changes nothing; the WebAssembly build, which has no weak references,
    /// holds them strongly, so a scene that is replaced is torn down first or it is never freed.
    func tearDown()
    /// The scene as a ``TunableScene`` if it is one (its controls), nil otherwise: a requirement
    /// rather than a cast, since the WebAssembly build (Embedded Swift) has no casts to
    /// protocols. ``TunableScene`` answers itself.
    var asTunable: (any TunableScene)? { get }
    /// The scene as a ``KeyboardScene`` if a keyboard drives it, nil otherwise (as ``asTunable``).
    var asKeyboardScene: (any KeyboardScene)? { get }
}

extension InteractiveScene {
    public var overlay: DebugOverlay { DebugOverlay() }
    public var scrollView: ScrollView? { nil }
    /// None: the scene announces nothing and plays no haptics.
    public func takeEvents() -> [SceneEvent] { [] }
    /// Nothing to let go of: the scene is no delegate of its own views.
    public func tearDown() {}
    public var asTunable: (any TunableScene)? { nil }
    public var asKeyboardScene: (any KeyboardScene)? { nil }

    /// Delivers one touch event to the scene's recognizers.
    public func handle(_ touch: Touch) { arena.handle(touch) }

    /// Drawables for layout attributes seen through a view scrolled to `offset`.
    static func drawables(
        of attributes: [CollectionViewLayoutAttributes], offset: CGPoint, selected: Set<IndexPath> = [],
        label: (IndexPath) -> String? = { _ in nil }
    ) -> [Drawable] {
        attributes.filter { !$0.isHidden && $0.representedElementCategory == .cell }.map { a in
            Drawable(
                id: a.indexPath.item * 2 + (a.zIndex > 0 ? 1 : 0),
                kind: selected.contains(a.indexPath) ? .selectedCell : .cell,
                x: Double(a.center.x - offset.x), y: Double(a.center.y - offset.y),
                width: Double(a.size.width), height: Double(a.size.height),
                angle: Double(Elementary.atan2(a.transform.b, a.transform.a)), z: a.zIndex, label: label(a.indexPath)
            )
        }
    }
}
