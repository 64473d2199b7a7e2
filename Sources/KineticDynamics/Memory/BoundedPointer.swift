/// A pointer to `count` contiguous elements, the only way the engine's hot loops reach their
/// arrays: the solver's rows and compact states, the bodies, joints, contacts, shapes and
/// vertex pools.
///
/// The loops are fast because they work through unsafe pointers, not arrays; this type keeps
/// that speed and adds the proof that every access stays in its buffer. Every element access
/// (`subscript`) and every pointer handed on (`pointer(at:)`, `suffix(from:)`) goes through
/// ``checked(_:)``, which compares the index with `count`:
///
/// - in debug builds (SwiftPM defines `DEBUG`), so every `swift test` run checks every
///   gather, scatter and row of every scene the tests build;
/// - in any build compiled with `KINETIC_CHECKED` defined, release included:
///   `swift build -c release -Xswiftc -DKINETIC_CHECKED` (or `swift test … -Xswiftc
///   -DKINETIC_CHECKED`) proves the bounds at full optimisation without a sanitizer;
/// - nowhere else: in a plain release build `checked(_:)` returns its argument and the
///   accesses compile to the bare pointer arithmetic they replaced (the pile's and
///   seed-drag's medians are the same before and after; the Performance article).
///
/// An index out of range traps with the index and the bounds, before any memory is touched.
/// A buffer's *padding slots* (the dummy velocity and position slot past the bodies, say) are
/// part of its `count` where the buffer has them, and the code that sizes each buffer says what
/// they are for; a buffer without them (the bodies) does not have them, and an index that
/// names one traps.
struct BoundedPointer<Element> {
    /// The first element.
    let base: UnsafeMutablePointer<Element>
    /// How many elements `base` points to: the valid indices are `0..<count`.
    let count: Int

    /// The elements `start..<start + count`.
    @inline(__always) init(_ start: UnsafeMutablePointer<Element>, count: Int) {
        base = start
        self.count = count
    }

    /// A buffer's elements. An empty buffer (whose base address may be nil) gives a pointer
    /// with no valid index.
    @inline(__always) init(_ buffer: UnsafeMutableBufferPointer<Element>) {
        base = buffer.baseAddress ?? Self.nowhere
        count = buffer.count
    }

    /// A read-only buffer's elements, for loops that only read them (writing through the
    /// result is the caller's error, as with `UnsafeMutablePointer(mutating:)`).
    @inline(__always) init(_ buffer: UnsafeBufferPointer<Element>) {
        base = UnsafeMutablePointer(mutating: buffer.baseAddress ?? UnsafePointer(Self.nowhere))
        count = buffer.count
    }

    /// A non-null, aligned address that is never read: the base of an empty buffer.
    private static var nowhere: UnsafeMutablePointer<Element> {
        UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment)!
    }

    /// `i`, after checking (in debug and `KINETIC_CHECKED` builds) that it is a valid index.
    @inline(__always) func checked(_ i: Int) -> Int {
        #if DEBUG || KINETIC_CHECKED
            // One unsigned comparison covers both ends: a negative index is a huge unsigned one.
            if UInt(bitPattern: i) >= UInt(bitPattern: count) {
                fatalError("BoundedPointer<\(Element.self)>: index \(i) is outside 0..<\(count)")
            }
        #endif
        return i
    }

    /// The element at `i`, read and written in place.
    subscript(i: Int) -> Element {
        @inline(__always) unsafeAddress { UnsafePointer(base + checked(i)) }
        @inline(__always) nonmutating unsafeMutableAddress { base + checked(i) }
    }

    /// The element at `i`: the engine's slots and gather lanes are `Int32`.
    subscript(i: Int32) -> Element {
        @inline(__always) unsafeAddress { UnsafePointer(base + checked(Int(i))) }
        @inline(__always) nonmutating unsafeMutableAddress { base + checked(Int(i)) }
    }

    /// A pointer to the one element at `i`, for code that works on a single record (a row, a
    /// contact, a body) through `pointee`.
    @inline(__always) func pointer(at i: Int) -> UnsafeMutablePointer<Element> { base + checked(i) }

    /// A pointer to the one element at `i`.
    @inline(__always) func pointer(at i: Int32) -> UnsafeMutablePointer<Element> { base + checked(Int(i)) }

    /// The elements from `start` on: `count - start` of them (`start == count` gives none).
    @inline(__always) func suffix(from start: Int) -> BoundedPointer {
        #if DEBUG || KINETIC_CHECKED
            if start < 0 || start > count {
                fatalError("BoundedPointer<\(Element.self)>: suffix from \(start) is outside 0...\(count)")
            }
        #endif
        return BoundedPointer(base + start, count: count - start)
    }

    /// The first `n` elements (`0 ≤ n ≤ count`): the part of a scratch buffer a pass uses.
    @inline(__always) func prefix(_ n: Int) -> BoundedPointer {
        #if DEBUG || KINETIC_CHECKED
            if n < 0 || n > count {
                fatalError("BoundedPointer<\(Element.self)>: prefix of \(n) is outside 0...\(count)")
            }
        #endif
        return BoundedPointer(base, count: n)
    }
}

extension Array {
    /// Calls `body` with the array's elements as a ``BoundedPointer``.
    @inline(__always)
    mutating func withBoundedPointer<R>(_ body: (BoundedPointer<Element>) throws -> R) rethrows -> R {
        try withUnsafeMutableBufferPointer { try body(BoundedPointer($0)) }
    }

    /// Calls `body` with the array's elements as a ``BoundedPointer`` it only reads.
    @inline(__always)
    func withReadOnlyBoundedPointer<R>(_ body: (BoundedPointer<Element>) throws -> R) rethrows -> R {
        try withUnsafeBufferPointer { try body(BoundedPointer($0)) }
    }
}
