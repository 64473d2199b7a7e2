import Foundation
import KineticGestures
import KineticLayout
import Testing

@testable import KineticScenes

/// The settings scene (a diffable data source): taps expand and collapse its groups, a long press
/// reorders its favourites through the reordering handlers; checked against the scene's own model
/// (the groups' rows, the favourites moved as a list moves: removed, inserted) and replayed twice
/// to the same frames. `Traces/settings.json` is this trace, for the playground and the digests.
@Suite("The settings scene")
struct SettingsSceneTests {
    /// A row's center in the view: 12 pt inset, 44 pt rows 1 pt apart; the second section starts 24
    /// pt (its inset and the first's) after the first ends.
    static func center(row: Int, firstSectionRows: Int, favourite: Bool = false) -> CGPoint {
        let first = 12 + CGFloat(firstSectionRows) * 45 - 1 + 12
        let y = favourite ? first + 12 + CGFloat(row) * 45 + 22 : 12 + CGFloat(row) * 45 + 22
        return CGPoint(x: 187.5, y: y)
    }

    static var events: [Touch] {
        // Tap General (row 0 of 3), then Display (row 5 of 7 once General shows its 4 rows), then
        // long-press the first favourite (10 rows above it) and drag it down two rows and a half.
        let wifi = center(row: 0, firstSectionRows: 10, favourite: true)
        return Traces.tap(center(row: 0, firstSectionRows: 3), at: 0.1)
            + Traces.tap(center(row: 5, firstSectionRows: 7), at: 0.8)
            + Traces.pressSlide(
                from: wifi, to: CGPoint(x: wifi.x, y: wifi.y + 2.5 * 45), at: 1.5, hold: 0.6, slide: 0.5)
            + Traces.tap(center(row: 0, firstSectionRows: 10), at: 3.5)
    }

    @Test func tapsExpandAndCollapseAndTheFavouritesReorder() throws {
        let trace = TouchTrace(scene: "settings", seed: 1, events: Self.events)
        let replay = try #require(Replay(trace, tail: 2))
        let scene = try #require(replay.scene as? SettingsPlayScene)
        var favourites = ["Wi-Fi", "Bluetooth", "Battery", "Sounds", "Focus", "Wallpaper", "Siri"]
        favourites.insert(favourites.removeFirst(), at: 2)
        #expect(SettingsPlayScene.names(scene.favourites) == favourites)
        let outline = scene.dataSource.snapshot(for: SettingsPlayScene.settings)
        let id = SettingsPlayScene.id
        #expect(
            !outline.isExpanded(id("General")) && outline.isExpanded(id("Display"))
                && !outline.isExpanded(id("Privacy")))
        let shown = scene.dataSource.snapshot()
        #expect(
            SettingsPlayScene.names(shown.itemIdentifiers(inSection: SettingsPlayScene.settings)) == [
                "General", "Display", "Brightness", "Night Shift", "Text Size", "Privacy",
            ])
        #expect(
            SettingsPlayScene.names(shown.itemIdentifiers(inSection: SettingsPlayScene.favouritesSection)) == favourites
        )
        #expect(scene.collectionView.numberOfItems(inSection: 0) == 6)
        #expect(scene.collectionView.numberOfItems(inSection: 1) == 7)
        let again = try #require(Replay(trace, tail: 2))
        #expect(replay.frameDigests == again.frameDigests)
    }

    /// The committed sample trace is this one.
    @Test func theSampleTraceIsThisTrace() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../Traces/settings.json")
        let committed = try TouchTrace.decode(from: Data(contentsOf: url))
        #expect(committed.events == TouchTrace(scene: "settings", seed: 1, events: Self.events).events)
        #expect(committed.scene == "settings")
    }

    /// A tap on a favourite or in empty space changes nothing; a favourite cannot be dragged into
    /// the settings.
    @Test func favouritesStayAmongTheFavourites() throws {
        let wifi = Self.center(row: 0, firstSectionRows: 3, favourite: true)
        let events =
            Traces.tap(wifi, at: 0.1) + Traces.tap(CGPoint(x: 187.5, y: 650), at: 0.5)
            + Traces.pressSlide(from: wifi, to: CGPoint(x: wifi.x, y: 30), at: 1, hold: 0.6, slide: 0.5)
        let replay = try #require(Replay(TouchTrace(scene: "settings", seed: 1, events: events), tail: 2))
        let scene = try #require(replay.scene as? SettingsPlayScene)
        let shown = scene.dataSource.snapshot()
        #expect(
            SettingsPlayScene.names(shown.itemIdentifiers(inSection: SettingsPlayScene.settings)) == [
                "General", "Display", "Privacy",
            ])
        #expect(
            SettingsPlayScene.names(scene.favourites).sorted() == [
                "Battery", "Bluetooth", "Focus", "Siri", "Sounds", "Wallpaper", "Wi-Fi",
            ])
        #expect(shown.numberOfItems(inSection: SettingsPlayScene.favouritesSection) == 7)
    }
}
