import Foundation
import KineticDynamics

/// Lays items out in lines that wrap, section after section (UIKit's
/// `UICollectionViewFlowLayout`).
///
/// Scrolling vertically, lines are rows filled left to right within the section insets and
/// stacked downwards; horizontally, the transpose. A new line starts when the next item and the
/// minimum inter-item spacing no longer fit. Every line is then **justified** as UIKit's flow
/// layout does it: the space left after the items is shared equally between the gaps, so the
/// first item touches the leading inset and the last the trailing one (the familiar sight of
/// two cells pushed to the edges), and a line holding one item is centred (the familiar lone
/// centred cell). Items are centred on their line's thickness; lines are `minimumLineSpacing`
/// apart. Each section is its header (spanning the whole breadth), its insets around its lines,
/// then its footer; a section without items has only its header and footer.
///
/// Without a ``CollectionViewDelegateFlowLayout`` every item has ``itemSize`` and the layout
/// keeps only per-section arithmetic: memory and `prepare()` grow with the number of sections,
/// not items, and a query computes the lines it meets directly. With one, every size is asked
/// once per preparation and frames are kept in flat arrays searched by line.
///
/// Non-finite or negative sizes, spacings and insets count as zero; an item wider than a line
/// gets a line of its own.
open class FlowLayout: CollectionViewLayout {
    /// The direction the content scrolls. Default vertical.
    public var scrollDirection: CollectionView.ScrollDirection = .vertical { didSet { invalidateLayout() } }
    /// Every item's size when the delegate gives none. Default 50 × 50.
    public var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// The minimum distance between lines. Default 10.
    public var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// The minimum distance between items of a line. Default 10.
    public var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// Space around each section's items. Default zero.
    public var sectionInset = EdgeInsets.zero { didSet { invalidateLayout() } }
    /// Each section's header size (its height counts when scrolling vertically). Default zero:
    /// no header.
    public var headerReferenceSize = CGSize.zero { didSet { invalidateLayout() } }
    /// Each section's footer size. Default zero: no footer.
    public var footerReferenceSize = CGSize.zero { didSet { invalidateLayout() } }

    // MARK: Prepared geometry

    var sections: [FlowSection] = []
    /// Per-item mode only: every item's frame, and the lines, in section order.
    var frames: [CGRect] = []
    var lines: [FlowLine] = []
    var isUniform = true
    /// The breadth across the scroll axis and the content length along it.
    var crossExtent: CGFloat = 0
    var mainExtent: CGFloat = 0
    /// The collection view's size when the geometry was computed.
    var preparedSize = CGSize.zero

    private var vertical: Bool { scrollDirection == .vertical }

    /// The bytes of prepared geometry the layout holds (its section, line and frame arrays), for
    /// the benchmark's memory figure.
    package var storageBytes: Int {
        sections.capacity * MemoryLayout<FlowSection>.stride + lines.capacity * MemoryLayout<FlowLine>.stride
            + frames.capacity * MemoryLayout<CGRect>.stride
    }

    // MARK: CollectionViewLayout

    open override func prepare() {
        super.prepare()
        // An animator's per-step invalidation leaves the geometry as it is.
        guard needsFullPrepare else { return }
        computeGeometry()
    }

    /// Prepares first if the layout was invalidated: a query before the collection view's next
    /// layout pass (a headless host asking straight away) still gets current geometry.
    @inline(__always)
    private func ensurePrepared() {
        if needsPrepare { prepareIfNeeded() }
    }

    open override var collectionViewContentSize: CGSize {
        ensurePrepared()
        return vertical ? CGSize(width: crossExtent, height: mainExtent) : CGSize(width: mainExtent, height: crossExtent)
    }

