// `DiffableDataSourceSectionSnapshot`: UIKit's `NSDiffableDataSourceSectionSnapshot`, one
// section's items as a tree (an outline): items with children, expanded or collapsed; the section
// shows the visible items, those whose every ancestor is expanded, in depth-first order.
import KineticPlatform

/// One section's items as an outline (UIKit's `NSDiffableDataSourceSectionSnapshot`): each item
/// may have children; a collapsed item hides its descendants. Applied to a section of a
/// ``CollectionViewDiffableDataSource``, the section shows ``visibleItems``.
///
/// Misuses trap with UIKit's message style: an identifier repeated or already in the snapshot, a
/// parent or destination that is not in it. Asking about, expanding or collapsing an item that
/// is not in it is logged (label `Kinetic.DiffableDataSourceSectionSnapshot`) and changes
/// nothing; deleting one is ignored, as UIKit does.
public struct DiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable & Sendable>: Sendable, Equatable {
    /// The items at the top level, in order.
    public private(set) var rootItems: [ItemIdentifierType] = []
    /// Each item's children, in order (items without children have no entry).
    @usableFromInline var children: [ItemIdentifierType: [ItemIdentifierType]] = [:]
    /// Each item's parent (root items have no entry).
    private var parents: [ItemIdentifierType: ItemIdentifierType] = [:]
    /// Every item in the snapshot.
    @usableFromInline var members: Set<ItemIdentifierType> = []
    /// The expanded items.
    @usableFromInline var expanded: Set<ItemIdentifierType> = []

    /// An empty section snapshot.
    public init() {}

    // MARK: Queries

    /// Every item, depth first (parents before their children).
    public var items: [ItemIdentifierType] { flatten(rootItems) { _ in true } }

    /// The items shown: depth first, the descendants of collapsed items left out (inlinable:
    /// an outline's apply walks it specialised for the app's identifiers).
    @inlinable public var visibleItems: [ItemIdentifierType] { flatten(rootItems) { expanded.contains($0) } }

    /// Whether `item` is in the snapshot.
    public func contains(_ item: ItemIdentifierType) -> Bool { members.contains(item) }

    /// Where `item` is among ``items``, or nil.
    public func index(of item: ItemIdentifierType) -> Int? { items.firstIndex(of: item) }

    /// Whether `item` is expanded (an item without children may be).
    public func isExpanded(_ item: ItemIdentifierType) -> Bool { expanded.contains(item) }

    /// Whether `item` is shown: it is in the snapshot and every ancestor is expanded.
    public func isVisible(_ item: ItemIdentifierType) -> Bool {
        guard members.contains(item) else { return false }
        var current = item
        while let parent = parents[current] {
            guard expanded.contains(parent) else { return false }
            current = parent
        }
        return true
    }

    /// `item`'s parent, or nil for a root item (or one not in the snapshot, which is logged).
    public func parent(of item: ItemIdentifierType) -> ItemIdentifierType? {
        if let parent = parents[item] { return parent }
        if !members.contains(item) { logMissing("parent(of:)", item, "no parent") }
        return nil
    }

    /// How deep `item` is: 0 for a root item (and for one not in the snapshot, which is logged).
    public func level(of item: ItemIdentifierType) -> Int {
        guard members.contains(item) else {
            logMissing("level(of:)", item, "level 0")
            return 0
        }
        var level = 0, current = item
        while let parent = parents[current] {
            level += 1
            current = parent
        }
        return level
    }

    /// The subtree under `parent` as a section snapshot of its own (with `parent` as its root when
    /// `includingParent`), expansion kept; empty, and logged, for a parent not in the snapshot.
    public func snapshot(of parent: ItemIdentifierType, includingParent: Bool = false) -> Self {
        var copy = Self()
        guard members.contains(parent) else {
            logMissing("snapshot(of:includingParent:)", parent, "an empty section snapshot")
            return copy
        }
        if includingParent { copy.append([parent]) }
        copy.copyChildren(of: parent, from: self, under: includingParent ? parent : nil)
        if includingParent, expanded.contains(parent) { copy.expanded.insert(parent) }
        return copy
    }

    private mutating func copyChildren(
        of parent: ItemIdentifierType, from source: Self, under newParent: ItemIdentifierType?
    ) {
        let kids = source.children[parent] ?? []
        guard !kids.isEmpty else { return }
        append(kids, to: newParent)
        for kid in kids {
            if source.expanded.contains(kid) { expanded.insert(kid) }
            copyChildren(of: kid, from: source, under: kid)
        }
    }

    // MARK: Mutations

