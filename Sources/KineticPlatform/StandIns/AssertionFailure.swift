#if hasFeature(Embedded)
    /// What an assertion that fails inside the C library does in the WebAssembly module: it
    /// traps, as a Swift precondition does, and the page reports the trap with its scene and time
    /// and restarts the scene (`js/transport/module.js`).
    ///
    /// wasi-libc's own `__assert_fail` writes its message with `fprintf`, which links the C
    /// library's whole formatted printing (floating point included: about 6 KB of the page's
    /// module, gzipped) for the one assertion the module can reach, in `arc4random_buf` (the
    /// standard library's hashing seed), which fails only when the host gives no random bytes;
    /// the page's `crypto.getRandomValues` and node's always do. This definition comes before
    /// the C library in the link, so the library's is not taken.
    @_cdecl("__assert_fail")
    public func cLibraryAssertionFailed(
        _ expression: UnsafePointer<CChar>?, _ file: UnsafePointer<CChar>?, _ line: Int32,
        _ function: UnsafePointer<CChar>?
    ) -> Never {
        fatalError("an assertion failed in the C library")
    }
#endif
