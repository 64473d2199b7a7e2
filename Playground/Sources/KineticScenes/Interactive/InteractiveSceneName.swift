// `InteractiveSceneName`: the interactive scenes by the names traces and the playground use,
// and `viewSize`, the one view they all draw into.
import KineticPlatform

/// The scenes a trace can name.
public enum InteractiveSceneName: String, CaseIterable, Sendable {
    case drag, reorder, toss, springy, sandbox, scroll, board, settings, modern, photos

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
        case .scroll: ScrollPlayScene()
        case .board: BoardPlayScene()
        case .settings: SettingsPlayScene()
        case .modern: ModernPlayScene()
        case .photos: PhotosPlayScene()
        }
    }
}
