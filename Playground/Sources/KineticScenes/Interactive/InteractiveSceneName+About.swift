// `InteractiveSceneName+About`: what each scene is, where it comes from, what to try, and the
// sources that build it (the playground shows them).
import KineticPlatform

extension InteractiveSceneName {
    /// What a person meets first: one line on what the scene is and one on what to try.
    public struct About: Codable, Hashable, Sendable {
        /// The scene's name as a title.
        public var title: String
        /// What it is, and which seed it comes from.
        public var origin: String
        /// What to try.
        public var hint: String
        /// The Swift files that build it, relative to the repository's root: the scene, then the
        /// library types that do the work (the seed's classes where there are some).
        public var sources: [String]
        /// Whether the keyboard drives it too (a ``KeyboardScene``): the page lets it take focus.
        public var keyboard = false
    }

    /// What the scene is, where it comes from, what to try and what builds it.
    public var about: About {
        let scenes = "Playground/Sources/KineticScenes/Interactive/"
        switch self {
        case .drag:
            return About(
                title: "Drag", origin: "Seed 000: UIKit Dynamics drives a collection view's selected cells",
                hint: "Tap cells to select them, long-press one to lift the selection and drag it, flick to scroll.",
                sources: [
                    scenes + "DragPlayScene.swift", "Sources/KineticInteractions/MultiSelectDragInteraction.swift",
                    "Sources/KineticLayout/DynamicLayouts/DraggableLayout.swift",
                    "Sources/KineticLayout/DynamicLayouts/RectangleAttachmentBehavior.swift",
                ])
        case .reorder:
            return About(
                title: "Reorder", origin: "Seed 003: a layout that reorders its data under a long-pressed cell",
                hint:
                    "Long-press a cell, drag it over others to move it, hold it at an edge to scroll, let go. "
                    + "Or tab into the grid: space lifts, arrows move, space drops, escape cancels.",
                sources: [
                    scenes + "ReorderPlayScene.swift", "Sources/KineticLayout/Reorder/RearrangeableFlowLayout.swift",
                    "Sources/KineticLayout/Reorder/Keyboard/RearrangeableFlowLayout+Keyboard.swift",
                ], keyboard: true)
        case .toss:
            return About(
                title: "Toss", origin: "Seed 004: a view dragged on an attachment and tossed with a push and a spin",
                hint: "Drag the card around, then flick it: fast enough and it flies off before it comes home.",
                sources: [scenes + "TossPlayScene.swift", "Sources/KineticInteractions/TossInteraction.swift"])
        case .springy:
            return About(
                title: "Springy", origin: "A flow layout whose rows hang on springs, as in iOS 7's Messages",
                hint: "Scroll with a finger and flick: rows further from the finger lag and wobble into place.",
                sources: [
                    scenes + "SpringyPlayScene.swift", "Sources/KineticLayout/DynamicLayouts/SpringyFlowLayout.swift",
                ])
        case .sandbox:
            return About(
                title: "Sandbox",
                origin: "Every behaviour at once: gravity, collisions, attachments, push, snap, a field",
                hint: "Drag a box, flick it, tap empty space to snap the nearest box there; tune the sliders.",
                sources: [scenes + "SandboxPlayScene.swift"])
        case .scroll:
            return About(
                title: "Scroll", origin: "UIScrollView's physics: deceleration, rubber band, bounce, paging",
                hint: "Pan and fling the list, pull past either end; turn on paging for whole pages.",
                sources: [scenes + "ScrollPlayScene.swift", "Sources/KineticLayout/ScrollView/ScrollView.swift"])
        case .board:
            return About(
                title: "Board", origin: "iOS 11's drag and drop between collection views: a task board of columns",
                hint:
                    "Long-press a card and drag it to another column; tap other cards with a second finger to "
                    + "stack them; hold at an edge to scroll. Or tab in: space lifts, arrows move, space drops.",
                sources: [
                    scenes + "BoardPlayScene.swift", "Sources/KineticLayout/DragAndDrop/DragAndDropSpace.swift",
                    "Sources/KineticInteractions/DragAndDropInteraction.swift",
                ], keyboard: true)
        case .settings:
            return About(
                title: "Settings", origin: "iOS 13's diffable data source: an outline and a reorderable list",
                hint:
                    "Tap a group to expand or collapse it (its rows come and go as one batch update); long-press a "
                    + "favourite and drag it to reorder the list; flick to scroll.",
                sources: [
                    scenes + "SettingsPlayScene.swift",
                    "Sources/KineticLayout/DiffableDataSource/CollectionViewDiffableDataSource.swift",
                    "Sources/KineticLayout/DiffableDataSource/DiffableDataSourceSectionSnapshot.swift",
                    "Sources/KineticLayout/DiffableDataSource/SnapshotDifference.swift",
                ])
        case .modern:
            return About(
                title: "Modern",
                origin: "iOS 13's compositional layout: sections that scroll sideways, lists that swipe",
                hint:
                    "Flick the hero cards sideways (they page, one centred at a time) and the row of cards "
                    + "(it glides); scroll the page (the grid's header stays pinned); swipe a list row left to "
                    + "show Delete, or all the way to delete it.",
                sources: [
                    scenes + "ModernPlayScene.swift",
                    "Sources/KineticLayout/Compositional/CompositionalLayout.swift",
                    "Sources/KineticLayout/Compositional/CompositionalGroupTemplate.swift",
                    "Sources/KineticLayout/Compositional/CompositionalLayout+Orthogonal.swift",
                    "Sources/KineticLayout/Compositional/SwipeActionsController.swift",
                ])
        case .photos:
            return About(
                title: "Photos",
                origin: "Issue 37: zooming scroll views, pinch and rotation, and interruptible property animators",
                hint:
                    "Swipe between photos; pinch one to zoom (past 3× or under 1× it springs back), double-tap to "
                    + "zoom in or out, drag a zoomed photo to pan; turn it with two fingers and let go (it springs "
                    + "upright); drag it down and let go to fling it away, touch it mid-flight to catch it; slide "
                    + "the bar at the bottom to scrub the info panel. With a mouse: hold Alt (Option) and turn the "
                    + "wheel to pinch about the pointer, Shift and the wheel to rotate.",
                sources: [
                    scenes + "PhotosPlayScene.swift",
                    scenes + "PhotosRules.swift",
                    "Sources/KineticLayout/ScrollView/ScrollView+Zooming.swift",
                    "Sources/KineticGestures/Recognizers/PinchGestureRecognizer.swift",
                    "Sources/KineticGestures/Recognizers/RotationGestureRecognizer.swift",
                    "Sources/KineticAnimation/PropertyAnimator/ViewPropertyAnimator.swift",
                    "Sources/KineticAnimation/PropertyAnimator/TimingParameters.swift",
                ])
        }
    }
}
