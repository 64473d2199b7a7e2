#if !canImport(UIKit) && !(hasFeature(Embedded) || KINETIC_STAND_INS)
    // UIKit adds the collection-view spelling of a two-level index path to Foundation; platforms
    // with Foundation and without UIKit get the same members here (the stand-in `IndexPath` of
    // the WebAssembly build has them itself).
    /// UIKit's collection- and table-view spelling of a two-level index path.
    extension IndexPath {
        /// An index path of `item` in `section`.
        public init(item: Int, section: Int) {
            // Appending to a one-index path makes the same two-index path without the array
            // (a third of the time; a batch of ten thousand inserts makes ten thousand).
            self = IndexPath(index: section).appending(item)
        }

        /// An index path of `row` in `section` (the table-view spelling).
        public init(row: Int, section: Int) {
            self = IndexPath(index: section).appending(row)
        }

        /// The section: the first index.
        public var section: Int {
            get { self[0] }
            set { self[0] = newValue }
        }

        /// The item within the section: the second index.
        public var item: Int {
            get { self[1] }
            set { self[1] = newValue }
        }

        /// The row within the section: the second index.
        public var row: Int {
            get { self[1] }
            set { self[1] = newValue }
        }
    }
#endif
