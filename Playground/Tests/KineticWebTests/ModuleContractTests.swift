// The fuzz target's inputs as regression cases: the seeds (Fuzz/Seeds/module) and what the fuzzer
// kept (Fuzz/Corpus/module), each read as calls to the module's C interface and checked against
// its contract (ModuleContract.swift), natively.
import ExternalTools
import Foundation
import KineticWeb
import Testing

extension KineticWebTests {
    @Suite("The module's C interface keeps its contract")
    struct ModuleContractTests {
        static func inputs(in folder: String) -> [URL] {
            let url = ExternalTools.repositoryRoot.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            return names.sorted().map { url.appendingPathComponent($0) }
        }

        @Test func everySeedAndKeptInputKeepsTheContract() throws {
            let seeds = Self.inputs(in: "Fuzz/Seeds/module")
            #expect(seeds.count >= 5, "the seeds are there")
            for input in seeds + Self.inputs(in: "Fuzz/Corpus/module") {
                let bytes = try Data(contentsOf: input)
                let violations = bytes.withUnsafeBytes { moduleContractViolations($0) }
                #expect(violations.isEmpty, "\(input.lastPathComponent): \(violations)")
            }
        }
    }
}
