import Foundation
import KineticDynamics
import KineticGestures
import Testing

@testable import KineticLayout

/// Orthogonal sections: a line of groups across a vertical layout, in a scroll view of its own.
/// Frames by the documented rules, moved by the section's scroll; touches arbitrated as on iOS
/// (the first decisive direction wins, a diagonal pan goes to the axis it leans to, a fling on
/// the section never moves the list); group paging settles on group boundaries, at most one
/// group a fling.
@Suite("Orthogonal sections")
struct OrthogonalSectionTests {
    typealias Size = CollectionLayoutSize

    /// A 375 × 667 collection view in an arena on a manual clock, driven at 120 Hz: section 0
    /// is a carousel of 10 cards (groups 0.8 of the 343-point content width, 200 tall, 10
    /// apart, insets 16 across), section 1 a list of 30 rows 60 tall.
    final class Harness {
        let clock = ManualClock()
        let arena: GestureArena
        let layout: CompositionalLayout
        let view: CollectionView
        let data = SectionsDataSource([Array(0..<10), Array(0..<30)])
        static let frame = 1.0 / 120
        static let card: CGFloat = 343 * 0.8

        init(_ behavior: CollectionLayoutSection.OrthogonalScrollingBehavior) {
            arena = GestureArena(clock: clock)
            layout = CompositionalLayout { index, _ in
                if index == 0 {
                    let item = CollectionLayoutItem(
                        layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                    let group = CollectionLayoutGroup.horizontal(
                        layoutSize: Size(widthDimension: .fractionalWidth(0.8), heightDimension: .absolute(200)),
                        subitems: [item])
                    let section = CollectionLayoutSection(group: group)
                    section.orthogonalScrollingBehavior = behavior
                    section.interGroupSpacing = 10
                    section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
                    return section
                }
                let row = CollectionLayoutItem(
                    layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .absolute(60)))
                return CollectionLayoutSection(
                    group: .vertical(
                        layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .absolute(60)),
                        subitems: [row]))
            }
            view = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
            view.dataSource = data
            view.install(in: arena)
            view.layoutIfNeeded()
        }

        var inner: ScrollView { layout.orthogonalScrollView(forSection: 0)! }

        func step(_ touch: (phase: Touch.Phase, point: CGPoint)? = nil) {
            clock.advance(by: Self.frame)
            if let touch { arena.handle(Touch(id: 1, phase: touch.phase, location: touch.point, timestamp: clock.now)) }
            arena.advance(to: clock.now)
        }

        /// A finger down at `start`, moved at `velocity` (pt/s) for `frames` frames, lifted.
        func drag(from start: CGPoint, velocity: CGVector, frames: Int) {
            step((.began, start))
            var point = start
            for _ in 0...frames {
                point = CGPoint(x: point.x + velocity.dx * Self.frame, y: point.y + velocity.dy * Self.frame)
                step((frames == 0 ? .ended : .moved, point))
            }
            step((.ended, point))
        }

        func settle() {
            var frames = 0
            while inner.isDecelerating || view.isDecelerating, frames < 1200 {
                step()
                frames += 1
            }
        }

