import KineticPlatform

/// A reference to an object that does not keep it alive and never dangles, in both builds: what
/// `weak` does natively, written so the WebAssembly build (Embedded Swift, which has neither
/// `weak` nor a safe `unowned`) does the same.
///
/// The object owns its link and cuts it in its `deinit`; whoever must not keep the object alive
/// (a drag item and the collection view it was lifted from, an animator and its layout) holds the
/// link instead, strongly (it is a few bytes), and finds `nil` once the object has gone. The
/// object is read only through ``object``, which is `nil` from the moment its `deinit` starts,
/// so no holder ever reads a freed object. Like the objects it links, it is not thread-safe.
final class ObjectLink<Object: AnyObject> {
    /// The object, or `nil` once it has gone (or before it attached itself).
    private(set) unowned(unsafe) var object: Object?

    /// A link to nothing yet: its object attaches itself at the end of its initializer.
    init() {}

    /// Called by the object itself, once it is initialized.
    func attach(_ object: Object) { self.object = object }

    /// Called by the object's `deinit`: every holder reads `nil` from now on.
    func cut() { object = nil }
}
