// The objects kinetic.js holds, by handle: a page holds numbers, never pointers, so a handle
// that names nothing (destroyed, never made, made up) is refused, not followed.

/// Objects by handle: positive numbers handed out in order and never reused (a destroyed
/// handle names nothing forever, rather than a later object).
struct HandleTable<Object: AnyObject> {
    private var objects: [Int32: Object] = [:]
    private var next: Int32 = 1

    /// Keeps `object`; returns its handle, or `BindingError.full` once 2³¹ − 1 handles were given.
    mutating func insert(_ object: Object) -> Int32 {
        guard next < Int32.max else { return BindingError.full.rawValue }
        defer { next += 1 }
        objects[next] = object
        return next
    }

    subscript(handle: Int32) -> Object? { objects[handle] }

    /// Lets go of the object `handle` names; returns it, or nil if it names none.
    @discardableResult
    mutating func remove(_ handle: Int32) -> Object? { objects.removeValue(forKey: handle) }

    var count: Int { objects.count }

    /// Every object, in the order of their handles (not the dictionary's, which its random
    /// hashing seed shuffles from run to run: what is done to each must happen in the same
    /// order every time, for the same frames).
    var values: [Object] { objects.keys.sorted().compactMap { objects[$0] } }
}

/// What a call answers instead of a handle or 0 when it cannot do what it is asked: negative
/// numbers, which kinetic.js turns into a `TypeError` or `RangeError` naming the argument.
public enum BindingError: Int32 {
    /// The first handle names nothing (destroyed, or never made).
    case unknownHandle = -1
    /// The second handle names nothing.
    case unknownOtherHandle = -2
    /// The property is not one the behaviour has.
    case unknownProperty = -3
    /// A number is not finite, or out of the argument's range.
    case badNumber = -4
    /// The call does not apply (an item attached to itself, a behaviour already added).
    case notApplicable = -5
    /// No more handles (2³¹ − 1 were given).
    case full = -6
    /// An item with no size (a zero width or height: an element not laid out, `display: none`)
    /// would join an animator, which UIKit traps on ("Invalid size {0, 0} for item … in
    /// Dynamics"); nothing was added.
    case emptyItem = -7
}
