import KineticDynamics
import KineticGestures
import KineticLayout
// `PhotosRules`: the photos scene's gesture and scroll view delegate.
import KineticPlatform

/// What the photos scene's recognizers and scroll views ask: which touches each takes, which
/// recognize together, where a zoomed photo sits. Apart from the scene (which holds it) so the
/// delegates hold no cycle: it reaches the scene unowned.
final class PhotosRules: GestureRecognizerDelegate, ScrollViewDelegate {
    unowned(unsafe) var scene: PhotosPlayScene?

    /// The scrubber takes touches on its track; the photo's gestures take touches on the photo.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        guard let scene else { return false }
        if gestureRecognizer === scene.scrubber { return scene.isOnScrubber(touch.location) }
        return !scene.isOnScrubber(touch.location) && scene.isOnPhoto(touch.location)
    }

    /// A touch catches only a photo in flight; the dismissing drag begins on a caught photo, or
    /// on one at 1× dragged more down than sideways.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard let scene else { return false }
        let page = scene.currentPage
        if gestureRecognizer === scene.catcher {
            return scene.dismissAnimators[page]?.isRunning == true
        }
        if gestureRecognizer === scene.dismissPan {
            if scene.caughtPage == page { return true }
            let view = scene.pages[page]
            guard view.zoomScale <= PhotosPlayScene.minimumZoom, !view.isZooming, !view.isZoomBouncing else {
                return false
            }
            let moved = scene.dismissPan.translation(in: nil)
            return moved.y > abs(moved.x)
        }
        return true
    }

    /// The tilt turns while the page's pinch zooms and pan pans; a catch runs on into the drag.
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool {
        guard let scene else { return false }
        func pair(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
            (gestureRecognizer === a && otherGestureRecognizer === b)
                || (gestureRecognizer === b && otherGestureRecognizer === a)
        }
        if pair(scene.catcher, scene.dismissPan) { return true }
        for page in scene.pages {
            if pair(scene.rotation, page.panGestureRecognizer) { return true }
            if let pinch = page.pinchGestureRecognizer, pair(scene.rotation, pinch) { return true }
        }
        return false
    }

    /// Each page zooms its photo.
    func viewForZooming(in scrollView: ScrollView) -> (any DynamicItem)? {
        guard let scene, let index = scene.pages.firstIndex(where: { $0 === scrollView }) else { return nil }
        return scene.photos[index]
    }

    /// A photo smaller than its page stays centred in it (by its insets).
    func scrollViewDidZoom(_ scrollView: ScrollView) {
        guard let scene, scene.pages.contains(where: { $0 === scrollView }) else { return }
        scrollView.contentInset = PhotosPlayScene.centringInset(scrollView)
    }

    /// The pages follow the pager.
    func scrollViewDidScroll(_ scrollView: ScrollView) {
        guard let scene, scrollView === scene.pager else { return }
        scene.pagerDidScroll()
    }

    /// The pager came to rest on a page.
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
        guard let scene, scrollView === scene.pager else { return }
        scene.pagerDidSettle()
    }
}