        func frame(_ item: Int, _ section: Int = 0) -> CGRect? {
            layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
        }
    }

    @Test func theCarouselIsOneLineAcrossTheList() throws {
        let h = Harness(.continuous)
        // Positions to within 1e-9: 0.8 × 343 is not exact in binary, and sums of it round.
        for card in 0..<10 {
            let x = 16 + CGFloat(card) * (Harness.card + 10)
            let frame = h.frame(card) ?? .null
            #expect(abs(frame.minX - x) < 1e-9 && abs(frame.width - Harness.card) < 1e-9, "card \(card)")
            #expect(frame.minY == 0 && frame.height == 200)
        }
        #expect(h.frame(0, 1) == CGRect(x: 0, y: 200, width: 375, height: 60))
        #expect(h.layout.collectionViewContentSize == CGSize(width: 375, height: 200 + 30 * 60))
        // The section's own scroll: its groups and insets across.
        #expect(abs(h.inner.contentSize.width - (16 + 10 * Harness.card + 9 * 10 + 16)) < 1e-9)
        #expect(h.inner.frame == CGRect(x: 0, y: 0, width: 375, height: 200))
        // Scrolled by one card: every card moves left by a pitch; the query finds what shows.
        h.inner.contentOffset = CGPoint(x: Harness.card + 10, y: 0)
        #expect(h.frame(1).map { abs($0.minX - 16) < 1e-9 } == true)
        let shown = h.view.visibleLayoutAttributes().filter { $0.indexPath.section == 0 }.map(\.indexPath.item)
        #expect(shown.sorted() == [0, 1, 2])
        // The list scrolled: the section's scroll view follows it on screen, clipped.
        h.view.contentOffset = CGPoint(x: 0, y: 150)
        #expect(h.inner.frame == CGRect(x: 0, y: 0, width: 375, height: 50))
        h.view.contentOffset = CGPoint(x: 0, y: 400)
        #expect(h.inner.frame.height == 0, "off screen: no touch reaches it")
        withExtendedLifetime(h) {}
    }

    @Test func aHorizontalPanScrollsTheSectionNotTheList() {
        let h = Harness(.continuous)
        h.drag(from: CGPoint(x: 300, y: 100), velocity: CGVector(dx: -600, dy: 0), frames: 20)
        #expect(h.inner.contentOffset.x > 50, "the section scrolled: \(h.inner.contentOffset.x)")
        #expect(h.view.contentOffset.y == 0, "the list did not")
        h.settle()
        #expect(h.view.contentOffset == .zero)
    }

    @Test func aVerticalPanOnTheSectionScrollsTheList() {
        let h = Harness(.continuous)
        h.drag(from: CGPoint(x: 200, y: 150), velocity: CGVector(dx: 0, dy: -600), frames: 20)
        #expect(h.view.contentOffset.y > 50, "the list scrolled: \(h.view.contentOffset.y)")
        #expect(h.inner.contentOffset.x == 0, "the section did not")
    }

    /// A diagonal pan goes to the axis it leans to, whichever way.
    @Test(arguments: [(CGVector(dx: -500, dy: -300), true), (CGVector(dx: -300, dy: -500), false)])
    func aDiagonalPanGoesToTheAxisItLeansTo(velocity: CGVector, horizontal: Bool) {
        let h = Harness(.continuous)
        h.drag(from: CGPoint(x: 300, y: 150), velocity: velocity, frames: 20)
        #expect((h.inner.contentOffset.x > 0) == horizontal)
        #expect((h.view.contentOffset.y > 0) == !horizontal)
    }

    /// Group paging: a fling settles on a group's leading edge at the leading inset, one group
    /// from where it began however hard it is; a slow drag past half a group settles on the next.
    @Test func groupPagingSettlesOnTheNextGroup() {
        let h = Harness(.groupPaging)
        let pitch = Harness.card + 10
        h.drag(from: CGPoint(x: 340, y: 100), velocity: CGVector(dx: -4000, dy: 0), frames: 6)
        h.settle()
        #expect(abs(h.inner.contentOffset.x - pitch) < 0.5, "one group: \(h.inner.contentOffset.x)")
        #expect(h.frame(1).map { abs($0.minX - 16) < 0.5 } == true, "card 1 at the leading inset")
        h.drag(from: CGPoint(x: 340, y: 100), velocity: CGVector(dx: -4000, dy: 0), frames: 6)
        h.settle()
        #expect(abs(h.inner.contentOffset.x - 2 * pitch) < 0.5)
        #expect(h.view.contentOffset.y == 0, "the list never moved")
    }

    /// Paging: the section pages by the collection view's width, one page a fling.
    @Test func pagingPagesByTheViewsWidth() {
        let h = Harness(.paging)
        h.drag(from: CGPoint(x: 340, y: 100), velocity: CGVector(dx: -4000, dy: 0), frames: 6)
        h.settle()
        #expect(abs(h.inner.contentOffset.x - 375) < 0.5, "one page: \(h.inner.contentOffset.x)")
        h.drag(from: CGPoint(x: 100, y: 100), velocity: CGVector(dx: 4000, dy: 0), frames: 6)
        h.settle()
        #expect(abs(h.inner.contentOffset.x) < 0.5, "and back: \(h.inner.contentOffset.x)")
    }

    @Test func groupPagingCenteredCentresTheGroup() {
        let h = Harness(.groupPagingCentered)
        h.drag(from: CGPoint(x: 340, y: 100), velocity: CGVector(dx: -3000, dy: 0), frames: 6)
        h.settle()
        let card = h.frame(1)
        #expect(card.map { abs($0.midX - 187.5) < 0.5 } == true, "card 1 centred: \(String(describing: card))")
    }

    /// Continuous to a group boundary: a long fling travels several groups and rests on one.
    @Test func continuousGroupLeadingBoundaryRestsOnABoundary() {
        let h = Harness(.continuousGroupLeadingBoundary)
        let pitch = Harness.card + 10
        h.drag(from: CGPoint(x: 340, y: 100), velocity: CGVector(dx: -3000, dy: 0), frames: 6)
        h.settle()
        let groups = h.inner.contentOffset.x / pitch
        #expect(groups > 1.5, "travelled several groups: \(groups)")
        #expect(abs(groups - groups.rounded()) < 0.01, "rests on a boundary: \(groups)")
    }

    /// Apple's carousel: the handler scales each card by its distance from the view's centre,
    /// measured as `frame.midX − offset.x`; ported as is, the centred card is at full scale.
    @Test func theVisibleItemsHandlerScalesTheCentredCard() throws {
        let layout = CompositionalLayout { _, _ in
            let item = CollectionLayoutItem(
                layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let group = CollectionLayoutGroup.horizontal(
                layoutSize: Size(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(150)),
                subitems: [item])
            let section = CollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = .continuous
            section.visibleItemsInvalidationHandler = { items, offset, environment in
                for item in items {
                    let width = environment.container.contentSize.width
                    let distanceFromCenter = abs((item.frame.midX - offset.x) - width / 2.0)
                    let scale = max(1 - (distanceFromCenter / width), 0.7)
                    item.transform = CGAffineTransform(scaleX: scale, y: scale)
                }
            }
            return section
        }
        let data = SectionsDataSource([Array(0..<6)])
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 400, height: 600), collectionViewLayout: layout)
        view.dataSource = data
        view.layoutIfNeeded()
        // Card 2 spans 400…600 as laid out; scrolled by 300 it spans 100…300: centred.
        layout.orthogonalScrollView(forSection: 0)?.contentOffset = CGPoint(x: 300, y: 0)
        let shown = view.visibleLayoutAttributes()
        let two = try #require(shown.first { $0.indexPath.item == 2 })
        #expect(two.transform.a == 1 && two.center.x == 200, "full scale, where it shows")
        let one = try #require(shown.first { $0.indexPath.item == 1 })
        #expect(abs(one.transform.a - 0.7) < 1e-9, "200 from the centre: 1 − 0.5, floored at 0.7")
        withExtendedLifetime(data) {}
    }
}

