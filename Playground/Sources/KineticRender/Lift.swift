import KineticScenes

/// How lifted each item looks, 0 at rest to 1 lifted, eased toward its target frame by frame as
/// the page eases it: the shadow grows as a cell is picked up and fades, with its scale, after
/// it is dropped. Items are keyed as their colour is (`Key`), so a cell keeps its lift while its
/// id changes with its z.
struct Lift {
    /// What carries a lift from frame to frame: a cell's number (or, without one, its item), or
    /// the card.
    enum Key: Hashable {
        case item(Double)
        case card
    }

    /// The key of `d`: its label as a number when it is one, the card as one thing, otherwise
    /// the item (`id >> 1`, as the scenes number their cells' ids).
    static func key(of d: Drawable) -> Key {
        if let label = d.label, let n = Double(label), n.isFinite { return .item(n) }
        return d.kind == .card ? .card : .item(Double(d.id >> 1))
    }

    private var values: [Key: Double] = [:]

    /// The lift of `key` after `dt` seconds more toward lifted (`lifted`) or rest: a first-order
    /// ease with the style's time constants, snapped to its target within 0.01.
    mutating func update(_ key: Key, lifted: Bool, dt: Double) -> Double {
        let target = lifted ? 1.0 : 0.0
        let tau = lifted ? SceneStyle.liftUp : SceneStyle.liftDown
        var value = values[key] ?? 0
        value += (target - value) * min(1, dt / tau)
        if abs(value - target) < 0.01 { value = target }
        values[key] = value
        return value
    }

    /// Forgets the items not drawn this frame (a cell scrolled away starts again at rest).
    mutating func keep(only keys: Set<Key>) {
        values = values.filter { keys.contains($0.key) }
    }
}
