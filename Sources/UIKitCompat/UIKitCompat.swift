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

    public typealias UIDynamicItem = DynamicItem
    public typealias UIDynamicItemCollisionBoundsType = DynamicItemCollisionBoundsType
    public typealias UIDynamicAnimator = DynamicAnimator
    public typealias UIDynamicAnimatorDelegate = DynamicAnimatorDelegate
    public typealias UIDynamicBehavior = DynamicBehavior
    public typealias UIGravityBehavior = GravityBehavior
    public typealias UIPushBehavior = PushBehavior
    public typealias UIPushBehaviorMode = PushBehavior.Mode
    public typealias UISnapBehavior = SnapBehavior
    public typealias UIAttachmentBehavior = AttachmentBehavior
    public typealias UIAttachmentBehaviorType = AttachmentBehavior.AttachmentType
    public typealias UIDynamicItemBehavior = DynamicItemBehavior
    public typealias UIDynamicItemGroup = DynamicItemGroup
    public typealias UICollisionBehavior = CollisionBehavior
    public typealias UICollisionBehaviorMode = CollisionBehavior.Mode
    public typealias UICollisionBehaviorDelegate = CollisionBehaviorDelegate
    public typealias UIBezierPath = BezierPath
    public typealias UIFieldBehavior = FieldBehavior
    public typealias UIRegion = Region
    public typealias UIFieldCustomEvaluator = FieldCustomEvaluator
    public typealias UIOffset = Offset
    public typealias UIEdgeInsets = EdgeInsets
    public typealias UIFloatRange = FloatRange

    public typealias UIScrollView = ScrollView
    public typealias UIScrollViewDelegate = ScrollViewDelegate
    public typealias UICollectionView = CollectionView
    public typealias UICollectionViewDataSource = CollectionViewDataSource
    public typealias UICollectionViewDelegate = CollectionViewDelegate
    public typealias UICollectionViewLayout = CollectionViewLayout
    public typealias UICollectionViewFlowLayout = FlowLayout
    public typealias UICollectionViewDelegateFlowLayout = CollectionViewDelegateFlowLayout
    public typealias UICollectionViewLayoutAttributes = CollectionViewLayoutAttributes
    public typealias UICollectionViewLayoutInvalidationContext = CollectionViewLayoutInvalidationContext
    public typealias UICollectionViewUpdateItem = CollectionViewUpdateItem
    public typealias UIGestureRecognizer = GestureRecognizer
    public typealias UIGestureRecognizerDelegate = GestureRecognizerDelegate
    public typealias UITapGestureRecognizer = TapGestureRecognizer
    public typealias UILongPressGestureRecognizer = LongPressGestureRecognizer
    public typealias UIPanGestureRecognizer = PanGestureRecognizer
    public typealias UITouch = Touch
    /// UIKit's Objective-C era constant for the header kind.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // UIKit's name.
    public let UICollectionElementKindSectionHeader = CollectionElementKind.sectionHeader
    /// UIKit's Objective-C era constant for the footer kind.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // UIKit's name.
    public let UICollectionElementKindSectionFooter = CollectionElementKind.sectionFooter
#endif
