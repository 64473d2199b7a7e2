/// A reference that never dangles: weak where the runtime has weak references, strong where it
/// has none.
///
/// UIKit holds delegates, data sources and observers weakly, and so does Kinetic natively: a
/// delegate released before its view is gone, not dangling. Embedded Swift (the WebAssembly
/// build) has neither `weak` nor `unowned`, and an unowned-unsafe pointer could outlive its
/// object; there this wrapper holds its object strongly instead, so it can never dangle, and
/// whoever sets up a cycle through it (a view controller that is its collection view's
/// delegate) ends it by setting the property to `nil` when it tears down, as the playground's
/// scenes do when they are switched.
///
/// It wraps any class-bound type, protocol existentials included (`(any ScrollViewDelegate)?`),
/// which a generic `weak var` cannot: Swift does not count `any P` as a class type in generics.
/// Natively the wrapper keeps a weak reference to the object, which says whether it lives, and
/// the existential's bytes without retaining them; a read copies those bytes out (retaining
/// the object) only while the weak reference holds the object alive.
@propertyWrapper
public struct WeakReference<Object> {
    #if hasFeature(Embedded)
        private var object: Object?

        /// Holds `wrappedValue`.
        public init(wrappedValue: Object?) { object = wrappedValue }

        /// The object.
        public var wrappedValue: Object? {
            get { object }
            set { object = newValue }
        }
    #else
        private weak var anchor: AnyObject?
        private var bits: (UInt, UInt, UInt, UInt) = (0, 0, 0, 0)

        /// Holds `wrappedValue` weakly.
        public init(wrappedValue: Object?) { self.wrappedValue = wrappedValue }

        /// The object, or `nil` once it has been released.
        public var wrappedValue: Object? {
            get {
                guard let alive = anchor else { return nil }
                return withExtendedLifetime(alive) {
                    withUnsafeBytes(of: bits) { $0.load(as: Object.self) }
                }
            }
            set {
                guard let newValue else {
                    anchor = nil
                    bits = (0, 0, 0, 0)
                    return
                }
                precondition(
                    MemoryLayout<Object>.size <= MemoryLayout.size(ofValue: bits),
                    "WeakReference: \(Object.self) is not a class or a class-bound existential")
                anchor = newValue as AnyObject
                // The bytes of the reference (and its witness tables), copied without a retain:
                // they are read back only while `anchor` proves the object alive.
                bits = (0, 0, 0, 0)
                withUnsafeMutableBytes(of: &bits) { storage in
                    withUnsafeBytes(of: newValue) { storage.copyMemory(from: $0) }
                }
            }
        }
    #endif
}

extension WeakReference: @unchecked Sendable where Object: Sendable {}
