import ArgumentParser
import Foundation
import KineticDynamics
@_spi(Benchmark) import KineticLayout

/// `kinetic bench-layout`: the flow layout's preparation, visible-rect queries and memory, median
/// of several runs, in release builds.
struct BenchLayout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-layout",
        abstract: "Measure FlowLayout: prepare, visible-rect queries and memory (build with -c release).",
        discussion: """
            Uniform: 1 000 000 items of 100x100 pt (no flow delegate) in a 390x844 pt view; \
            queries of the visible rect at 0, 25, 50, 75 and 100 % of the scroll range. Memory is \
            the byte size of the layout's stored arrays (their capacities), shown for 100 000, \
            1 000 000 and 10 000 000 items, with the process's resident-set growth as a check. \
            Per-item: 100 000 random sizes of 20...180 pt from a flow delegate. Each query is \
            shown beside the time to create as many attribute objects alone, the floor under it. \
            Then batch updates, a diffable data source's apply, an outline's expand and collapse, \
            100 000 self-sizing cells (the first screen, a jump to the end, a scroll back up, an \
            insert and a move; cells sized counted), a layout animator's lookups, and compositional \
            layouts: 1 000 000 items in uniform groups (prepare, queries) and 10 000 sections of \
            mixed groups (prepare).
            """
    )

    @Option(help: "Number of runs; the median is reported.")
    var runs: Int = 7

    @Option(help: "Queries per offset per run (their mean is one run's figure).")
    var queries: Int = 2000

    func validate() throws {
        guard runs > 0, queries > 0 else { throw ValidationError("--runs and --queries must be positive") }
    }

    func run() throws {
        #if DEBUG
            print("# warning: debug build; use `swift run -c release kinetic bench-layout` for real figures")
        #endif
        print("# median of \(runs) runs; queries: the mean of \(queries) calls per offset per run")
        uniform()
        uniformMemory()
        perItem()
        batchUpdates(count: 1_000_000, perItemSizes: false)
        batchUpdates(count: 100_000, perItemSizes: true)
        diffableApply(count: 100_000)
        diffableApply(count: 1_000_000)
        outlineExpand(children: 10_000)
        selfSizing(count: 100_000)
        animatorLookups()
        compositional()
    }

    /// Compositional layouts (issue 36): 1 000 000 items in one section of uniform groups (five
    /// across, rows 75 pt tall), prepared and queried at each offset; then 10 000 sections of
    /// mixed groups (grids, nested groups, rows with headers and backgrounds; 20 items each),
    /// prepared by a section provider that builds each section anew.
    private func compositional() {
        final class Counts: CollectionViewDataSource {
            let counts: [Int]
            init(_ counts: [Int]) { self.counts = counts }
            func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
                counts[section]
            }
        }
        let row = CollectionLayoutGroup.horizontal(
            layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(75)),
            subitems: [
                CollectionLayoutItem(
                    layoutSize: CollectionLayoutSize(
                        widthDimension: .fractionalWidth(0.2), heightDimension: .fractionalHeight(1)))
            ])
        let uniform = CompositionalLayout(section: CollectionLayoutSection(group: row))
        let million = Counts([1_000_000])
        let view = CollectionView(frame: CGRect(origin: .zero, size: Self.viewSize), collectionViewLayout: uniform)
        view.dataSource = million
        var prepares: [Double] = []
        for _ in 0..<runs {
            uniform.invalidateLayout()
            prepares.append(Self.microseconds { view.layoutIfNeeded() })
        }
        print(String(format: "compositional 1000000 items, uniform groups: prepare %.2f us", Self.median(prepares)))
        let range = max(0, uniform.collectionViewContentSize.height - Self.viewSize.height)
        var sink = 0
        for fraction in Self.offsets {
            let rect = CGRect(origin: CGPoint(x: 0, y: (range * fraction).rounded()), size: Self.viewSize)
            var times: [Double] = []
            for _ in 0..<runs {
                times.append(
                    Self.microseconds {
                        for _ in 0..<queries { sink &+= uniform.layoutAttributesForElements(in: rect)?.count ?? 0 }
                    } / Double(queries))
            }
            let returned = uniform.layoutAttributesForElements(in: rect)?.count ?? 0
            print(
                String(
                    format: "compositional query at y %.0f (%3.0f %%): %.2f us, %d attributes", rect.minY,
                    fraction * 100,
                    Self.median(times), returned))
        }

        let mixed = CompositionalLayout { index, environment in Self.mixedSection(index, environment) }
        let sections = Counts(Array(repeating: 20, count: 10_000))
        let mixedView = CollectionView(frame: CGRect(origin: .zero, size: Self.viewSize), collectionViewLayout: mixed)
        mixedView.dataSource = sections
        var mixedPrepares: [Double] = []
        for _ in 0..<runs {
            mixed.invalidateLayout()
            mixedPrepares.append(Self.microseconds { mixedView.layoutIfNeeded() })
        }
        print(
            String(
                format: "compositional 10000 sections of mixed groups (200000 items): prepare %.2f ms",
                Self.median(mixedPrepares) / 1000))
        orthogonalScroll(sink: &sink)
        if sink == 42 { print("") }
    }

    /// An orthogonal section of `count` cards (0.4 of the width, 10 apart) above a list, scrolled
    /// sideways 7 points a frame: each frame moves the section's scroll view and queries the
    /// visible rect. At 1 000 and 100 000 cards: the cost follows what shows, not the count.
    private func orthogonalScroll(sink: inout Int) {
        final class Counts: CollectionViewDataSource {
            let counts: [Int]
            init(_ counts: [Int]) { self.counts = counts }
            func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
                counts[section]
            }
        }
        for count in [1_000, 100_000] {
            let layout = CompositionalLayout { index, _ in
                let item = CollectionLayoutItem(
                    layoutSize: CollectionLayoutSize(
                        widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                if index == 0 {
                    let group = CollectionLayoutGroup.horizontal(
                        layoutSize: CollectionLayoutSize(
                            widthDimension: .fractionalWidth(0.4), heightDimension: .absolute(160)),
                        subitems: [item])
                    let section = CollectionLayoutSection(group: group)
                    section.orthogonalScrollingBehavior = .continuous
                    section.interGroupSpacing = 10
                    return section
                }
                return CollectionLayoutSection(
                    group: .vertical(
                        layoutSize: CollectionLayoutSize(
                            widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
                        subitems: [item]))
            }
            let data = Counts([count, 1000])
            let view = CollectionView(frame: CGRect(origin: .zero, size: Self.viewSize), collectionViewLayout: layout)
            view.dataSource = data
            view.layoutIfNeeded()
            guard let inner = layout.orthogonalScrollView(forSection: 0) else { continue }
            var times: [Double] = []
            let frames = 600
            for _ in 0..<runs {
                inner.contentOffset = .zero
                times.append(
                    Self.microseconds {
                        for frame in 0..<frames {
                            inner.contentOffset = CGPoint(x: CGFloat(frame) * 7, y: 0)
                            sink &+= view.visibleLayoutAttributes().count
                        }
                    } / Double(frames))
            }
            print(
                String(
                    format:
                        "compositional orthogonal section of %d cards scrolled sideways: %.2f us a frame "
                        + "(visible query)",
                    count, Self.median(times)))
        }
    }

    /// Section `index` of the mixed bench: a grid of four, a nested group (one large item beside
    /// two stacked), or rows with a header and a background, in turn.
    private static func mixedSection(_ index: Int, _ environment: CollectionLayoutEnvironment)
        -> CollectionLayoutSection
    {
        func size(_ width: CollectionLayoutDimension, _ height: CollectionLayoutDimension) -> CollectionLayoutSize {
            CollectionLayoutSize(widthDimension: width, heightDimension: height)
        }
        let section: CollectionLayoutSection
        switch index % 3 {
        case 0:
            let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(0.25), .fractionalHeight(1)))
            item.contentInsets = DirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
            section = CollectionLayoutSection(
                group: .horizontal(layoutSize: size(.fractionalWidth(1), .fractionalWidth(0.25)), subitems: [item]))
        case 1:
            let large = CollectionLayoutItem(layoutSize: size(.fractionalWidth(0.7), .fractionalHeight(1)))
            let small = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
            let pair = CollectionLayoutGroup.vertical(
                layoutSize: size(.fractionalWidth(0.3), .fractionalHeight(1)), subitems: [small])
            section = CollectionLayoutSection(
                group: .horizontal(
                    layoutSize: size(.fractionalWidth(1), .fractionalWidth(0.4)), subitems: [large, pair]))
        default:
            let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(44)))
            section = CollectionLayoutSection(
                group: .vertical(layoutSize: size(.fractionalWidth(1), .absolute(44)), subitems: [item]))
            section.boundarySupplementaryItems = [
                CollectionLayoutBoundarySupplementaryItem(
                    layoutSize: size(.fractionalWidth(1), .absolute(30)),
                    elementKind: CollectionElementKind.sectionHeader,
                    alignment: .top)
            ]
            section.decorationItems = [.background(elementKind: "background")]
        }
        section.contentInsets = DirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
        section.interGroupSpacing = 4
        return section
    }

    /// `count` self-sizing items (estimated 390 x 44, their cells 30...120 pt tall): the first
    /// screen (preparing every estimate and sizing what shows), a jump to the end, a scroll back
    /// up frame by frame (each frame sizes the cells coming into view above and keeps what is on
    /// screen still), and an insert and a move in the middle; cells sized counted.
    private func selfSizing(count: Int) {
        final class Cells: CollectionViewDataSource {
            var heights: [CGFloat]
            var order: [Int]
            var sized = 0
            init(count: Int) {
                var rng = SeededRandom(seed: 11)
                heights = (0..<(count + 100)).map { _ in (30 + 90 * BenchLayout.unit(&rng)).rounded() }
                order = Array(0..<count)
            }
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
                order.count
            }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
                -> CollectionViewCell?
            {
                sized += 1
                let cell = CollectionViewCell()
                let height = heights[order[indexPath.item]]
                cell.sizing = { CGSize(width: $0.width, height: height) }
                return cell
            }
        }
        var first: [Double] = [], end: [Double] = [], frame: [Double] = [], insert: [Double] = [], move: [Double] = []
        var counts = (first: 0, end: 0, up: 0)
        for _ in 0..<runs {
            let cells = Cells(count: count)
            let layout = FlowLayout()
            layout.minimumLineSpacing = 0
            layout.estimatedItemSize = CGSize(width: 390, height: 44)
            let view = CollectionView(frame: CGRect(origin: .zero, size: Self.viewSize), collectionViewLayout: layout)
            view.dataSource = cells
            first.append(Self.microseconds { _ = view.visibleLayoutAttributes() })
            counts.first = cells.sized
            end.append(
                Self.microseconds {
                    view.contentOffset = CGPoint(x: 0, y: view.contentSize.height - view.bounds.height)
                    _ = view.visibleLayoutAttributes()
                })
            counts.end = cells.sized - counts.first
            let before = cells.sized
            for _ in 0..<300 {
                frame.append(
                    Self.microseconds {
                        view.contentOffset.y -= 16
                        _ = view.visibleLayoutAttributes()
                    })
            }
            counts.up = cells.sized - before
            let middle = count / 2
            view.contentOffset.y = (view.contentSize.height / 2).rounded()
            _ = view.visibleLayoutAttributes()
            for run in 0..<20 {
                insert.append(
                    Self.microseconds {
                        if run % 2 == 0 {
                            cells.order.insert(count + run % 100, at: middle)
                            view.insertItems(at: [IndexPath(item: middle, section: 0)])
                        } else {
                            cells.order.remove(at: middle)
                            view.deleteItems(at: [IndexPath(item: middle, section: 0)])
                        }
                        _ = view.visibleLayoutAttributes()
                    })
                move.append(
                    Self.microseconds {
                        let (a, b) = run % 2 == 0 ? (10, cells.order.count - 10) : (cells.order.count - 10, 10)
                        cells.order.insert(cells.order.remove(at: a), at: b)
                        view.moveItem(at: IndexPath(item: a, section: 0), to: IndexPath(item: b, section: 0))
                        _ = view.visibleLayoutAttributes()
                    })
            }
        }
        print(
            String(
                format:
                    "self-sizing %d items (us): first screen %.0f (%d cells sized); "
                    + "jump to the end %.0f (%d sized); scrolling up 16 pt a frame %.1f a frame "
                    + "(%d sized in 300 frames); insert 1 %.1f; move 1 far %.1f",
                count, Self.median(first), counts.first, Self.median(end), counts.end, Self.median(frame), counts.up,
                Self.median(insert), Self.median(move)))
    }

    /// A diffable data source of `count` items in 100 sections: `apply` of a snapshot that
    /// changes 100 items (25 deleted, 25 inserted, 25 moved, 25 reloaded), building the
    /// difference and the batch update included, then the visible query; undone by the next run.
    private func diffableApply(count: Int) {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) { _, _, _ in nil }
        var base = DiffableDataSourceSnapshot<Int, Int>()
        base.appendSections(Array(0..<100))
        let perSection = count / 100
        for section in 0..<100 {
            base.appendItems(Array((section * perSection)..<((section + 1) * perSection)), toSection: section)
        }
        dataSource.applySnapshotUsingReloadData(base)
        view.contentOffset = CGPoint(x: 0, y: (view.contentSize.height / 2).rounded())
        _ = view.visibleLayoutAttributes()
        var changed = base
        var rng = SeededRandom(seed: 35)
        let pick = { (rng: inout SeededRandom) in Int(rng.next() % UInt64(count)) }
        let picked = (0..<100).map { _ in pick(&rng) }
        let unique = Array(Set(picked)).sorted()
        changed.deleteItems(Array(unique.prefix(25)))
        for (offset, item) in unique.dropFirst(25).prefix(25).enumerated() {
            changed.insertItems([count + offset], afterItem: item)
        }
        for pair in Array(unique.dropFirst(50).prefix(50)).chunked(2) where pair.count == 2 {
            changed.moveItem(pair[0], afterItem: pair[1])
        }
        changed.reloadItems(Array(unique.dropFirst(75).prefix(25)).filter { changed.indexOfItem($0) != nil })
        var times: [Double] = []
        for run in 0..<(runs * 4) {
            times.append(
                Self.microseconds {
                    dataSource.apply(run % 2 == 0 ? changed : base)
                    _ = view.visibleLayoutAttributes()
                })
        }
        print(
            String(
                format: "diffable apply, %d items in 100 sections, 100 changes (ms): %.2f", count,
                Self.median(times) / 1000))
    }

    /// An outline section whose one parent has `children` children: expanding it (the section
    /// snapshot applied with them shown) and collapsing it again, each with the visible query.
    private func outlineExpand(children: Int) {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 390, height: 44)
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) { _, _, _ in nil }
        var outline = DiffableDataSourceSectionSnapshot<Int>()
        outline.append([-1, -2, -3])
        outline.append(Array(0..<children), to: -2)
        dataSource.apply(outline, to: 0)
        var expand: [Double] = [], collapse: [Double] = []
        for _ in 0..<(runs * 2) {
            expand.append(
                Self.microseconds {
                    dataSource.expand(-2)
                    _ = view.visibleLayoutAttributes()
                })
            collapse.append(
                Self.microseconds {
                    dataSource.collapse(-2)
                    _ = view.visibleLayoutAttributes()
                })
        }
        print(
            String(
                format: "outline, a parent of %d children (ms): expand %.2f; collapse %.2f", children,
                Self.median(expand) / 1000, Self.median(collapse) / 1000))
    }

    /// A layout animator moving 100, 1 000 and 10 000 cells: `layoutAttributesForCell(at:)` for
    /// every one of them (what a springy layout asks for its visible cells each frame), beside
    /// a scan of the animator's items for the same answers (how the lookup worked before).
    private func animatorLookups() {
        for count in [100, 1_000, 10_000] {
            let animator = DynamicAnimator(collectionViewLayout: FlowLayout())
            let cells = (0..<count).map { i -> CollectionViewLayoutAttributes in
                let a = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: i, section: 0))
                a.frame = CGRect(x: Double(i % 8) * 50, y: Double(i / 8) * 50, width: 40, height: 40)
                return a
            }
            animator.addBehavior(DynamicItemBehavior(items: cells))
            let paths = cells.map(\.indexPath).shuffled()
            var indexed: [Double] = [], scanned: [Double] = []
            var sink = 0
            for _ in 0..<runs {
                indexed.append(
                    Self.microseconds {
                        for path in paths where animator.layoutAttributesForCell(at: path) != nil { sink &+= 1 }
                    } / Double(count))
                // The scan costs O(count) per lookup: time a sample of 100 lookups.
                scanned.append(
                    Self.microseconds {
                        for path in paths.prefix(100) {
                            var found: CollectionViewLayoutAttributes?
                            animator.forEachItem { item in
                                guard found == nil, let a = item as? CollectionViewLayoutAttributes, a.indexPath == path
                                else { return }
                                found = a
                            }
                            if found != nil { sink &+= 1 }
                        }
                    } / Double(min(100, count)))
            }
            print(
                String(
                    format: "animator lookup, %d cells: %.3f us indexed, %.3f us by scan (%.0fx) [%d]", count,
                    Self.median(indexed), Self.median(scanned), Self.median(scanned) / Self.median(indexed), sink % 2))
        }
    }

    /// Batch updates in one section of `count` items: one insert, one delete, one move (far),
    /// a 100-item batch (50 deletes and 50 inserts spread over the section), and an invalid
    /// batch rejected; each with the layout's update and the visible query after it.
    private func batchUpdates(count: Int, perItemSizes: Bool) {
        var rng = SeededRandom(seed: 9)
        let sizes =
            perItemSizes
            ? (0..<(count + 200)).map { _ in
                CGSize(width: 20 + 160 * Self.unit(&rng), height: 20 + 160 * Self.unit(&rng))
            } : nil
        let fixture = Fixture(count: count, sizes: sizes)
        // Items keep their sizes as they move: the data source tracks which size each place shows.
        if perItemSizes { fixture.order = Array(0..<count) }
        fixture.view.contentOffset = CGPoint(x: 0, y: (fixture.view.contentSize.height / 2).rounded())
        _ = fixture.view.visibleLayoutAttributes()
        let n = count
        let spread = (0..<50).map { $0 * (n / 50) + 7 }
        var fresh = 0  // the next new item's size, from the 200 spare sizes after the first `count`
        func newItem() -> Int {
            fresh = (fresh + 1) % 200
            return count + fresh
        }
        let scenarios: [(String, (Bool) -> Void)] = [
            (
                "insert 1",
                { forward in
                    if forward {
                        fixture.count += 1
                        fixture.edit { $0.insert(newItem(), at: n / 2) }
                        fixture.view.insertItems(at: [IndexPath(item: n / 2, section: 0)])
                    } else {
                        fixture.count -= 1
                        fixture.edit { _ = $0.remove(at: n / 2) }
                        fixture.view.deleteItems(at: [IndexPath(item: n / 2, section: 0)])
                    }
                }
            ),
            (
                "move 1",
                { forward in
                    let (a, b) = forward ? (10, n - 10) : (n - 10, 10)
                    fixture.move(a, to: b)
                    fixture.view.moveItem(at: IndexPath(item: a, section: 0), to: IndexPath(item: b, section: 0))
                }
            ),
            (
                "batch of 100",
                { _ in
                    if fixture.order != nil {
                        fixture.edit { order in
                            for place in spread.reversed() { _ = order.remove(at: place) }
                            for place in spread { order.insert(newItem(), at: place + 3) }
                        }
                    }
                    try? fixture.view.applyBatchUpdates {
                        fixture.view.deleteItems(at: spread.map { IndexPath(item: $0, section: 0) })
                        fixture.view.insertItems(at: spread.map { IndexPath(item: $0 + 3, section: 0) })
                    }
                }
            ),
            (
                "rejected",
                { _ in
                    fixture.count += 1  // the data source says one more, the batch says nothing
                    try? fixture.view.applyBatchUpdates {}
                    fixture.count -= 1
                }
            ),
        ]
        var line = "\(perItemSizes ? "per-item sizes" : "uniform") \(count) items, batch update + visible query (us):"
        for (name, update) in scenarios {
            var times: [Double] = []
            for run in 0..<(runs * 20) {
                times.append(
                    Self.microseconds {
                        update(run % 2 == 0)
                        _ = fixture.view.visibleLayoutAttributes()
                    })
            }
            line += String(format: " %@ %.1f;", name, Self.median(times))
        }
        print(line)
        movesOnScreen(fixture)
    }

    /// Moves between the first and the last visible place, as a reorder makes them: a batch move
    /// (the data source rotating its order between the two places), and an interactive movement
    /// step (iOS 9's API: the target position jumping between the two cells); each with the
    /// visible query after it.
    private func movesOnScreen(_ fixture: Fixture) {
        if fixture.sizes != nil, fixture.order == nil { fixture.order = Array(0..<fixture.count) }
        let visible = fixture.view.visibleLayoutAttributes().filter { $0.representedElementCategory == .cell }
        guard let a = visible.map(\.indexPath).min(), let b = visible.map(\.indexPath).max() else { return }
        let centers = [a, b].map { fixture.view.layoutAttributesForItem(at: $0)!.center }
        var moved: [Double] = [], stepped: [Double] = []
        for run in 0..<(runs * 20) {
            let (from, to) = run % 2 == 0 ? (a, b) : (b, a)
            moved.append(
                Self.microseconds {
                    fixture.move(from.item, to: to.item)
                    fixture.view.moveItem(at: from, to: to)
                    _ = fixture.view.visibleLayoutAttributes()
                })
        }
        fixture.view.beginInteractiveMovementForItem(at: a)
        for run in 0..<(runs * 20) {
            stepped.append(
                Self.microseconds {
                    fixture.view.updateInteractiveMovementTargetPosition(centers[(run + 1) % 2])
                    _ = fixture.view.visibleLayoutAttributes()
                })
        }
        fixture.view.cancelInteractiveMovement()
        print(
            String(
                format:
                    "%@ %d items, on screen (items %d and %d) (us): batch move %.1f; interactive movement step %.1f;",
                fixture.sizes == nil ? "uniform" : "per-item sizes", fixture.count, a.item, b.item, Self.median(moved),
                Self.median(stepped)))
    }

    // MARK: Scenarios

    private static let viewSize = CGSize(width: 390, height: 844)
    private static let offsets: [Double] = [0, 0.25, 0.5, 0.75, 1]

    /// 1 000 000 uniform items: cold and warm prepare, then queries.
    private func uniform() {
        let count = 1_000_000
        var cold: [Double] = [], warm: [Double] = []
        var fixture = Fixture(count: count, sizes: nil)
        for _ in 0..<runs {
            fixture = Fixture(count: count, sizes: nil)
            // Cold: the first preparation of a new collection view, counts read from the source.
            cold.append(Self.microseconds { fixture.view.layoutIfNeeded() })
            // Warm: re-preparing after an invalidation, 1000 times.
            warm.append(
                Self.microseconds {
                    for _ in 0..<1000 {
                        fixture.layout.invalidateLayout()
                        fixture.view.layoutIfNeeded()
                    }
                } / 1000)
        }
        print(
            String(
                format: "uniform %d items: prepare %.2f us cold (first, reads the data source), %.3f us warm", count,
                Self.median(cold), Self.median(warm)))
        query(fixture, label: "uniform")
    }

    /// Stored bytes and resident-set growth for 10^5, 10^6 and 10^7 uniform items.
    private func uniformMemory() {
        _ = Self.residentBytes()  // the first read allocates; keep it out of the figures
        for count in [100_000, 1_000_000, 10_000_000] {
            let before = Self.residentBytes()
            let fixture = Fixture(count: count, sizes: nil)
            fixture.view.layoutIfNeeded()
            let grown = Self.residentBytes() - before
            let attributes =
                fixture.layout.layoutAttributesForElements(
                    in: CGRect(
                        origin: CGPoint(x: 0, y: fixture.layout.collectionViewContentSize.height / 2),
                        size: Self.viewSize))?.count ?? 0
            print(
                "uniform \(count) items: layout stores \(fixture.layout.storedByteCount) bytes in its arrays; "
                    + "resident set grew \(grown / 1024) KiB (page-granular); mid-content query returns \(attributes)"
            )
        }
    }

    /// 100 000 random sizes from a flow delegate: prepare, queries, memory.
    private func perItem() {
        let count = 100_000
        var rng = SeededRandom(seed: 0x5EED_F10E)
        let sizes = (0..<count).map { _ in CGSize(width: 20 + 160 * Self.unit(&rng), height: 20 + 160 * Self.unit(&rng))
        }
        let fixture = Fixture(count: count, sizes: sizes)
        // The resident-set check is sensitive: here the frames do grow it.
        let before = Self.residentBytes()
        fixture.view.layoutIfNeeded()
        let grown = Self.residentBytes() - before
        var times: [Double] = []
        for _ in 0..<runs {
            fixture.layout.invalidateLayout()
            times.append(Self.microseconds { fixture.view.layoutIfNeeded() })
        }
        print(
            String(
                format:
                    "per-item %d random sizes: prepare %.2f ms (min %.2f); layout stores %d bytes, resident set grew "
                    + "%d KiB at the first prepare",
                count, Self.median(times) / 1000, times.min()! / 1000, fixture.layout.storedByteCount, grown / 1024))
        query(fixture, label: "per-item")
    }

    /// Queries of the visible rect at each offset, each run followed by the floor for as many
    /// objects, so both see the same machine load.
    private func query(_ fixture: Fixture, label: String) {
        let layout = fixture.layout
        let range = max(0, layout.collectionViewContentSize.height - Self.viewSize.height)
        var sink = 0
        for fraction in Self.offsets {
            let rect = CGRect(origin: CGPoint(x: 0, y: (range * fraction).rounded()), size: Self.viewSize)
            let returned = layout.layoutAttributesForElements(in: rect)?.count ?? 0
            var times: [Double] = [], floors: [Double] = []
            for _ in 0..<runs {
                times.append(
                    Self.microseconds {
                        for _ in 0..<queries {
                            sink &+= layout.layoutAttributesForElements(in: rect)?.count ?? 0
                        }
                    } / Double(queries))
                floors.append(creatingObjects(returned, sink: &sink))
            }
            let query = Self.median(times), floor = Self.median(floors)
            print(
                String(
                    format:
                        "%@ query at y %.0f (%3.0f %%): %.2f us, %d attributes (creating %d objects alone: %.2f us, "
                        + "%.0f %%)",
                    label, rect.minY, fraction * 100, query, returned, returned, floor, 100 * floor / query))
        }
        if sink == 42 { print("") }
    }

    /// The floor under a query: microseconds to create `count` attribute objects into an array
    /// (reserved as the layout reserves it) and free them, the mean of `queries` times.
    private func creatingObjects(_ count: Int, sink: inout Int) -> Double {
        let path = IndexPath(item: 0, section: 0)
        var total = 0
        let time =
            Self.microseconds {
                for _ in 0..<queries {
                    var answer: [CollectionViewLayoutAttributes] = []
                    answer.reserveCapacity(32)
                    for i in 0..<count {
                        let attributes = CollectionViewLayoutAttributes(forCellWith: path)
                        attributes.center = CGPoint(x: Double(i), y: 0)
                        attributes.size = CGSize(width: 100, height: 100)
                        answer.append(attributes)
                    }
                    total &+= answer.count
                }
            } / Double(queries)
        sink &+= total
        return time
    }

    // MARK: Helpers

    /// A collection view of one section of `count` items, sized by `sizes` through a flow delegate
    /// when given, else uniform 100x100 items.
    private final class Fixture: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
        /// The item count, changed by the batch-update scenarios.
        var count: Int
        let sizes: [CGSize]?
        /// Which size each place shows, once a scenario moves items (nil: place i has size i).
        var order: [Int]?
        let layout = FlowLayout()
        var view: CollectionView!

        init(count: Int, sizes: [CGSize]?) {
            self.count = count
            self.sizes = sizes
            layout.itemSize = CGSize(width: 100, height: 100)
            view = CollectionView(
                frame: CGRect(origin: .zero, size: BenchLayout.viewSize), collectionViewLayout: layout)
            view.dataSource = self
            if sizes != nil { view.delegate = self }
        }

        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }

        func collectionView(
            _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
            sizeForItemAt indexPath: IndexPath
        ) -> CGSize {
            // During an interactive movement the layout asks by presented place.
            var item = indexPath.item
            if collectionView.indexPathForInteractivelyMovingItem != nil {
                item = collectionView.dataIndexPath(forPresentedIndexPath: indexPath)?.item ?? item
            }
            if let order, order.indices.contains(item) { return sizes![order[item]] }
            return sizes![item]
        }

        func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
            move(source.item, to: destination.item)
        }

        /// Changes `order` in place (it stays uniquely referenced, so nothing is copied).
        func edit(_ change: (inout [Int]) -> Void) {
            guard var order else { return }
            self.order = nil
            change(&order)
            self.order = order
        }

        /// Moves the item at `from` to `to` in `order`, shifting the ones between: O(distance),
        /// as an app's array rotation does it.
        func move(_ from: Int, to: Int) {
            guard var order else { return }
            self.order = nil  // keep the array uniquely referenced while it is changed
            let moving = order[from]
            if from < to {
                for i in from..<to { order[i] = order[i + 1] }
            } else {
                for i in stride(from: from, to: to, by: -1) { order[i] = order[i - 1] }
            }
            order[to] = moving
            self.order = order
        }
    }

    /// A double in 0..<1 from the top 53 bits.
    fileprivate static func unit(_ rng: inout SeededRandom) -> Double { Double(rng.next() >> 11) * 0x1p-53 }

    private static func microseconds(_ body: () -> Void) -> Double {
        let elapsed = ContinuousClock().measure(body)
        return Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
    }

    private static func median(_ values: [Double]) -> Double {
        values.sorted()[values.count / 2]
    }

    /// The process's resident set in bytes, from /proc/self/statm (0 where there is none).
    private static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

extension Array {
    /// The array in consecutive pieces of `size` (the last may be shorter).
    fileprivate func chunked(_ size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
