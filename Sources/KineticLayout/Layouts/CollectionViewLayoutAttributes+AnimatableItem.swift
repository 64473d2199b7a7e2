import KineticAnimation
import KineticPlatform

/// Layout attributes have a settable bounds (its size) and alpha, so cells can be animated
/// directly: `animator.animate(withDuration: 0.25, items: [attributes]) { attributes.center = p }`.
extension CollectionViewLayoutAttributes: AnimatableItem {}
