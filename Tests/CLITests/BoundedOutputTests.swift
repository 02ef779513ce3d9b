import Foundation
import TestSupport
import XCTest

/// Issue #44's crowded spec through the real `higlint check`: 3,000 buttons piled up are
/// 4,498,500 `buttons.spacing` pairs, and the report holds the first 1,000 and one
/// `spec.limits` finding that counts the rest, in every format.
final class BoundedOutputTests: XCTestCase {
    private static let summary =
        "\(CrowdedSpec.pairs(3000) - 1000) more findings of this screen left out: a screen reports at most 1000 (limits.max_findings_per_screen)"

    func testTheCrowdedSpecGivesAThousandFindingsAndOneThatCountsTheRest() throws {
        let tree = try SpecTree()
        try tree.write("crowded.yaml", CrowdedSpec.yaml(buttons: 3000))
        let outcome = try HiglintProcess.run(["check", "--format", "json", "."], in: tree.url)
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(json["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.count, 1001)
        XCTAssertEqual(findings.filter { $0["rule"] as? String == "buttons.spacing" }.count, 1000)
        let first = try XCTUnwrap(findings.first)
        XCTAssertEqual(first["rule"] as? String, "spec.limits")
        XCTAssertEqual(first["severity"] as? String, "error")
        XCTAssertEqual(first["message"] as? String, Self.summary)
        XCTAssertEqual(first["line"] as? Int, 1)
        XCTAssertEqual(findings[1]["message"] as? String, "touch area overlaps \"b0\"'s")
        XCTAssertEqual(findings[1]["element"] as? String, "b1")
        XCTAssertTrue(outcome.stderr.contains("1 error, 1000 warnings"), outcome.stderr)
    }

    /// The limit comes from the config, and the text report says the same as the JSON one.
    func testTheLimitIsTheConfigs() throws {
        let tree = try SpecTree()
        try tree.write("crowded.yaml", CrowdedSpec.yaml(buttons: 3000))
        try tree.write(".higlint.yaml", "limits:\n  max_findings_per_screen: 25\n")
        let outcome = try HiglintProcess.run(["check", "."], in: tree.url)
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        let lines = outcome.stdout.split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.contains("buttons.spacing") }.count, 25, outcome.stdout)
        XCTAssertEqual(lines.filter { $0.contains("spec.limits") }.count, 1, outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains(
            "\(CrowdedSpec.pairs(3000) - 25) more findings of this screen left out: a screen reports at most 25 (limits.max_findings_per_screen)"),
            outcome.stdout)
    }
}
