import Foundation
import XCTest

final class RulesCommandTests: XCTestCase {
    func testRulesListsEveryRuleInEachFormat() throws {
        let tree = try SpecTree()
        let text = try HiglintProcess.run(["rules"], in: tree.url)
        XCTAssertEqual(text.status, 0)
        XCTAssertTrue(text.stdout.contains("buttons.hit-target"))
        XCTAssertTrue(text.stdout.contains("spec.limits"))
        let json = try HiglintProcess.run(["rules", "--format", "json"], in: tree.url)
        let rules = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let hitTarget = try XCTUnwrap(rules.first { $0["id"] as? String == "buttons.hit-target" })
        XCTAssertEqual(hitTarget["plugin"] as? String, "buttons")
        XCTAssertEqual(hitTarget["severity"] as? String, "error")
        XCTAssertEqual(hitTarget["thresholds"] as? [String], ["min_hit_target"])
        XCTAssertEqual(rules.count, text.stdout.split(separator: "\n").count)
        let markdown = try HiglintProcess.run(["rules", "--format", "markdown"], in: tree.url)
        XCTAssertTrue(markdown.stdout.hasPrefix("# Rule reference"))
        let thresholds = try HiglintProcess.run(["rules", "--format", "thresholds"], in: tree.url)
        XCTAssertEqual(thresholds.status, 0)
        XCTAssertTrue(thresholds.stdout.contains("\nthresholds:\n  min_hit_target: 44 "), thresholds.stdout)
        XCTAssertEqual(try HiglintProcess.run(["rules", "--format", "yaml"], in: tree.url).status, 2)
    }

    func testExplainShowsRationaleHintAndExamples() throws {
        let tree = try SpecTree()
        let outcome = try HiglintProcess.run(["explain", "buttons.hit-target"], in: tree.url)
        XCTAssertEqual(outcome.status, 0)
        XCTAssertTrue(outcome.stdout.hasPrefix("buttons.hit-target (error)"))
        XCTAssertTrue(outcome.stdout.contains("Why: "))
        XCTAssertTrue(outcome.stdout.contains("Fix: "))
        XCTAssertTrue(outcome.stdout.contains("Triggers:"))
        XCTAssertTrue(outcome.stdout.contains("Does not trigger:"))
        let unknown = try HiglintProcess.run(["explain", "buttons.hit"], in: tree.url)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("did you mean \"buttons.hit-target\"?"), unknown.stderr)
        // The guideline by its title, not a document number.
        XCTAssertTrue(outcome.stdout.contains("\nSource: Apple's iOS Human Interface Guidelines, on interactivity and feedback"), outcome.stdout)
        XCTAssertFalse(outcome.stdout.contains("source document"), outcome.stdout)
    }

    /// The name after the plugin finds the rule; a plugin's name lists its rules.
    func testExplainTakesARulesShortNameAndAPluginsName() throws {
        let tree = try SpecTree()
        let short = try HiglintProcess.run(["explain", "hit-target"], in: tree.url)
        XCTAssertEqual(short.status, 0, short.stderr)
        XCTAssertTrue(short.stdout.hasPrefix("buttons.hit-target (error)"), short.stdout)
        let plugin = try HiglintProcess.run(["explain", "buttons"], in: tree.url)
        XCTAssertEqual(plugin.status, 0, plugin.stderr)
        let lines = plugin.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "the buttons plugin's rules:")
        XCTAssertEqual(lines.dropFirst().prefix(4).map { String($0.split(separator: " ").first ?? "") },
                       ["buttons.hit-target", "buttons.spacing", "buttons.border-in-bar", "buttons.custom-standard-action"])
        XCTAssertEqual(lines.last, "`higlint explain RULE` shows one of them.")
        let nothing = try HiglintProcess.run(["explain", "buttns"], in: tree.url)
        XCTAssertEqual(nothing.status, 2)
        XCTAssertTrue(nothing.stderr.contains("did you mean \"buttons\"?"), nothing.stderr)
    }

    /// `rules` and `explain` say which rules `--fix` fixes, and whether safely.
    func testRulesAndExplainShowFixability() throws {
        let tree = try SpecTree()
        let lines = try HiglintProcess.run(["rules"], in: tree.url).stdout.split(separator: "\n")
        let line = { (id: String) in lines.first { $0.hasPrefix(id + " ") }.map(String.init) ?? "" }
        XCTAssertTrue(line("buttons.hit-target").hasSuffix(" [safe fix]"), line("buttons.hit-target"))
        XCTAssertTrue(line("lifecycle.late-save").hasSuffix(" [unsafe fix]"), line("lifecycle.late-save"))
        XCTAssertFalse(line("spec.limits").contains(" fix]"), line("spec.limits"))
        let json = try HiglintProcess.run(["rules", "--format", "json"], in: tree.url)
        let rules = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let fix = { (id: String) in rules.first { $0["id"] as? String == id }?["fix"] as? [String: Any] }
        XCTAssertEqual(fix("buttons.hit-target")?["safety"] as? String, "safe")
        XCTAssertEqual(fix("lifecycle.late-save")?["safety"] as? String, "unsafe")
        XCTAssertNotNil(fix("lifecycle.late-save")?["reason"] as? String)
        XCTAssertNil(fix("spec.limits"))
        let safe = try HiglintProcess.run(["explain", "buttons.hit-target"], in: tree.url).stdout
        XCTAssertTrue(safe.contains("Automatic fix (`check --fix`): "), safe)
        let unsafe = try HiglintProcess.run(["explain", "lifecycle.late-save"], in: tree.url).stdout
        XCTAssertTrue(unsafe.contains("Automatic fix, unsafe (`check --fix --unsafe-fixes`): "), unsafe)
        XCTAssertFalse(try HiglintProcess.run(["explain", "spec.limits"], in: tree.url).stdout.contains("Automatic fix"))
    }

    /// Every rule's explanation names the guideline text it comes from, not only a document number.
    func testExplainNamesTheGuidelineTextOfEveryRule() throws {
        let tree = try SpecTree()
        let list = try HiglintProcess.run(["rules", "--format", "json"], in: tree.url)
        let rules = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        XCTAssertFalse(rules.isEmpty)
        for rule in rules {
            let id = try XCTUnwrap(rule["id"] as? String)
            let seed = try XCTUnwrap(rule["seed"] as? String)
            let explained = try HiglintProcess.run(["explain", id], in: tree.url)
            let source = try XCTUnwrap(explained.stdout.split(separator: "\n").first { $0.hasPrefix("Source: ") }, explained.stdout)
            XCTAssertFalse(source.contains("seed"), "\(id): \(source)")
            guard seed.allSatisfy(\.isNumber) else {
                XCTAssertEqual(String(source), "Source: \(seed)", "a rule of the format cites the format")
                continue
            }
            XCTAssertTrue(source.hasPrefix("Source: Apple's iOS Human Interface Guidelines, on "), "\(id): \(source)")
            XCTAssertFalse(source.contains(seed), "the title names the text; its number says nothing: \(id): \(source)")
        }
    }
}
