import Foundation
import HiglintCore
import TestSupport
import XCTest

/// House rules from the command line: custom rules and external plugins in check's outputs,
/// `--timings`, `rules`/`explain` under a config, and `plugin test`.
final class PluginCommandTests: XCTestCase {
    static let fixture = IBTestFiles.housePlugin

    private static let config = """
        plugins:
          external:
            - {name: house, command: [python3, \(fixture)], timeout_ms: 2000}
        custom_rules:
          local.primary-height:
            summary: Primary buttons are 50 pt high.
            hint: Make primary buttons 50 pt high.
            where: {type: button, role: primary}
            require: {height: {min: 50, max: 50}}
            message: "primary button is {height} pt high; ours are 50 pt"
        """

    /// The config is named (`HIGLINT_CONFIG`), so its external plugin runs: one found in the
    /// tree would not be trusted (TrustGateTests).
    private func runNamingTheConfig(_ arguments: [String], in directory: URL) throws -> HiglintProcess.Outcome {
        try HiglintProcess.run(arguments, in: directory, environment: ["HIGLINT_CONFIG": ".higlint.yaml"])
    }

    private func tree() throws -> SpecTree {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { throw XCTSkip("python3 is needed") }
        let tree = try SpecTree()
        try tree.write(".higlint.yaml", Self.config)
        try tree.write("a.yaml", "screen: Home\nelements:\n  - {id: go, type: button, role: primary, action: go, frame: [0, 100, 200, 44]}\n")
        try tree.write("b.yaml", "screen: Crash\nelements: []\n")
        try tree.write("c.yaml", "screen: Other\nelements:\n  - {id: buy, type: button, frame: [0, 100, 200, 50]}\n")
        return tree
    }

    func testCheckReportsPluginAndCustomFindingsAndAFaultFailsOnlyItsFile() throws {
        let tree = try tree()
        let outcome = try runNamingTheConfig(["check", "a.yaml", "b.yaml", "c.yaml"], in: tree.url)
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        XCTAssertEqual(outcome.stdout, """
            a.yaml:3:5: warning: go: primary button is 44 pt high; ours are 50 pt [local.primary-height]
            b.yaml:1:1: error: plugin "house" failed: it crashed (exited with status 3) [plugin.failed]
            c.yaml:3:5: warning: buy: button buy names no action [house.analytics]

            """)
        let sarif = try runNamingTheConfig(["check", ".", "--format", "sarif"], in: tree.url)
        XCTAssertTrue(sarif.stdout.contains("\"id\": \"house.analytics\""), sarif.stdout)
        XCTAssertTrue(sarif.stdout.contains("\"id\": \"local.primary-height\""), sarif.stdout)
    }

