import KineticDynamics
import KineticPlatform

/// An affine transform decomposed into the quantities that interpolate sensibly: translation,
/// rotation angle, scales and shear, so halfway through a quarter turn is an eighth turn at
/// full size (interpolating matrix entries would shrink it by √2 / 2).
///
/// The linear part M = [[a, c], [b, d]] (CoreGraphics: x′ = a·x + c·y + tx) is factored as a
/// rotation times an upper-triangular matrix, M = R(angle) · [[scaleX, shear], [0, scaleY]]:
/// scaleX = |(a, b)|, angle = atan2(b, a), and (shear, scaleY) = R(−angle)·(c, d). A mirror
/// shows as a negative scaleY.
struct TransformComponents: Equatable {
    var tx: Double
    var ty: Double
    var angle: Double
    var scaleX: Double
    var scaleY: Double
    var shear: Double

    /// Decomposes `t`.
    init(_ t: CGAffineTransform) {
        let a = Double(t.a), b = Double(t.b), c = Double(t.c), d = Double(t.d)
        tx = Double(t.tx)
        ty = Double(t.ty)
        scaleX = (a * a + b * b).squareRoot()
        if scaleX < 1e-12 {
            // No first column to read a rotation from: call it unrotated.
            angle = 0
            shear = c
            scaleY = d
        } else {
            angle = Elementary.atan2(b, a)
            let cosine = Elementary.cos(angle), sine = Elementary.sin(angle)
            shear = cosine * c + sine * d
            scaleY = -sine * c + cosine * d
        }
    }

    /// Components from the animator's array layout.
    init(_ c: [Double]) {
        tx = c[0]
        ty = c[1]
        angle = c[2]
        scaleX = c[3]
        scaleY = c[4]
        shear = c[5]
    }

    /// The array layout the animator interpolates: tx, ty, angle, scaleX, scaleY, shear.
    var array: [Double] { [tx, ty, angle, scaleX, scaleY, shear] }

    /// The transform these components compose.
    var transform: CGAffineTransform {
        let cosine = Elementary.cos(angle), sine = Elementary.sin(angle)
        return CGAffineTransform(
            a: CGFloat(cosine * scaleX), b: CGFloat(sine * scaleX),
            c: CGFloat(cosine * shear - sine * scaleY), d: CGFloat(sine * shear + cosine * scaleY),
            tx: CGFloat(tx), ty: CGFloat(ty)
        )
    }
}
