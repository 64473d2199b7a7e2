import ExternalTools
import Testing

/// The rule that decides whether a test needing a browser or a Python package runs, is
/// skipped with a reason, or fails because `KINETIC_REQUIRE_ALL_TESTS=1` says all must run.
@Suite("External tools")
struct ExternalToolsTests {
    @Test func everythingHereRuns() {
        for requireAll in [false, true] {
            #expect(
                ExternalTools.verdict(
                    needing: [.chromium, .chromedriver, .selenium, .pillow], missing: [], requireAll: requireAll)
                    == .run)
        }
    }

    @Test func aMissingToolSkipsNamingItAndHowToGetIt() {
        let verdict = ExternalTools.verdict(needing: [.pillow], missing: [.pillow], requireAll: false)
        guard case .skip(let reason) = verdict else {
            Issue.record("expected a skip, got \(verdict)")
            return
        }
        #expect(reason.contains("Pillow") && reason.contains("Scripts/test"), "\(reason)")
    }

    @Test func aMissingToolFailsWhenEveryTestMustRun() {
        let verdict = ExternalTools.verdict(needing: [.pillow], missing: [.pillow], requireAll: true)
        guard case .fail(let message) = verdict else {
            Issue.record("expected a failure, got \(verdict)")
            return
        }
        #expect(message.contains("Pillow") && message.contains("KINETIC_REQUIRE_ALL_TESTS"), "\(message)")
    }

    /// A half-installed browser (Chromium there, its driver not) names just the driver.
    @Test func aHalfInstalledBrowserNamesWhatIsMissing() {
        let verdict = ExternalTools.verdict(
            needing: [.chromium, .chromedriver, .selenium], missing: [.chromedriver], requireAll: true)
        guard case .fail(let message) = verdict else {
            Issue.record("expected a failure, got \(verdict)")
            return
        }
        #expect(message.contains("chromedriver") && !message.contains("Chromium ("), "\(message)")
    }

    /// A tool a test does not need never stops it.
    @Test func onlyTheToolsATestNeedsCount() {
        #expect(
            ExternalTools.verdict(needing: [.pillow], missing: [.chromium, .chromedriver, .selenium], requireAll: true)
                == .run)
    }

    /// This machine's verdicts agree with what was found.
    @Test func theProbeAndTheRuleAgree() {
        for tool in ExternalTool.allCases {
            let expected: Bool = !ExternalTools.missing.contains(tool) || ExternalTools.requireAll
            #expect(ExternalTools.enabled(tool) == expected, "\(tool)")
            #expect((try? ExternalTools.require(tool)) != nil || ExternalTools.missing.contains(tool))
        }
    }
}