    func testEveryFaultInCheckFailsOnlyItsFile() throws {
        let tree = try tree()
        try tree.write(".higlint.yaml", Self.config.replacingOccurrences(of: "timeout_ms: 2000", with: "timeout_ms: 1000"))
        let faults = ["Crash", "Hang", "Garbage", "Huge", "WrongID", "Outside", "CloseOutput"]
        var paths: [String] = []
        for (index, name) in faults.enumerated() {
            try tree.write("f\(index).yaml", "screen: \(name)\nelements: []\n")
            try tree.write("g\(index).yaml", "screen: Good\(index)\nelements:\n  - {id: b\(index), type: button, frame: [0, 100, 200, 50]}\n")
            paths += ["f\(index).yaml", "g\(index).yaml"]
        }
        // Far more stderr than a pipe holds, while higlint waits for the answer: no fault.
        try tree.write("h.yaml", "screen: Shout\nelements:\n  - {id: loud, type: button, frame: [0, 100, 200, 50]}\n")
        let outcome = try runNamingTheConfig(["check", "h.yaml"] + paths, in: tree.url)
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.hasSuffix("[plugin.failed]") }.map { String($0.prefix(7)) },
                       ["f0.yaml", "f1.yaml", "f2.yaml", "f3.yaml", "f4.yaml", "f5.yaml", "f6.yaml"], outcome.stdout)
        XCTAssertEqual(lines.filter { $0.hasSuffix("[house.analytics]") }.map { String($0.prefix(7)) },
                       ["g0.yaml", "g1.yaml", "g2.yaml", "g3.yaml", "g4.yaml", "g5.yaml", "g6.yaml", "h.yaml:"], outcome.stdout)
        for reason in ["crashed (exited with status 3)", "did not answer within 1000 ms", "not a JSON object", "over 1 MiB",
                       "a request id that is not in flight", "outside its prefix", "crashed (closed its output)"] {
            XCTAssertTrue(outcome.stdout.contains(reason), "\(reason) missing from:\n\(outcome.stdout)")
        }
        // Each line whole and prefixed with the plugin's name; h.yaml is reviewed again, alone,
        // when a fault comes while it is in flight, so its lines may come twice.
        let padding = " " + String(repeating: "x", count: 100)
        let shouts = outcome.stderr.split(separator: "\n").filter { $0.contains("shout ") }
        let numbers = shouts.compactMap { line -> Int? in
            guard line.hasPrefix("plugin house: shout "), line.hasSuffix(padding) else { return nil }
            return Int(line.dropFirst("plugin house: shout ".count).dropLast(padding.count))
        }
        XCTAssertEqual(numbers.count, shouts.count, "a stderr line broken or without its prefix")
        XCTAssertEqual(Set(numbers), Set(0..<4000))
    }

    /// Every report format carries the plugin's findings, its failure and the custom rule's.
    func testEveryOutputFormatCarriesPluginAndCustomFindings() throws {
        let tree = try tree()
        for format in ReportFormat.names {
            let outcome = try runNamingTheConfig(["check", ".", "--format", format], in: tree.url)
            XCTAssertEqual(outcome.status, 1, "\(format): \(outcome.stderr)")
            for text in ["house.analytics", "button buy names no action", "plugin.failed", "crashed (exited with status 3)",
                         "local.primary-height", "primary button is 44 pt high"] {
                XCTAssertTrue(outcome.stdout.contains(text), "\(format) lacks \(text):\n\(outcome.stdout)")
            }
        }
    }

    /// A plugin that cannot start fails every file it should review, once each, and the
    /// built-in and custom rules' findings are all still there.
    func testAPluginThatFailsToStartFailsEveryFileAndTheRestGoesOn() throws {
        let tree = try tree()
        try tree.write(".higlint.yaml", Self.config.replacingOccurrences(of: "[python3, \(Self.fixture)]", with: "[/nonexistent/house]"))
        let outcome = try runNamingTheConfig(["check", "a.yaml", "b.yaml", "c.yaml"], in: tree.url)
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        let reason = "error: plugin \"house\" failed: it failed to start: could not start /nonexistent/house: No such file or directory [plugin.failed]"
        XCTAssertEqual(outcome.stdout, """
            a.yaml:1:1: \(reason)
            a.yaml:3:5: warning: go: primary button is 44 pt high; ours are 50 pt [local.primary-height]
            b.yaml:1:1: \(reason)
            c.yaml:1:1: \(reason)

            """)
        XCTAssertTrue(outcome.stderr.contains("could not start /nonexistent/house"), outcome.stderr)
    }

    /// A plugin that never answers the hello is given the startup wait, then fails every file.
    func testAPluginThatNeverSaysHelloFailsEveryFile() throws {
        let tree = try tree()
        try tree.write("silent.yaml", "plugins:\n  external:\n    - {name: house, command: [python3, \(Self.fixture), --no-hello]}\n")
        let outcome = try runNamingTheConfig(["check", "a.yaml", "c.yaml", "--config", "silent.yaml", "--fail-on", "never"], in: tree.url)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let reason = "error: plugin \"house\" failed: it failed to start: it did not say hello within 10000 ms [plugin.failed]"
        XCTAssertEqual(outcome.stdout.split(separator: "\n").filter { $0.hasSuffix("[plugin.failed]") },
                       ["a.yaml:1:1: \(reason)", "c.yaml:1:1: \(reason)"], outcome.stdout)
    }

    func testTimingsListEveryRuleAndPluginSlowestFirst() throws {
        let tree = try tree()
        let outcome = try runNamingTheConfig(["check", "a.yaml", "c.yaml", "--timings", "--quiet"], in: tree.url)
        let lines = outcome.stderr.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.first?.hasPrefix("Rule ") ?? false, outcome.stderr)
        XCTAssertTrue(lines.first?.hasSuffix("  Time (ms)  Relative") ?? false, outcome.stderr)
        let names = lines.dropFirst().map { String($0.prefix { $0 != " " }) }
        XCTAssertTrue(names.contains("house"), outcome.stderr)
        XCTAssertTrue(names.contains("local.primary-height"), outcome.stderr)
        XCTAssertTrue(names.contains("buttons.hit-target"), outcome.stderr)
        let times = lines.dropFirst().compactMap { line in line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Double($0) } }
        XCTAssertEqual(times, times.sorted(by: >))
    }

    func testRulesAndExplainKnowTheConfigsRules() throws {
        let tree = try tree()
        let rules = try runNamingTheConfig(["rules"], in: tree.url)
        XCTAssertEqual(rules.status, 0, rules.stderr)
        for id in ["house.analytics", "house.no-lorem", "local.primary-height", "plugin.failed"] {
            XCTAssertTrue(rules.stdout.contains(id), "\(id) missing from:\n\(rules.stdout)")
        }
        let explain = try runNamingTheConfig(["explain", "local.primary-height"], in: tree.url)
        XCTAssertEqual(explain.status, 0, explain.stderr)
        XCTAssertTrue(explain.stdout.contains("Make primary buttons 50 pt high."), explain.stdout)
    }

    /// A plugin's hello declares thresholds: the config sets them, a misspelt one is an
    /// error at its position, and one declared otherwise than a built-in rule's stops the plugin.
    func testPluginThresholds() throws {
        let tree = try tree()
        func config(_ mode: String, _ thresholds: String) -> String {
            "plugins:\n  external:\n    - {name: house, command: [python3, \(Self.fixture), \(mode)]}\n\(thresholds)"
        }
        try tree.write("d.yaml", "screen: Labels\nelements:\n  - {id: t, type: text, label: Welcome, frame: [0, 100, 200, 50]}\n")
        try tree.write("set.yaml", config("--threshold", "thresholds: {max_label_length: 5}\n"))
        let set = try runNamingTheConfig(["check", "d.yaml", "--config", "set.yaml"], in: tree.url)
        XCTAssertEqual(set.stdout, "d.yaml:3:5: error: t: label over 5 characters [house.no-lorem]\n", set.stderr)
        try tree.write("default.yaml", config("--threshold", ""))
        XCTAssertEqual(try runNamingTheConfig(["check", "d.yaml", "--config", "default.yaml"], in: tree.url).stdout, "")
        try tree.write("typo.yaml", config("--threshold", "thresholds:\n  max_label_lenght: 5\n"))
        let typo = try runNamingTheConfig(["check", "d.yaml", "--config", "typo.yaml"], in: tree.url)
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.hasPrefix(
            "typo.yaml:5:3: error: unknown key \"max_label_lenght\" in thresholds; did you mean \"max_label_length\"?"), typo.stderr)
        try tree.write("conflict.yaml", config("--conflict", ""))
        let conflict = try runNamingTheConfig(["check", "d.yaml", "--config", "conflict.yaml"], in: tree.url)
        XCTAssertTrue(conflict.stdout.contains("failed: it failed to start: its hello conflicts with another rule: threshold \"min_hit_target\""), conflict.stdout)
    }

    /// `rules:` ids under a plugin's prefix are checked against its hello, like thresholds;
    /// a plugin that cannot start declares nothing, so neither is then an error that would stop the review.
    func testRuleIDsLeftForAPluginAreCheckedOnceItSaysHello() throws {
        let tree = try tree()
        let plugin = "plugins:\n  external:\n    - {name: house, command: [python3, \(Self.fixture)]}\n"
        try tree.write("typo.yaml", plugin + "rules:\n  house.analytic: off\n")
        let typo = try runNamingTheConfig(["check", "c.yaml", "--config", "typo.yaml"], in: tree.url)
        XCTAssertEqual(typo.status, 2, typo.stdout)
        XCTAssertTrue(typo.stderr.hasPrefix(
            "typo.yaml:5:3: error: rules: no rule has the id \"house.analytic\"; did you mean \"house.analytics\"?"), typo.stderr)
        try tree.write("off.yaml", plugin + "rules:\n  house.analytics: off\n")
        let off = try runNamingTheConfig(["check", "c.yaml", "--config", "off.yaml"], in: tree.url)
        XCTAssertEqual(off.status, 0, off.stdout + off.stderr)
        let broken = "plugins:\n  external:\n    - {name: house, command: [/nonexistent/house]}\n"
        try tree.write("broken.yaml", broken + "rules:\n  house.analytic: off\nthresholds:\n  max_label_length: 5\n")
        let failed = try runNamingTheConfig(["check", "a.yaml", "c.yaml", "--config", "broken.yaml", "--fail-on", "never"], in: tree.url)
        XCTAssertEqual(failed.status, 0, failed.stderr)
        XCTAssertEqual(failed.stdout.split(separator: "\n").filter { $0.hasSuffix("[plugin.failed]") }.map { String($0.prefix(6)) },
                       ["a.yaml", "c.yaml"], failed.stdout)
        XCTAssertFalse(failed.stderr.contains("no rule has the id"), failed.stderr)
        XCTAssertFalse(failed.stderr.contains("unknown key"), failed.stderr)
    }

    func testConfigMistakesStopCheckWithTheirPosition() throws {
        let tree = try SpecTree()
        try tree.write(".higlint.yaml", "custom_rules:\n  buttons.mine: {summary: S, require: {height: {min: 1}}}\n")
        let outcome = try HiglintProcess.run(["check", "."], in: tree.url)
        XCTAssertEqual(outcome.status, 2)
        XCTAssertTrue(outcome.stderr.hasPrefix(".higlint.yaml:2:3: error: custom_rules: rule id \"buttons.mine\": the prefix"), outcome.stderr)
    }

    func testPluginTestPassesAGoodPluginAndNamesEachBreak() throws {
        let tree = try tree()
        let good = try HiglintProcess.run(["plugin", "test", "--", "python3", Self.fixture], in: tree.url)
        XCTAssertEqual(good.status, 0, good.stdout + good.stderr)
        XCTAssertTrue(good.stdout.hasSuffix("the plugin keeps protocol 1\n"), good.stdout)
        let old = try HiglintProcess.run(["plugin", "test", "--", "python3", Self.fixture, "--old-protocol"], in: tree.url)
        XCTAssertEqual(old.status, 1)
        XCTAssertTrue(old.stdout.contains("problem: it failed to start: it speaks protocol 0, not 1"), old.stdout)
        let linger = try HiglintProcess.run(["plugin", "test", "--", "python3", Self.fixture, "--linger"], in: tree.url)
        XCTAssertEqual(linger.status, 1)
        XCTAssertTrue(linger.stdout.contains("problem: it did not exit within a second of the shutdown message"), linger.stdout)
        let missing = try HiglintProcess.run(["plugin", "test"], in: tree.url)
        XCTAssertEqual(missing.status, 2)
    }

    /// The shipped example: its plugin keeps the protocol, and its config reviews the example app with it.
    func testTheExamplePluginPassesItsTestAndReviewsTheExampleApp() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { throw XCTSkip("python3 is needed") }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let test = try HiglintProcess.run(["plugin", "test", "--", "python3", "examples/plugins/acme_rules.py"], in: root)
        XCTAssertEqual(test.status, 0, test.stdout + test.stderr)
        XCTAssertFalse(test.stdout.contains("problem:"), test.stdout)
        let check = try runNamingTheConfig(["check", "--config", "examples/plugins/config.yaml", "--fail-on", "never"], in: root)
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stdout.contains(
            "examples/settings.yaml:16:9: warning: sign-out: button with action 'sign-out' is destructive but its role is not given [acme.destructive-role]"),
            check.stdout)
        XCTAssertFalse(check.stdout.contains("plugin.failed"), check.stdout)
        XCTAssertFalse(check.stdout.contains("examples/plugins/"), check.stdout)
    }

    /// A storyboard's screens get the external plugin's and the custom rules' findings on
    /// their IB elements, at the elements' start tags, as a spec's do.
    func testPluginAndCustomRulesReviewInterfaceBuilderScreens() throws {
        let tree = try tree()
        try tree.write("ib.yaml", """
            plugins:
              external:
                - {name: house, command: [python3, \(Self.fixture)]}
            custom_rules:
              local.tall-buttons:
                summary: Buttons are at least 50 pt high.
                where: {type: button}
                require: {height: {min: 50}}
                message: "button is {height} pt high"
            """)
        try tree.write("Main.storyboard", IBTestFiles.storyboard(button: "buy-1", frame: (20, 100, 200, 44), title: nil))
        let outcome = try runNamingTheConfig(["check", "Main.storyboard", "--config", "ib.yaml", "--fail-on", "never"], in: tree.url)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.contains("[house.") || $0.contains("[local.") || $0.contains("[plugin.") }, [
            "Main.storyboard:11:29: warning: buy-1: button buy-1 names no action (IB button in scene \"Home\") [house.analytics]",
            "Main.storyboard:11:29: warning: buy-1: button is 44 pt high (IB button in scene \"Home\") [local.tall-buttons]",
        ], outcome.stdout)
    }

    func testBaselineHidesPluginFindingsLikeAnyOther() throws {
        let tree = try tree()
        let write = try runNamingTheConfig(["check", "a.yaml", "c.yaml", "--write-baseline", "base.json"], in: tree.url)
        XCTAssertEqual(write.status, 0, write.stderr)
        let again = try runNamingTheConfig(["check", "a.yaml", "c.yaml", "--baseline", "base.json"], in: tree.url)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stdout, "")
        XCTAssertTrue(again.stderr.contains("(2 more in the baseline)"), again.stderr)
    }
}
