// The snapshot's mutations, with UIKit's behaviour and its traps: items appended or inserted
// again move, repeated identifiers and unknown destinations trap, deleting what is not there does
// nothing.
import KineticPlatform

extension DiffableDataSourceSnapshot {
    // MARK: Sections

    /// Adds `identifiers` after the last section.
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        checkNewSections(identifiers)
        sectionIdentifiers += identifiers
        sectionItems += identifiers.map { _ in [] }
        reindexSections()
    }

    /// Inserts `identifiers` before the section `destination`.
    public mutating func insertSections(
        _ identifiers: [SectionIdentifierType], beforeSection destination: SectionIdentifierType
    ) {
        insertSections(identifiers, relativeTo: destination, after: false)
    }

    /// Inserts `identifiers` after the section `destination`.
    public mutating func insertSections(
        _ identifiers: [SectionIdentifierType], afterSection destination: SectionIdentifierType
    ) {
        insertSections(identifiers, relativeTo: destination, after: true)
    }

    private mutating func insertSections(
        _ identifiers: [SectionIdentifierType], relativeTo destination: SectionIdentifierType, after: Bool
    ) {
        checkNewSections(identifiers)
        if identifiers.contains(destination) { trapDestination("insertion", destination) }
        guard let at = sectionIndex[destination] else {
            diffableTrap("Invalid parameter not satisfying: insertIndex != NSNotFound")
        }
        let index = after ? at + 1 : at
        sectionIdentifiers.insert(contentsOf: identifiers, at: index)
        sectionItems.insert(contentsOf: identifiers.map { _ in [] }, at: index)
        reindexSections()
    }

    /// Deletes the sections `identifiers` and their items (those not in the snapshot are ignored).
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        let doomed = Set(identifiers.filter { sectionIndex[$0] != nil })
        guard !doomed.isEmpty else { return }
        for (identifier, items) in zip(sectionIdentifiers, sectionItems) where doomed.contains(identifier) {
            for item in items { itemSection[item] = nil }
        }
        let kept = zip(sectionIdentifiers, sectionItems).filter { !doomed.contains($0.0) }
        sectionIdentifiers = kept.map { $0.0 }
        sectionItems = kept.map { $0.1 }
        reindexSections()
    }

    /// Moves the section `identifier` before the section `destination`.
    public mutating func moveSection(
        _ identifier: SectionIdentifierType, beforeSection destination: SectionIdentifierType
    ) {
        moveSection(identifier, relativeTo: destination, after: false)
    }

    /// Moves the section `identifier` after the section `destination`.
    public mutating func moveSection(
        _ identifier: SectionIdentifierType, afterSection destination: SectionIdentifierType
    ) {
        moveSection(identifier, relativeTo: destination, after: true)
    }

    private mutating func moveSection(
        _ identifier: SectionIdentifierType, relativeTo destination: SectionIdentifierType, after: Bool
    ) {
        guard let from = sectionIndex[identifier] else {
            diffableTrap("Invalid parameter not satisfying: fromSection != NSNotFound")
        }
        guard sectionIndex[destination] != nil else {
            diffableTrap("Invalid parameter not satisfying: toSection != NSNotFound")
        }
        if identifier == destination { trapDestination("move", destination) }
        let items = sectionItems.remove(at: from)
        sectionIdentifiers.remove(at: from)
        reindexSections()
        let to = (sectionIndex[destination] ?? 0) + (after ? 1 : 0)
        sectionIdentifiers.insert(identifier, at: to)
        sectionItems.insert(items, at: to)
        reindexSections()
    }

    /// Marks the sections `identifiers` for reloading; traps for one not in the snapshot.
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers where sectionIndex[identifier] == nil {
            diffableTrap(
                "Attempted to reload section identifier that does not exist in the snapshot: "
                    + valueDescription(identifier))
        }
        reloadedSections += identifiers
    }

    // MARK: Items

    /// Adds `identifiers` at the end of the section `section`, or of the last section when nil.
    /// An identifier already in the snapshot moves there.
    public mutating func appendItems(
        _ identifiers: [ItemIdentifierType], toSection section: SectionIdentifierType? = nil
    ) {
        checkUnique(identifiers)
        guard !sectionIdentifiers.isEmpty else {
            diffableTrap("There are currently no sections in the data source. Please add a section first.")
        }
        let target = section ?? sectionIdentifiers[sectionIdentifiers.count - 1]
        guard sectionIndex[target] != nil else {
            diffableTrap("Invalid parameter not satisfying: section != NSNotFound")
        }
        removeItems(identifiers)
        let index = sectionIndex[target] ?? 0
        sectionItems[index] += identifiers
        for identifier in identifiers { itemSection[identifier] = target }
    }

    /// Inserts `identifiers` before the item `destination`, in its section.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem destination: ItemIdentifierType) {
        insertItems(identifiers, relativeTo: destination, after: false)
    }

    /// Inserts `identifiers` after the item `destination`, in its section.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem destination: ItemIdentifierType) {
        insertItems(identifiers, relativeTo: destination, after: true)
    }

    private mutating func insertItems(
        _ identifiers: [ItemIdentifierType], relativeTo destination: ItemIdentifierType, after: Bool
    ) {
        checkUnique(identifiers)
        if identifiers.contains(destination) { trapDestination("insertion", destination) }
        guard let section = itemSection[destination] else {
            diffableTrap("Invalid parameter not satisfying: section != NSNotFound")
        }
        removeItems(identifiers)
        let index = sectionIndex[section] ?? 0
        let at = (sectionItems[index].firstIndex(of: destination) ?? 0) + (after ? 1 : 0)
        sectionItems[index].insert(contentsOf: identifiers, at: at)
        for identifier in identifiers { itemSection[identifier] = section }
    }

    /// Deletes the items `identifiers` (those not in the snapshot are ignored).
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) { removeItems(identifiers) }

    /// Deletes every section and item.
    public mutating func deleteAllItems() {
        sectionIdentifiers.removeAll()
        sectionItems.removeAll()
        sectionIndex.removeAll()
        itemSection.removeAll()
    }

    /// Moves the item `identifier` before the item `destination` (into its section).
    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem destination: ItemIdentifierType) {
        moveItem(identifier, relativeTo: destination, after: false)
    }

    /// Moves the item `identifier` after the item `destination` (into its section).
    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem destination: ItemIdentifierType) {
        moveItem(identifier, relativeTo: destination, after: true)
    }

    private mutating func moveItem(
        _ identifier: ItemIdentifierType, relativeTo destination: ItemIdentifierType, after: Bool
    ) {
        guard itemSection[identifier] != nil else {
            diffableTrap("Invalid parameter not satisfying: fromIndex != NSNotFound")
        }
        guard itemSection[destination] != nil else {
            diffableTrap("Invalid parameter not satisfying: toIndex != NSNotFound")
        }
        if identifier == destination { trapDestination("move", destination) }
        insertItems([identifier], relativeTo: destination, after: after)
    }

    /// Marks the items `identifiers` for reloading (their cells made anew); traps for one not in
    /// the snapshot.
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        checkPresent(identifiers, "reload")
        reloadedItems += identifiers
    }

    /// Marks the items `identifiers` for reconfiguring (their cells updated in place); traps for
    /// one not in the snapshot.
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        checkPresent(identifiers, "reconfigure")
        reconfiguredItems += identifiers
    }

    /// Makes `items` the items of the section at `index` (which exists): what deleting the
    /// section's items and then appending `items` to it does, for `items` without repeats (a
    /// section snapshot's visible items), an item of another section moving here. Only the
    /// middle where the two lists differ is looked up by identifier (an outline's expand or
    /// collapse touches only the branch it shows or hides); inlinable, so it runs specialised
    /// for the app's identifiers, as the difference does. Answers the first item that moved here
    /// from another section, and that section, if any did.
    @inlinable @discardableResult
    mutating func replaceItems(
        inSection index: Int, with items: [ItemIdentifierType]
    ) -> (item: ItemIdentifierType, section: SectionIdentifierType)? {
        let section = sectionIdentifiers[index]
        let old = sectionItems[index]
        let shorter = Swift.min(old.count, items.count)
        var head = 0
        while head < shorter, old[head] == items[head] { head += 1 }
        var tail = 0
        while tail < shorter - head, old[old.count - 1 - tail] == items[items.count - 1 - tail] { tail += 1 }
        for item in old[head..<(old.count - tail)] { itemSection[item] = nil }
        itemSection.reserveCapacity(itemSection.count + items.count - head - tail)
        // Items another section holds (rare): taken out of it, as appending them here does.
        var strays: [Int: [ItemIdentifierType]] = [:]
        var first: (item: ItemIdentifierType, section: SectionIdentifierType)?
        for item in items[head..<(items.count - tail)] {
            if let other = itemSection.updateValue(section, forKey: item), let from = sectionIndex[other] {
                strays[from, default: []].append(item)
                if first == nil { first = (item, other) }
            }
        }
        for (from, leaving) in strays {
            let doomed = Set(leaving)
            sectionItems[from].removeAll { doomed.contains($0) }
        }
        sectionItems[index] = items
        return first
    }

    // MARK: Checks

    /// Takes `identifiers` out of wherever they are.
    private mutating func removeItems(_ identifiers: [ItemIdentifierType]) {
        var leaving: [Int: Set<ItemIdentifierType>] = [:]
        for identifier in identifiers {
            guard let section = itemSection.removeValue(forKey: identifier), let index = sectionIndex[section] else {
                continue
            }
            leaving[index, default: []].insert(identifier)
        }
        for (index, doomed) in leaving { sectionItems[index].removeAll { doomed.contains($0) } }
    }

    /// Traps as UIKit does when an identifier repeats within one call.
    private func checkUnique(_ identifiers: [ItemIdentifierType]) {
        var seen = Set<ItemIdentifierType>(minimumCapacity: identifiers.count)
        var repeated: [ItemIdentifierType] = []
        for identifier in identifiers where !seen.insert(identifier).inserted { repeated.append(identifier) }
        guard repeated.isEmpty else {
            diffableTrap("Fatal: supplied item identifiers are not unique. Duplicate identifiers: " + listed(repeated))
        }
    }

    /// Traps as UIKit does for section identifiers repeated in one call or already in the snapshot.
    private func checkNewSections(_ identifiers: [SectionIdentifierType]) {
        var seen = Set<SectionIdentifierType>(minimumCapacity: identifiers.count)
        var repeated: [SectionIdentifierType] = []
        for identifier in identifiers where !seen.insert(identifier).inserted { repeated.append(identifier) }
        guard repeated.isEmpty else {
            diffableTrap("Fatal: supplied item identifiers are not unique. Duplicate identifiers: " + listed(repeated))
        }
        let present = identifiers.filter { sectionIndex[$0] != nil }
        guard present.isEmpty else {
            let one = present.count == 1
            diffableTrap(
                "Diffable data source detected an attempt to insert or append \(present.count) section "
                    + (one ? "identifier that already exists" : "identifiers that already exist")
                    + " in the snapshot. Identifiers in a snapshot must be unique. Section "
                    + (one ? "identifier that already exists: " : "identifiers that already exist: ")
                    + "(" + present.map { valueDescription($0) }.joined(separator: ", ") + ")")
        }
    }

    private func checkPresent(_ identifiers: [ItemIdentifierType], _ verb: String) {
        for identifier in identifiers where itemSection[identifier] == nil {
            diffableTrap(
                "Attempted to \(verb) item identifier that does not exist in the snapshot: "
                    + valueDescription(identifier))
        }
    }

    private func trapDestination<T>(_ operation: String, _ destination: T) -> Never {
        let list = operation == "insertion" ? "insertion" : "move"
        diffableTrap(
            "Invalid update: destination for \(operation) operation [\(valueDescription(destination))] is in the "
                + "\(list) identifier list for update")
    }

    /// `{(a, b)}`, as UIKit lists a set of identifiers.
    private func listed<T>(_ values: [T]) -> String {
        "{(" + values.map { "\n    " + valueDescription($0) }.joined(separator: ",") + "\n)}"
    }
}

/// Stops the program with UIKit's message for a diffable data source misuse UIKit traps on
/// (`NSInternalInconsistencyException`).
func diffableTrap(_ message: String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError(message, file: file, line: line)
}
