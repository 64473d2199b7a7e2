// The `TunableScene` protocol: an interactive scene with controls (parameters) a page shows.
import KineticPlatform

/// A scene with knobs on.
public protocol TunableScene: InteractiveScene {
    /// The parameters a page shows as controls.
    var parameters: [SceneParameter] { get }
    /// Sets `name` to `value`; false (and nothing changes) for an unknown name or a value that
    /// is not finite or outside the parameter's range.
    func setParameter(_ name: String, to value: Double) -> Bool
}

extension TunableScene {
    public var asTunable: (any TunableScene)? { self }
}
