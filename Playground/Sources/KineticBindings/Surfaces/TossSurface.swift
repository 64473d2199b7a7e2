// `TossSurface`: seed 004's toss on one element: the finger holds it on a spring, a throw sends
// it off with the finger's velocity and a spin, and it comes home.
import KineticAnimation
import KineticDynamics
import KineticGestures
import KineticInteractions
import KineticPlatform

/// One element tossed inside its container (the reference bounds). Its record's container is −1:
/// the element's center in the container's coordinates.
final class TossSurface: Surface {
    let item: DOMItem
    let interaction: TossInteraction

    /// The element centred at `center`, `size` big, in a container `bounds` big.
    init(bounds: CGSize, center: CGPoint, size: CGSize, seed: UInt64) {
        let clock = ManualClock()
        item = DOMItem(center: center, size: size)
        interaction = TossInteraction(
            item: item, referenceBounds: CGRect(origin: .zero, size: bounds), clock: clock, seed: seed)
        super.init(clock: clock)
        interaction.install(in: arena)
    }

    override func write(into frame: inout RecordWriter, everything: Bool) {
        frame.append(
            id: 0, container: -1, center: item.center, size: item.bounds.size, transform: item.transform,
            flags: interaction.anchorPoint == nil ? 0 : RecordWriter.lifted)
    }
}