    /// Only a new breadth across the scroll axis changes the lines; scrolling never does.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        // Compared with the size the geometry was computed for, whether the collection view
        // asks before or after adopting the new bounds.
        vertical ? newBounds.width != preparedSize.width : newBounds.height != preparedSize.height
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        ensurePrepared()
        guard indexPath.count == 2, sections.indices.contains(indexPath.section) else { return nil }
        let section = sections[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < section.itemCount else { return nil }
        let attributes = CollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = frame(ofItem: indexPath.item, in: section)
        return attributes
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        ensurePrepared()
        guard indexPath.count >= 1, sections.indices.contains(indexPath.section) else { return nil }
        let section = sections[indexPath.section]
        let frame: CGRect
        switch elementKind {
        case CollectionElementKind.sectionHeader where section.header > 0:
            frame = rect(main: section.mainStart, cross: 0, mainLength: section.header, crossLength: crossExtent)
        case CollectionElementKind.sectionFooter where section.footer > 0:
            frame = rect(main: section.mainEnd - section.footer, cross: 0, mainLength: section.footer, crossLength: crossExtent)
        default:
            return nil
        }
        let attributes = CollectionViewLayoutAttributes(forSupplementaryViewOfKind: elementKind, with: IndexPath(item: 0, section: indexPath.section))
        attributes.frame = frame
        return attributes
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return [] }
        ensurePrepared()
        let query = rect.standardized
        let low = vertical ? query.minY : query.minX
        let high = vertical ? query.maxY : query.maxX
        var result: [CollectionViewLayoutAttributes] = []
        result.reserveCapacity(64)
        // The first section that ends after the query starts; sections are in main order.
        var index = firstSection(endingAfter: low)
        while index < sections.count, sections[index].mainStart <= high {
            let section = sections[index]
            appendSupplementaryViews(of: section, at: index, meeting: query, to: &result)
            if section.itemCount > 0 {
                if isUniform {
                    appendUniformItems(of: section, at: index, meeting: query, low: low, high: high, to: &result)
                } else {
                    appendListedItems(of: section, at: index, meeting: query, low: low, high: high, to: &result)
                }
            }
            index += 1
        }
        return result
    }

    // MARK: Geometry

    /// A rectangle from axis-neutral coordinates.
    @inline(__always)
    func rect(main: CGFloat, cross: CGFloat, mainLength: CGFloat, crossLength: CGFloat) -> CGRect {
        vertical
            ? CGRect(x: cross, y: main, width: crossLength, height: mainLength)
            : CGRect(x: main, y: cross, width: mainLength, height: crossLength)
    }

    /// Where a justified line's first item starts across its `available` space: at once when it
    /// holds several (the gaps take the rest), centred when it holds one of `length`.
    @inline(__always)
    static func leadingOffset(count: Int, length: CGFloat, available: CGFloat) -> CGFloat {
        count > 1 ? 0 : max(0, (available - length) / 2)
    }

    /// The frame of item `item` of `section`.
    func frame(ofItem item: Int, in section: FlowSection) -> CGRect {
        guard isUniform else { return frames[section.firstItem + item] }
        let line = item / section.perLine
        let position = item % section.perLine
        let count = min(section.perLine, section.itemCount - line * section.perLine)
        let c = section.itemCross
        // The same expressions as the query's, so both give bit-identical frames.
        let lead = section.crossStart + Self.leadingOffset(count: count, length: c, available: section.available)
        let gap = count > 1 ? max(0, (section.available - CGFloat(count) * c) / CGFloat(count - 1)) : 0
        let main = section.linesStart + CGFloat(line) * (section.itemMain + section.lineSpacing)
        return rect(main: main, cross: lead + CGFloat(position) * (c + gap), mainLength: section.itemMain, crossLength: c)
    }

    private func firstSection(endingAfter low: CGFloat) -> Int {
        var lower = 0, upper = sections.count
        while lower < upper {
            let middle = (lower + upper) / 2
            if sections[middle].mainEnd < low { lower = middle + 1 } else { upper = middle }
        }
        return lower
    }

    private func appendSupplementaryViews(of section: FlowSection, at index: Int, meeting query: CGRect, to result: inout [CollectionViewLayoutAttributes]) {
        let path = IndexPath(item: 0, section: index)
        if section.header > 0, rect(main: section.mainStart, cross: 0, mainLength: section.header, crossLength: crossExtent).intersects(query),
            let header = layoutAttributesForSupplementaryView(ofKind: CollectionElementKind.sectionHeader, at: path)
        {
            result.append(header)
        }
        if section.footer > 0, rect(main: section.mainEnd - section.footer, cross: 0, mainLength: section.footer, crossLength: crossExtent).intersects(query),
            let footer = layoutAttributesForSupplementaryView(ofKind: CollectionElementKind.sectionFooter, at: path)
        {
            result.append(footer)
        }
    }

    /// Uniform lines are evenly pitched: the lines a query meets are computed, not searched
    /// (one line of margin each side, then the exact rectangle test).
    private func appendUniformItems(of section: FlowSection, at index: Int, meeting query: CGRect, low: CGFloat, high: CGFloat, to result: inout [CollectionViewLayoutAttributes]) {
        let lineCount = (section.itemCount + section.perLine - 1) / section.perLine
        let pitch = section.itemMain + section.lineSpacing
        var first = 0, last = lineCount - 1
        if pitch > 0 {
            let from = ((low - section.linesStart - section.itemMain) / pitch).rounded(.down)
            let to = ((high - section.linesStart) / pitch).rounded(.down)
            first = max(0, Int(max(-1, min(from, CGFloat(lineCount)))) - 1)
            last = min(lineCount - 1, Int(max(-1, min(to, CGFloat(lineCount)))) + 1)
        }
        guard first <= last else { return }
        let c = section.itemCross, m = section.itemMain
        for line in first...last {
            let main = section.linesStart + CGFloat(line) * pitch
            // Whole lines outside the query are skipped without touching their items.
            guard rect(main: main, cross: 0, mainLength: m, crossLength: crossExtent + c).intersects(query) || m == 0 else { continue }
            let start = line * section.perLine
            let count = min(section.perLine, section.itemCount - start)
            let lead = section.crossStart + Self.leadingOffset(count: count, length: c, available: section.available)
            let gap = count > 1 ? max(0, (section.available - CGFloat(count) * c) / CGFloat(count - 1)) : 0
            for position in 0..<count {
                let frame = rect(main: main, cross: lead + CGFloat(position) * (c + gap), mainLength: m, crossLength: c)
                guard frame.intersects(query) else { continue }
                let attributes = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: start + position, section: index))
                attributes.frame = frame
                result.append(attributes)
            }
        }
    }

    /// Per-item lines are in main order: binary search for the first line that ends after the
    /// query starts, then walk until a line starts after it ends.
    private func appendListedItems(of section: FlowSection, at index: Int, meeting query: CGRect, low: CGFloat, high: CGFloat, to result: inout [CollectionViewLayoutAttributes]) {
        var lower = section.firstLine, upper = section.firstLine + section.lineCount
        while lower < upper {
            let middle = (lower + upper) / 2
            if lines[middle].mainStart + lines[middle].thickness < low { lower = middle + 1 } else { upper = middle }
        }
        var line = lower
        while line < section.firstLine + section.lineCount, lines[line].mainStart <= high {
            let first = lines[line].firstItem
            for global in first..<(first + lines[line].count) where frames[global].intersects(query) {
                let attributes = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: global - section.firstItem, section: index))
                attributes.frame = frames[global]
                result.append(attributes)
            }
            line += 1
        }
    }

    // MARK: Preparation

    @inline(__always)
    private static func clean(_ value: CGFloat) -> CGFloat { value.isFinite && value > 0 ? value : 0 }

    private func computeGeometry() {
        sections.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
        mainExtent = 0
        guard let collectionView else {
            crossExtent = 0
            return
        }
        let bounds = collectionView.bounds.size
        preparedSize = bounds
        let inset = collectionView.contentInset
        crossExtent = Self.clean(vertical ? bounds.width - Self.clean(inset.left) - Self.clean(inset.right) : bounds.height - Self.clean(inset.top) - Self.clean(inset.bottom))
        let delegate = collectionView.delegate as? CollectionViewDelegateFlowLayout
        isUniform = delegate == nil
        let sectionCount = collectionView.numberOfSections
        sections.reserveCapacity(sectionCount)
        var main: CGFloat = 0
        for index in 0..<sectionCount {
            let count = collectionView.numberOfItems(inSection: index)
            let insets = delegate?.collectionView(collectionView, layout: self, insetForSectionAt: index) ?? sectionInset
            let lineSpacing = Self.clean(delegate?.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: index) ?? minimumLineSpacing)
            let spacing = Self.clean(delegate?.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: index) ?? minimumInteritemSpacing)
            let header = delegate?.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: index) ?? headerReferenceSize
            let footer = delegate?.collectionView(collectionView, layout: self, referenceSizeForFooterInSection: index) ?? footerReferenceSize
            let (mainBefore, mainAfter, crossBefore, crossAfter) = vertical
                ? (Self.clean(insets.top), Self.clean(insets.bottom), Self.clean(insets.left), Self.clean(insets.right))
                : (Self.clean(insets.left), Self.clean(insets.right), Self.clean(insets.top), Self.clean(insets.bottom))
            var section = FlowSection()
            section.itemCount = count
            section.firstItem = frames.count
            section.mainStart = main
            section.header = Self.clean(vertical ? header.height : header.width)
            section.footer = Self.clean(vertical ? footer.height : footer.width)
            section.crossStart = crossBefore
            section.available = max(0, crossExtent - crossBefore - crossAfter)
            section.lineSpacing = lineSpacing
            main += section.header
            section.linesStart = main + (count > 0 ? mainBefore : 0)
            var linesEnd = section.linesStart
            if count > 0 {
                if let delegate {
                    linesEnd = layOutListedItems(of: &section, index: index, spacing: spacing, delegate: delegate, collectionView: collectionView)
                } else {
                    let c = Self.clean(vertical ? itemSize.width : itemSize.height)
                    let m = Self.clean(vertical ? itemSize.height : itemSize.width)
                    section.itemCross = c
                    section.itemMain = m
                    // As many as fit with the minimum spacing, at least one.
                    let fit = c + spacing > 0 ? Int(((section.available + spacing) / (c + spacing)).rounded(.down)) : count
                    section.perLine = max(1, min(fit, count))
                    let lineCount = (count + section.perLine - 1) / section.perLine
                    linesEnd = section.linesStart + CGFloat(lineCount) * m + CGFloat(lineCount - 1) * lineSpacing
                }
                main = linesEnd + mainAfter
            }
            main += section.footer
            section.mainEnd = main
            sections.append(section)
        }
        mainExtent = main
    }

    /// Fills lines from the delegate's sizes; returns where the last line ends along main.
    private func layOutListedItems(of section: inout FlowSection, index: Int, spacing: CGFloat, delegate: CollectionViewDelegateFlowLayout, collectionView: CollectionView) -> CGFloat {
        let count = section.itemCount
        let base = frames.count
        // Sizes first (cross, main), then lines: a line's justification needs all its items.
        var sizes: [(cross: CGFloat, main: CGFloat)] = []
        sizes.reserveCapacity(count)
        for item in 0..<count {
            let size = delegate.collectionView(collectionView, layout: self, sizeForItemAt: IndexPath(item: item, section: index))
            sizes.append(vertical ? (Self.clean(size.width), Self.clean(size.height)) : (Self.clean(size.height), Self.clean(size.width)))
        }
        frames.reserveCapacity(base + count)
        section.firstLine = lines.count
        var lineMain = section.linesStart
        var item = 0
        while item < count {
            // Take items while they fit with the minimum spacing; the first always fits.
            var end = item + 1
            var used = sizes[item].cross
            var thickness = sizes[item].main
            while end < count, used + spacing + sizes[end].cross <= section.available {
                used += spacing + sizes[end].cross
                thickness = max(thickness, sizes[end].main)
                end += 1
            }
            let lineCount = end - item
            let total = sizes[item..<end].reduce(0) { $0 + $1.cross }
            var cross = section.crossStart + Self.leadingOffset(count: lineCount, length: sizes[item].cross, available: section.available)
            let gap = lineCount > 1 ? max(0, (section.available - total) / CGFloat(lineCount - 1)) : 0
            for position in item..<end {
                let (c, m) = sizes[position]
                frames.append(rect(main: lineMain + (thickness - m) / 2, cross: cross, mainLength: m, crossLength: c))
                cross += c + gap
            }
            lines.append(FlowLine(firstItem: base + item, count: lineCount, mainStart: lineMain, thickness: thickness))
            lineMain += thickness + section.lineSpacing
            item = end
        }
        section.lineCount = lines.count - section.firstLine
        return lineMain - section.lineSpacing
    }
}
