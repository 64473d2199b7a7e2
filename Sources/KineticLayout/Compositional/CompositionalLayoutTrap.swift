import KineticPlatform

// What UIKit's compositional layout traps on, with its messages (as UIKit raises them:
// `NSInternalInconsistencyException` from `NSCollectionLayoutGroup`'s initialisers, and from
// `UICollectionViewCompositionalLayoutAlertForInvalidLayout` while it computes a section):
//
// - a horizontal or vertical group made with no subitems;
// - a group that cannot fit even one of its items: its first item (with its edge spacing) longer
//   than the group's effective length, or a repeating count whose spacing alone is longer;
// - content insets (a section's, or a group's own) longer than what they are applied to: a
//   negative effective content size.
//
// Every other malformed description (fractions that are NaN or negative, a repeating count of 0,
// items that overflow after the first, an estimate that never resolves) is logged once and laid
// out finite and complete, as UIKit lays it out or as near as it documents.

/// Stops the program with UIKit's message for a compositional layout misuse.
func compositionalLayoutTrap(_ message: String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError(message, file: file, line: line)
}

/// UIKit's message for a group made with no subitems.
let compositionalEmptyGroupMessage = "At least 1 subitem is required for a group"

/// The errors UIKit reports while computing a section, in its words.
enum CompositionalLayoutError {
    /// The group's first item does not fit the group's effective size.
    case cannotFitItem(effectiveSize: CGSize)
    /// `insets` leave a negative effective content size when applied to `size`.
    case noRoom(insets: DirectionalEdgeInsets, size: CGSize)

    /// UIKit's description of the error.
    var message: String {
        switch self {
        case .cannotFitItem(let size):
            "NSCollectionLayoutItem created with invalid combination of spacing and size specified. This group "
                + "cannot fit even a single item. Inspect the spacing and size of the items in this group and "
                + "ensure that they fit into the group when its effective size is \(Self.text(size))."
        case .noRoom(let insets, let size):
            "There is no room for this NSCollectionLayoutGroup to fit into its parent group or section, or it has "
                + "no room for any subitems itself. Inspect the parent and ensure the contentInsets ({"
                + "\(Self.text(insets.top)), \(Self.text(insets.leading)), \(Self.text(insets.bottom)), "
                + "\(Self.text(insets.trailing))}) do not result in a negative effectiveContentSize when applied to "
                + "size: \(Self.text(size))."
        }
    }

    /// The whole message for `section`, computed in `container` (the size the section's content
    /// insets apply to), as UIKit frames it.
    func report(section: Int, container: CGSize) -> String {
        "<CompositionalLayout> ran into an error when computing the layout for section at index \(section) in "
            + "container contentSize=\(Self.text(container)).\nError: \(message)"
    }

    /// A size as UIKit prints one: `{width, height}`.
    static func text(_ size: CGSize) -> String { "{\(text(size.width)), \(text(size.height))}" }

    /// A number as UIKit prints one: whole numbers without a fraction.
    static func text(_ value: CGFloat) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return "\(Int(value))" }
        return "\(value)"
    }
}
