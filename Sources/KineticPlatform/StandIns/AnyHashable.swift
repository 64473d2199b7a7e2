#if hasFeature(Embedded) || KINETIC_STAND_INS
    /// Swift's `AnyHashable` where the runtime's existential casts are absent (Embedded Swift):
    /// any hashable value, compared and hashed as itself. Two values are equal only when they
    /// are of the same type and equal as that type (Swift's `AnyHashable` also bridges numeric
    /// types, `1 as Int` and `1 as Double`; this one does not).
    public struct AnyHashable: Hashable, @unchecked Sendable, CustomStringConvertible {
        private let box: AnyHashableBox

        /// Wraps `value`.
        public init<H: Hashable>(_ value: H) {
            if let already = value as? AnyHashable {
                box = already.box
            } else {
                box = ConcreteHashableBox(value)
            }
        }

        /// The wrapped value, when it is a `T`.
        public func `as`<T: Hashable>(_ type: T.Type) -> T? { (box as? ConcreteHashableBox<T>)?.value }

        /// Equal when both wrap equal values of the same type.
        public static func == (lhs: AnyHashable, rhs: AnyHashable) -> Bool { lhs.box.isEqual(to: rhs.box) }
        /// Hashes the wrapped value.
        public func hash(into hasher: inout Hasher) { box.hash(into: &hasher) }
        /// The wrapped value's description, where it has one.
        public var description: String { box.description }
    }

    class AnyHashableBox {
        func isEqual(to other: AnyHashableBox) -> Bool { false }
        func hash(into hasher: inout Hasher) {}
        var description: String { "…" }
    }

    final class ConcreteHashableBox<H: Hashable>: AnyHashableBox {
        let value: H
        init(_ value: H) { self.value = value }
        override func isEqual(to other: AnyHashableBox) -> Bool {
            guard let other = other as? ConcreteHashableBox<H> else { return false }
            return value == other.value
        }
        override func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }
    }
#endif
