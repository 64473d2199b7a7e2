import Foundation
import Testing
import UIKitCompat

/// Apple's "Implementing Modern Collection Views" layouts as UIKit code writes them (only the
/// import changed), with the frames their documented rules give.
@Suite("Compositional layouts ported from UIKit")
struct CompositionalPortTests {
    final class Counts: NSObject, UICollectionViewDataSource {
        let counts: [Int]
        init(_ counts: [Int]) { self.counts = counts }
        func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
            counts[section]
        }
    }

    /// The sample's grid: five square items a row (a fifth of the width each, groups a fifth of
    /// the width tall).
    func gridLayout() -> UICollectionViewLayout {
        let itemSize = NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(0.2), heightDimension: .fractionalHeight(1.0))
        let item = NSCollectionLayoutItem(layoutSize: itemSize)
        let groupSize = NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalWidth(0.2))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        return UICollectionViewCompositionalLayout(section: section)
    }

    /// The sample's inset items grid: the same with 5 points around each cell.
    func insetItemsGridLayout() -> UICollectionViewLayout {
        let itemSize = NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(0.2), heightDimension: .fractionalHeight(1.0))
        let item = NSCollectionLayoutItem(layoutSize: itemSize)
        item.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        let groupSize = NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalWidth(0.2))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])
        return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
    }

    /// The sample's distinct sections: the section provider picks columns by section.
    func distinctSectionsLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout {
            (sectionIndex: Int, layoutEnvironment: NSCollectionLayoutEnvironment)
                -> NSCollectionLayoutSection? in
            let columns = [1, 3, 5][sectionIndex % 3]
            let itemSize = NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(1.0))
            let item = NSCollectionLayoutItem(layoutSize: itemSize)
            item.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
            let groupHeight =
                columns == 1
                ? NSCollectionLayoutDimension.absolute(44) : NSCollectionLayoutDimension.fractionalWidth(0.2)
            let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: groupHeight)
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: groupSize, repeatingSubitem: item, count: columns)
            let section = NSCollectionLayoutSection(group: group)
            section.contentInsets = NSDirectionalEdgeInsets(top: 20, leading: 20, bottom: 20, trailing: 20)
            return section
        }
    }

    func frames(_ layout: UICollectionViewLayout, _ counts: [Int], width: CGFloat) -> [[CGRect]] {
        let source = Counts(counts)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: width, height: 800), collectionViewLayout: layout)
        view.dataSource = source
        return withExtendedLifetime((view, source)) {
            counts.indices.map { section in
                (0..<counts[section]).compactMap {
                    layout.layoutAttributesForItem(at: IndexPath(item: $0, section: section))?.frame
                }
            }
        }
    }

    @Test func theGrid() {
        let frames = frames(gridLayout(), [7], width: 400)[0]
        #expect(frames.count == 7)
        for (i, frame) in frames.enumerated() {
            #expect(frame == CGRect(x: CGFloat(i % 5) * 80, y: CGFloat(i / 5) * 80, width: 80, height: 80))
        }
    }

    @Test func theInsetItemsGrid() {
        let frames = frames(insetItemsGridLayout(), [6], width: 400)[0]
        #expect(frames[5] == CGRect(x: 5, y: 85, width: 70, height: 70))
    }

    @Test func distinctSections() {
        let frames = frames(distinctSectionsLayout(), [2, 3, 5], width: 440)
        // Content width 440 − 40 = 400. One column: rows 44 tall. Three: 400 / 3 wide, 80 tall.
        #expect(frames[0][1] == CGRect(x: 22, y: 20 + 44 + 2, width: 396, height: 40))
        let sectionOneTop: CGFloat = 20 + 88 + 20 + 20
        #expect(frames[1][2] == CGRect(x: 20 + 800 / 3 + 2, y: sectionOneTop + 2, width: 400 / 3 - 4, height: 76))
        let sectionTwoTop = sectionOneTop + 80 + 20 + 20
        #expect(frames[2][4] == CGRect(x: 20 + 320 + 2, y: sectionTwoTop + 2, width: 76, height: 76))
    }

    /// A list with swipe to delete, as UIKit code writes it: the provider and the action's
    /// three-argument handler compile unchanged, and the rows are the inset grouped metrics.
    @Test func anInsetGroupedListWithSwipeToDelete() {
        var deleted: [IndexPath] = []
        var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        configuration.trailingSwipeActionsConfigurationProvider = { indexPath in
            let delete = UIContextualAction(style: .destructive, title: "Delete") { action, sourceView, completion in
                deleted.append(indexPath)
                completion(true)
            }
            let actions = UISwipeActionsConfiguration(actions: [delete])
            actions.performsFirstActionWithFullSwipe = true
            return actions
        }
        let layout = UICollectionViewCompositionalLayout.list(using: configuration)
        let rows = frames(layout, [3], width: 390)[0]
        #expect(rows.map(\.minY) == [35, 79, 123])
        #expect(rows.allSatisfy { $0.minX == 8 && $0.width == 374 && $0.height == 44 })
        let provider = configuration.trailingSwipeActionsConfigurationProvider
        let action = provider?(IndexPath(item: 1, section: 0))?.actions.first
        #expect(action?.title == "Delete" && action?.style == .destructive)
        #expect(deleted.isEmpty, "nothing is performed until a swipe or a tap")
    }
}
