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
            XCTAssertTrue(source.hasSuffix("(source document \(seed))"), "\(id): \(source)")
        }
    }
}