/// Drag and drop in an orthogonal section: a card lifted in a carousel and held at the view's
/// trailing edge scrolls the carousel (the section's own scroll view, not the list), and drops
/// further along it, committed through the diffable data source's reordering handlers.
@Suite("Orthogonal sections and drag and drop")
struct OrthogonalDragAndDropTests {
    @Test func heldAtTheEdgeTheCarouselScrollsAndTheCardLandsFurtherOn() throws {
        let columns = DiffableColumns(
            [[Array(0..<30)]],
            makeLayout: {
                let card = CollectionLayoutItem(
                    layoutSize: CollectionLayoutSize(
                        widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = CollectionLayoutGroup.horizontal(
                    layoutSize: CollectionLayoutSize(widthDimension: .absolute(60), heightDimension: .absolute(100)),
                    subitems: [card])
                let section = CollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .continuous
                section.interGroupSpacing = 10
                return CompositionalLayout(section: section)
            })
        let view = columns.views[0]
        let dataSource = columns.dataSources[0]
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        let layout = try #require(view.collectionViewLayout as? CompositionalLayout)
        let inner = try #require(layout.orthogonalScrollView(forSection: 0))
        // Card 1 at 70…130 across, 0…100 down; the view is 200 wide.
        let items = columns.space.beginDrag(at: CGPoint(x: 100, y: 50))
        #expect(items.count == 1)
        columns.space.moveDrag(to: CGPoint(x: 196, y: 50))
        for _ in 0..<90 { columns.space.step(1.0 / 60) }
        #expect(inner.contentOffset.x > 100, "the carousel scrolled: \(inner.contentOffset.x)")
        #expect(view.contentOffset == .zero, "the list did not")
        let under = try #require(
            view.indexPathForItem(at: columns.space.contentPoint(CGPoint(x: 180, y: 50), in: view)))
        #expect(under.item > 3)
        columns.space.endDrag()
        let order = dataSource.snapshot().itemIdentifiers
        #expect(order.sorted() == Array(0..<30), "nothing lost or duplicated")
        let landed = try #require(order.firstIndex(of: 1))
        #expect(landed > 3, "the card landed further on: at \(landed)")
    }
}
