import KineticPlatform

extension CollectionView {
    /// How the index paths before a batch update map to those after it, and back.
    ///
    /// Available as ``CollectionView/indexPathMappingForUpdates`` while the layout is told
    /// about the update, so a layout can carry per-item or per-section state across it.
    ///
    /// A deleted item or section maps to nil, as does an inserted one backwards. A moved item
    /// or section maps to its destination. A reloaded section maps to its new index, but its
    /// items map to nil: they are replaced and their number may change. A reloaded item maps
    /// to where the other updates move it: it is replaced in place (UIKit gives a reload the
    /// same path before and after when nothing else shifts it).
    public struct IndexPathMapping: Hashable, Sendable {
        /// Where the items of one section go.
        enum Items: Hashable, Sendable {
            /// Item `i` maps to item `i` of the mapped section.
            case identity
            /// Every item maps to nil.
            case replaced
            /// The section's changes (see ``ItemShifts``), stored by themselves: a batch costs
            /// what it changes, not what the section holds.
            case shifted(ItemShifts)
        }

        /// The number of items in each section before the update.
        let countsBefore: [Int]
        /// The number of items in each section after the update.
        let countsAfter: [Int]
        /// By section before the update: its index after, nil if deleted. Nil when no section
        /// is deleted, inserted or moved: every section keeps its index.
        let newSections: [Int?]?
        /// By section after the update: its index before, nil if inserted. Nil likewise.
        let oldSections: [Int?]?
        /// By section before the update, for the sections whose items do not map to themselves:
        /// where its items go (a section absent here is ``Items/identity``). Sparse, so a batch
        /// among thousands of sections stores what it changes.
        let newItemsBySection: [Int: Items]
        /// By section after the update, likewise: where its items came from.
        let oldItemsBySection: [Int: Items]

        /// Where the items of `section` (numbered before the update) go.
        func newItems(forOldSection section: Int) -> Items { newItemsBySection[section] ?? .identity }
        /// Where the items of `section` (numbered after the update) came from.
        func oldItems(forNewSection section: Int) -> Items { oldItemsBySection[section] ?? .identity }

        /// The number of sections before the update.
        public var numberOfSectionsBeforeUpdate: Int { countsBefore.count }
        /// The number of sections after the update.
        public var numberOfSectionsAfterUpdate: Int { countsAfter.count }

        /// The index after the update of `section` before it; nil if it was deleted or does
        /// not exist.
        public func newSection(forOldSection section: Int) -> Int? {
            countsBefore.indices.contains(section) ? Self.section(section, in: newSections) : nil
        }

        /// The index before the update of `section` after it; nil if it was inserted or does
        /// not exist.
        public func oldSection(forNewSection section: Int) -> Int? {
            countsAfter.indices.contains(section) ? Self.section(section, in: oldSections) : nil
        }

        /// `section`'s index in the other numbering: its entry in `table`, or itself when no
        /// section changed places (`table` is nil).
        private static func section(_ section: Int, in table: [Int?]?) -> Int? {
            guard let table else { return section }
            return table[section]
        }

        /// The index path after the update of the item at `indexPath` before it; nil if the
        /// item was deleted, replaced by a section reload, or does not exist.
        public func newIndexPath(forOldIndexPath indexPath: IndexPath) -> IndexPath? {
            Self.map(indexPath, counts: countsBefore, sections: newSections, items: newItemsBySection, forward: true)
        }

        /// The index path before the update of the item at `indexPath` after it; nil if the
        /// item was inserted, belongs to an inserted or reloaded section, or does not exist.
        public func oldIndexPath(forNewIndexPath indexPath: IndexPath) -> IndexPath? {
            Self.map(indexPath, counts: countsAfter, sections: oldSections, items: oldItemsBySection, forward: false)
        }

        private static func map(
            _ path: IndexPath, counts: [Int], sections: [Int?]?, items: [Int: Items], forward: Bool
        ) -> IndexPath? {
            guard path.count == 2, counts.indices.contains(path.section), path.item >= 0,
                path.item < counts[path.section]
            else {
                return nil
            }
            switch items[path.section] ?? .identity {
            case .identity: return section(path.section, in: sections).map { IndexPath(item: path.item, section: $0) }
            case .replaced: return nil
            case .shifted(let shifts):
                guard let section = section(path.section, in: sections) else { return nil }
                if forward {
                    if let item = shifts.newItem(forOldItem: path.item) {
                        return IndexPath(item: item, section: section)
                    }
                    return shifts.destinations[path.item]
                }
                if let item = shifts.oldItem(forNewItem: path.item) { return IndexPath(item: item, section: section) }
                return shifts.sources[path.item]
            }
        }
    }
}
