import Foundation
import XCTest

/// Which config `check` uses: `--config`, else the nearest `.higlint.yaml` or
/// `.higlint.yml` here or above, else the defaults; its paths count from its folder.
final class ConfigDiscoveryTests: XCTestCase {
    static let smallButton = CheckCommandTests.smallButton
    /// Passes only when the config's 30 pt threshold is in effect.
    static let lenient = "thresholds: {min_hit_target: 30}\n"

    func testAnotherToolsConfigYAMLIsNotHiglints() throws {
        let tree = try SpecTree()
        try tree.write("a.yaml", CheckCommandTests.clean)
        try tree.write("config.yaml", "database: {host: localhost}\n")
        let outcome = try HiglintProcess.run(["check", "a.yaml"], in: tree.url)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertFalse(outcome.stderr.contains("database"), outcome.stderr)
    }

    func testTheNearestConfigAboveIsFoundFromASubfolder() throws {
        let tree = try SpecTree()
        try tree.write(".higlint.yaml", "paths: [specs]\nexclude: ['specs/drafts/**']\n" + Self.lenient)
        try tree.write("specs/small.yaml", Self.smallButton)
        try tree.write("specs/drafts/wip.yaml", CheckCommandTests.unknownKey)
        try tree.write("app/deep/er/readme.txt", "")
        let deep = tree.url.appendingPathComponent("app/deep/er")
        // No PATH: the config's `paths`, from the config's folder, not from where higlint runs.
        let outcome = try HiglintProcess.run(["check", "--fail-on", "info"], in: deep)
        XCTAssertEqual(outcome.status, 0, outcome.stdout + outcome.stderr)
        XCTAssertEqual(outcome.stderr, "1 file, 1 screen: 0 errors, 0 warnings, 0 infos\n",
                       "the threshold applies and the exclude, written from the config's folder, holds")
    }

    func testTheNearestWinsAndYmlCounts() throws {
        let tree = try SpecTree()
        try tree.write(".higlint.yaml", "thresholds: {min_hit_target: 50}\n")
        try tree.write("sub/.higlint.yml", Self.lenient)
        try tree.write("sub/small.yaml", Self.smallButton)
        let sub = tree.url.appendingPathComponent("sub")
        XCTAssertEqual(try HiglintProcess.run(["check", "small.yaml"], in: sub).status, 0, "sub/.higlint.yml is nearer")
        XCTAssertEqual(try HiglintProcess.run(["check", "sub/small.yaml"], in: tree.url).status, 1, "from the top the 50 pt one applies")
    }

