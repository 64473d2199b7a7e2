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
}