    /// Adds `items` as the last children of `parent`, or at the top level when nil. Traps as
    /// UIKit does for identifiers repeated or already in the snapshot, and for a parent that is
    /// not in it.
    public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
        checkNew(items)
        if let parent {
            guard members.contains(parent) else { trapMissing("append items to a parent", parent) }
            children[parent, default: []] += items
            for item in items { parents[item] = parent }
        } else {
            rootItems += items
        }
        members.formUnion(items)
    }

    /// Inserts `items` before `destination`, as its siblings. Traps as UIKit does for identifiers
    /// repeated or already in the snapshot, and for a destination that is not in it.
    public mutating func insert(_ items: [ItemIdentifierType], before destination: ItemIdentifierType) {
        insert(items, relativeTo: destination, after: false)
    }

    /// Inserts `items` after `destination`, as its siblings. Traps as UIKit does for identifiers
    /// repeated or already in the snapshot, and for a destination that is not in it.
    public mutating func insert(_ items: [ItemIdentifierType], after destination: ItemIdentifierType) {
        insert(items, relativeTo: destination, after: true)
    }

    private mutating func insert(_ items: [ItemIdentifierType], relativeTo destination: ItemIdentifierType, after: Bool)
    {
        checkNew(items)
        guard members.contains(destination) else {
            trapMissing(after ? "insert items after an item" : "insert items before an item", destination)
        }
        let parent = parents[destination]
        var siblings = parent.map { children[$0] ?? [] } ?? rootItems
        let at = (siblings.firstIndex(of: destination) ?? 0) + (after ? 1 : 0)
        siblings.insert(contentsOf: items, at: at)
        if let parent {
            children[parent] = siblings
            for item in items { parents[item] = parent }
        } else {
            rootItems = siblings
        }
        members.formUnion(items)
    }

    /// Deletes `items` and their descendants (those not in the snapshot are ignored).
    public mutating func delete(_ items: [ItemIdentifierType]) {
        for item in items where members.contains(item) {
            if let parent = parents[item] {
                children[parent]?.removeAll { $0 == item }
                if children[parent]?.isEmpty == true { children[parent] = nil }
            } else {
                rootItems.removeAll { $0 == item }
            }
            for gone in flatten([item], { _ in true }) {
                members.remove(gone)
                parents[gone] = nil
                children[gone] = nil
                expanded.remove(gone)
            }
        }
    }

    /// Deletes everything.
    public mutating func deleteAll() { self = Self() }

    /// Expands `items`; those not in the snapshot are logged and ignored.
    public mutating func expand(_ items: [ItemIdentifierType]) {
        for item in items {
            if members.contains(item) { expanded.insert(item) } else { logMissing("expand(_:)", item, "ignored") }
        }
    }

    /// Collapses `items`; those not in the snapshot are logged and ignored.
    public mutating func collapse(_ items: [ItemIdentifierType]) {
        for item in items {
            if members.contains(item) { expanded.remove(item) } else { logMissing("collapse(_:)", item, "ignored") }
        }
    }

    /// Replaces the children of `parent` with `snapshot`'s tree (an outline's lazily loaded
    /// branch). Traps as UIKit does for a parent not in the snapshot, and for items of `snapshot`
    /// already in this one outside the branch replaced.
    public mutating func replace(childrenOf parent: ItemIdentifierType, using snapshot: Self) {
        guard members.contains(parent) else { trapMissing("replace the children of a parent", parent) }
        delete(children[parent] ?? [])
        for root in snapshot.rootItems {
            append([root], to: parent)
            copyChildren(of: root, from: snapshot, under: root)
            if snapshot.expanded.contains(root) { expanded.insert(root) }
        }
    }

    /// Two section snapshots are equal when their trees and expansions are.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.rootItems == rhs.rootItems && lhs.children == rhs.children && lhs.expanded == rhs.expanded
    }

    // MARK: Helpers

    /// `roots` and their descendants depth first, descending only into items `descend` allows.
    @inlinable func flatten(
        _ roots: [ItemIdentifierType], _ descend: (ItemIdentifierType) -> Bool
    ) -> [ItemIdentifierType] {
        var out: [ItemIdentifierType] = []
        out.reserveCapacity(members.count)
        var stack: [ItemIdentifierType] = roots.reversed()
        while let item = stack.popLast() {
            out.append(item)
            if descend(item), let kids = children[item] { stack += kids.reversed() }
        }
        return out
    }

    /// Traps, in UIKit's words for an identifier a snapshot lacks, for `item` missing.
    private func trapMissing(_ attempt: String, _ item: ItemIdentifierType) -> Never {
        sectionSnapshotTrap(
            "Attempted to \(attempt) whose identifier does not exist in the section snapshot: "
                + valueDescription(item))
    }

    /// Logs a call about `item`, which is not in the snapshot, and what it answers instead.
    private func logMissing(_ call: String, _ item: ItemIdentifierType, _ outcome: String) {
        let line =
            "DiffableDataSourceSectionSnapshot.\(call): item identifier \(valueDescription(item)) does not exist in "
            + "the section snapshot; \(outcome)"
        sectionSnapshotLogger.error("\(line)")
    }

    private func checkNew(_ items: [ItemIdentifierType]) {
        var seen = Set<ItemIdentifierType>(minimumCapacity: items.count)
        let repeated = items.filter { !seen.insert($0).inserted || members.contains($0) }
        guard repeated.isEmpty else {
            sectionSnapshotTrap(
                "Identifiers in a section snapshot must be unique. Duplicate item identifiers: {("
                    + repeated.map { "\n    " + valueDescription($0) }.joined(separator: ",") + "\n)}")
        }
    }
}

/// Where a section snapshot reports calls about items it does not hold.
let sectionSnapshotLogger = Logger(label: "Kinetic.DiffableDataSourceSectionSnapshot")

/// Stops the program with UIKit's message for a section snapshot misuse.
func sectionSnapshotTrap(_ message: String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError(message, file: file, line: line)
}
