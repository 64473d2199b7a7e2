// `SceneName`: the headless scenes by the names the command line uses.
import KineticPlatform

/// The names `kinetic simulate` and `kinetic bench` accept.
public enum SceneName: String, CaseIterable, Sendable {
    case fall, pendulum, spring, snap, push, pile
    case seedDrag = "seed-drag"
    case springy
    case scroll
    case reorder

    /// Builds a fresh instance of the scene.
    public func make() -> any Scene {
        switch self {
        case .fall: FallScene()
        case .pendulum: PendulumScene()
        case .spring: SpringScene()
        case .snap: SnapScene()
        case .push: PushScene()
        case .pile: PileScene()
        case .seedDrag: SeedDragScene()
        case .springy: SpringyScrollScene()
        case .scroll: ScrollScene()
        case .reorder: ReorderScene()
        }
    }

    /// Builds the scene with `count` items where the scene has a size (`kinetic bench --count`):
    /// the pile's boxes, seed-drag's cells, the springy, scroll and reorder layouts' cells; nil,
    /// or a scene without a size, gives ``make()``'s.
    public func make(count: Int?) -> any Scene {
        guard let count else { return make() }
        switch self {
        case .seedDrag: return SeedDragScene(cellCount: count)
        case .pile: return PileScene(count: count)
        case .springy: return SpringyScrollScene(count: count)
        case .scroll: return ScrollScene(count: count)
        case .reorder: return ReorderScene(count: count)
        default: return make()
        }
    }
}
