// UIKit's names for Kinetic's types, so UIKit Dynamics code compiles on platforms without UIKit
// with only its `import UIKit` line changed to `import UIKitCompat`. Typealiases only; no logic.
// Where UIKit exists, this module is empty and never shadows the real framework.
#if !canImport(UIKit)
    @_exported import Foundation
    @_exported import KineticAnimation
    @_exported import KineticDynamics
    @_exported import KineticGestures
    @_exported import KineticInteractions
    @_exported import KineticLayout

    /// UIKit's `UIDynamicItem`: ``/KineticDynamics/DynamicItem``.
    ///
    /// An object the dynamics engine can move: anything with a center, bounds and transform.
    public typealias UIDynamicItem = DynamicItem
    /// UIKit's `UIDynamicItemCollisionBoundsType`: ``/KineticDynamics/DynamicItemCollisionBoundsType``.
    ///
    /// The shape an item collides with: rectangle, ellipse or path.
    public typealias UIDynamicItemCollisionBoundsType = DynamicItemCollisionBoundsType
    /// UIKit's `UIDynamicAnimator`: ``/KineticDynamics/DynamicAnimator``.
    ///
    /// The object that runs behaviours over items; step it with `step(_:)` or an `AnimationDriver`.
    public typealias UIDynamicAnimator = DynamicAnimator
    /// UIKit's `UIDynamicAnimatorDelegate`: ``/KineticDynamics/DynamicAnimatorDelegate``.
    ///
    /// Told when the animator pauses at rest and resumes.
    public typealias UIDynamicAnimatorDelegate = DynamicAnimatorDelegate
    /// UIKit's `UIDynamicBehavior`: ``/KineticDynamics/DynamicBehavior``.
    ///
    /// The base class of behaviours; subclass it to compose child behaviours, as UIKit code does.
    public typealias UIDynamicBehavior = DynamicBehavior
    /// UIKit's `UIGravityBehavior`: ``/KineticDynamics/GravityBehavior``.
    ///
    /// A gravity vector applied to items.
    public typealias UIGravityBehavior = GravityBehavior
    /// UIKit's `UIPushBehavior`: ``/KineticDynamics/PushBehavior``.
    ///
    /// A continuous or instantaneous force applied to items.
    public typealias UIPushBehavior = PushBehavior
    /// UIKit's `UIPushBehaviorMode`: ``/KineticDynamics/PushBehavior/Mode-swift.enum``.
    ///
    /// Whether a push is continuous or instantaneous.
    public typealias UIPushBehaviorMode = PushBehavior.Mode
    /// UIKit's `UISnapBehavior`: ``/KineticDynamics/SnapBehavior``.
    ///
    /// Springs an item to a point.
    public typealias UISnapBehavior = SnapBehavior
    /// UIKit's `UIAttachmentBehavior`: ``/KineticDynamics/AttachmentBehavior``.
    ///
    /// A rod, spring, slide, limit, fixed or pin connection between an item and an anchor or another item.
    public typealias UIAttachmentBehavior = AttachmentBehavior
    /// UIKit's `UIAttachmentBehaviorType`: ``/KineticDynamics/AttachmentBehavior/AttachmentType``.
    ///
    /// Whether an attachment joins an item to an anchor or to another item.
    public typealias UIAttachmentBehaviorType = AttachmentBehavior.AttachmentType
    /// UIKit's `UIDynamicItemBehavior`: ``/KineticDynamics/DynamicItemBehavior``.
    ///
    /// Elasticity, friction, density, resistance and velocities of items.
    public typealias UIDynamicItemBehavior = DynamicItemBehavior
    /// UIKit's `UIDynamicItemGroup`: ``/KineticDynamics/DynamicItemGroup``.
    ///
    /// Items that move as one body.
    public typealias UIDynamicItemGroup = DynamicItemGroup
    /// UIKit's `UICollisionBehavior`: ``/KineticDynamics/CollisionBehavior``.
    ///
    /// Collisions between items and with boundaries.
    public typealias UICollisionBehavior = CollisionBehavior
    /// UIKit's `UICollisionBehaviorMode`: ``/KineticDynamics/CollisionBehavior/Mode``.
    ///
    /// What collides: items, boundaries or everything.
    public typealias UICollisionBehaviorMode = CollisionBehavior.Mode
    /// UIKit's `UICollisionBehaviorDelegate`: ``/KineticDynamics/CollisionBehaviorDelegate``.
    ///
    /// Told when contacts begin and end.
    public typealias UICollisionBehaviorDelegate = CollisionBehaviorDelegate
    /// UIKit's `UIBezierPath`: ``/KineticDynamics/BezierPath``.
    ///
    /// The part of UIKit's path that collision boundaries, collision bounds and field regions use.
    public typealias UIBezierPath = BezierPath
    /// UIKit's `UIFieldBehavior`: ``/KineticDynamics/FieldBehavior``.
    ///
    /// A force field: drag, vortex, gravity, velocity, noise, turbulence, spring, electric, magnetic or custom.
    public typealias UIFieldBehavior = FieldBehavior
    /// UIKit's `UIRegion`: ``/KineticDynamics/Region``.
    ///
    /// The area where a field acts.
    public typealias UIRegion = Region
    /// UIKit's `UIFieldCustomEvaluator`: ``/KineticDynamics/FieldCustomEvaluator``.
    ///
    /// The block a custom field evaluates.
    public typealias UIFieldCustomEvaluator = FieldCustomEvaluator
    /// UIKit's `UIOffset`: ``/KineticDynamics/Offset``.
    ///
    /// A horizontal and vertical offset.
    public typealias UIOffset = Offset
    /// UIKit's `UIEdgeInsets`: ``/KineticDynamics/EdgeInsets``.
    ///
    /// Insets for each edge of a rectangle.
    public typealias UIEdgeInsets = EdgeInsets
    /// UIKit's `UIFloatRange`: ``/KineticDynamics/FloatRange``.
    ///
    /// A range of floating-point values.
    public typealias UIFloatRange = FloatRange

    /// UIKit's `UIScrollView`: ``/KineticLayout/ScrollView``.
    ///
    /// A headless scroll view with iOS's pan, deceleration, bounce and paging.
    public typealias UIScrollView = ScrollView
    /// UIKit's `UIScrollViewDelegate`: ``/KineticLayout/ScrollViewDelegate``.
    ///
    /// Told about scrolling, dragging and deceleration.
    public typealias UIScrollViewDelegate = ScrollViewDelegate
    /// UIKit's `UICollectionView`: ``/KineticLayout/CollectionView``.
    ///
    /// A headless collection view: counts, layout queries, selection, batch updates and scrolling.
    public typealias UICollectionView = CollectionView
    /// UIKit's `UICollectionViewDataSource`: ``/KineticLayout/CollectionViewDataSource``.
    ///
    /// Supplies the numbers of sections and items.
    public typealias UICollectionViewDataSource = CollectionViewDataSource
    /// UIKit's `UICollectionViewDiffableDataSource`: ``/KineticLayout/CollectionViewDiffableDataSource``.
    ///
    /// A data source fed by snapshots; applying one updates the view with one batch update.
    public typealias UICollectionViewDiffableDataSource<
        SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
    > = CollectionViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>
    /// UIKit's `NSDiffableDataSourceSnapshot`: ``/KineticLayout/DiffableDataSourceSnapshot``.
    ///
    /// Sections and items by identifier, in order.
    public typealias NSDiffableDataSourceSnapshot<
        SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
    > = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// UIKit's `NSDiffableDataSourceSectionSnapshot`: ``/KineticLayout/DiffableDataSourceSectionSnapshot``.
    ///
    /// One section's items as an outline: children, expanded or collapsed.
    public typealias NSDiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable & Sendable> =
        DiffableDataSourceSectionSnapshot<ItemIdentifierType>
    /// UIKit's `NSDiffableDataSourceTransaction`: ``/KineticLayout/DiffableDataSourceTransaction``.
    ///
    /// What a reorder changed: the snapshots before and after, and the difference.
    public typealias NSDiffableDataSourceTransaction<
        SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
    > = DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>
    /// UIKit's `NSDiffableDataSourceSectionTransaction`:
    /// ``/KineticLayout/DiffableDataSourceSectionTransaction``.
    ///
    /// What a reorder changed in one section.
    public typealias NSDiffableDataSourceSectionTransaction<
        SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
    > = DiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>
    /// UIKit's `UICollectionViewCell`: ``/KineticLayout/CollectionViewCell``.
    ///
    /// What a diffable data source's cell provider returns (headless: no view).
    public typealias UICollectionViewCell = CollectionViewCell
    /// UIKit's `UICollectionViewDelegate`: ``/KineticLayout/CollectionViewDelegate``.
    ///
    /// Told about selection and asked about moves.
    public typealias UICollectionViewDelegate = CollectionViewDelegate
    /// UIKit's `UICollectionViewLayout`: ``/KineticLayout/CollectionViewLayout``.
    ///
    /// The base class of layouts.
    public typealias UICollectionViewLayout = CollectionViewLayout
    /// UIKit's `UICollectionViewFlowLayout`: ``/KineticLayout/FlowLayout``.
    ///
    /// The line-based grid layout.
    public typealias UICollectionViewFlowLayout = FlowLayout
    /// UIKit's `UICollectionViewDelegateFlowLayout`: ``/KineticLayout/CollectionViewDelegateFlowLayout``.
    ///
    /// Supplies a flow layout's per-item sizes, insets and spacings.
    public typealias UICollectionViewDelegateFlowLayout = CollectionViewDelegateFlowLayout
    /// UIKit's `UICollectionViewLayoutAttributes`: ``/KineticLayout/CollectionViewLayoutAttributes``.
    ///
    /// An element's frame, transform, alpha and z-index; a dynamic item.
    public typealias UICollectionViewLayoutAttributes = CollectionViewLayoutAttributes
    /// UIKit's `UICollectionViewLayoutInvalidationContext`: ``/KineticLayout/CollectionViewLayoutInvalidationContext``.
    ///
    /// What changed when a layout is invalidated.
    public typealias UICollectionViewLayoutInvalidationContext = CollectionViewLayoutInvalidationContext
    /// UIKit's `UICollectionViewUpdateItem`: ``/KineticLayout/CollectionViewUpdateItem``.
    ///
    /// One change of a batch update, as a layout sees it.
    public typealias UICollectionViewUpdateItem = CollectionViewUpdateItem
    /// UIKit's `UICollectionViewDragDelegate`: ``/KineticLayout/CollectionViewDragDelegate``.
    ///
    /// Supplies the items a drag lifts from a collection view.
    public typealias UICollectionViewDragDelegate = CollectionViewDragDelegate
    /// UIKit's `UICollectionViewDropDelegate`: ``/KineticLayout/CollectionViewDropDelegate``.
    ///
    /// Takes drops into a collection view.
    public typealias UICollectionViewDropDelegate = CollectionViewDropDelegate
    /// UIKit's `UICollectionViewDropProposal`: ``/KineticLayout/CollectionViewDropProposal``.
    ///
    /// What a drop would do, and where.
    public typealias UICollectionViewDropProposal = CollectionViewDropProposal
    /// UIKit's `UICollectionViewDropIntent`: ``/KineticLayout/CollectionViewDropIntent``.
    ///
    /// Where dropped items would go.
    public typealias UICollectionViewDropIntent = CollectionViewDropIntent
    /// UIKit's `UIDropOperation`: ``/KineticLayout/DropOperation``.
    ///
    /// Cancel, forbidden, copy or move.
    public typealias UIDropOperation = DropOperation
    /// UIKit's `UIDragItem`: ``/KineticLayout/DragItem``.
    ///
    /// One dragged item.
    public typealias UIDragItem = DragItem
    /// UIKit's `UIDragSession`: ``/KineticLayout/CollectionViewDragSession``.
    ///
    /// A drag in flight, as the source sees it.
    public typealias UIDragSession = CollectionViewDragSession
    /// UIKit's `UIDropSession`: ``/KineticLayout/CollectionViewDragSession``.
    ///
    /// A drag in flight, as a destination sees it.
    public typealias UIDropSession = CollectionViewDragSession
    /// UIKit's `UICollectionViewDropCoordinator`: ``/KineticLayout/CollectionViewDropCoordinator``.
    ///
    /// The items of a drop and the ways to place them.
    public typealias UICollectionViewDropCoordinator = CollectionViewDropCoordinator
    /// UIKit's `UICollectionViewDropItem`: ``/KineticLayout/CollectionViewDropItem``.
    ///
    /// One item of a drop.
    public typealias UICollectionViewDropItem = CollectionViewDropItem
    /// UIKit's `UICollectionViewDropPlaceholder`: ``/KineticLayout/CollectionViewDropPlaceholder``.
    ///
    /// An empty place shown until the app's data arrives.
    public typealias UICollectionViewDropPlaceholder = CollectionViewDropPlaceholder
    /// UIKit's `UICollectionViewDropPlaceholderContext`: ``/KineticLayout/CollectionViewDropPlaceholderContext``.
    ///
    /// A shown placeholder, to commit or delete.
    public typealias UICollectionViewDropPlaceholderContext = CollectionViewDropPlaceholderContext
    /// UIKit's `UIDragPreviewParameters`: ``/KineticLayout/DragPreviewParameters``.
    ///
    /// How a dragged item's preview looks.
    public typealias UIDragPreviewParameters = DragPreviewParameters
    /// UIKit's `UIViewPropertyAnimator`: ``/KineticAnimation/ViewPropertyAnimator``.
    ///
    /// An interruptible animation: started, paused, scrubbed, reversed, continued, stopped, finished.
    public typealias UIViewPropertyAnimator = ViewPropertyAnimator
    /// UIKit's `UIViewAnimating`: ``/KineticAnimation/ViewAnimating``.
    ///
    /// The state machine of an interruptible animation.
    public typealias UIViewAnimating = ViewAnimating
    /// UIKit's `UIViewImplicitlyAnimating`: ``/KineticAnimation/ViewImplicitlyAnimating``.
    ///
    /// An interruptible animation that takes blocks and completions and continues with new timing.
    public typealias UIViewImplicitlyAnimating = ViewImplicitlyAnimating
    /// UIKit's `UIViewAnimatingState`: ``/KineticAnimation/ViewAnimatingState``.
    ///
    /// Inactive, active or stopped.
    public typealias UIViewAnimatingState = ViewAnimatingState
    /// UIKit's `UIViewAnimatingPosition`: ``/KineticAnimation/ViewAnimatingPosition``.
    ///
    /// Where an animation ended: end, start or current.
    public typealias UIViewAnimatingPosition = ViewAnimatingPosition
    /// UIKit's `UITimingCurveProvider`: ``/KineticAnimation/TimingCurveProvider``.
    ///
    /// A property animator's timing: cubic, spring or both.
    public typealias UITimingCurveProvider = TimingCurveProvider
    /// UIKit's `UITimingCurveType`: ``/KineticAnimation/TimingCurveType``.
    ///
    /// Builtin, cubic, spring or composed.
    public typealias UITimingCurveType = TimingCurveType
    /// UIKit's `UICubicTimingParameters`: ``/KineticAnimation/CubicTimingParameters``.
    ///
    /// A standard curve or a cubic Bézier through two control points.
    public typealias UICubicTimingParameters = CubicTimingParameters
    /// UIKit's `UISpringTimingParameters`: ``/KineticAnimation/SpringTimingParameters``.
    ///
    /// A damped spring with an initial velocity relative to the distance left.
    public typealias UISpringTimingParameters = SpringTimingParameters
    /// UIKit's `UIGestureRecognizer`: ``/KineticGestures/GestureRecognizer``.
    ///
    /// The base class of gesture recognizers; actions are closures.
    public typealias UIGestureRecognizer = GestureRecognizer
    /// UIKit's `UIGestureRecognizerDelegate`: ``/KineticGestures/GestureRecognizerDelegate``.
    ///
    /// Asked whether a recognizer may begin, receive a touch or recognize with another.
    public typealias UIGestureRecognizerDelegate = GestureRecognizerDelegate
    /// UIKit's `UITapGestureRecognizer`: ``/KineticGestures/TapGestureRecognizer``.
    ///
    /// Recognizes taps.
    public typealias UITapGestureRecognizer = TapGestureRecognizer
    /// UIKit's `UILongPressGestureRecognizer`: ``/KineticGestures/LongPressGestureRecognizer``.
    ///
    /// Recognizes a press held still.
    public typealias UILongPressGestureRecognizer = LongPressGestureRecognizer
    /// UIKit's `UIPanGestureRecognizer`: ``/KineticGestures/PanGestureRecognizer``.
    ///
    /// Recognizes a drag, with translation and velocity.
    public typealias UIPanGestureRecognizer = PanGestureRecognizer
    /// UIKit's `UIPinchGestureRecognizer`: ``/KineticGestures/PinchGestureRecognizer``.
    ///
    /// Recognizes two fingers pinching, with scale and velocity.
    public typealias UIPinchGestureRecognizer = PinchGestureRecognizer
    /// UIKit's `UIRotationGestureRecognizer`: ``/KineticGestures/RotationGestureRecognizer``.
    ///
    /// Recognizes two fingers turning, with rotation and velocity.
    public typealias UIRotationGestureRecognizer = RotationGestureRecognizer
    /// UIKit's `UISwipeGestureRecognizer`: ``/KineticGestures/SwipeGestureRecognizer``.
    ///
    /// Recognizes a quick straight stroke in allowed directions.
    public typealias UISwipeGestureRecognizer = SwipeGestureRecognizer
    /// UIKit's `UIScreenEdgePanGestureRecognizer`: ``/KineticGestures/ScreenEdgePanGestureRecognizer``.
    ///
    /// A pan that starts at an edge of the screen.
    public typealias UIScreenEdgePanGestureRecognizer = ScreenEdgePanGestureRecognizer
    /// UIKit's `UIRectEdge`: ``/KineticGestures/RectEdge``.
    ///
    /// Top, left, bottom, right, or all.
    public typealias UIRectEdge = RectEdge
    /// UIKit's `UITouch`: ``/KineticGestures/Touch``.
    ///
    /// One finger's state at one instant.
    public typealias UITouch = Touch
    /// UIKit's `UIKeyboardHIDUsage`: ``/KineticGestures/KeyboardHIDUsage``.
    ///
    /// A hardware key by its USB HID usage, as `UIKey.keyCode` gives it.
    public typealias UIKeyboardHIDUsage = KeyboardHIDUsage
    /// UIKit's `UIFeedbackGenerator`: ``/KineticLayout/FeedbackGenerator``.
    ///
    /// The base class of the haptic generators; headless, it plays to an observer.
    public typealias UIFeedbackGenerator = FeedbackGenerator
    /// UIKit's `UIImpactFeedbackGenerator`: ``/KineticLayout/ImpactFeedbackGenerator``.
    ///
    /// Plays impacts of a style (`UIImpactFeedbackGenerator.FeedbackStyle`: light, medium, heavy, soft, rigid).
    public typealias UIImpactFeedbackGenerator = ImpactFeedbackGenerator
    /// UIKit's `UISelectionFeedbackGenerator`: ``/KineticLayout/SelectionFeedbackGenerator``.
    ///
    /// Plays a tick when a selection changes.
    public typealias UISelectionFeedbackGenerator = SelectionFeedbackGenerator
    /// UIKit's Objective-C era constant for the header kind.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // UIKit's name.
    public let UICollectionElementKindSectionHeader = CollectionElementKind.sectionHeader
    /// UIKit's Objective-C era constant for the footer kind.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // UIKit's name.
    public let UICollectionElementKindSectionFooter = CollectionElementKind.sectionFooter
#endif