    func testExplicitConfigWinsOverDiscovery() throws {
        let tree = try SpecTree()
        try tree.write(".higlint.yaml", "thresholds: {min_hit_target: big}\n")
        try tree.write("ci.yaml", Self.lenient)
        try tree.write("specs/small.yaml", Self.smallButton)
        let outcome = try HiglintProcess.run(["check", "specs", "--config", "ci.yaml"], in: tree.url)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let broken = try HiglintProcess.run(["check", "specs"], in: tree.url)
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.stderr.hasPrefix(".higlint.yaml:1:30: error:"), broken.stderr)
        let fromBelow = try HiglintProcess.run(["check", "."], in: tree.url.appendingPathComponent("specs"))
        XCTAssertTrue(fromBelow.stderr.hasPrefix("\(tree.url.path)/.higlint.yaml:1:30: error:"), "an error names the file found above: \(fromBelow.stderr)")
    }

    func testNoConfigAnywhereIsTheDefaults() throws {
        let tree = try SpecTree()
        try tree.write("small.yaml", Self.smallButton)
        let outcome = try HiglintProcess.run(["check", "small.yaml"], in: tree.url)
        XCTAssertEqual(outcome.status, 1, "44 pt, the default: \(outcome.stderr)")
    }

    func testPrintConfigShowsEachValueAndWhereItCameFrom() throws {
        let tree = try SpecTree()
        try tree.write(".higlint.yaml", "paths: [specs]\nrules:\n  buttons.hit-target: warning\nthresholds:\n  min_hit_target: 40\n")
        try tree.write("sub/readme.txt", "")
        let run = try HiglintProcess.run(["check", "--print-config"], in: tree.url.appendingPathComponent("sub"))
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let file = "\(tree.url.path)/.higlint.yaml"
        XCTAssertTrue(lines[0].contains("From \(file); its relative paths are relative to \(tree.url.path)."), lines[0])
        func row(_ key: String) -> String? { lines.first { $0.hasPrefix(key + " ") || $0.hasPrefix(key + ":") } }
        XCTAssertEqual(row("paths:")?.split(separator: "#").last.map(String.init), " \(file):1:1")
        XCTAssertTrue(row("  buttons.hit-target:")?.hasSuffix("# \(file):3:3") == true, run.stdout)
        XCTAssertTrue(row("  min_hit_target: 40")?.hasSuffix("# \(file):5:3") == true, run.stdout)
        XCTAssertTrue(row("  min_spacing: 8")?.hasSuffix("# default") == true, run.stdout)
        XCTAssertTrue(row("  device: iphone")?.hasSuffix("# default") == true, run.stdout)
        // Every value says where it came from; only the section headers do not.
        XCTAssertTrue(row("  # enabled:")?.hasSuffix("# default") == true, "unset, and not written as a value: \(run.stdout)")
        for line in lines.dropFirst() where !line.hasSuffix(":") {
            XCTAssertTrue(line.contains("  # "), "no source: \(line)")
        }
        XCTAssertEqual(run.stderr, "", "nothing is reviewed")

        // The output is a config: loaded, it prints the same values, now from itself.
        try tree.write("printed.yaml", run.stdout)
        let again = try HiglintProcess.run(["check", "--config", "printed.yaml", "--print-config"], in: tree.url)
        XCTAssertEqual(again.status, 0, again.stderr)
        let values = { (text: String) in text.split(separator: "\n").dropFirst().map { $0.components(separatedBy: "  # ").first?.trimmingCharacters(in: .whitespaces) ?? "" } }
        XCTAssertEqual(values(again.stdout), values(run.stdout))

        let empty = try SpecTree()
        let defaults = try HiglintProcess.run(["check", "--print-config"], in: empty.url)
        XCTAssertTrue(defaults.stdout.hasPrefix("# The effective config. No --config and no .higlint.yaml"), defaults.stdout)
        XCTAssertFalse(defaults.stdout.split(separator: "\n").dropFirst().contains { $0.contains("# ") && !$0.hasSuffix("# default") })
    }

    /// Every key a config sets is printed, those with structure too, and the printed config,
    /// loaded, prints the same values again.
    func testPrintConfigShowsEveryKeySet() throws {
        let tree = try SpecTree()
        try tree.write(".higlint.yaml", """
            plugins:
              enabled: [buttons]
              external:
                - {name: acme, command: [python3, "rules one.py"], timeout_ms: 900}
            custom_rules:
              house.tall:
                summary: "Tall: primary buttons"
                where: {role: primary, label: {matches: "^[A-Z]"}}
                require:
                  height: {min: tall, present: true}
                message: "{id} is {height} pt high"
                thresholds:
                  tall: {default: 50, meaning: the least height}
            thresholds:
              tall: 48
              acme_limit: 3
            watch:
              poll_interval_ms: 750
              report: live.json
              outputs: [sarif=live.sarif]
            baseline: base.json

            """)
        let run = try HiglintProcess.run(["check", "--print-config"], in: tree.url)
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        func row(_ text: String) -> String? { lines.first { $0.hasPrefix(text) } }
        XCTAssertTrue(row("  poll_interval_ms: 750")?.hasSuffix("# .higlint.yaml:18:3") == true, run.stdout)
        XCTAssertTrue(row(#"    - {name: "acme", command: ["python3", "rules one.py"], timeout_ms: 900}"#)?.hasSuffix("# .higlint.yaml:4:7") == true, run.stdout)
        XCTAssertTrue(row(#"  house.tall: {summary: "Tall: primary buttons", where: {role: primary, label: {matches: "^[A-Z]"}}, "#)?
            .hasSuffix("# .higlint.yaml:6:3") == true, run.stdout)
        XCTAssertTrue(row("  tall: 48")?.hasSuffix("# .higlint.yaml:15:3") == true, run.stdout)
        XCTAssertTrue(row("  acme_limit: 3")?.hasSuffix("# .higlint.yaml:16:3") == true, run.stdout)
        XCTAssertNotNil(row("  enabled: [\"buttons\"]"), run.stdout)
        XCTAssertNotNil(row("  report: \"live.json\""), run.stdout)
        XCTAssertNotNil(row("baseline: \"base.json\""), run.stdout)

        try tree.write("printed.yaml", run.stdout)
        let again = try HiglintProcess.run(["check", "--config", "printed.yaml", "--print-config"], in: tree.url)
        XCTAssertEqual(again.status, 0, again.stderr)
        let values = { (text: String) in text.split(separator: "\n").dropFirst().map { $0.components(separatedBy: "  # ").first?.trimmingCharacters(in: .whitespaces) ?? "" } }
        XCTAssertEqual(values(again.stdout), values(run.stdout))
    }
}
