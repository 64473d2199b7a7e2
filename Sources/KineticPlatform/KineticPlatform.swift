// What Kinetic's libraries take from the platform, in one place.
//
// Natively this module only re-exports Foundation (CGPoint, CGSize, CGRect, CGFloat, IndexPath,
// IndexSet and libm's functions, as UIKit code expects them) and swift-log's `Logger`, so the
// public API is Foundation's and swift-log's exactly. Where Foundation is absent (the Embedded
// Swift build for WebAssembly, `Scripts/wasm`), the files in `StandIns/` supply the same names
// with the same behaviour, bit for bit where it matters (the geometry's arithmetic is checked
// against Foundation's by `KineticPlatformTests`).
//
// Every other module imports this one instead of Foundation; `#if` about the platform lives here
// and in the short list of spots the README names.

#if !hasFeature(Embedded)
    @_exported import Foundation
    @_exported import Logging
#endif
