import ArgumentParser

@main
struct KineticCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kinetic",
        abstract: "UIKit Dynamics and its collection-view interactions, headless and portable.",
        subcommands: [Simulate.self, Bench.self, BenchLayout.self, ReplayCommand.self]
    )
}
