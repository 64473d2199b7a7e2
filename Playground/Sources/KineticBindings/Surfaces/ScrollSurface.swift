// `ScrollSurface`: a scroll view over a page's element: iOS's deceleration, rubber band and
// paging, moving the element's content as one.
import KineticDynamics
import KineticGestures
import KineticLayout
import KineticPlatform

/// A scroll view the size of its container over content the size of the container's content
/// element; the page writes the offset as the content's transform.
final class ScrollSurface: Surface {
    let scrollView: ScrollView

    /// A view `size` big over content `contentSize` big; `paging` stops it on multiples of its
    /// size.
    init(size: CGSize, contentSize: CGSize, paging: Bool) {
        scrollView = ScrollView(frame: CGRect(origin: .zero, size: size))
        scrollView.contentSize = contentSize
        scrollView.isPagingEnabled = paging
        super.init(clock: ManualClock())
        scrollView.install(in: arena)
    }

    override var containerCount: Int { 1 }
    override func contentOffset(of container: Int) -> CGPoint { scrollView.contentOffset }
    override func contentSize(of container: Int) -> CGSize { scrollView.contentSize }

    /// The container was resized: the view takes `frame`'s size.
    override func setFrame(_ frame: CGRect, of container: Int) -> Bool {
        guard container == 0 else { return false }
        scrollView.frame = CGRect(origin: .zero, size: frame.size)
        return true
    }

    /// The content element was resized.
    override func setContentSize(_ size: CGSize, of container: Int) -> Bool {
        guard container == 0 else { return false }
        scrollView.contentSize = size
        return true
    }

    override func scroll(container: Int, byWheel delta: CGPoint) -> Bool {
        guard container == 0 else { return false }
        scrollView.scroll(byWheel: delta)
        return true
    }
}
