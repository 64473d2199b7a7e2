// `SceneParameter`: one control of a tunable scene.
import KineticPlatform

/// One control: a named number within a range, or a switch (0 off, 1 on).
public struct SceneParameter: Codable, Hashable, Sendable {
    public var name: String
    public var minimum: Double
    public var maximum: Double
    public var value: Double
    /// Shown as a checkbox: the value is 0 or 1.
    public var isSwitch = false
    /// What the value counts, shown beside it (empty for a plain ratio).
    public var unit = ""

    /// A control named `name` with `value` in `minimum…maximum`, counting `unit`.
    public init(
        name: String, minimum: Double, maximum: Double, value: Double, isSwitch: Bool = false, unit: String = ""
    ) {
        (self.name, self.minimum, self.maximum, self.value, self.isSwitch) = (name, minimum, maximum, value, isSwitch)
        self.unit = unit
    }
}
