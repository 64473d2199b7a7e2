import ArgumentParser
import Foundation
import KineticScenes

/// `kinetic bench SCENE`: µs per frame, median of several runs, in release builds.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure microseconds per frame of a scene (build with -c release).",
        discussion:
            "seed-drag: --count cells (1000 by default) x 4 springs at 120 Hz, finger update plus animator step per "
            + "frame. pile: boxes of "
            + "40x40 pt falling into a U boundary at 120 Hz (--count sets how many; 500 by default). springy: the "
            + "springy flow layout scrolled at 3000 pt/s under a finger (--count cells; 100000 by default): "
            + "content offset, visible query and animator step per frame. scroll: a uniform flow layout of --count "
            + "cells (1000000 by default) decelerating after flings: the arena's frame (the deceleration) and the "
            + "visible query. reorder: seed 003's reorder in a uniform flow layout of --count cells (1000000 by "
            + "default): per frame a hover step (the lifted cell's target slot changes, the data and the layout "
            + "follow) and the visible query, timed alone, along each path (or --path's): "
            + "step (one slot right and back, in the middle; its line is `RESULT kinetic reorder (N items)`), "
            + "step-start and step-end (the same near the ends), first and last (the end items swapping), "
            + "forward and backward (a slot on every frame, the view following), line (a line down and back), "
            + "jump (between the first and last place on screen), autoscroll (edge auto-scroll retargeting), "
            + "keyboard (arrow keys), block (three lifted items), interactive (the collection view's interactive "
            + "movement), diffable (step with a diffable data source), horizontal (step in a horizontal flow), "
            + "sections (step with the list in sections of 1000); each path's line is "
            + "`RESULT kinetic reorder/PATH (N items)`."
    )

    @Option(
        help: ArgumentHelp(
            "Items in the seed-drag (default 1000), pile (default 500), springy (default 100000), scroll or reorder "
                + "(default 1000000) scene; every run prints the count it ran."))
    var count: Int?

    @Argument(help: "The scene to measure.")
    var scene: SceneName = .seedDrag

    @Option(
        help: ArgumentHelp(
            "reorder only: the hover-step path to measure (default: every one, each reported by itself).",
            valueName: "path"))
    var path: String?

    @Option(help: "Frames per run.")
    var frames: Int = 600

    @Option(help: "Number of runs; the median run is reported.")
    var runs: Int = 5

    @Option(help: "Frame rate in Hz.")
    var hz: Double = 120

    @Flag(
        help: ArgumentHelp(
            "Also print each run's mean µs per frame for every second of simulated time (where in the run the "
                + "time goes: a pile costs most once it has settled, and nothing once it rests)."))
    var series = false

    func validate() throws {
        guard frames > 0, runs > 0, (count ?? 1) > 0 else {
            throw ValidationError("--frames and --runs must be positive")
        }
        guard hz.isFinite, hz > 0 else { throw ValidationError("--hz must be positive") }
        if let path {
            guard scene == .reorder else { throw ValidationError("--path is for the reorder scene") }
            guard ReorderScene.Path(rawValue: path) != nil else {
                throw ValidationError(
                    "unknown --path \(path); one of " + ReorderScene.Path.names.joined(separator: ", "))
            }
        }
    }

    func run() throws {
        #if DEBUG
            print("# warning: debug build; use `swift run -c release kinetic bench` for real figures")
        #endif
        if scene == .reorder {
            let paths = path.flatMap(ReorderScene.Path.init(rawValue:)).map { [$0] } ?? ReorderScene.Path.allCases
            for path in paths { benchReorder(path) }
            return
        }
        let dt = 1 / hz
        var means: [Double] = []
        var medians: [Double] = []
        var itemCount = 0
        for run in 0..<runs {
            let world = scene.make(count: count)
            itemCount = world.items.count
            var perFrame = [Double](repeating: 0, count: frames)
            let clock = ContinuousClock()
            for frame in 0..<frames {
                let t = Double(frame + 1) * dt
                let elapsed = clock.measure { world.advance(to: t, dt: dt) }
                perFrame[frame] =
                    Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6
            }
            let sorted = perFrame.sorted()
            let mean = perFrame.reduce(0, +) / Double(frames)
            let median = sorted[frames / 2]
            let p95 = sorted[min(frames - 1, Int(Double(frames) * 0.95))]
            means.append(mean)
            medians.append(median)
            let item = world.items.first.map { "(\(Int($0.center.x)), \(Int($0.center.y)))" } ?? "-"
            print(
                String(
                    format: "run %d: mean %.1f us/frame, median %.1f, p95 %.1f, max %.1f", run, mean, median, p95,
                    sorted.last!) + "  (item 0 at \(item))")
            if let pile = world as? PileScene {
                // As the Box2D peers report it: boxes that left the U (over or through a wall, or through
                // the floor).
                let outside = pile.items.filter {
                    $0.center.x < 0 || $0.center.x > PileScene.innerWidth || $0.center.y > PileScene.wallHeight
                }.count
                if outside > 0 { print("# outside \(outside)") }
            }
            if series { printSeries(perFrame) }
        }
        means.sort()
        medians.sort()
        print(
            "RESULT kinetic \(scene.rawValue) (\(itemCount) items): "
                + String(
                    format: "median-of-runs mean %.1f us/frame, best mean %.1f, median-of-runs median %.1f",
                    means[runs / 2], means[0], medians[runs / 2]))
    }

    /// Prints the mean µs per frame of every simulated second (`--series`).
    private func printSeries(_ perFrame: [Double]) {
        let perSecond = max(Int(hz.rounded()), 1)
        let buckets = stride(from: 0, to: frames, by: perSecond).map { start in
            let slice = perFrame[start..<min(start + perSecond, frames)]
            return String(format: "%.0f", slice.reduce(0, +) / Double(slice.count))
        }
        print("  series (us/frame, each second): " + buckets.joined(separator: " "))
    }

    /// `bench reorder`: each frame's hover step along `path` timed by itself (the scene's
    /// untimed `prepareStep()` scrolls after the item and turns at the ends), one line per run
    /// and a result line per path.
    private func benchReorder(_ path: ReorderScene.Path) {
        var means: [Double] = []
        var medians: [Double] = []
        var itemCount = 0
        let name = path == .step ? "reorder" : "reorder/\(path.rawValue)"
        for run in 0..<runs {
            let scene = ReorderScene(count: count ?? 1_000_000, path: path)
            itemCount = scene.count
            var perFrame = [Double](repeating: 0, count: frames)
            let clock = ContinuousClock()
            for frame in 0..<frames {
                scene.prepareStep()
                let elapsed = clock.measure { scene.step() }
                perFrame[frame] =
                    Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6
            }
            let sorted = perFrame.sorted()
            let mean = perFrame.reduce(0, +) / Double(frames)
            means.append(mean)
            medians.append(sorted[frames / 2])
            print(
                String(
                    format: "run %d: %@ mean %.1f us/step, median %.1f, p95 %.1f, max %.1f", run, name, mean,
                    sorted[frames / 2], sorted[min(frames - 1, Int(Double(frames) * 0.95))], sorted.last!)
                    + "  (\(scene.visibleCount) visible)")
            if series { printSeries(perFrame) }
        }
        means.sort()
        medians.sort()
        print(
            "RESULT kinetic \(name) (\(itemCount) items): "
                + String(
                    format: "median-of-runs mean %.1f us/frame, best mean %.1f, median-of-runs median %.1f",
                    means[runs / 2], means[0], medians[runs / 2]))
    }
}
