import ArgumentParser

@main
struct KineticCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kinetic",
        abstract: "UIKit Dynamics and its collection-view interactions, headless and portable.",
        subcommands: [
            Serve.self, Simulate.self, Bench.self, BenchLayout.self, BenchPlayground.self, ReplayCommand.self,
            RenderCommand.self, ExportSite.self,
        ],
        defaultSubcommand: Serve.self
    )
}
