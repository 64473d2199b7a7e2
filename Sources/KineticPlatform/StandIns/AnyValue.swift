#if hasFeature(Embedded) || KINETIC_STAND_INS
    /// A value of any type, where Swift's `Any` is absent (Embedded Swift has no existential of
    /// a non-class type): the value in a box, read back by asking for its type.
    /// ``makeAnyValue(_:)`` and ``castAnyValue(_:to:)`` spell both builds alike.
    public struct AnyValue: @unchecked Sendable {
        private let box: AnyValueBox

        /// Wraps `value`.
        public init<T>(_ value: T) {
            if let already = value as? AnyValue {
                box = already.box
            } else {
                box = ValueBox(value)
            }
        }

        /// The wrapped value, when it is a `T`.
        public func `as`<T>(_ type: T.Type) -> T? { (box as? ValueBox<T>)?.value }
    }

    class AnyValueBox {}

    final class ValueBox<T>: AnyValueBox {
        let value: T
        init(_ value: T) { self.value = value }
    }

    /// `value` as an ``AnyValue``.
    @inlinable
    public func makeAnyValue<T>(_ value: T) -> AnyValue { AnyValue(value) }

    /// `value` as a `T`, if it is one.
    @inlinable
    public func castAnyValue<T>(_ value: AnyValue, to type: T.Type) -> T? { value.as(type) }
#else
    /// A value of any type: Swift's `Any` natively (UIKit's `localObject: Any?` stays that); a
    /// box in the WebAssembly build, where Embedded Swift has no `Any`.
    public typealias AnyValue = Any

    /// `value` as an ``AnyValue``: the same spelling in both builds.
    @inlinable
    public func makeAnyValue<T>(_ value: T) -> AnyValue { value }

    /// `value` as a `T`, if it is one (`value as? T`): the same spelling in both builds.
    @inlinable
    public func castAnyValue<T>(_ value: AnyValue, to type: T.Type) -> T? { value as? T }
#endif
