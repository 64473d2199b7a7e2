import KineticPlatform

extension CollectionView {
    /// Why a batch update was rejected. A rejected update changes nothing: the collection view
    /// keeps the counts, selection and layout it had before, and so still describes the data
    /// as it was; ``CollectionView/reloadData()`` brings it back in step with the data source.
    ///
    /// `afterUpdate` says which numbering a path or section is in: deletes, reloads and a
    /// move's source name the state before the update; inserts and a move's destination the
    /// state after it (UIKit's rules).
    public enum UpdateError: Error, Hashable, Sendable, CustomStringConvertible {
        /// An item update named an index path that is not a pair of non-negative indexes.
        case invalidIndexPath(IndexPath, action: CollectionViewUpdateItem.Action)
        /// A section update named a section that does not exist in its numbering.
        case sectionOutOfRange(Int, action: CollectionViewUpdateItem.Action, afterUpdate: Bool, numberOfSections: Int)
        /// An item update named an item that does not exist in its numbering: `numberOfItems`
        /// is its section's count, or 0 if the section itself is beyond `numberOfSections`.
        case itemOutOfRange(
            IndexPath, action: CollectionViewUpdateItem.Action, afterUpdate: Bool, numberOfSections: Int,
            numberOfItems: Int)
        /// Two section updates named the same section in the same numbering (deleted twice,
        /// deleted and moved, inserted where another section moves to, …).
        case conflictingSectionUpdates(
            Int, afterUpdate: Bool, first: CollectionViewUpdateItem.Action, second: CollectionViewUpdateItem.Action)
        /// Two item updates named the same item in the same numbering (deleted twice, deleted
        /// and moved, inserted where another item moves to, …).
        case conflictingItemUpdates(
            IndexPath, afterUpdate: Bool, first: CollectionViewUpdateItem.Action,
            second: CollectionViewUpdateItem.Action)
        /// An item update named an item of a section that is itself deleted, reloaded or
        /// inserted (`sectionAction`): that section's items all change with it.
        case itemUpdateInUpdatedSection(
            IndexPath, action: CollectionViewUpdateItem.Action, afterUpdate: Bool,
            sectionAction: CollectionViewUpdateItem.Action)
        /// The data source's number of sections after the update is not the number before,
        /// plus the inserted, minus the deleted.
        case invalidNumberOfSections(before: Int, after: Int, inserted: Int, deleted: Int)
        /// The data source's count of `section` (numbered after the update; it was
        /// `sectionBeforeUpdate` before) is not its count before, plus the items inserted and
        /// moved in, minus those deleted and moved out.
        case invalidNumberOfItems(
            section: Int, sectionBeforeUpdate: Int, before: Int, after: Int, inserted: Int, deleted: Int, movedIn: Int,
            movedOut: Int)

        /// What was wrong, with the numbers involved, in UIKit's words where UIKit has them.
        public var description: String {
            switch self {
            case .invalidIndexPath(let path, let action):
                return
                    "invalid update: \(action.name) of item at \(path), which is not a (section, item) pair of "
                    + "non-negative indexes"
            case .sectionOutOfRange(let section, let action, let after, let count):
                return
                    "invalid update: \(action.name) of section \(section), but there \(count == 1 ? "is" : "are") "
                    + "only \(counted(count, "section")) \(moment(after))"
            case .itemOutOfRange(let path, let action, let after, let sections, let items):
                let reason =
                    path.section < sections
                    ? "section \(path.section) holds only \(counted(items, "item")) \(moment(after))"
                    : "there \(sections == 1 ? "is" : "are") only \(counted(sections, "section")) \(moment(after))"
                return "invalid update: \(action.name) of item at \(path), but \(reason)"
            case .conflictingSectionUpdates(let section, let after, let first, let second):
                return
                    "invalid update: section \(section) \(moment(after)) is named by two updates, a \(first.name) and "
                    + "a \(second.name)"
            case .conflictingItemUpdates(let path, let after, let first, let second):
                return
                    "invalid update: the item at \(path) \(moment(after)) is named by two updates, a \(first.name) "
                    + "and a \(second.name)"
            case .itemUpdateInUpdatedSection(let path, let action, let after, let sectionAction):
                return
                    "invalid update: \(action.name) of item at \(path) \(moment(after)), in a section that is itself "
                    + "\(sectionAction.pastParticiple)"
            case .invalidNumberOfSections(let before, let after, let inserted, let deleted):
                return
                    "invalid update: invalid number of sections. The number of sections after the update (\(after)) "
                    + "must be "
                    + "equal to the number before the update (\(before)), plus or minus the number inserted or deleted "
                    + "(\(inserted) inserted, \(deleted) deleted)"
            case .invalidNumberOfItems(
                let section, let old, let before, let after, let inserted, let deleted, let movedIn, let movedOut):
                let moved =
                    section == old ? "section \(section)" : "section \(section) (section \(old) before the update)"
                return
                    "invalid update: invalid number of items in \(moved). The number of items after the update "
                    + "(\(after)) "
                    + "must be equal to the number before the update (\(before)), plus or minus the number inserted "
                    + "or deleted "
                    + "(\(inserted) inserted, \(deleted) deleted) and plus or minus the number moved into or out of it "
                    + "(\(movedIn) moved in, \(movedOut) moved out)"
            }
        }

        private func moment(_ afterUpdate: Bool) -> String {
            afterUpdate ? "after the update" : "before the update"
        }

        private func counted(_ count: Int, _ noun: String) -> String {
            count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
        }
    }
}

extension CollectionViewUpdateItem.Action {
    /// The action as a noun, for messages.
    var name: String {
        switch self {
        case .insert: "insert"
        case .delete: "delete"
        case .reload: "reload"
        case .move: "move"
        case .none: "no-op"
        }
    }

    /// The action as a past participle, for messages.
    var pastParticiple: String {
        switch self {
        case .insert: "inserted"
        case .delete: "deleted"
        case .reload: "reloaded"
        case .move: "moved"
        case .none: "unchanged"
        }
    }
}
