import KineticPlatform

// Item bookkeeping shared by the primitive behaviours that act on a list of items (gravity,
// push, item behaviour, and later collision and fields): one list, one association path, one
// rule for changes made during a step.

extension DynamicBehavior {
    /// Adds `item` unless present, associating it at once when the behaviour is in an animator
    /// (deferred to the end of the step when called from inside one).
    func insertPrimitiveItem(_ item: any DynamicItem) {
        let change = { [self] in
            guard !self.primitiveItems.contains(where: { $0 === item }) else { return }
            self.primitiveItems.append(item)
            if let host = self.host { self.associateItem(item, with: host) }
        }
        if let host { host.performStructuralChange(change) } else { change() }
    }

    /// Removes `item`, dissociating it when the behaviour is in an animator.
    func removePrimitiveItem(_ item: any DynamicItem) {
        let change = { [self] in
            guard let index = self.primitiveItems.firstIndex(where: { $0 === item }) else { return }
            if let host = self.host { self.dissociateItem(item, from: host) }
            self.primitiveItems.remove(at: index)
        }
        if let host { host.performStructuralChange(change) } else { change() }
    }

    /// Adds each item once, in order (for initialisers).
    func setInitialPrimitiveItems(_ items: [any DynamicItem]) {
        for item in items where !primitiveItems.contains(where: { $0 === item }) {
            primitiveItems.append(item)
        }
    }
}
